/**
 * Far out, the overlay's edges (the selection's family) cost what the screen shows: many of them are
 * drawn by cells, and a thin stroke never gets round joins sized by its world width.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Graphics, GraphicsInstructions } from 'pixi.js';
import type { Overlay as OverlayType, OverlayEdge } from '../../../src/scene/overlay/Overlay';

let Overlay: typeof OverlayType;

beforeAll(async () => {
  // pixi.js reads navigator when it loads; Node 20 has none.
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: 'node' };
  ({ Overlay } = await import('../../../src/scene/overlay/Overlay'));
});

/** A root at 0,0 with `n` children in one column, 70 apart, as a flat imported list. */
function family(n: number, width: number): OverlayEdge[] {
  return Array.from({ length: n }, (_, i) => ({ sx: 150, sy: 28, tx: 200, ty: (i - n / 2) * 70 + 28, color: 0x9b87f5, width, animated: false }));
}

function edgeInstructions(o: OverlayType): GraphicsInstructions[] {
  return (o.below.children[0] as Graphics).context.instructions;
}

describe('overlay edges far out', () => {
  it('draws a family of 50,000 edges at the overview as a few filled rectangles, not 50,000 strokes', () => {
    const o = new Overlay();
    const zoom = 0.0002;
    const edges = family(50_000, 2 / zoom);
    const view = { minX: -1_800_000, minY: -2_000_000, maxX: 1_800_000, maxY: 2_000_000 };
    o.drawEdges(edges, 'smoothstep', 0, view, zoom);
    const ins = edgeInstructions(o);
    expect(ins.map((i) => i.action)).toEqual(['fill']);
    const rects = (ins[0].data as { path: { shapePath: { shapePrimitives: unknown[] } } }).path.shapePath.shapePrimitives.length;
    expect(rects).toBeGreaterThan(0);
    expect(rects).toBeLessThan(50);
    // A pan within the same stepped area draws nothing new.
    const before = ins[0];
    o.drawEdges(edges, 'smoothstep', 0, { minX: view.minX + 1000, minY: view.minY, maxX: view.maxX + 1000, maxY: view.maxY }, zoom);
    expect(edgeInstructions(o)[0]).toBe(before);
    // Another family far to the right, in the same area: the first one's cells are not kept.
    const moved = edges.map((e) => ({ ...e, sx: e.sx + 1_000_000, tx: e.tx + 1_000_000 }));
    o.drawEdges(moved, 'smoothstep', 0, view, zoom);
    const bounds = (o.below.children[0] as Graphics).context.bounds;
    expect(bounds.minX).toBeGreaterThan(900_000);
  });

  it('strokes a few far-out edges with plain joins however wide they are in world units', () => {
    const o = new Overlay();
    const zoom = 0.0002;
    o.drawEdges(family(20, 2 / zoom), 'smoothstep', 0, { minX: -2e6, minY: -2e6, maxX: 2e6, maxY: 2e6 }, zoom);
    const ins = edgeInstructions(o);
    expect(ins.map((i) => i.action)).toEqual(['stroke']);
    const style = (ins[0].data as { style: { join: string; cap: string } }).style;
    expect([style.join, style.cap]).toEqual(['miter', 'butt']);
  });

  it('keeps strokes with round joins near (a few wide edges on screen)', () => {
    const o = new Overlay();
    o.drawEdges(family(3000, 4), 'smoothstep', 0, { minX: -200_000, minY: -200_000, maxX: 200_000, maxY: 200_000 }, 1);
    const ins = edgeInstructions(o);
    expect(ins.map((i) => i.action)).toEqual(['stroke']);
    expect((ins[0].data as { style: { join: string } }).style.join).toBe('round');
  });
});
