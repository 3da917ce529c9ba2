import { normalizeColor } from '../state/rules';

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Point {
  x: number;
  y: number;
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

export function rectsEqual(a: Rect, b: Rect): boolean {
  return a.minX === b.minX && a.minY === b.minY && a.maxX === b.maxX && a.maxY === b.maxY;
}

export function rectContains(r: Rect, x: number, y: number): boolean {
  return x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY;
}

export function expandRect(r: Rect, dx: number, dy = dx): Rect {
  return { minX: r.minX - dx, minY: r.minY - dy, maxX: r.maxX + dx, maxY: r.maxY + dy };
}

/** Parses "#rgb"/"#rrggbb"; anything else gives the fallback (unknown colours in data). */
export function parseColor(hex: unknown, fallback: number): number {
  const c = normalizeColor(hex);
  return c === null ? fallback : parseInt(c.slice(1), 16);
}

export function finiteOr(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}
