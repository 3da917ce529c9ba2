/**
 * Which sides of two topics an edge joins, decided per edge from the map's layout and where the two
 * topics sit, and the polyline drawn between them. Pure; shared by the scene (tiles, overlay, hit
 * boxes) and the PNG/PDF export so both draw the same edges.
 *
 * - 'free' and 'right': source RIGHT handle → target LEFT (as before layouts existed), except that in
 *   'right' and 'balanced' a target lying entirely left of its source is joined leftwards:
 *   source LEFT → target RIGHT (the left half of a balanced map).
 * - 'down': source BOTTOM → target TOP; a target entirely above its source is joined upwards; a
 *   target beside its source (overlapping it vertically) falls back to the horizontal rule.
 *
 * The smooth-step shape is the rightward one of edgePaths.ts, mirrored and/or transposed, and
 * straight edges (performance mode) join the same anchor points.
 */
import type { LayoutKind } from '../../state/doc';
import { SMOOTH_STEP_OFFSET, SMOOTH_STEP_RADIUS } from '../constants';
import { roundCorners, smoothStepPoints } from './edgePaths';
import type { Rect } from '../geometry';

/** Direction the edge leaves its source in (and enters its target travelling in). */
export type EdgeDirection = 'right' | 'left' | 'down' | 'up';

export interface EdgeRoute {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
  dir: EdgeDirection;
}

export type EdgeStyle = 'smoothstep' | 'straight' | 'step';

/** Picks the direction for an edge between a source card and a target card (top-left x, y, width, height). */
export function edgeDirection(
  layout: LayoutKind | undefined,
  ax: number,
  ay: number,
  _aw: number,
  ah: number,
  bx: number,
  by: number,
  bw: number,
  bh: number,
): EdgeDirection {
  if (layout === 'down') {
    if (by >= ay + ah) return 'down';
    if (by + bh <= ay) return 'up';
  }
  if (layout === 'right' || layout === 'balanced' || layout === 'down') {
    if (bx + bw <= ax) return 'left';
  }
  return 'right';
}

/**
 * The anchor points of an edge from card a to card b (top-left x, y, width, height each); written into
 * `out` when given (a route kept for the same edge).
 */
export function routeEdge(
  layout: LayoutKind | undefined,
  ax: number,
  ay: number,
  aw: number,
  ah: number,
  bx: number,
  by: number,
  bw: number,
  bh: number,
  out?: EdgeRoute,
): EdgeRoute {
  const dir = edgeDirection(layout, ax, ay, aw, ah, bx, by, bw, bh);
  let sx: number, sy: number, tx: number, ty: number;
  switch (dir) {
    case 'down':
      sx = ax + aw / 2;
      sy = ay + ah;
      tx = bx + bw / 2;
      ty = by;
      break;
    case 'up':
      sx = ax + aw / 2;
      sy = ay;
      tx = bx + bw / 2;
      ty = by + bh;
      break;
    case 'left':
      sx = ax;
      sy = ay + ah / 2;
      tx = bx + bw;
      ty = by + bh / 2;
      break;
    default:
      sx = ax + aw;
      sy = ay + ah / 2;
      tx = bx;
      ty = by + bh / 2;
  }
  if (!out) return { sx, sy, tx, ty, dir };
  out.sx = sx;
  out.sy = sy;
  out.tx = tx;
  out.ty = ty;
  out.dir = dir;
  return out;
}

/**
 * Corner points of the smooth-step path of a route: the rightward shape computed in a frame where
 * the route runs rightwards, mapped back (mirror for 'left', transpose for 'down', both for 'up').
 */
export function routedStepPoints(r: EdgeRoute, offset = SMOOTH_STEP_OFFSET): number[] {
  const { sx, sy, tx, ty, dir } = r;
  if (dir === 'right') return smoothStepPoints(sx, sy, tx, ty, offset);
  if (dir === 'left') {
    const p = smoothStepPoints(-sx, sy, -tx, ty, offset);
    for (let i = 0; i < p.length; i += 2) p[i] = -p[i];
    return p;
  }
  // Vertical: swap the axes (and mirror for 'up'), step, swap back.
  const sign = dir === 'down' ? 1 : -1;
  const p = smoothStepPoints(sign * sy, sx, sign * ty, tx, offset);
  for (let i = 0; i < p.length; i += 2) {
    const a = p[i];
    p[i] = p[i + 1];
    p[i + 1] = sign * a;
  }
  return p;
}

