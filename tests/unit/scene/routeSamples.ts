/** Routes and points along them, for tests of what edges draw. */
import type { EdgeDirection, EdgeRoute } from '../../../src/scene/edges/edgeRouting';

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
