/**
 * Keeps the minimap's picture of the map up to date: a redraw a short while after changes, painted
 * in slices (see redraw). Geometry comes from the topic hit boxes, with no state lookups.
 */
import { getNode, type MindMapState } from '../../state/doc';
import { normalizeColor } from '../../state/rules';
import { HIT_MARGIN_BOTTOM, HIT_MARGIN_TOP, HIT_MARGIN_X, NODE_HEIGHT } from '../constants';
import { expandRect, type Rect } from '../geometry';
import type { Minimap } from './Minimap';

export interface MinimapDeps {
  state(): MindMapState;
  /** The shown topics. */
  visible(): Iterable<string>;
  /** Topic hit boxes by id. */
  boxes: ReadonlyMap<string, Rect>;
  /** The visible world rectangle. */
  viewRect(): Rect;
}

export class MinimapPainter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private slice: ReturnType<typeof setTimeout> | null = null;
  private job = 0;
  private destroyed = false;

  constructor(private readonly minimap: Minimap, private readonly deps: MinimapDeps) {}

  /** Redraws the picture a quarter second from now (changes in between share the redraw). */
  schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.redraw();
    }, 250);
  }

  /**
   * Repaints the minimap picture: O(shown topics). Why in slices: at 100k topics this is ~0.3 s of
   * work (a colour lookup and a fillRect per topic), which after every single edit blocked input and
   * frames. Slices of SLICE_MS run in separate tasks; a newer redraw cancels an older one, and the
   * shown picture is swapped only when complete.
   */
  redraw(): void {
    if (this.destroyed) return;
    if (this.slice !== null) clearTimeout(this.slice);
    this.slice = null;
    const job = ++this.job;
    const s = this.deps.state();
    const ids = Array.from(this.deps.visible());
    const boxes = this.deps.boxes;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    let phase: 'bounds' | 'draw' = 'bounds';
    let i = 0;
    const SLICE_MS = 6;
    const step = () => {
      this.slice = null;
      if (job !== this.job || this.destroyed) return;
      const until = performance.now() + SLICE_MS;
      const timeUp = () => (i & 1023) === 0 && performance.now() > until;
      if (phase === 'bounds') {
        for (; i < ids.length; i++) {
          const b = boxes.get(ids[i]);
          if (!b) continue;
          // Hit boxes → card rectangles (see nodeHitBox).
          if (b.minX + HIT_MARGIN_X < minX) minX = b.minX + HIT_MARGIN_X;
          if (b.minY + HIT_MARGIN_TOP < minY) minY = b.minY + HIT_MARGIN_TOP;
          if (b.maxX - HIT_MARGIN_X > maxX) maxX = b.maxX - HIT_MARGIN_X;
          if (b.maxY - HIT_MARGIN_BOTTOM > maxY) maxY = b.maxY - HIT_MARGIN_BOTTOM;
          if (timeUp()) break;
        }
        if (i >= ids.length) {
          phase = 'draw';
          i = 0;
          this.minimap.beginContent(minX === Infinity ? null : expandRect({ minX, minY, maxX, maxY }, 40));
        }
      }
      if (phase === 'draw') {
        for (; i < ids.length; i++) {
          const b = boxes.get(ids[i]);
          if (!b) continue;
          const color = getNode(s, ids[i])?.data?.color;
          const x = b.minX + HIT_MARGIN_X;
          const y = b.minY + HIT_MARGIN_TOP;
          this.minimap.addBox(x, y, b.maxX - HIT_MARGIN_X - x, NODE_HEIGHT, normalizeColor(color) ?? '#9b87f5');
          if (timeUp()) break;
        }
        if (i >= ids.length) {
          this.minimap.commitContent();
          this.minimap.drawView(this.deps.viewRect());
          return;
        }
      }
      this.slice = setTimeout(step, 0);
    };
    step();
  }

  destroy(): void {
    this.destroyed = true;
    for (const t of [this.timer, this.slice]) if (t !== null) clearTimeout(t);
  }
}
