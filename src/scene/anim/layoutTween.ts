/**
 * The layout tween in the scene (the tween itself is positionTween.ts): which topics of a flush to
 * tween, and drawing their views at the in-between positions each frame. While it runs, the edges of
 * tweening topics are drawn by the overlay instead of the tiles.
 */
import { edgeIdsOf, getNode, type MindMapState } from '../../state/doc';
import { visibleWorldRect, type Camera, type Size } from '../camera/camera';
import { HIT_MARGIN_TOP, HIT_MARGIN_X, NODE_HEIGHT } from '../constants';
import { expandRect, finiteOr, type Rect } from '../geometry';
import type { NodeView } from '../topics/NodeView';
import { PositionTween, planTween, type Move, type TweenPolicy } from './positionTween';

export interface LayoutTweenDeps {
  /** Topic hit boxes as the last flush left them (where topics were before this one). */
  boxes: ReadonlyMap<string, Rect>;
  /** The view drawing a topic, if it is on screen. */
  view(id: string): NodeView | undefined;
  invalidateEdgeTiles(eid: string): void;
  /** The overlay must be drawn again. */
  overlayChanged(): void;
}

export interface TweenCapture {
  policy: TweenPolicy;
  cam: Camera;
  size: Size;
  visible: ReadonlySet<string>;
}

export class LayoutTween {
  readonly tween = new PositionTween();

  constructor(private readonly deps: LayoutTweenDeps) {}

  /** Whether anything could tween under this policy (nothing does in performance mode, with reduced motion or during a drag). */
  mayTween(policy: TweenPolicy): boolean {
    return !(policy.performanceMode || policy.reducedMotion || policy.dragging);
  }

  /** The rect a tween looks at: the screen and a margin. */
  viewOf(c: { cam: Camera; size: Size }): Rect {
    return expandRect(visibleWorldRect(c.cam, c.size), 40 / c.cam.zoom);
  }

  /**
   * Before a flush moves topics: tween the ones on screen when several move at once (a layout).
   * `ids` are the changed topics, or (with `bulk`) only those near the screen before or after, with
   * `bulk.moved` how many topics moved in all and `bulk.old` their boxes from before the flush.
   */
  capture(ids: Iterable<string>, s: MindMapState, c: TweenCapture, bulk?: { moved: number; old: ReadonlyMap<string, Rect> }): void {
    const policy = c.policy;
    if (!this.mayTween(policy)) return;
    const view = this.viewOf(c);
    const now = performance.now();
    const vis = c.visible;
    const boxes = bulk ? bulk.old : this.deps.boxes;
    const candidates: Move[] = [];
    let moved = 0;
    for (const id of ids) {
      const old = boxes.get(id);
      const n = getNode(s, id);
      if (!old || !n) continue;
      const from = this.tween.at(id, now) ?? { x: old.minX + HIT_MARGIN_X, y: old.minY + HIT_MARGIN_TOP };
      const to = { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) };
      if (from.x === to.x && from.y === to.y) continue;
      moved++;
      if (!vis.has(id)) continue;
      const w = old.maxX - old.minX - 2 * HIT_MARGIN_X;
      const inView = (x: number, y: number) => x + w >= view.minX && x <= view.maxX && y + NODE_HEIGHT >= view.minY && y <= view.maxY;
      if (inView(from.x, from.y) || inView(to.x, to.y)) candidates.push({ id, from, to });
    }
    const plan = planTween(candidates, bulk ? bulk.moved : moved, policy);
    if (!plan.length) return;
    this.tween.begin(plan, now);
    for (const m of plan) {
      for (const eid of edgeIdsOf(s, m.id)) {
        this.tween.edgeIds.add(eid);
        this.tween.tileEdgeIds.add(eid);
      }
    }
    this.deps.overlayChanged();
  }

  /**
   * Draws tweening topics at their in-between positions; `stop` jumps to the end (a drag started,
   * motion turned off). Returns whether another frame is needed.
   */
  step(now: number, s: MindMapState, stop: boolean): boolean {
    const t = this.tween;
    if (!t.active) return false;
    if (t.ending) {
      // The tiles were rebuilt with these edges this frame: the overlay can drop them now.
      t.clear();
      this.deps.overlayChanged();
      return false;
    }
    const done = t.finished(now) || stop;
    for (const id of t.ids()) {
      const n = getNode(s, id);
      // The state may move a tweening topic again (undo, another layout): aim at where it is now.
      if (n) t.retarget(id, { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) });
      const v = this.deps.view(id);
      const p = done ? (n ? { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) } : null) : t.at(id, now);
      if (v && p) v.root.position.set(p.x, p.y);
    }
    if (done) {
      t.finishAt(now);
      for (const eid of t.tileEdgeIds) this.deps.invalidateEdgeTiles(eid);
      t.tileEdgeIds.clear();
      t.ending = true;
    }
    this.deps.overlayChanged();
    return true;
  }
}
