import { describe, expect, it } from 'vitest';
import { keepLaidOut, LayoutKeeper, layoutEdit, tidyUp } from '../../src/state/layout/apply';
import { LayoutEngine, layoutTree } from '../../src/state/layout/engine';
import { getNode, getNodeData } from '../../src/state/doc';
import { LaidOutBase } from '../../src/state/layout/laidOutTable';
import { tablePeek } from '../../src/state/table';
import { addChild, deleteNode, moveAmongSiblings, renameNode, setExpanded, updateSettings } from '../../src/state/operations';
import type { ChangeSet, LayoutPatch } from '../../src/state/store';
import { chain, node, tree, wide } from './helpers/tree';

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

  it('reports moved topics in the change set, not as structure changes (visibility is not re-walked)', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], 'B');
    const seen: ChangeSet[] = [];
    store.subscribe((c) => seen.push(c));
    tidyUp(store, 'balanced');
    expect(seen[0].moved.length).toBeGreaterThan(0);
    expect(seen[0].structure.size).toBe(0);
    expect(seen[0].reset).toBe(false);
  });

  it('does nothing (and records nothing) when the map is already tidy', () => {
    const store = tree('Root', 'A');
    tidyUp(store, 'down');
    store.clearHistory();
    expect(tidyUp(store, 'down')).toBe(false);
    expect(store.canUndo()).toBe(false);
  });

  it('names exactly the topics that move; the others are the same objects as before', () => {
    const store = tree('Root', 'A', 'B');
    const s = store.getState();
    const want = layoutTree(s, 'right').positions;
    const moved = ['A', 'B', 'root'].filter((id) => {
      const p = node(s, id)!.position;
      return p.x !== want.get(id)!.x || p.y !== want.get(id)!.y;
    });
    const edit = layoutEdit(s, new LayoutEngine('right').run(s))!;
    expect([...(edit.patches[0] as LayoutPatch).moved].sort()).toEqual(moved.sort());
    expect(edit.state.nodes.n).toBe(3);
    expect(node(edit.state, 'root')).toBe(node(s, 'root'));
    for (const id of moved) expect(node(edit.state, id)!.position).toEqual(want.get(id));
  });
});

describe('auto layout', () => {
  it("reads a laid-out topic's content without copying it to its new place (getNodeData)", () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    const before = getNode(store.getState(), 'A1')!.position;
    const stop = keepLaidOut(store);
    updateSettings(store, { layout: 'right', autoLayout: true });
    renameNode(store, 'B', 'Renamed');
    const s = store.getState();
    expect(s.nodes.base).toBeInstanceOf(LaidOutBase);
    // A moved topic read only for its content is its record under the layout, not a placed copy.
    expect(tablePeek(s.nodes, 'A1')!.position).toEqual(before);
    expect(getNodeData(s, 'A1')).toBe(tablePeek(s.nodes, 'A1')!.data);
    expect(getNode(s, 'A1')!.position).not.toEqual(before);
    for (const id of ['root', 'A', 'A1', 'B']) expect(getNodeData(s, id)).toEqual(getNode(s, id)!.data);
    expect(getNodeData(s, 'B')!.label).toBe('Renamed');
    expect(getNodeData(s, 'missing')).toBeUndefined();
    stop();
  });

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

describe('the Layout menu with the Auto Layout engine (LayoutKeeper)', () => {
  /** A sizeOf that counts how many topics it measured. */
  function counting() {
    const calls = { n: 0 };
    return { calls, sizeOf: () => (calls.n++, { width: 150, height: 40 }) };
  }
  const positions = (store: ReturnType<typeof wide>) => ['root', 't1', 't42', 't499'].map((id) => node(store, id)!.position);

  it('turning Auto Layout on lays the map out once, as the layout asked for, in one undo step', () => {
    const store = wide(500);
    const { calls, sizeOf } = counting();
    const layouts = new LayoutKeeper(store, sizeOf);
    store.clearHistory();
    const before = positions(store);
    const run = layouts.fitting('balanced')!;
    store.beginMark('Auto layout on');
    expect(layouts.apply(run, 'Auto layout on')).toBe(true);
    updateSettings(store, { autoLayout: true, layout: 'balanced' });
    store.commitMark();
    // Each topic measured once: fitting's run is the one Auto Layout goes on from.
    expect(calls.n).toBe(500);
    const want = layoutTree(store.getState(), 'balanced', sizeOf).positions;
    for (const id of ['root', 't1', 't42', 't499']) expect(node(store, id)!.position).toEqual(want.get(id));
    // Still kept laid out after it.
    const added = addChild(store, 't42')!;
    expect(node(store, added)!.position).toEqual(layoutTree(store.getState(), 'balanced', sizeOf).positions.get(added));
    store.undo();
    store.undo();
    expect(positions(store)).toEqual(before);
    expect(store.getState().settings.autoLayout).toBe(false);
    layouts.stop();
  });

  it('Tidy Up in another layout with Auto Layout on lays out once and keeps the new layout', () => {
    const store = wide(300);
    const { calls, sizeOf } = counting();
    const layouts = new LayoutKeeper(store, sizeOf);
    updateSettings(store, { autoLayout: true, layout: 'right' });
    calls.n = 0;
    const run = layouts.fitting('down')!;
    store.beginMark('Tidy up (down)');
    layouts.apply(run, 'Tidy up (down)');
    updateSettings(store, { layout: 'down' });
    store.commitMark();
    expect(calls.n).toBe(300);
    const want = layoutTree(store.getState(), 'down', sizeOf).positions;
    for (const id of ['root', 't1', 't42']) expect(node(store, id)!.position).toEqual(want.get(id));
    const added = addChild(store, 't1')!;
    expect(node(store, added)!.position).toEqual(layoutTree(store.getState(), 'down', sizeOf).positions.get(added));
    layouts.stop();
  });

  it('an edit Auto Layout could not lay out within the coordinates stays, and turns Auto Layout off in its step', () => {
    const store = chain(50_000);
    const layouts = new LayoutKeeper(store);
    const told: string[] = [];
    layouts.onTooFar((kind) => told.push(kind));
    updateSettings(store, { layout: 'down', autoLayout: true });
    expect(store.getState().settings.autoLayout).toBe(true);
    const before = store.getState().nodes;
    // Rightwards, 50,000 levels reach past 10,000,000 units.
    updateSettings(store, { layout: 'right' });
    expect(told).toEqual(['right']);
    expect(store.getState().settings).toMatchObject({ layout: 'right', autoLayout: false });
    expect(store.getState().nodes).toBe(before);
    store.undo();
    expect(store.getState().settings).toMatchObject({ layout: 'down', autoLayout: true });
    layouts.stop();
  });

  it('answers null for a layout that would not fit, and moves nothing', () => {
    const store = chain(50_000);
    const layouts = new LayoutKeeper(store);
    const before = store.getState().nodes;
    expect(layouts.fitting('right')).toBeNull();
    expect(store.getState().nodes).toBe(before);
    expect(layouts.fitting('down')).not.toBeNull();
    layouts.stop();
  });
});

