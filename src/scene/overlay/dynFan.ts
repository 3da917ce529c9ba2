/**
 * The dynamic edges of a big family (a selected topic with thousands of children), each reduced to
 * the part that no sibling draws too, so that a frame draws only the edges that show something of
 * their own on screen.
 *
 * Why: every edge of a fan meets the screen around its source, because the trunks all start there
 * and overlap. Routing, cutting and drawing 50,000 overlapping edges took half a second per frame,
 * where one edge (the one reaching farthest each way) draws the shared trunk and source corner, and
 * the others add only their turn and run to their own child (ownStepRect).
 */
import { ownStepRect, stepTrunkShape, type TrunkShape } from '../edges/edgeRouting';
import type { Rect } from '../geometry';
import { sameLook, type EdgeBox } from '../spatial/sceneIndex';

export class DynFan {
  private ids: string[] = [];
  /** Four numbers per id: the rect of what that edge alone draws. */
  private rects = new Float64Array(0);

  /**
   * From the dynamic edges' kept boxes. `stepped`: edges are drawn as steps (straight edges share
   * nothing, each keeps its whole box). O(edges).
   */
  build(dyn: Iterable<string>, boxOf: (eid: string) => EdgeBox | undefined, stepped: boolean): void {
    const ids: string[] = [];
    const boxes: EdgeBox[] = [];
    // Per edge, the group of edges sharing its trunk and look (null: none), with how far the
    // farthest of them reaches and which edge that is.
    const groups: (Group | null)[] = [];
    const byKey = new Map<string, Group>();
    const t: TrunkShape = { mid2: 0, side: 0, reach: 0 };
    let last: Group | null = null;
    for (const eid of dyn) {
      const box = boxOf(eid);
      if (!box) continue;
      const at = ids.length;
      ids.push(eid);
      boxes.push(box);
      if (!stepped || !stepTrunkShape(box.route, t)) {
        groups.push(null);
        continue;
      }
      // A family's edges mostly come in runs that share a group: compare with the last one before
      // building a key.
      let g: Group | undefined = last !== null && sameGroup(last, box, t) ? last : undefined;
      if (!g) {
        const r = box.route;
        const key = `${r.dir}|${r.sx}|${r.sy}|${t.mid2}|${t.side}|${String(box.stroke)}|${String(box.strokeWidth)}|${box.animated}|${box.link}`;
        g = byKey.get(key);
        if (!g) byKey.set(key, (g = { box, mid2: t.mid2, side: t.side, reach: -1, at: -1 }));
      }
      last = g;
      groups.push(g);
      if (t.reach > g.reach) {
        g.reach = t.reach;
        g.at = at;
      }
    }
    const rects = new Float64Array(ids.length * 4);
    for (let i = 0; i < ids.length; i++) {
      const box = boxes[i];
      const far = groups[i];
      const own: Rect = far && far.at !== i ? (ownStepRect(box.route, far.reach) ?? box) : box;
      rects[i * 4] = own.minX;
      rects[i * 4 + 1] = own.minY;
      rects[i * 4 + 2] = own.maxX;
      rects[i * 4 + 3] = own.maxY;
    }
    this.ids = ids;
    this.rects = rects;
  }

  /** Ids of the edges whose own part meets `view`, into `out` (cleared first). O(edges), no allocation per edge. */
  onScreen(view: Rect, out: string[]): string[] {
    out.length = 0;
    const r = this.rects;
    for (let i = 0; i < this.ids.length; i++) {
      const k = i * 4;
      if (r[k] <= view.maxX && r[k + 2] >= view.minX && r[k + 1] <= view.maxY && r[k + 3] >= view.minY) out.push(this.ids[i]);
    }
    return out;
  }
}

/** Edges sharing one trunk and one look; `box` is the first one's. */
interface Group {
  box: EdgeBox;
  mid2: number;
  side: number;
  reach: number;
  at: number;
}

function sameGroup(g: Group, box: EdgeBox, t: TrunkShape): boolean {
  const a = g.box.route;
  const r = box.route;
  return a.dir === r.dir && a.sx === r.sx && a.sy === r.sy && g.mid2 === t.mid2 && g.side === t.side && sameLook(g.box, box);
}
