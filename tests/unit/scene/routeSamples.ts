/** Routes and points along them, for tests of what edges draw. */
import { routedPolyline, type EdgeDirection, type EdgeRoute } from '../../../src/scene/edges/edgeRouting';
import type { Rect } from '../../../src/scene/geometry';
import type { EdgeBox } from '../../../src/scene/spatial/sceneIndex';

/** A seeded pseudo-random source in [0, 1), the same sequence on every run. */
export function seededRandom(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const inside = (r: Rect, x: number, y: number) => x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY;

/**
 * Within `view`, the points of `wanted`'s smooth-step routes that no route of `drawn` in the same
 * stroke passes through; `checked` counts the points looked at.
 */
export function pointsNotDrawn(wanted: Iterable<EdgeBox>, drawn: readonly EdgeBox[], view: Rect): { checked: number; missing: string[] } {
  const lines = drawn.map((d) => ({ stroke: d.stroke, pts: routedPolyline(d.route, 'smoothstep') }));
  let checked = 0;
  const missing: string[] = [];
  for (const b of wanted) {
    if (b.minX > view.maxX || b.maxX < view.minX || b.minY > view.maxY || b.maxY < view.minY) continue;
    const look = lines.filter((l) => l.stroke === b.stroke).map((l) => l.pts);
    for (const [x, y] of along(routedPolyline(b.route, 'smoothstep'))) {
      if (!inside(view, x, y)) continue;
      checked++;
      if (!look.some((pts) => distanceTo(pts, x, y) < 1e-6)) missing.push(`(${x}, ${y}) of ${b.target}`);
    }
  }
  return { checked, missing };
}

/** Distance from (x, y) to the polyline. */
export function distanceTo(pts: number[], x: number, y: number): number {
  let best = Infinity;
  for (let i = 2; i < pts.length; i += 2) {
    const ax = pts[i - 2], ay = pts[i - 1], bx = pts[i], by = pts[i + 1];
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
    best = Math.min(best, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
  }
  return best;
}

/** Points along the polyline, every two units. */
export function* along(pts: number[]): Generator<[number, number]> {
  for (let i = 2; i < pts.length; i += 2) {
    const ax = pts[i - 2], ay = pts[i - 1], bx = pts[i], by = pts[i + 1];
    const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 2));
    for (let k = 0; k <= n; k++) yield [ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n];
  }
}

/** A route whose target lies `across` from the source across its direction and `ahead` along it. */
export function route(dir: EdgeDirection, sx: number, sy: number, ahead: number, across: number): EdgeRoute {
  switch (dir) {
    case 'right':
      return { sx, sy, tx: sx + ahead, ty: sy + across, dir };
    case 'left':
      return { sx, sy, tx: sx - ahead, ty: sy + across, dir };
    case 'down':
      return { sx, sy, tx: sx + across, ty: sy + ahead, dir };
    default:
      return { sx, sy, tx: sx + across, ty: sy - ahead, dir };
  }
}
