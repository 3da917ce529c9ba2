import fc from 'fast-check';
import Flatbush from 'flatbush';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('gives what a scan of every entry gives: the nearest entries meeting the rectangle and the filter', () => {
    const coord = fc.integer({ min: -2000, max: 2000 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coord, coord, fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 })), { minLength: 1, maxLength: 300 }),
        fc.tuple(coord, coord, fc.integer({ min: 0, max: 2500 }), fc.integer({ min: 0, max: 2500 })),
        fc.tuple(coord, coord),
        fc.integer({ min: 1, max: 40 }),
        (entries, [rx, ry, rw, rh], [x, y], limit) => {
          const ids = entries.map((_, i) => `n${i}`);
          const boxes = new Float64Array(entries.flatMap(([bx, by, w, h]) => [bx, by, bx + w, by + h]));
          const s = new SpatialIndex();
          s.build(ids, boxes);
          const r: Rect = { minX: rx, minY: ry, maxX: rx + rw, maxY: ry + rh };
          const keep = (id: string) => Number(id.slice(1)) % 3 !== 0;
          const dist = (i: number) => Math.hypot(Math.max(boxes[i * 4] - x, 0, x - boxes[i * 4 + 2]), Math.max(boxes[i * 4 + 1] - y, 0, y - boxes[i * 4 + 3]));
          const meets = (i: number) => boxes[i * 4] <= r.maxX && boxes[i * 4 + 2] >= r.minX && boxes[i * 4 + 1] <= r.maxY && boxes[i * 4 + 3] >= r.minY;
          const want = ids.map((_, i) => i).filter((i) => meets(i) && keep(ids[i])).map(dist).sort((a, b) => a - b).slice(0, limit);
          const got = s.nearest(x, y, limit, r, keep);
          for (const id of got) expect(meets(Number(id.slice(1))) && keep(id)).toBe(true);
          expect(got.map((id) => dist(Number(id.slice(1)))).sort((a, b) => a - b)).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  describe('on a big map with few entries on screen', () => {
    afterEach(() => vi.restoreAllMocks());

    it('looks only at entries the rectangle can reach, not at the whole map', () => {
      // 40,000 entries on a grid 100 apart; the rectangle holds 4 of them; 200 are asked for.
      const ids: string[] = [];
      const boxes: number[] = [];
      for (let gx = 0; gx < 200; gx++) {
        for (let gy = 0; gy < 200; gy++) {
          ids.push(`g${gx}_${gy}`);
          boxes.push(gx * 100, gy * 100, gx * 100 + 10, gy * 100 + 10);
        }
      }
      const s = new SpatialIndex();
      s.build(ids, Float64Array.from(boxes));
      const original = Flatbush.prototype.neighbors;
      let looked = 0;
      vi.spyOn(Flatbush.prototype, 'neighbors').mockImplementation(function (this: Flatbush, x, y, max, maxDistance, filter) {
        return original.call(this, x, y, max, maxDistance, (i: number) => {
          looked++;
          return filter ? filter(i) : true;
        });
      });
      const r: Rect = { minX: 9995, minY: 9995, maxX: 10115, maxY: 10115 };
      expect(s.nearest(10055, 10055, 200, r).sort()).toEqual(['g100_100', 'g100_101', 'g101_100', 'g101_101']);
      expect(looked).toBeGreaterThan(0);
      expect(looked).toBeLessThan(100);
    });
  });
});
