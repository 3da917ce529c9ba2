/**
 * Cuts polylines to a rect and drops pieces already drawn.
 *
 * Why: under a topic with thousands of children, every edge runs along the same trunk, so a tile (or
 * the overlay) near it is crossed by all of them. Drawn whole, each one is tessellated and uploaded
 * in full, far off screen included (seconds per frame at 10,000 children). Cut to the rect, the
 * trunk pieces are identical and drawn once: the cost follows the distinct lines in the rect.
 */
import type { Rect } from '../geometry';

/** Liang–Barsky: the part of segment (x0,y0)–(x1,y1) inside `r`, as [t0, t1], or null. */
function clipSegment(x0: number, y0: number, x1: number, y1: number, r: Rect): [number, number] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const p = [-dx, dx, -dy, dy];
  const q = [x0 - r.minX, r.maxX - x0, y0 - r.minY, r.maxY - y0];
  for (let i = 0; i < 4; i++) {
    if (p[i] === 0) {
      if (q[i] < 0) return null;
      continue;
    }
    const t = q[i] / p[i];
    if (p[i] < 0) {
      if (t > t1) return null;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return null;
      if (t < t1) t1 = t;
    }
  }
  return [t0, t1];
}

/**
 * The pieces of a flat [x0, y0, x1, y1, …] polyline inside `r`, each a flat polyline of ≥ 2 points.
 * `starts`, when given, receives each piece's distance from the polyline's start (to keep a dash
 * pattern in place).
 */
export function clipPolyline(pts: readonly number[], r: Rect, starts?: number[]): number[][] {
  const out: number[][] = [];
  let cur: number[] | null = null;
  let walked = 0;
  for (let i = 0; i + 3 < pts.length; i += 2) {
    const x0 = pts[i];
    const y0 = pts[i + 1];
    const x1 = pts[i + 2];
    const y1 = pts[i + 3];
    const c = clipSegment(x0, y0, x1, y1, r);
    const len = starts ? Math.hypot(x1 - x0, y1 - y0) : 0;
    walked += len;
    if (!c) {
      cur = null;
      continue;
    }
    const ax = x0 + (x1 - x0) * c[0];
    const ay = y0 + (y1 - y0) * c[0];
    const bx = x0 + (x1 - x0) * c[1];
    const by = y0 + (y1 - y0) * c[1];
    if (!cur || c[0] > 0) {
      cur = [ax, ay];
      out.push(cur);
      starts?.push(walked - len + len * c[0]);
    }
    cur.push(bx, by);
    if (c[1] < 1) cur = null;
  }
  return out;
}

/** Whether every point of the polyline lies inside `r` (then it needs no cutting). */
export function polylineInside(pts: readonly number[], r: Rect): boolean {
  for (let i = 0; i + 1 < pts.length; i += 2) {
    if (pts[i] < r.minX || pts[i] > r.maxX || pts[i + 1] < r.minY || pts[i + 1] > r.maxY) return false;
  }
  return true;
}

/**
 * Keeps each piece once (same points to 1/100 unit, same `tag`); the returned check is false for a
 * piece seen before. With `reversible`, a piece and its reverse count as the same line (not so for
 * dashes, which flow one way).
 */
export function pieceDeduper(reversible = true): (piece: readonly number[], tag?: string) => boolean {
  const seen = new Set<string>();
  const round = (v: number) => Math.round(v * 100);
  return (p, tag = '') => {
    let fwd = tag + '|';
    for (let i = 0; i < p.length; i++) fwd += round(p[i]) + ',';
    if (seen.has(fwd)) return false;
    if (reversible) {
      let rev = tag + '|';
      for (let i = p.length - 2; i >= 0; i -= 2) rev += round(p[i]) + ',' + round(p[i + 1]) + ',';
      if (seen.has(rev)) return false;
    }
    seen.add(fwd);
    return true;
  };
}
