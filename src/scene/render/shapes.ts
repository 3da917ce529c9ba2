/**
 * Low-vertex outlines for Graphics.poly(). Why: Pixi tessellates roundRect/circle adaptively
 * (a radius-10 card corner gets 11 segments, a radius-5 handle circle 32), so one topic card with
 * its handles and chevron came to ~800 triangles. Software WebGL (SwiftShader) pays per triangle
 * (~2 µs each), so 40 cards on screen cost more than the rest of the frame. A few segments per corner
 * look the same at the zooms the canvas allows (≤ 2x), and a card under Pixi's 200-vertex batching
 * limit is also batched with its text instead of breaking the batch into its own draw call.
 */

/** Closed outline of a rounded rectangle, `seg` segments per corner. */
export function roundRectPoints(x: number, y: number, w: number, h: number, r: number, seg = 3): number[] {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  if (rr < 0.5 || seg < 1) return [x, y, x + w, y, x + w, y + h, x, y + h];
  const out: number[] = [];
  // Corner centres clockwise from top-right, each swept through a quarter turn.
  const corners: Array<[number, number, number]> = [
    [x + w - rr, y + rr, -Math.PI / 2],
    [x + w - rr, y + h - rr, 0],
    [x + rr, y + h - rr, Math.PI / 2],
    [x + rr, y + rr, Math.PI],
  ];
  for (const [cx, cy, a0] of corners) {
    for (let i = 0; i <= seg; i++) {
      const a = a0 + (i / seg) * (Math.PI / 2);
      out.push(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
    }
  }
  return out;
}

/** Closed outline of a circle as a regular polygon. */
export function circlePoints(cx: number, cy: number, r: number, sides = 12): number[] {
  const out: number[] = [];
  for (let i = 0; i < sides; i++) {
    const a = (i / sides) * Math.PI * 2;
    out.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  }
  return out;
}
