import { describe, expect, it } from 'vitest';
import { keepLaidOut, positionsEdit, tidyUp } from '../../src/state/layout/apply';
import { layoutTree } from '../../src/state/layout/tidy';
import { addChild, deleteNode, moveAmongSiblings, setExpanded, updateSettings } from '../../src/state/operations';
import type { ChangeSet } from '../../src/state/store';
import { node, tree, wide } from './helpers/tree';

describe('tidy up', () => {
  it('moves topics to the layout in one undo step; undo restores the old positions', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], 'B');
    const before = ['A', 'A1', 'A2', 'B'].map((id) => node(store, id)!.position);
    expect(tidyUp(store, 'right')).toBe(true);
    const laid = layoutTree(store.getState(), 'right').positions;
    for (const id of ['A', 'A1', 'A2', 'B']) expect(node(store, id)!.position).toEqual(laid.get(id));
    store.undo();
    expect(['A', 'A1', 'A2', 'B'].map((id) => node(store, id)!.position)).toEqual(before);
    expect(store.canUndo()).toBe(false);
  });

  it('reports moved topics as changed but not as structure changes (visibility is not re-walked)', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], 'B');
    const seen: ChangeSet[] = [];
    store.subscribe((c) => seen.push(c));
    tidyUp(store, 'balanced');
    expect(seen[0].nodes.size).toBeGreaterThan(0);
    expect(seen[0].structure.size).toBe(0);
  });

  it('does nothing (and records nothing) when the map is already tidy', () => {
    const store = tree('Root', 'A');
    tidyUp(store, 'down');
    store.clearHistory();
    expect(tidyUp(store, 'down')).toBe(false);
    expect(store.canUndo()).toBe(false);
  });

  it('positionsEdit touches only topics that move', () => {
    const store = tree('Root', 'A', 'B');
    const s = store.getState();
    const edit = positionsEdit(s, new Map([['A', { x: 5, y: 5 }], ['B', node(s, 'B')!.position]]))!;
    expect(edit.state.nodes.n).toBe(3);
    expect(node(edit.state, 'A')!.position).toEqual({ x: 5, y: 5 });
    expect(node(edit.state, 'B')).toBe(node(s, 'B'));
  });
});

describe('auto layout', () => {
  it('re-lays out after adds, deletes, collapses and expands, folded into the same undo step', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    const stop = keepLaidOut(store);
    updateSettings(store, { layout: 'right', autoLayout: true });
    const laidOut = () => {
      const want = layoutTree(store.getState(), 'right').positions;
      for (const [id, p] of want) expect(node(store, id)!.position).toEqual(p);
    };
    laidOut();
    const id = addChild(store, 'A')!;
    laidOut();
    setExpanded(store, 'A', false);
    laidOut();
    setExpanded(store, 'A', true);
    laidOut();
    const bBefore = node(store, 'B')!.position;
    deleteNode(store, 'A');
    laidOut();
    expect(node(store, 'B')!.position).not.toEqual(bBefore);
    // One undo reverts the delete and its relayout together.
    store.undo();
    expect(node(store, 'A')).toBeDefined();
    expect(node(store, 'B')!.position).toEqual(bBefore);
    expect(node(store, id)).toBeDefined();
    stop();
  });

  it('re-lays out after a reorder among siblings', () => {
    const store = tree('Root', 'A', 'B', 'C');
    const stop = keepLaidOut(store);
    updateSettings(store, { layout: 'right', autoLayout: true });
    const yOf = (id: string) => node(store, id)!.position.y;
    expect(yOf('A')).toBeLessThan(yOf('C'));
    moveAmongSiblings(store, 'C', -1);
    moveAmongSiblings(store, 'C', -1);
    expect(yOf('C')).toBeLessThan(yOf('A'));
    store.undo();
    expect(yOf('C')).toBeGreaterThan(yOf('A'));
    stop();
  });

  it('stays off while autoLayout is off', () => {
    const store = tree('Root', 'A');
    const stop = keepLaidOut(store);
    const id = addChild(store, 'root')!;
    expect(node(store, id)!.position).toEqual({ x: 200, y: 70 });
    stop();
  });

  it('a single add on a large map re-lays out and stays one step', () => {
    const store = wide(5_000);
    const stop = keepLaidOut(store);
    updateSettings(store, { layout: 'balanced', autoLayout: true });
    store.clearHistory();
    addChild(store, 't42');
    store.undo();
    expect(store.canUndo()).toBe(false);
    stop();
  });
});
