/** Pure gesture maths (unit-tested): drag threshold and two-finger pinch. */
import { clampZoom, type Camera } from '../camera/camera';

export const DRAG_THRESHOLD_PX = 4;
export const TOUCH_DRAG_THRESHOLD_PX = 8;

export function movedBeyond(dx: number, dy: number, threshold: number): boolean {
  return dx * dx + dy * dy > threshold * threshold;
}

export interface PinchStart {
  cam: Camera;
  /** Screen midpoint and distance of the two fingers at the start. */
  mx: number;
  my: number;
  dist: number;
}

/**
 * Camera for a pinch: the world point that was under the fingers' midpoint stays under the current
 * midpoint (so two fingers pan and zoom at once), zoom scaled by the finger spread.
 */
export function pinchCamera(start: PinchStart, mx: number, my: number, dist: number, minZoom?: number): Camera {
  const zoom = clampZoom(start.cam.zoom * (dist / Math.max(1, start.dist)), minZoom);
  const wx = (start.mx - start.cam.x) / start.cam.zoom;
  const wy = (start.my - start.cam.y) / start.cam.zoom;
  return { x: mx - wx * zoom, y: my - wy * zoom, zoom };
}

/** Connection direction: edges go from an "out" (right) handle to an "in" (left) handle. */
export function connectionEnds(
  a: { id: string; side: 'in' | 'out' },
  b: { id: string; side: 'in' | 'out' },
): { source: string; target: string } {
  if (a.side === 'in' && b.side === 'out') return { source: b.id, target: a.id };
  return { source: a.id, target: b.id };
}
