import { describe, expect, it } from 'vitest';
import { clipPolyline, pieceDeduper, polylineInside } from '../../../src/scene/edges/clipPolyline';

const R = { minX: 0, minY: 0, maxX: 100, maxY: 100 };

describe('clipPolyline', () => {
  it('keeps a polyline inside whole', () => {
    expect(clipPolyline([10, 10, 50, 10, 50, 90], R)).toEqual([[10, 10, 50, 10, 50, 90]]);
    expect(polylineInside([10, 10, 50, 90], R)).toBe(true);
    expect(polylineInside([10, 10, 50, 190], R)).toBe(false);
  });

  it('cuts a long trunk to the rect', () => {
    // A step edge: right from the parent, down a long trunk far past the rect, right to the child.
    expect(clipPolyline([-20, 50, 40, 50, 40, 10_000, 80, 10_000], R)).toEqual([[0, 50, 40, 50, 40, 100]]);
  });

  it('splits a polyline that leaves and comes back', () => {
    expect(clipPolyline([10, 50, 150, 50, 150, 80, 10, 80], R)).toEqual([
      [10, 50, 100, 50],
      [100, 80, 10, 80],
    ]);
  });

  it('drops a polyline that misses the rect', () => {
    expect(clipPolyline([200, 0, 200, 500, 300, 500], R)).toEqual([]);
  });

  it('10,000 edges down one trunk leave one piece each on the trunk, drawn once', () => {
    const fresh = pieceDeduper();
    let kept = 0;
    for (let i = 1; i <= 10_000; i++) {
      for (const piece of clipPolyline([-50, 0, 40, 0, 40, 100 + i * 70, 120, 100 + i * 70], R)) if (fresh(piece)) kept++;
    }
    expect(kept).toBe(1);
  });

  it('the deduper tells different pieces apart and knows a reversed one', () => {
    const fresh = pieceDeduper();
    expect(fresh([0, 0, 10, 10])).toBe(true);
    expect(fresh([0, 0, 10, 10.001])).toBe(false);
    expect(fresh([10, 10, 0, 0])).toBe(false);
    expect(fresh([0, 0, 10, 11])).toBe(true);
  });
});

describe('cut pieces keep their place along the line', () => {
  it('reports where each piece starts, measured from the polyline start', () => {
    const starts: number[] = [];
    const pieces = clipPolyline([-50, 10, 150, 10, 150, 80, -50, 80], R, starts);
    expect(pieces).toEqual([
      [0, 10, 100, 10],
      [100, 80, 0, 80],
    ]);
    // 50 units before the rect; the second piece after 200 + 70 + 50.
    expect(starts).toEqual([50, 320]);
  });

  it('dash pieces: the same points with another offset are kept, a reversed one too', () => {
    const fresh = pieceDeduper(false);
    expect(fresh([0, 0, 0, 100], '0')).toBe(true);
    expect(fresh([0, 0, 0, 100], '0')).toBe(false);
    expect(fresh([0, 0, 0, 100], '300')).toBe(true);
    expect(fresh([0, 100, 0, 0], '0')).toBe(true);
  });
});
