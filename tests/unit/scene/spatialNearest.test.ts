import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/scene/geometry';
import { SpatialIndex } from '../../../src/scene/spatial/spatialIndex';

const box = (x: number, y: number): Rect => ({ minX: x, minY: y, maxX: x + 10, maxY: y + 10 });

/** A row of boxes every 100 units along x: id `n<i>` at x = 100·i. */
function row(n: number): SpatialIndex {
  const ids: string[] = [];
  const boxes = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    ids.push(`n${i}`);
    const b = box(i * 100, 0);
    boxes.set([b.minX, b.minY, b.maxX, b.maxY], i * 4);
  }
  const s = new SpatialIndex();
  s.build(ids, boxes);
  return s;
}

const everywhere: Rect = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 };

describe('nearest entries', () => {
  it('returns the closest ones first, no more than asked', () => {
    expect(row(1000).nearest(5000, 5, 3, everywhere).sort()).toEqual(['n49', 'n50', 'n51']);
    expect(row(1000).nearest(5000, 5, 3, everywhere)[0]).toBe('n50');
    expect(row(1000).nearest(5000, 5, 3, everywhere)).toHaveLength(3);
  });

  it('keeps to the rectangle and the filter', () => {
    const s = row(1000);
    const r: Rect = { minX: 0, minY: 0, maxX: 250, maxY: 10 };
    expect(s.nearest(5000, 5, 10, r).sort()).toEqual(['n0', 'n1', 'n2']);
    expect(s.nearest(0, 5, 10, r, (id) => id !== 'n1').sort()).toEqual(['n0', 'n2']);
  });

  it('answers for changed entries too: moved ones where they are now, removed ones not at all', () => {
    const s = row(100);
    s.set('n0', box(5000, 0));
    s.remove('n49');
    s.set('x', box(4990, 0));
    const got = s.nearest(5005, 5, 3, everywhere);
    expect([...got].sort()).toEqual(['n0', 'n50', 'x']);
    expect(got).not.toContain('n49');
    expect(s.nearest(0, 5, 1, everywhere)).toEqual(['n1']);
  });
});
