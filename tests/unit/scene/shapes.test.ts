import { describe, expect, test } from 'vitest';
import { circlePoints, roundRectPoints } from '../../../src/scene/render/shapes';

describe('low-vertex shapes', () => {
  test('rounded rectangle stays inside its box, touches every side, and is small', () => {
    const pts = roundRectPoints(10, 20, 140, 56, 10, 4);
    expect(pts.length / 2).toBe(20);
    const xs = pts.filter((_, i) => i % 2 === 0);
    const ys = pts.filter((_, i) => i % 2 === 1);
    expect(Math.min(...xs)).toBeCloseTo(10);
    expect(Math.max(...xs)).toBeCloseTo(150);
    expect(Math.min(...ys)).toBeCloseTo(20);
    expect(Math.max(...ys)).toBeCloseTo(76);
    // Corners are cut: the box corner itself is not on the outline.
    expect(pts.some((v, i) => i % 2 === 0 && Math.abs(v - 10) < 1e-9 && Math.abs(pts[i + 1] - 20) < 1e-9)).toBe(false);
  });

  test('radius is clamped; zero radius gives a plain rectangle', () => {
    expect(roundRectPoints(0, 0, 10, 4, 0)).toEqual([0, 0, 10, 0, 10, 4, 0, 4]);
    const pts = roundRectPoints(0, 0, 10, 4, 50, 2);
    for (let i = 0; i < pts.length; i += 2) {
      expect(pts[i]).toBeGreaterThanOrEqual(-1e-9);
      expect(pts[i]).toBeLessThanOrEqual(10 + 1e-9);
      expect(pts[i + 1]).toBeGreaterThanOrEqual(-1e-9);
      expect(pts[i + 1]).toBeLessThanOrEqual(4 + 1e-9);
    }
  });

  test('circle points lie on the circle', () => {
    const pts = circlePoints(5, -3, 8, 12);
    expect(pts.length).toBe(24);
    for (let i = 0; i < pts.length; i += 2) expect(Math.hypot(pts[i] - 5, pts[i + 1] + 3)).toBeCloseTo(8);
  });
});
