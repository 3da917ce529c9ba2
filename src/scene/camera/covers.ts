/**
 * Chrome drawn over the canvas (the tool panel, the Edit panel, the minimap) covers part of it. Fits
 * centre the map in the part a tall side panel leaves free, and reveals (keyboard focus, the title
 * editor) pan a topic out from under any cover. Screen rectangles in canvas pixels; pure maths.
 */
import type { Rect } from '../geometry';
import type { Size } from './camera';
import { LOD_SHAPE_BELOW } from '../render/lod';

/** The horizontal strip fits use: the screen less the side panels that are tall enough to matter. */
export interface FitArea {
  x: number;
  width: number;
}

/** A side panel narrows fits when it is at least this share of the screen's height. */
const TALL_SHARE = 0.3;
/** Fits keep at least this share of the screen's width; past it panels are ignored (phones). */
const MIN_FREE_SHARE = 0.55;
/** Below this share of the screen's width the strip between both panels is never used. */
const MIN_BETWEEN_SHARE = 0.4;
/** Gap kept between a revealed topic and a cover. */
export const COVER_GAP = 16;

/**
 * The strip a fit centres the map in. `zoomIn` (the zoom a fit would take in a strip), when given,
 * lets a strip between both side panels narrower than MIN_FREE_SHARE be used still, where the map
 * fits there at a zoom that draws labels or at the zoom the wider strip would take (a small or tall
 * map on a laptop screen with the Edit panel open).
 */
export function fitArea(size: Size, covers: readonly Rect[], zoomIn?: (area: FitArea) => number): FitArea {
  let left = 0;
  let right = size.width;
  for (const c of covers) {
    if (c.maxY - c.minY < size.height * TALL_SHARE || c.maxX <= 0 || c.minX >= size.width) continue;
    const centre = (c.minX + c.maxX) / 2;
    if (centre < size.width / 2) left = Math.max(left, c.maxX);
    else right = Math.min(right, c.minX);
  }
  const min = size.width * MIN_FREE_SHARE;
  const between = { x: left, width: right - left };
  if (between.width >= min) return between;
  // Too little left between both sides: the left panel (the tool panel) alone, else neither.
  const wider = size.width - left >= min ? { x: left, width: size.width - left } : { x: 0, width: size.width };
  if (zoomIn && between.width >= size.width * MIN_BETWEEN_SHARE) {
    const z = zoomIn(between);
    if (z >= LOD_SHAPE_BELOW || z >= zoomIn(wider)) return between;
  }
  return wider;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY;
}

function moved(r: Rect, dx: number, dy: number): Rect {
  return { minX: r.minX + dx, minY: r.minY + dy, maxX: r.maxX + dx, maxY: r.maxY + dy };
}

/**
 * The pan (added to a pan of (dx, dy) that already brings `card`, in screen pixels, on screen) that
 * also takes it out from under every cover: the smallest move that puts it beside, above or below
 * the covers (each edge of each cover tried, across and down together, so a crowded phone screen
 * finds the gap between a card and a toolbar), kept inside the screen's `margin`. (0, 0) when it is
 * clear, or when no such place exists (a cover as big as the screen): then it stays where the
 * screen alone puts it.
 */
export function clearOfCovers(card: Rect, dx: number, dy: number, size: Size, margin: number, covers: readonly Rect[]): { dx: number; dy: number } {
  const at = moved(card, dx, dy);
  const grown = covers.map((c) => ({ minX: c.minX - COVER_GAP, minY: c.minY - COVER_GAP, maxX: c.maxX + COVER_GAP, maxY: c.maxY + COVER_GAP }));
  if (!grown.some((c) => overlaps(at, c))) return { dx: 0, dy: 0 };
  // A card bigger than the screen on an axis is centred there already: that axis is not checked.
  const fitsAxis = (lo: number, hi: number, extent: number) => hi - lo > extent - 2 * margin || (lo >= margin - 0.5 && hi <= extent - margin + 0.5);
  const fits = (r: Rect) => fitsAxis(r.minX, r.maxX, size.width) && fitsAxis(r.minY, r.maxY, size.height);
  const across = [0];
  const down = [0];
  for (const c of grown) {
    across.push(c.maxX - at.minX, c.minX - at.maxX);
    down.push(c.maxY - at.minY, c.minY - at.maxY);
  }
  let best: { dx: number; dy: number } | null = null;
  for (const ex of across) {
    for (const ey of down) {
      if (best && Math.abs(ex) + Math.abs(ey) >= Math.abs(best.dx) + Math.abs(best.dy)) continue;
      const r = moved(at, ex, ey);
      if (fits(r) && !grown.some((c) => overlaps(r, c))) best = { dx: ex, dy: ey };
    }
  }
  return best ?? { dx: 0, dy: 0 };
}
