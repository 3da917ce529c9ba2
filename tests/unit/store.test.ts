import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../src/state/doc';
import { addChild, moveNode, renameNode, select, toggleExpanded } from '../../src/state/operations';
import { applyPatchesShared } from '../../src/state/patches';
import { MindMapStore, type ChangeSet } from '../../src/state/store';
import { beginBulk, finishBulk } from '../../src/state/bulk';
import { tree, wide } from './helpers/tree';
import { tableValues } from '../../src/state/table';

describe('store', () => {
  it('starts with one root "Main Topic", expanded, #9b87f5, at 0,0', () => {
    const s = new MindMapStore().getState();
    expect(s.nodes.n).toBe(1);
    expect(s.rootId).toBe('root');
    const root = tableValues(s.nodes)[0];
    expect(root).toEqual({
      id: 'root',
      type: 'root',
      position: { x: 0, y: 0 },
      parentId: null,
      connectionType: 'standard',
      data: { label: 'Main Topic', expanded: true, color: '#9b87f5', animation: 'pulse' },
    });
    expect(s.selectedNodeId).toBeNull();
    expect(s.searchQuery).toBe('');
  });

  it('reports exactly what changed', () => {
    const store = tree('Root', 'A');
    const seen: ChangeSet[] = [];
    store.subscribe((c) => seen.push(c));
    renameNode(store, 'A', 'Renamed');
    expect([...seen[0].nodes]).toEqual(['A']);
    expect(seen[0].structure.size).toBe(0);
    expect(seen[0].reset).toBe(false);
    toggleExpanded(store, 'A');
    expect([...seen[1].structure]).toEqual(['A']);
    const id = addChild(store, 'A')!;
    expect(seen[2].structure.has(id)).toBe(true);
    expect(seen[2].edges.has(`e-A-${id}`)).toBe(true);
    expect(seen[2].selection).toBe(true);
    expect(seen[2].reset).toBe(false);
  });

  it('keeps history bounded', () => {
    const store = new MindMapStore(createInitialState(), 5);
    for (let i = 0; i < 10; i++) moveNode(store, 'root', { x: i + 1, y: 0 });
    let undos = 0;
    while (store.undo()) undos++;
    expect(undos).toBe(5);
  });

  it('drops the oldest steps when history holds too many records, always keeping the newest', () => {
    const store = new MindMapStore(wide(2_000).getState(), 200, 5_000);
    const edit = (x: number) => {
      const s = store.getState();
      const w = beginBulk(s);
      for (let i = 1; i <= 1_000; i++) w.nodes.set(`t${i}`, { ...w.nodes.get(`t${i}`)!, position: { x, y: i } });
      const e = finishBulk(s, w);
      store.commit('Move many', e.state, e.patches, e.inverse);
    };
    // About 1,000 records a step against a limit of 5,000.
    for (let k = 1; k <= 20; k++) edit(k);
    let undos = 0;
    while (store.undo()) undos++;
    expect(undos).toBe(5);
  });

  it('a new change clears the redo stack; selection changes do not', () => {
    const store = tree('Root', 'A');
    moveNode(store, 'A', { x: 1, y: 1 });
    store.undo();
    select(store, 'A');
    expect(store.canRedo()).toBe(true);
    moveNode(store, 'A', { x: 2, y: 2 });
    expect(store.canRedo()).toBe(false);
  });

  it('applyPatchesShared copies along the path and leaves the base untouched', () => {
    const base = { a: { b: [1, 2, 3], c: { d: 1 } }, e: { f: 1 } };
    const next = applyPatchesShared(base, [
      { op: 'replace', path: ['a', 'c', 'd'], value: 2 },
      { op: 'add', path: ['a', 'b', 1], value: 9 },
      { op: 'remove', path: ['a', 'b', 0] },
    ]);
    expect(next).toEqual({ a: { b: [9, 2, 3], c: { d: 2 } }, e: { f: 1 } });
    expect(base).toEqual({ a: { b: [1, 2, 3], c: { d: 1 } }, e: { f: 1 } });
    expect(next.e).toBe(base.e);
  });
});
