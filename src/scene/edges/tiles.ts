/** Pure tile-grid helpers for TileLayer. */
import type { Rect } from '../geometry';

export interface TileRange {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * World tile size at `zoom`: `base` down to `minZoom`; further out (the overview of a map too big for
 * 0.2) doubled as often as needed to stay ≥ base·minZoom screen pixels, so the number of tiles around
 * the screen stays bounded however far out the camera goes. Why 0.1 (~100 px tiles, ~250 around a
 * 1280×800 screen) and not bigger: an edit re-draws its whole tile, and far out a tile holds every
 * topic under it (a rename at 20k topics: ~200 ms with ~200 px tiles).
 */
export function tileSizeFor(zoom: number, base: number, minZoom = 0.1): number {
  if (!(zoom > 0) || zoom >= minZoom) return base;
  return base * 2 ** Math.ceil(Math.log2(minZoom / zoom) - 1e-9);
}

export function tileRange(r: Rect, size: number): TileRange {
  return {
    x0: Math.floor(r.minX / size),
    y0: Math.floor(r.minY / size),
    x1: Math.floor(r.maxX / size),
    y1: Math.floor(r.maxY / size),
  };
}

export function tileKey(tx: number, ty: number): string {
  return `${tx},${ty}`;
}

export function tileRect(tx: number, ty: number, size: number): Rect {
  return { minX: tx * size, minY: ty * size, maxX: (tx + 1) * size, maxY: (ty + 1) * size };
}

export function inRange(r: TileRange, tx: number, ty: number): boolean {
  return tx >= r.x0 && tx <= r.x1 && ty >= r.y0 && ty <= r.y1;
}

/** Tiles of a range ordered from the centre outwards (what the user looks at is built first). */
export function tilesByDistance(r: TileRange): Array<[number, number]> {
  const cx = (r.x0 + r.x1) / 2;
  const cy = (r.y0 + r.y1) / 2;
  const out: Array<[number, number]> = [];
  for (let ty = r.y0; ty <= r.y1; ty++) for (let tx = r.x0; tx <= r.x1; tx++) out.push([tx, ty]);
  out.sort((a, b) => (a[0] - cx) ** 2 + (a[1] - cy) ** 2 - ((b[0] - cx) ** 2 + (b[1] - cy) ** 2));
  return out;
}