/** The polyline an edge is drawn with, for a route. Appends to `out`. */
export function routedPolyline(r: EdgeRoute, style: EdgeStyle, out: number[] = []): number[] {
  if (style === 'straight') {
    out.push(r.sx, r.sy, r.tx, r.ty);
    return out;
  }
  const corners = routedStepPoints(r);
  if (style === 'step') {
    for (let i = 0; i < corners.length; i++) out.push(corners[i]);
    return out;
  }
  return roundCorners(corners, SMOOTH_STEP_RADIUS, 3, out);
}

/**
 * A route in the frame where it runs along its axis: `sa`/`ta` where its ends lie along the route,
 * `sb`/`tb` across it, `sign` +1 when it runs towards larger values.
 */
function stepFrame(rt: EdgeRoute): { along: boolean; sign: number; sa: number; ta: number; sb: number; tb: number } {
  const along = rt.dir === 'right' || rt.dir === 'left';
  return {
    along,
    sign: rt.dir === 'right' || rt.dir === 'down' ? 1 : -1,
    sa: along ? rt.sx : rt.sy,
    ta: along ? rt.tx : rt.ty,
    sb: along ? rt.sy : rt.sx,
    tb: along ? rt.ty : rt.tx,
  };
}

/**
 * When all of a stepped edge that lies in `r` is the straight middle of its step (the trunk it shares
 * with its siblings), that one piece, cut to `r`: [x0, y0, x1, y1]. null when nothing of it is in `r`;
 * undefined when its ends or corners come within `margin` of `r` (the caller routes and cuts it).
 * Why: a tile or the overlay beside the trunk of a topic with 50,000 children meets all 50,000 edges,
 * and routing, rounding and cutting each one costs far more than this test.
 */
export function trunkPiece(rt: EdgeRoute, style: EdgeStyle, r: Rect, margin: number): number[] | null | undefined {
  if (style === 'straight') return undefined;
  const { along, sign, sa, ta, sb, tb } = stepFrame(rt);
  // A flat step is one straight line; a target behind its source takes the six-point path.
  if (Math.abs(sb - tb) < 0.5 || sign * (ta - sa) < 2 * SMOOTH_STEP_OFFSET) return undefined;
  const lo = along ? r.minY : r.minX;
  const hi = along ? r.maxY : r.maxX;
  if ((sb >= lo - margin && sb <= hi + margin) || (tb >= lo - margin && tb <= hi + margin)) return undefined;
  const mid = (sa + ta) / 2;
  const alo = along ? r.minX : r.minY;
  const ahi = along ? r.maxX : r.maxY;
  // Both ends lie beyond r across the route: only the middle can cross it, and it crosses it whole.
  if (mid < alo || mid > ahi || Math.max(sb, tb) < lo || Math.min(sb, tb) > hi) return null;
  return along ? [mid, lo, mid, hi] : [lo, mid, hi, mid];
}

/**
 * A name for what of a stepped edge lies in `r` when its target end (and that corner) is beyond `r`:
 * from its source through the first corner along the trunk to where the trunk leaves `r`, the same
 * for every sibling on that side. Edges with the same name draw the same piece in `r`; undefined when
 * that cannot be said (the target end near `r`, a flat step, a target behind its source, a corner
 * rounded smaller because the trunk is short).
 */
export function sharedPieceKey(rt: EdgeRoute, style: EdgeStyle, r: Rect, margin: number): string | undefined {
  if (style === 'straight') return undefined;
  const { along, sign, sa, ta, sb, tb } = stepFrame(rt);
  if (Math.abs(tb - sb) < 2 * SMOOTH_STEP_RADIUS + 1 || sign * (ta - sa) < 2 * SMOOTH_STEP_OFFSET) return undefined;
  const lo = along ? r.minY : r.minX;
  const hi = along ? r.maxY : r.maxX;
  if (tb >= lo - margin && tb <= hi + margin) return undefined;
  return `${rt.dir}|${style}|${rt.sx},${rt.sy}|${(sa + ta) / 2}|${tb > sb ? 1 : -1}`;
}

/**
 * A box sure to hold the drawn edge (for the spatial index and tile invalidation): the anchors plus
 * the step-out distance along the route's axis and a few units across it.
 */
export function routeBox(r: EdgeRoute, along = 24, across = 4): Rect {
  const horizontal = r.dir === 'right' || r.dir === 'left';
  const mx = horizontal ? along : across;
  const my = horizontal ? across : along;
  return {
    minX: Math.min(r.sx, r.tx) - mx,
    minY: Math.min(r.sy, r.ty) - my,
    maxX: Math.max(r.sx, r.tx) + mx,
    maxY: Math.max(r.sy, r.ty) + my,
  };
}

