/**
 * Which edges the overlay draws this frame, picked from what is on screen.
 *
 * Why not walk the dynamic set: a selected topic with 30,000 children has 30,000 dynamic edges, and
 * walking them every camera frame cost seconds. The edge index is kept current on every edit
 * (sceneSync), so the dynamic edges worth drawing are the on-screen ones it returns. A small dynamic
 * set (up to `walkLimit`) is still walked whole: a dragged topic's edges stay drawn even when a query
 * margin would miss them, at a cost bounded by the limit.
 */

export interface OverlayEdgePick {
  /** Edge ids whose boxes meet the visible rect (from the edge index). */
  onScreen: readonly string[];
  /** The selection's and the dragged topic's edges. */
  dyn: ReadonlySet<string>;
  /** Animated edges on screen are drawn by the overlay too (moving dashes); off far out. */
  withAnimated: boolean;
  isAnimated(eid: string): boolean;
  /** Edges drawn between positions by a layout tween: their indexed boxes are not where they are drawn. */
  tweening: Iterable<string>;
  walkLimit: number;
  /**
   * The dynamic edges that show something of their own on screen (dynFan.ts), where the set is too
   * big to walk: taken instead of the dynamic edges among `onScreen`.
   */
  dynOnScreen?: readonly string[];
}

/** Ids in drawing order, each once. Cost: on-screen edges + tweening edges + min(dyn, walkLimit) + dynOnScreen. */
export function pickOverlayEdgeIds(p: OverlayEdgePick): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const take = (eid: string) => {
    if (seen.has(eid)) return;
    seen.add(eid);
    out.push(eid);
  };
  const fan = p.dynOnScreen;
  if (fan) for (const eid of fan) take(eid);
  for (const eid of p.onScreen) {
    const dyn = p.dyn.has(eid);
    if (fan && dyn) continue;
    if (dyn || (p.withAnimated && p.isAnimated(eid))) take(eid);
  }
  if (p.dyn.size <= p.walkLimit) for (const eid of p.dyn) take(eid);
  for (const eid of p.tweening) take(eid);
  return out;
}
