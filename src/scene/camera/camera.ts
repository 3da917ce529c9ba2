/**
 * Pure pan/zoom maths. A camera maps world to screen as screen = world * zoom + (x, y).
 * Nothing here touches Pixi or the DOM, so it is unit-tested directly.
 */
import { FIT_DURATION_MAX_MS, FIT_DURATION_MIN_MS, ZOOM_MAX, ZOOM_MIN } from '../../state/model';
import type { Rect } from '../geometry';
import { clearOfCovers, type FitArea } from './covers';

export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

export function clampZoom(z: number, min = ZOOM_MIN, max = ZOOM_MAX): number {
  if (!Number.isFinite(z)) return 1;
  return Math.min(max, Math.max(min, z));
}

export function screenToWorld(cam: Camera, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - cam.x) / cam.zoom, y: (sy - cam.y) / cam.zoom };
}

export function worldToScreen(cam: Camera, wx: number, wy: number): { x: number; y: number } {
  return { x: wx * cam.zoom + cam.x, y: wy * cam.zoom + cam.y };
}

/** Zooms to `zoom` (clamped to [min, max]) keeping the world point under screen point (sx, sy) fixed. */
export function zoomAround(cam: Camera, sx: number, sy: number, zoom: number, min = ZOOM_MIN, max = ZOOM_MAX): Camera {
  const z = clampZoom(zoom, min, max);
  const wx = (sx - cam.x) / cam.zoom;
  const wy = (sy - cam.y) / cam.zoom;
  return { x: sx - wx * z, y: sy - wy * z, zoom: z };
}

/** Wheel delta (pixels) to a zoom factor: smooth for trackpads, ~1.2x per mouse notch. */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-300, Math.min(300, px));
  return Math.pow(2, -clamped * 0.002);
}

export function panBy(cam: Camera, dx: number, dy: number): Camera {
  return { x: cam.x + dx, y: cam.y + dy, zoom: cam.zoom };
}

/** The world rectangle the screen shows. */
export function visibleWorldRect(cam: Camera, size: Size): Rect {
  return {
    minX: -cam.x / cam.zoom,
    minY: -cam.y / cam.zoom,
    maxX: (size.width - cam.x) / cam.zoom,
    maxY: (size.height - cam.y) / cam.zoom,
  };
}

/** The zoom at which `bounds` with `padding` (a fraction of the bounds) just fits `size`, unclamped. */
export function fitZoom(bounds: Rect, size: Size, padding: number): number {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  return Math.min(size.width / (w * (1 + padding)), size.height / (h * (1 + padding)));
}

/**
 * The lowest zoom allowed: the seed's minimum, or, for a map that does not fit at it, the zoom that
 * fits the whole map with `padding` (the overview), never lower.
 */
export function minZoomFor(bounds: Rect | null, size: Size, padding: number, min = ZOOM_MIN): number {
  if (!bounds) return min;
  const fit = fitZoom(bounds, size, padding);
  return Number.isFinite(fit) && fit > 0 && fit < min ? fit : min;
}

/**
 * The camera that shows `bounds` centred with `padding` (a fraction of the bounds, as React Flow's
 * fitView does), zoom clamped to [min, max]. A map too big for `min` stops there, centred (pass
 * minZoomFor's result as `min` to fit it whole).
 */
export function fitCamera(bounds: Rect, size: Size, padding: number, min = ZOOM_MIN, max = ZOOM_MAX, area: FitArea = { x: 0, width: size.width }): Camera {
  const zoom = clampZoom(fitZoom(bounds, { width: area.width, height: size.height }, padding), min, max);
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return { x: area.x + area.width / 2 - cx * zoom, y: size.height / 2 - cy * zoom, zoom };
}

/**
 * Pans the least amount that brings `rect` inside the screen with `margin` pixels and out from under
 * `covers` (screen rectangles of chrome over the canvas); null if it is there already.
 */
export function cameraToReveal(cam: Camera, size: Size, rect: Rect, margin = 40, covers: readonly Rect[] = []): Camera | null {
  const left = rect.minX * cam.zoom + cam.x;
  const right = rect.maxX * cam.zoom + cam.x;
  const top = rect.minY * cam.zoom + cam.y;
  const bottom = rect.maxY * cam.zoom + cam.y;
  let dx = 0;
  let dy = 0;
  if (right - left > size.width - 2 * margin) dx = size.width / 2 - (left + right) / 2;
  else if (left < margin) dx = margin - left;
  else if (right > size.width - margin) dx = size.width - margin - right;
  if (bottom - top > size.height - 2 * margin) dy = size.height / 2 - (top + bottom) / 2;
  else if (top < margin) dy = margin - top;
  else if (bottom > size.height - margin) dy = size.height - margin - bottom;
  const clear = clearOfCovers({ minX: left, minY: top, maxX: right, maxY: bottom }, dx, dy, size, margin, covers);
  dx += clear.dx;
  dy += clear.dy;
  if (dx === 0 && dy === 0) return null;
  return panBy(cam, dx, dy);
}

export function easeInOutCubic(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

/**
 * Interpolates between cameras. Zoom is interpolated geometrically and the screen-centre world point
 * linearly, so a zoom-out-and-pan does not swing sideways.
 */
export function lerpCamera(a: Camera, b: Camera, t: number, size: Size): Camera {
  const e = easeInOutCubic(Math.min(1, Math.max(0, t)));
  const zoom = a.zoom * Math.pow(b.zoom / a.zoom, e);
  const ca = screenToWorld(a, size.width / 2, size.height / 2);
  const cb = screenToWorld(b, size.width / 2, size.height / 2);
  const cx = ca.x + (cb.x - ca.x) * e;
  const cy = ca.y + (cb.y - ca.y) * e;
  return { x: size.width / 2 - cx * zoom, y: size.height / 2 - cy * zoom, zoom };
}

/** Fit animations last 400–800 ms: longer the further the view travels. */
export function fitDuration(a: Camera, b: Camera, size: Size, min = FIT_DURATION_MIN_MS, max = FIT_DURATION_MAX_MS): number {
  const zoomChange = Math.abs(Math.log2(b.zoom / a.zoom));
  const ca = screenToWorld(a, size.width / 2, size.height / 2);
  const cb = screenToWorld(b, size.width / 2, size.height / 2);
  const screens = Math.hypot(cb.x - ca.x, cb.y - ca.y) * Math.min(a.zoom, b.zoom) / Math.max(1, Math.hypot(size.width, size.height));
  return Math.round(Math.min(max, Math.max(min, min + (zoomChange + screens) * 200)));
}

export function camerasEqual(a: Camera, b: Camera): boolean {
  return Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01 && Math.abs(a.zoom - b.zoom) < 1e-5;
}
