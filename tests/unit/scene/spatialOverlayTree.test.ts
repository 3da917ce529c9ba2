/**
 * A big overlay (a layout moved most of the map) answers through a tree packed over it: the same
 * ids as scanning every entry, before and after further changes.
 */
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/scene/geometry';
import { SpatialIndex } from '../../../src/scene/spatial/spatialIndex';

describe('spatial index with a big overlay', () => {
  it('finds what a scan of every entry finds, and follows later changes', () => {
    let seed = 5;
    const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const box = (): Rect => {
      const x = rnd() * 20000;
      const y = rnd() * 20000;
      return { minX: x, minY: y, maxX: x + 50 + rnd() * 200, maxY: y + 40 };
    };
    const truth = new Map<string, Rect>();
    const ids: string[] = [];
    const flat = new Float64Array(10000 * 4);
    for (let i = 0; i < 10000; i++) {
      const b = box();
      ids.push(`n${i}`);
      truth.set(`n${i}`, b);
      flat.set([b.minX, b.minY, b.maxX, b.maxY], i * 4);
    }
    const index = new SpatialIndex();
    index.build(ids, flat);
    const change = (count: number, removeShare: number) => {
      for (let k = 0; k < count; k++) {
        const id = `n${Math.floor(rnd() * 10500)}`; // some new ids
        if (rnd() < removeShare) {
          index.remove(id);
          truth.delete(id);
        } else {
          const b = box();
          index.set(id, b);
          truth.set(id, b);
        }
      }
    };
    const check = () => {
      for (let q = 0; q < 30; q++) {
        const r = box();
        const big = { minX: r.minX, minY: r.minY, maxX: r.minX + 3000, maxY: r.minY + 2000 };
        const want = [...truth].filter(([, b]) => b.minX <= big.maxX && b.maxX >= big.minX && b.minY <= big.maxY && b.maxY >= big.minY).map(([id]) => id);
        expect(index.search(big, []).sort()).toEqual(want.sort());
        const x = big.minX + 1500;
        const y = big.minY + 1000;
        const d = (b: Rect) => Math.hypot(Math.max(b.minX - x, 0, x - b.maxX), Math.max(b.minY - y, 0, y - b.maxY));
        const nearWant = want.map((id) => d(truth.get(id)!)).sort((a, b) => a - b).slice(0, 10);
        const nearGot = index.nearest(x, y, 10, big).map((id) => d(truth.get(id)!));
        expect(nearGot).toEqual(nearWant);
      }
    };
    change(8000, 0.05); // past the size from which the overlay is packed
    expect(index.overlaySize).toBeGreaterThan(4096);
    check();
    change(50, 0);
    check();
    change(50, 1);
    check();
  });

  it('scans a big overlay for the first queries after a change, and packs it once scanning has cost as much', () => {
    const index = new SpatialIndex();
    index.build([], new Float64Array(0));
    const at = (i: number): Rect => ({ minX: i * 20, minY: 0, maxX: i * 20 + 10, maxY: 10 });
    for (let i = 0; i < 5000; i++) index.set(`n${i}`, at(i));
    const query = () => index.search({ minX: 0, minY: 0, maxX: 15, maxY: 10 }, []);
    for (let q = 0; q < 16; q++) {
      expect(query()).toEqual(['n0']);
      expect(index.overlayPacked).toBe(false);
    }
    expect(query()).toEqual(['n0']);
    expect(index.overlayPacked).toBe(true);
    // A change drops the tree, and scanning starts over.
    index.set('n0', at(1));
    expect(index.overlayPacked).toBe(false);
    expect(query()).toEqual([]);
    expect(index.overlayPacked).toBe(false);
  });
});