/** Padding around the part of a stepped edge that differs from its siblings': half the widest stroke, its caps and antialiasing. */
const OWN_PAD = 8;

/**
 * Whether two stepped edges leave the same source the same way: same anchor, direction and trunk,
 * and on the same side of the source, so that the longer one draws all of the shorter one's source
 * corner and trunk up to where the shorter one turns towards its target. Both must have the plain
 * four-point step with a trunk long enough for a full-radius source corner.
 */
export function sameStepTrunk(a: EdgeRoute, b: EdgeRoute): boolean {
  const ta = stepTrunk(a);
  const tb = stepTrunk(b);
  return ta !== null && tb !== null && ta.key === tb.key;
}

/** Where a stepped edge's trunk runs (see stepTrunk): twice its distance along, its side, its reach. */
export interface TrunkShape {
  mid2: number;
  side: number;
  reach: number;
}

/**
 * Fills `out` with the trunk a stepped edge can share with its siblings; false when it has no
 * full-radius trunk. Two edges share a trunk exactly when dir, sx, sy, mid2 and side are equal.
 * Allocates nothing: run over every edge of a 50,000-child family.
 */
export function stepTrunkShape(rt: EdgeRoute, out: TrunkShape): boolean {
  const f = stepFrame(rt);
  const len = Math.abs(f.tb - f.sb);
  if (len < 2 * SMOOTH_STEP_RADIUS || f.sign * (f.ta - f.sa) < 2 * SMOOTH_STEP_OFFSET) return false;
  out.mid2 = f.sa + f.ta;
  out.side = Math.sign(f.tb - f.sb);
  out.reach = len - SMOOTH_STEP_RADIUS;
  return true;
}

/**
 * The trunk a stepped edge can share with its siblings: two edges have equal keys exactly when
 * sameStepTrunk holds for them, and `reach` is how far along its trunk the edge draws from its
 * source (what sharedTrunkReach gives its siblings). null when it has no full-radius trunk.
 */
export function stepTrunk(rt: EdgeRoute): { key: string; reach: number } | null {
  const t: TrunkShape = { mid2: 0, side: 0, reach: 0 };
  if (!stepTrunkShape(rt, t)) return null;
  return { key: `${rt.dir}|${rt.sx}|${rt.sy}|${t.mid2}|${t.side}`, reach: t.reach };
}

/**
 * How far from its source, across the route, a sibling's stepped edge draws the trunk it shares with
 * `rt` (see sameStepTrunk): up to where the sibling turns towards its own target. 0 when it shares none.
 */
export function sharedTrunkReach(rt: EdgeRoute, sibling: EdgeRoute): number {
  const mine = stepTrunk(rt);
  const theirs = stepTrunk(sibling);
  return mine !== null && theirs !== null && mine.key === theirs.key ? theirs.reach : 0;
}

/**
 * The part of a stepped edge's drawing that changes when the edge comes or goes, given that its
 * siblings draw its source corner and trunk up to `reach` from the source (sharedTrunkReach; 0 when
 * none does): its turn towards the target, the run to the target, and whatever trunk lies beyond
 * `reach`. null when nothing is shared (the whole box then). Why: a topic with 50,000 children has a
 * trunk millions of units long, and every tile along it rebuilt for one new child meets most of the
 * 50,000 edges.
 */
export function ownStepRect(rt: EdgeRoute, reach: number): Rect | null {
  if (reach <= 0) return null;
  const { along, sa, ta, sb, tb } = stepFrame(rt);
  const side = Math.sign(tb - sb);
  const mid = (sa + ta) / 2;
  const from = reach >= Math.abs(tb - sb) ? tb - side * SMOOTH_STEP_RADIUS : sb + side * reach;
  const b0 = Math.min(from, tb) - SMOOTH_STEP_RADIUS - OWN_PAD;
  const b1 = Math.max(from, tb) + SMOOTH_STEP_RADIUS + OWN_PAD;
  const a0 = Math.min(mid, ta) - OWN_PAD;
  const a1 = Math.max(mid, ta) + OWN_PAD;
  return along ? { minX: a0, minY: b0, maxX: a1, maxY: b1 } : { minX: b0, minY: a0, maxX: b1, maxY: a1 };
}
