/** Largest tilt in degrees, reached at the card's edges. */
export const MAX_TILT_DEG = 8;

/**
 * CSS rotateX/rotateY angles (degrees) for a pointer at (x, y) inside a box of the given size: the
 * part of the box under the pointer dips away from the viewer, so the box leans toward the pointer.
 * The centre gives no tilt; points outside the box are clamped to its edges.
 */
export function tiltFor(x: number, y: number, width: number, height: number): { rotateX: number; rotateY: number } {
  if (!(width > 0) || !(height > 0)) return { rotateX: 0, rotateY: 0 };
  const px = Math.min(Math.max(x / width, 0), 1) - 0.5;
  const py = Math.min(Math.max(y / height, 0), 1) - 0.5;
  return { rotateX: -py * 2 * MAX_TILT_DEG, rotateY: px * 2 * MAX_TILT_DEG };
}
