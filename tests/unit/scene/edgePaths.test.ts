import { describe, expect, test } from 'vitest';
import { dashSegments, edgePolyline, polylineLength, roundCorners, smoothStepPoints } from '../../../src/scene/edges/edgePaths';

describe('smooth-step edges', () => {
  test('forward edge: horizontal, vertical at the middle, horizontal', () => {
    expect(smoothStepPoints(0, 0, 200, 100)).toEqual([0, 0, 100, 0, 100, 100, 200, 100]);
  });

  test('level edge is a straight line', () => {
    expect(smoothStepPoints(0, 50, 300, 50)).toEqual([0, 50, 300, 50]);
  });

  test('backward edge steps out and around', () => {
    const p = smoothStepPoints(200, 0, 0, 100, 20);
    expect(p.slice(0, 4)).toEqual([200, 0, 220, 0]);
    expect(p.slice(-4)).toEqual([-20, 100, 0, 100]);
    // every segment is axis-aligned
    for (let i = 2; i < p.length; i += 2) expect(p[i] === p[i - 2] || p[i + 1] === p[i - 1]).toBe(true);
  });

  test('rounded corners stay close to the corner and keep the ends', () => {
    const pts = roundCorners([0, 0, 100, 0, 100, 100, 200, 100], 8, 3);
    expect(pts.slice(0, 2)).toEqual([0, 0]);
    expect(pts.slice(-2)).toEqual([200, 100]);
    // no point passes the sharp corner
    for (let i = 0; i < pts.length; i += 2) expect(pts[i]).toBeLessThanOrEqual(200);
    const len = polylineLength(pts);
    expect(len).toBeLessThan(300);
    expect(len).toBeGreaterThan(290);
  });

  test('corner radius shrinks on short segments', () => {
    const pts = roundCorners([0, 0, 100, 0, 100, 4, 200, 4], 8, 2);
    for (let i = 1; i < pts.length / 2; i++) expect(Number.isFinite(pts[i * 2])).toBe(true);
    expect(Math.max(...pts.filter((_, i) => i % 2 === 1))).toBeLessThanOrEqual(4);
  });

  test('straight style is one segment', () => {
    expect(edgePolyline(0, 0, 10, 20, 'straight')).toEqual([0, 0, 10, 20]);
    expect(edgePolyline(0, 0, 200, 100, 'step')).toEqual([0, 0, 100, 0, 100, 100, 200, 100]);
  });
});

describe('animated dashes', () => {
  const collect = (phase: number) => {
    const out: number[][] = [];
    dashSegments([0, 0, 100, 0], 5, 5, phase, (x0, y0, x1, y1) => out.push([x0, y0, x1, y1]));
    return out;
  };

  test('dash pattern covers half of the line', () => {
    const segs = collect(0);
    const on = segs.reduce((s, [x0, , x1]) => s + (x1 - x0), 0);
    expect(on).toBeCloseTo(50);
    expect(segs[0]).toEqual([0, 0, 5, 0]);
  });

  test('advancing the phase moves the dashes forward', () => {
    const a = collect(0)[1];
    const b = collect(2).find((s) => s[0] > 5)!;
    expect(b[0]).toBeCloseTo(a[0] + 2);
  });

  test('dashes continue across corners', () => {
    let total = 0;
    dashSegments([0, 0, 7, 0, 7, 7], 4, 2, 0, (x0, y0, x1, y1) => (total += Math.hypot(x1 - x0, y1 - y0)));
    // 14 units: dash 4, gap 2, dash 4, gap 2, dash 2
    expect(total).toBeCloseTo(10);
  });
});

describe('dashSegments with a clip rect', () => {
  const collect = (pts: number[], phase: number, clip?: { minX: number; minY: number; maxX: number; maxY: number }) => {
    const out: number[][] = [];
    dashSegments(pts, 6, 5, phase, (x0, y0, x1, y1) => out.push([x0, y0, x1, y1]), clip);
    return out;
  };

  test('emits only the dashes inside the rect, exactly where the unclipped pattern has them', () => {
    const pts = [0, 0, 1000, 0, 1000, 1000];
    const clip = { minX: 400, minY: -10, maxX: 1100, maxY: 300 };
    const all = collect(pts, 3);
    const clipped = collect(pts, 3, clip);
    const inside = (x: number, y: number) => x >= clip.minX - 1e-9 && x <= clip.maxX + 1e-9 && y >= clip.minY - 1e-9 && y <= clip.maxY + 1e-9;
    for (const [x0, y0, x1, y1] of clipped) expect(inside(x0, y0) && inside(x1, y1)).toBe(true);
    // Every clipped dash lies on an unclipped one.
    for (const [x0, y0, x1, y1] of clipped) {
      expect(all.some(([a0, b0, a1, b1]) => Math.min(a0, a1) - 1e-6 <= Math.min(x0, x1) && Math.max(x0, x1) <= Math.max(a0, a1) + 1e-6 && Math.min(b0, b1) - 1e-6 <= Math.min(y0, y1) && Math.max(y0, y1) <= Math.max(b0, b1) + 1e-6)).toBe(true);
    }
    // Unclipped dashes fully inside the rect all come out.
    const fullyInside = all.filter(([x0, y0, x1, y1]) => inside(x0, y0) && inside(x1, y1));
    expect(clipped.length).toBeGreaterThanOrEqual(fullyInside.length);
    expect(clipped.length).toBeLessThanOrEqual(fullyInside.length + 4);
  });

  test('a line millions of units long costs only what is on screen', () => {
    let calls = 0;
    dashSegments([0, 0, 5_000_000, 0], 6, 5, 0, () => calls++, { minX: 2_000_000, minY: -100, maxX: 2_001_100, maxY: 100 });
    expect(calls).toBeLessThanOrEqual(101);
    expect(calls).toBeGreaterThanOrEqual(99);
  });

  test('nothing when the line misses the rect', () => {
    expect(collect([0, 0, 100, 0], 0, { minX: 0, minY: 10, maxX: 100, maxY: 20 })).toEqual([]);
  });
});
