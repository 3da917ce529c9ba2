import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/scene/geometry';
import { packTree, SpatialIndex, type TreeBuilder } from '../../../src/scene/spatial/spatialIndex';

const box = (x: number, y: number): Rect => ({ minX: x, minY: y, maxX: x + 10, maxY: y + 10 });

function flat(entries: [string, Rect][]): [string[], Float64Array] {
  const arr = new Float64Array(entries.length * 4);
  entries.forEach(([, r], i) => arr.set([r.minX, r.minY, r.maxX, r.maxY], i * 4));
  return [entries.map(([id]) => id), arr];
}

/** A builder whose builds finish when the test says so (as a worker's would, later). */
function heldBuilder() {
  const held: (() => void)[] = [];
  const builder: TreeBuilder = (boxes) => new Promise((resolve) => held.push(() => resolve(packTree(boxes).data as ArrayBuffer)));
  return { builder, finish: () => held.shift()!() };
}

const all = (s: SpatialIndex) => s.search({ minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 }).sort();

describe('a spatial tree rebuilt elsewhere', () => {
  it('answers from the old tree and overlay meanwhile, and keeps what changed meanwhile after', async () => {
    const s = new SpatialIndex();
    const now = new Map<string, Rect>([['a', box(0, 0)], ['b', box(100, 0)], ['c', box(200, 0)]]);
    s.build(...flat([...now]));
    // Changes before the rebuild: c removed, d added.
    s.remove('c');
    now.delete('c');
    s.set('d', box(300, 0));
    now.set('d', box(300, 0));
    const { builder, finish } = heldBuilder();
    const done = s.buildLater(...flat([...now]), builder);
    expect(s.building).toBe(true);
    // Changes while it builds: a moved, b removed, e added.
    s.set('a', box(0, 500));
    now.set('a', box(0, 500));
    s.remove('b');
    now.delete('b');
    s.set('e', box(400, 0));
    now.set('e', box(400, 0));
    expect(all(s)).toEqual(['a', 'd', 'e']);
    finish();
    expect(await done).toBe(true);
    expect(s.building).toBe(false);
    expect(all(s)).toEqual(['a', 'd', 'e']);
    expect(s.search(box(0, 0))).toEqual([]);
    expect(s.search(box(0, 500))).toEqual(['a']);
    // Only what changed during the build is left over the new tree: a and e in the overlay, the new
    // tree's a and b skipped.
    expect(s.overlaySize).toBe(4);
  });

  it('drops a build that a newer one replaced', async () => {
    const s = new SpatialIndex();
    s.build(...flat([['a', box(0, 0)]]));
    const { builder, finish } = heldBuilder();
    const first = s.buildLater(...flat([['a', box(0, 0)], ['old', box(50, 0)]]), builder);
    s.build(...flat([['a', box(0, 0)], ['new', box(80, 0)]]));
    finish();
    expect(await first).toBe(false);
    expect(all(s)).toEqual(['a', 'new']);
  });

  it('keeps answering from the overlay when the builder fails', async () => {
    const s = new SpatialIndex();
    s.build(...flat([['a', box(0, 0)]]));
    s.set('b', box(20, 0));
    await expect(s.buildLater(...flat([['a', box(0, 0)], ['b', box(20, 0)]]), () => Promise.reject(new Error('no worker')))).rejects.toThrow();
    expect(s.building).toBe(false);
    expect(all(s)).toEqual(['a', 'b']);
  });
});

describe('a whole new set of boxes packed elsewhere', () => {
  const grid = (): [string, Rect][] => Array.from({ length: 50 }, (_, i) => [`n${i}`, box((i % 10) * 100, Math.floor(i / 10) * 100)]);

  it('answers searches and nearest by scanning until the tree is in, then from the tree, alike', async () => {
    const s = new SpatialIndex();
    s.build(...flat([['old', box(5000, 5000)]]));
    const { builder, finish } = heldBuilder();
    const done = s.buildElsewhere(...flat(grid()), builder);
    const answers = () => [
      s.search({ minX: 150, minY: 95, maxX: 320, maxY: 220 }).sort(),
      s.nearest(402, 207, 3, { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 }),
      s.at(905, 405),
      all(s).length,
    ];
    const scanned = answers();
    expect(scanned).toEqual([['n12', 'n13', 'n22', 'n23'], ['n24', 'n23', 'n34'], ['n49'], 50]);
    finish();
    expect(await done).toBe(true);
    expect(answers()).toEqual(scanned);
  });

  it('keeps what changed while the tree was packed, and keeps scanning when the builder fails', async () => {
    const s = new SpatialIndex();
    const { builder, finish } = heldBuilder();
    const done = s.buildElsewhere(...flat(grid()), builder);
    s.set('n0', box(0, 5000));
    s.remove('n1');
    s.set('x', box(0, 5000));
    const near = (r: Rect) => s.search(r).sort();
    expect(near(box(0, 0))).toEqual([]);
    expect(near(box(0, 5000))).toEqual(['n0', 'x']);
    expect(all(s)).toHaveLength(50);
    finish();
    await done;
    expect(near(box(0, 0))).toEqual([]);
    expect(near(box(100, 0))).toEqual([]);
    expect(near(box(0, 5000))).toEqual(['n0', 'x']);
    expect(all(s)).toHaveLength(50);

    const failing = new SpatialIndex();
    await expect(failing.buildElsewhere(...flat(grid()), () => Promise.reject(new Error('no worker')))).rejects.toThrow();
    expect(failing.search(box(100, 100))).toEqual(['n11']);
  });
});

describe('the static ids, known only when a change asks', () => {
  it('are made as a tree packed elsewhere comes in, not by the first change after it', async () => {
    const s = new SpatialIndex();
    s.build(...flat([['a', box(0, 0)]]));
    expect(s.staticsKnown).toBe(false);
    const { builder, finish } = heldBuilder();
    const done = s.buildLater(...flat([['a', box(0, 0)], ['b', box(50, 0)]]), builder);
    finish();
    expect(await done).toBe(true);
    expect(s.staticsKnown).toBe(true);
    expect(s.size).toBe(2);
  });


  const entries = (): [string, Rect][] => Array.from({ length: 20 }, (_, i) => [`n${i}`, box(i * 100, 0)]);
  const changes = (s: SpatialIndex) => {
    s.set('n3', box(300, 900)); // a static entry moved
    s.set('new', box(5000, 0)); // an entry the tree does not hold
    s.remove('n7');
    s.remove('missing');
  };

  it.each([false, true])('counts and answers alike whether or not the set was made before the changes (warm first: %s)', async (warmFirst) => {
    const s = new SpatialIndex();
    const { builder, finish } = heldBuilder();
    const done = s.buildElsewhere(...flat(entries()), builder);
    if (warmFirst) s.warm();
    expect(s.size).toBe(20);
    changes(s);
    expect(s.size).toBe(20);
    expect(s.search(box(300, 0))).toEqual([]);
    expect(s.search(box(300, 900))).toEqual(['n3']);
    expect(all(s)).toHaveLength(20);
    finish();
    await done;
    expect(s.size).toBe(20);
    expect(s.overlaySize).toBe(4); // n3 and new over the tree, n3 and n7 stale in it
    expect(all(s)).toEqual(entries().map(([id]) => id).filter((id) => id !== 'n7').concat('new').sort());
  });
});
