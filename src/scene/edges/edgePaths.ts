/**
 * Edge geometry, pure. Edges run from the source's right handle to the target's left handle.
 * smoothStepPoints gives the orthogonal corner points (as React Flow's smooth-step edge does);
 * roundCorners turns them into a polyline with rounded corners; dashSegments cuts a polyline into
 * moving dashes for animated edges. Flat number arrays ([x0, y0, x1, y1, …]) keep allocation low.
 */
import type { Rect } from '../geometry';
import { SMOOTH_STEP_OFFSET, SMOOTH_STEP_RADIUS } from '../constants';

/** Corner points of a smooth-step path from (sx, sy) leaving rightwards to (tx, ty) entering from the left. */
export function smoothStepPoints(sx: number, sy: number, tx: number, ty: number, offset = SMOOTH_STEP_OFFSET): number[] {
  if (Math.abs(sy - ty) < 0.5) return [sx, sy, tx, ty];
  if (tx >= sx + 2 * offset) {
    const mx = (sx + tx) / 2;
    return [sx, sy, mx, sy, mx, ty, tx, ty];
  }
  // Target behind the source: step out, run along the middle, step back in.
  const my = (sy + ty) / 2;
  return [sx, sy, sx + offset, sy, sx + offset, my, tx - offset, my, tx - offset, ty, tx, ty];
}

/**
 * Replaces each interior corner by a quarter-circle approximation (`steps` segments) of radius up to
 * `radius` (less when the neighbouring segments are short). Output is a polyline.
 */
export function roundCorners(points: number[], radius = SMOOTH_STEP_RADIUS, steps = 3, out: number[] = []): number[] {
  const n = points.length / 2;
  out.push(points[0], points[1]);
  for (let i = 1; i < n - 1; i++) {
    const px = points[i * 2 - 2], py = points[i * 2 - 1];
    const cx = points[i * 2], cy = points[i * 2 + 1];
    const nx = points[i * 2 + 2], ny = points[i * 2 + 3];
    const lin = Math.hypot(cx - px, cy - py);
    const lout = Math.hypot(nx - cx, ny - cy);
    const r = Math.min(radius, lin / 2, lout / 2);
    if (r < 0.5 || lin === 0 || lout === 0) {
      out.push(cx, cy);
      continue;
    }
    const ax = cx - ((cx - px) / lin) * r, ay = cy - ((cy - py) / lin) * r;
    const bx = cx + ((nx - cx) / lout) * r, by = cy + ((ny - cy) / lout) * r;
    // Quadratic Bézier with the corner as control point: close to a circular arc for 90° turns.
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const u = 1 - t;
      out.push(u * u * ax + 2 * u * t * cx + t * t * bx, u * u * ay + 2 * u * t * cy + t * t * by);
    }
  }
  out.push(points[points.length - 2], points[points.length - 1]);
  return out;
}

export function polylineLength(pts: number[]): number {
  let len = 0;
  for (let i = 2; i < pts.length; i += 2) len += Math.hypot(pts[i] - pts[i - 2], pts[i + 1] - pts[i - 1]);
  return len;
}

/** Start and end parameters of the last clipSegment call (reused: this runs per frame). */
const clipped = { t0: 0, t1: 1 };

/** Narrows clipped.t0..t1 by one boundary (Liang–Barsky); false when nothing is left. */
function clipBoundary(p: number, q: number): boolean {
  if (p === 0) return q >= 0;
  const r = q / p;
  if (p < 0) {
    if (r > clipped.t1) return false;
    if (r > clipped.t0) clipped.t0 = r;
  } else {
    if (r < clipped.t0) return false;
    if (r < clipped.t1) clipped.t1 = r;
  }
  return true;
}

/** Whether segment (x0,y0)-(x1,y1) crosses `clip`; if so, the part inside is clipped.t0..t1. */
function clipSegment(x0: number, y0: number, x1: number, y1: number, clip: Rect): boolean {
  clipped.t0 = 0;
  clipped.t1 = 1;
  const dx = x1 - x0;
  const dy = y1 - y0;
  return (
    clipBoundary(-dx, x0 - clip.minX) &&
    clipBoundary(dx, clip.maxX - x0) &&
    clipBoundary(-dy, y0 - clip.minY) &&
    clipBoundary(dy, clip.maxY - y0) &&
    clipped.t0 <= clipped.t1
  );
}

/**
 * Dashes along a polyline: `dash` on, `gap` off, shifted forward by `phase` (animated edges move by
 * advancing the phase each frame). Calls emit(x0, y0, x1, y1) per straight piece of dash.
 * With `clip`, only dashes inside it are emitted (the pattern stays where it would be without it).
 * Why: an edge of a big map can be millions of units long, and dashing all of it every frame
 * builds millions of line pieces, enough to stall or crash the page.
 */
export function dashSegments(
  pts: number[],
  dash: number,
  gap: number,
  phase: number,
  emit: (x0: number, y0: number, x1: number, y1: number) => void,
  clip?: Rect,
): void {
  const period = dash + gap;
  if (period <= 0) return;
  // Position along the pattern at the start of the line (0 = start of a dash).
  let along = ((-phase % period) + period) % period;
  for (let i = 2; i < pts.length; i += 2) {
    const x0 = pts[i - 2], y0 = pts[i - 1], x1 = pts[i], y1 = pts[i + 1];
    const seg = Math.hypot(x1 - x0, y1 - y0);
    if (seg === 0) continue;
    let s = 0;
    let end = seg;
    if (clip) {
      if (!clipSegment(x0, y0, x1, y1, clip)) {
        along = (along + seg) % period;
        continue;
      }
      s = clipped.t0 * seg;
      end = clipped.t1 * seg;
      along = (along + s) % period;
    }
    while (s < end) {
      const inDash = along < dash;
      const left = inDash ? dash - along : period - along;
      const step = Math.min(left, end - s);
      if (inDash && step > 0) {
        const a = s / seg, b = (s + step) / seg;
        emit(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b);
      }
      s += step;
      along = (along + step) % period;
    }
    along = (along + (seg - end)) % period;
  }
}

/** The polyline an edge is drawn with. */
export function edgePolyline(
  sx: number,
  sy: number,
  tx: number,
  ty: number,
  style: 'smoothstep' | 'straight' | 'step',
  out: number[] = [],
): number[] {
  if (style === 'straight') {
    out.push(sx, sy, tx, ty);
    return out;
  }
  const corners = smoothStepPoints(sx, sy, tx, ty);
  if (style === 'step') {
    for (let i = 0; i < corners.length; i++) out.push(corners[i]);
    return out;
  }
  return roundCorners(corners, SMOOTH_STEP_RADIUS, 3, out);
}
