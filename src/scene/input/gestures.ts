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

/** Within this many px of the canvas's edge, a dragged topic or connection scrolls the map. */
export const EDGE_PAN_MARGIN_PX = 40;
/** How fast the map scrolls with the pointer at (or past) the edge, in px per second. */
export const EDGE_PAN_MAX_SPEED = 900;

/**
 * The map's scroll (px per second, + towards right and bottom) for a drag whose pointer is at (x, y)
 * on a canvas of width × height: from nothing at EDGE_PAN_MARGIN_PX inside an edge to the full speed
 * at the edge and past it (pointer capture keeps reporting a pointer outside). A canvas too small
 * for two margins never scrolls along that axis.
 */
export function edgePanVelocity(x: number, y: number, width: number, height: number): { vx: number; vy: number } {
  return { vx: axisSpeed(x, width), vy: axisSpeed(y, height) };
}

function axisSpeed(at: number, size: number): number {
  const m = EDGE_PAN_MARGIN_PX;
  if (!Number.isFinite(at) || size < 3 * m) return 0;
  if (at < m) return -EDGE_PAN_MAX_SPEED * Math.min(1, (m - at) / m);
  if (at > size - m) return EDGE_PAN_MAX_SPEED * Math.min(1, (at - (size - m)) / m);
  return 0;
}
