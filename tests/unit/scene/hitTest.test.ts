import { describe, expect, test } from 'vitest';
import { chevronCenter, handleCenter, hitPart, nodeHitBox, plusCenter } from '../../../src/scene/topics/nodeLayout';
import { NODE_HEIGHT } from '../../../src/scene/constants';
import { SpatialIndex, OVERLAY_LIMIT } from '../../../src/scene/spatial/spatialIndex';
import { rectContains } from '../../../src/scene/geometry';

const opts = { hasChildren: true, detailed: true, hovered: true };

describe('topic parts', () => {
  test('body, chevron, handles and the hover plus', () => {
    const w = 160;
    expect(hitPart(w, 40, 30, opts)).toBe('body');
    const c = chevronCenter(w);
    expect(hitPart(w, c.x, c.y, opts)).toBe('chevron');
    const hi = handleCenter(w, 'in');
    expect(hitPart(w, hi.x - 3, hi.y, opts)).toBe('handle-in');
    const ho = handleCenter(w, 'out');
    expect(hitPart(w, ho.x + 2, ho.y, opts)).toBe('handle-out');
    const p = plusCenter(w);
    expect(hitPart(w, p.x, p.y, opts)).toBe('plus');
    expect(hitPart(w, 400, 400, opts)).toBeNull();
  });

  test('no chevron without children, no plus without hover, no handles below full detail', () => {
    const w = 160;
    const c = chevronCenter(w);
    expect(hitPart(w, c.x, c.y, { ...opts, hasChildren: false })).toBe('body');
    const p = plusCenter(w);
    expect(hitPart(w, p.x, p.y, { ...opts, hovered: false })).toBeNull();
    const ho = handleCenter(w, 'out');
    expect(hitPart(w, ho.x - 1, ho.y, { ...opts, detailed: false })).toBe('body');
    expect(hitPart(w, p.x, p.y, { ...opts, detailed: false })).toBeNull();
    // The chevron is drawn on every card, so it folds at the 'label' level too.
    expect(hitPart(w, c.x, c.y, { ...opts, detailed: false })).toBe('chevron');
  });

  test('touch slop widens small targets', () => {
    const hi = handleCenter(160, 'in');
    expect(hitPart(160, hi.x - 14, hi.y, opts)).toBeNull();
    expect(hitPart(160, hi.x - 14, hi.y, { ...opts, slop: 6 })).toBe('handle-in');
  });

  test('a finger on the card near its side selects the topic; only the dot itself starts a connection', () => {
    const ho = handleCenter(160, 'out');
    const touch = { ...opts, hasChildren: false, slop: 6 };
    expect(hitPart(160, ho.x - 7, ho.y, touch)).toBe('body');
    expect(hitPart(160, ho.x - 14, ho.y + 10, touch)).toBe('body');
    expect(hitPart(160, ho.x - 3, ho.y, touch)).toBe('handle-out');
    // Nor does it fold the topic, with the chevron above it.
    expect(hitPart(160, ho.x - 7, ho.y, { ...touch, hasChildren: true })).toBe('body');
    const c = chevronCenter(160);
    expect(hitPart(160, c.x + 8, c.y + 8, { ...touch, hasChildren: true })).toBe('chevron');
    // The mouse keeps its reach inside the card.
    expect(hitPart(160, ho.x - 7, ho.y, { ...opts, hasChildren: false })).toBe('handle-out');
  });

  test('the index box covers handles and the plus', () => {
    const box = nodeHitBox(100, 50, 160);
    expect(rectContains(box, 100 - 4, 50 + NODE_HEIGHT / 2)).toBe(true);
    const p = plusCenter(160);
    expect(rectContains(box, 100 + p.x, 50 + p.y + 8)).toBe(true);
  });
});

describe('spatial index', () => {
  function grid(n: number): SpatialIndex {
    const ids: string[] = [];
    const boxes = new Float64Array(n * 4);
    for (let i = 0; i < n; i++) {
      ids.push(`n${i}`);
      const x = (i % 100) * 300;
      const y = Math.floor(i / 100) * 100;
      boxes.set([x, y, x + 200, y + 60], i * 4);
    }
    const idx = new SpatialIndex();
    idx.build(ids, boxes);
    return idx;
  }

  test('viewport query returns only what intersects', () => {
    const idx = grid(10_000);
    const found = idx.search({ minX: 0, minY: 0, maxX: 650, maxY: 150 });
    expect(found.sort()).toEqual(['n0', 'n1', 'n100', 'n101', 'n102', 'n2'].sort());
  });

  test('point query and filter', () => {
    const idx = grid(100);
    expect(idx.at(310, 10)).toEqual(['n1']);
    expect(idx.at(310, 10, (id) => id !== 'n1')).toEqual([]);
    expect(idx.at(250, 10)).toEqual([]);
  });

  test('moved and removed topics are found where they are now', () => {
    const idx = grid(100);
    idx.set('n1', { minX: 5000, minY: 5000, maxX: 5200, maxY: 5060 });
    expect(idx.at(310, 10)).toEqual([]);
    expect(idx.at(5100, 5010)).toEqual(['n1']);
    idx.set('new', { minX: 310, minY: 10, maxX: 320, maxY: 20 });
    expect(idx.at(315, 15)).toEqual(['new']);
    idx.remove('n2');
    expect(idx.at(610, 10)).toEqual([]);
    expect(idx.size).toBe(100);
  });

  test('asks for a rebuild once the overlay grows', () => {
    const idx = grid(10);
    for (let i = 0; i <= OVERLAY_LIMIT; i++) idx.set(`x${i}`, { minX: 0, minY: 0, maxX: 1, maxY: 1 });
    expect(idx.needsRebuild).toBe(true);
  });

  test('empty index', () => {
    const idx = new SpatialIndex();
    idx.build([], new Float64Array(0));
    expect(idx.search({ minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 })).toEqual([]);
  });
});
