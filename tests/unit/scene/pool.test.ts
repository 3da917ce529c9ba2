import { describe, expect, test } from 'vitest';
import { Pool } from '../../../src/scene/topics/pool';
import { PendingChanges } from '../../../src/scene/sync/sync';
import { emptyChangeSet } from '../../../src/state/store';
import { tileRange, tilesByDistance, tileKey, inRange } from '../../../src/scene/edges/tiles';
import { minimapTransform } from '../../../src/scene/minimap/Minimap';
import { notesTooltip, visibleTags } from '../../../src/scene/overlay/hoverContent';

describe('pool', () => {
  test('recycles released items instead of creating new ones', () => {
    let made = 0;
    const resets: number[] = [];
    const pool = new Pool<{ n: number }>({ create: () => ({ n: made++ }), reset: (x) => resets.push(x.n), dispose: () => {} }, 2);
    const a = pool.acquire();
    const b = pool.acquire();
    pool.release(a);
    const c = pool.acquire();
    expect(c).toBe(a);
    expect(made).toBe(2);
    expect(resets).toEqual([0]);
    expect(pool.inUse).toBe(2);
    void b;
  });

  test('drops items beyond the free limit', () => {
    const disposed: number[] = [];
    let made = 0;
    const pool = new Pool<number>({ create: () => made++, reset: () => {}, dispose: (x) => disposed.push(x) }, 1);
    const items = [pool.acquire(), pool.acquire(), pool.acquire()];
    for (const i of items) pool.release(i);
    expect(pool.freeCount).toBe(1);
    expect(disposed).toEqual([1, 2]);
    expect(pool.alive).toBe(1);
  });
});

describe('pending changes', () => {
  test('merges change sets until flushed', () => {
    const p = new PendingChanges();
    expect(p.empty).toBe(true);
    const c = emptyChangeSet();
    c.nodes.add('a');
    c.selection = true;
    p.addChanges(c);
    const d = emptyChangeSet();
    d.nodes.add('b');
    d.edges.add('e');
    p.addChanges(d);
    expect([...p.nodes]).toEqual(['a', 'b']);
    expect(p.selection).toBe(true);
    p.clear();
    expect(p.empty).toBe(true);
  });

  test('a reset swallows per-id changes; huge visibility deltas become a reset', () => {
    const p = new PendingChanges();
    const c = emptyChangeSet();
    c.reset = true;
    c.nodes.add('x');
    p.addChanges(c);
    expect(p.reset).toBe(true);
    expect(p.nodes.size).toBe(0);
    const q = new PendingChanges();
    q.addVisibility({ reset: false, shown: ['a'], hidden: [] });
    expect(q.shown).toEqual(['a']);
    q.addVisibility({ reset: false, shown: [], hidden: Array.from({ length: 25000 }, (_, i) => `h${i}`) });
    expect(q.visibilityReset).toBe(true);
    expect(q.hidden.length).toBe(0);
  });
});

describe('tiles, minimap, hover content', () => {
  test('tile ranges and nearest-first order', () => {
    const r = tileRange({ minX: -10, minY: 0, maxX: 2100, maxY: 1023 }, 1024);
    expect(r).toEqual({ x0: -1, y0: 0, x1: 2, y1: 0 });
    const order = tilesByDistance({ x0: 0, y0: 0, x1: 2, y1: 2 });
    expect(order[0]).toEqual([1, 1]);
    expect(order.length).toBe(9);
    expect(tileKey(-1, 2)).toBe('-1,2');
    expect(inRange(r, 2, 0)).toBe(true);
    expect(inRange(r, 3, 0)).toBe(false);
  });

  test('minimap transform fits the bounds and keeps aspect', () => {
    const tf = minimapTransform({ minX: 0, minY: 0, maxX: 1000, maxY: 100 }, 200, 140, 10);
    expect(tf.scale).toBeCloseTo(0.18);
    expect(0 * tf.scale + tf.ox).toBeCloseTo(10);
    expect(1000 * tf.scale + tf.ox).toBeCloseTo(190);
  });

  test('notes tooltip is cut at 30 characters', () => {
    expect(notesTooltip('short')).toBe('short');
    const long = 'a'.repeat(45);
    expect(notesTooltip(long)).toBe('a'.repeat(30) + '…');
  });

  test('at most three tags, then +N', () => {
    expect(visibleTags(['a', 'b'])).toEqual(['a', 'b']);
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', '+2']);
  });
});
