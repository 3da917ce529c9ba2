import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds, getNode } from '../../src/state/doc';
import { setIdGenerator } from '../../src/state/ids';
import { DEFAULT_TOPIC_SIZE, type Size, type SizeOf } from '../../src/state/layout/tidy';
import { CHILD_OFFSET_X, MIDDLE_EDGE_COLOR, ROOT_LABEL } from '../../src/state/model';
import {
  addChild,
  addMiddleChild,
  addSibling,
  addTag,
  addTaskList,
  clearMap,
  connect,
  deleteNode,
  disconnect,
  moveAmongSiblings,
  moveNode,
  moveToParent,
  renameNode,
  select,
  setSearch,
  snapToGrid,
  toggleExpanded,
  toggleTaskDone,
  updateNodeData,
  updateSettings,
  type NodeDataInput,
} from '../../src/state/operations';
import type { MindMapStore } from '../../src/state/store';
import { tableGet } from '../../src/state/table';
import { chain, hasEdge, integrityProblems, node, tree } from './helpers/tree';

let counter = 0;
beforeEach(() => {
  counter = 0;
  setIdGenerator(() => `id${++counter}`);
});
afterEach(() => setIdGenerator(null));

/** Runs an operation, checks undo restores the exact previous state and redo the exact next one. */
function expectUndoRoundTrip(store: MindMapStore, op: () => void) {
  const before = store.getState();
  op();
  const after = store.getState();
  expect(after).not.toBe(before);
  expect(store.undo()).toBe(true);
  expect(comparable(store)).toEqual(comparable({ getState: () => before } as MindMapStore));
  expect(store.redo()).toBe(true);
  expect(comparable(store)).toEqual(comparable({ getState: () => after } as MindMapStore));
  expect(integrityProblems(store.getState())).toEqual([]);
}

function comparable(store: MindMapStore) {
  const s = store.getState();
  const { selectedNodeId: _sel, searchQuery: _q, ...doc } = s;
  return JSON.parse(JSON.stringify(doc));
}

describe('addChild', () => {
  it('adds "New Topic" 200 right and 70 lower per existing child, with an edge, and selects it', () => {
    const store = tree('Root', 'A', 'B');
    const id = addChild(store, 'root')!;
    const n = node(store, id)!;
    expect(n.data.label).toBe('New Topic');
    expect(n.data.expanded).toBe(true);
    expect(n.type).toBe('child');
    expect(n.parentId).toBe('root');
    expect(n.position).toEqual({ x: 200, y: 140 });
    expect(hasEdge(store, 'root', id)).toBe(true);
    expect(store.getState().selectedNodeId).toBe(id);
    expect(childIds(store.getState(), 'root')).toEqual(['A', 'B', id]);
  });

  it('uses a 21-character random id by default', () => {
    setIdGenerator(null);
    const store = tree('Root');
    const id = addChild(store)!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it('adds to the root when nothing is given, and opens a collapsed parent', () => {
    const store = tree('Root', ['A', 'A1']);
    toggleExpanded(store, 'A');
    const id = addChild(store, 'A')!;
    expect(node(store, 'A')!.data.expanded).toBe(true);
    expect(node(store, id)!.parentId).toBe('A');
    expect(node(store, addChild(store)!)!.parentId).toBe('root');
  });

  it('returns null for an unknown parent and changes nothing', () => {
    const store = tree('Root');
    const before = store.getState();
    expect(addChild(store, 'nope')).toBeNull();
    expect(store.getState()).toBe(before);
  });

  it('undoes and redoes as one step', () => {
    const store = tree('Root', 'A');
    expectUndoRoundTrip(store, () => addChild(store, 'A'));
  });

  it('goes below the children where the spec place is taken (a child deleted before it), never on one', () => {
    const store = tree('Root', 'A', 'B', 'C');
    deleteNode(store, 'B');
    // Two children left: the spec's place, 140 lower, is C's.
    const id = addChild(store, 'root')!;
    expect(node(store, id)!.position).toEqual({ x: 200, y: 210 });
  });
});

describe('addSibling', () => {
  it('inserts right after the topic under the same parent', () => {
    const store = tree('Root', 'A', 'B');
    const id = addSibling(store, 'A')!;
    expect(childIds(store.getState(), 'root')).toEqual(['A', id, 'B']);
    expect(store.getState().selectedNodeId).toBe(id);
  });
  it('goes to the first free place below the topic, not on the sibling after it', () => {
    const store = tree('Root', 'A', 'B', 'C');
    const id = addSibling(store, 'A')!;
    // B and C sit 70 and 140 lower than A.
    expect(node(store, id)!.position).toEqual({ x: 200, y: 210 });
    const last = addSibling(store, 'C')!;
    expect(node(store, last)!.position).toEqual({ x: 200, y: 280 });
  });
  it('keeps the place 70 below the topic when it is free', () => {
    const store = tree('Root', 'A', 'B');
    const id = addSibling(store, 'B')!;
    expect(node(store, id)!.position).toEqual({ x: 200, y: 140 });
  });
  it('adds a child for the root', () => {
    const store = tree('Root');
    const id = addSibling(store, 'root')!;
    expect(node(store, id)!.parentId).toBe('root');
  });
  it('undoes', () => {
    const store = tree('Root', 'A', 'B');
    expectUndoRoundTrip(store, () => addSibling(store, 'B'));
  });
});

describe('addMiddleChild', () => {
  it('places the topic 50 right and 100 below with an animated indigo edge of width 2', () => {
    const store = tree('Root');
    const id = addMiddleChild(store, 'root')!;
    const n = node(store, id)!;
    expect(n.position).toEqual({ x: 50, y: 100 });
    expect(n.connectionType).toBe('middle');
    const e = tableGet(store.getState().edges, `e-root-${id}`)!;
    expect(e.animated).toBe(true);
    expect(e.style).toEqual({ stroke: MIDDLE_EDGE_COLOR, strokeWidth: 2 });
    expect(store.getState().selectedNodeId).toBe(id);
  });
  it('undoes', () => {
    const store = tree('Root', 'A');
    expectUndoRoundTrip(store, () => addMiddleChild(store, 'A'));
  });
});

describe('deleteNode', () => {
  it('removes the topic, all descendants and every edge touching them', () => {
    const store = tree('Root', ['A', ['A1', 'A11'], 'A2'], 'B');
    expect(connect(store, 'B', 'A11').ok).toBe(true);
    select(store, 'A1');
    expect(deleteNode(store, 'A')).toBe(true);
    const s = store.getState();
    for (const id of ['A', 'A1', 'A11', 'A2']) expect(getNode(s, id)).toBeUndefined();
    expect(hasEdge(store, 'B', 'A11')).toBe(false);
    expect(hasEdge(store, 'root', 'A')).toBe(false);
    expect(childIds(s, 'root')).toEqual(['B']);
    expect(s.selectedNodeId).toBeNull();
    expect(integrityProblems(s)).toEqual([]);
  });

  it('keeps the selection when it is outside the deleted branch', () => {
    const store = tree('Root', 'A', 'B');
    select(store, 'B');
    deleteNode(store, 'A');
    expect(store.getState().selectedNodeId).toBe('B');
  });

  it('refuses the root', () => {
    const store = tree('Root', 'A');
    const before = store.getState();
    expect(deleteNode(store, 'root')).toBe(false);
    expect(store.getState()).toBe(before);
    expect(store.canUndo()).toBe(false);
  });

  it('deletes a 100,000-level chain without overflowing the stack', { timeout: 30_000 }, () => {
    const store = chain(100_000);
    expect(deleteNode(store, 'n1')).toBe(true);
    expect(store.getState().nodes.n).toBe(1);
    store.undo();
    expect(store.getState().nodes.n).toBe(100_001);
  });

  it('undoes, restoring the branch and its cross-links', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    connect(store, 'A1', 'B');
    expectUndoRoundTrip(store, () => deleteNode(store, 'A'));
  });
});

describe('connect', () => {
  it('adds an edge coloured like the source, width 2', () => {
    const store = tree('Root', 'A', 'B');
    updateNodeData(store, 'A', { label: 'A', color: '#ef4444', animation: 'pulse' });
    const r = connect(store, 'A', 'B');
    expect(r).toEqual({ ok: true, value: 'e-A-B' });
    expect(tableGet(store.getState().edges, 'e-A-B')!.style).toEqual({ stroke: '#ef4444', strokeWidth: 2 });
  });
  it.each([
    ['a self-loop', 'A', 'A', 'A topic cannot be connected to itself.'],
    ['a duplicate', 'root', 'A', 'These topics are already connected.'],
    ['a reversed duplicate', 'A', 'root', 'These topics are already connected.'],
    ['an unknown topic', 'A', 'zzz', 'Both topics must exist.'],
  ])('refuses %s', (_name, a, b, error) => {
    const store = tree('Root', 'A', 'B');
    const before = store.getState();
    expect(connect(store, a, b)).toEqual({ ok: false, error });
    expect(store.getState()).toBe(before);
  });
  it('undoes; disconnect removes cross-links only', () => {
    const store = tree('Root', 'A', 'B');
    expectUndoRoundTrip(store, () => connect(store, 'A', 'B'));
    expect(disconnect(store, 'e-root-A')).toBe(false);
    expect(disconnect(store, 'e-A-B')).toBe(true);
    expect(hasEdge(store, 'A', 'B')).toBe(false);
  });
});

describe('toggleExpanded', () => {
  it('flips expanded and undoes', () => {
    const store = tree('Root', ['A', 'A1']);
    expect(toggleExpanded(store, 'A')).toBe(true);
    expect(node(store, 'A')!.data.expanded).toBe(false);
    expectUndoRoundTrip(store, () => toggleExpanded(store, 'A'));
  });

  it('a fold that hides the selected topic moves the selection to the folded topic', () => {
    const store = tree('Root', ['A', ['A1', 'A11']], 'B');
    select(store, 'A11');
    toggleExpanded(store, 'A');
    expect(store.getState().selectedNodeId).toBe('A');
    store.undo();
    expect(node(store, 'A')!.data.expanded).toBe(true);
    // A fold elsewhere, or of the selected topic itself, leaves the selection alone.
    select(store, 'A1');
    toggleExpanded(store, 'B');
    toggleExpanded(store, 'A1');
    expect(store.getState().selectedNodeId).toBe('A1');
  });
});

describe('a search shows the selected topic inside folds; clearing it', () => {
  it('moves a selection that a fold hides to the fold nearest the root (as folding does)', () => {
    const store = tree('Root', ['A', ['A1', 'A11']], 'B');
    toggleExpanded(store, 'A1');
    toggleExpanded(store, 'A');
    setSearch(store, 'A11');
    select(store, 'A11');
    setSearch(store, '');
    expect(store.getState().selectedNodeId).toBe('A');
    // A selection no fold hides stays where it is.
    select(store, 'B');
    setSearch(store, 'A1');
    setSearch(store, '');
    expect(store.getState().selectedNodeId).toBe('B');
  });
});

describe('select and search are not history steps', () => {
  it('select / clear selection', () => {
    const store = tree('Root', 'A');
    select(store, 'A');
    expect(store.getState().selectedNodeId).toBe('A');
    select(store, 'missing');
    expect(store.getState().selectedNodeId).toBeNull();
    setSearch(store, 'a');
    expect(store.getState().searchQuery).toBe('a');
    expect(store.canUndo()).toBe(false);
  });
  it('undo of an add clears a selection that pointed at the removed topic', () => {
    const store = tree('Root');
    const id = addChild(store)!;
    select(store, id);
    store.undo();
    expect(store.getState().selectedNodeId).toBeNull();
  });
});

describe('moveNode', () => {
  it('moves, snapping to 15 when asked', () => {
    const store = tree('Root', 'A');
    moveNode(store, 'A', { x: 31, y: 52 });
    expect(node(store, 'A')!.position).toEqual({ x: 31, y: 52 });
    moveNode(store, 'A', { x: 31, y: 52.6 }, true);
    expect(node(store, "A")!.position).toEqual({ x: 30, y: 60 });
    expect(snapToGrid({ x: -8, y: 7.4 })).toEqual({ x: -15, y: 0 });
  });
  it('refuses non-finite positions', () => {
    const store = tree('Root', 'A');
    expect(moveNode(store, 'A', { x: NaN, y: 0 })).toBe(false);
    expect(moveNode(store, 'A', { x: Infinity, y: 0 })).toBe(false);
  });
  it('a whole drag inside a mark is one undo step; bail returns to the start', () => {
    const store = tree('Root', 'A');
    const start = node(store, 'A')!.position;
    store.beginMark('Move topic');
    for (let i = 1; i <= 20; i++) moveNode(store, 'A', { x: start.x + i * 5, y: start.y });
    store.commitMark();
    expect(node(store, 'A')!.position.x).toBe(start.x + 100);
    store.undo();
    expect(node(store, 'A')!.position).toEqual(start);
    expect(store.canUndo()).toBe(false);

    store.beginMark('Move topic');
    moveNode(store, 'A', { x: 999, y: 999 });
    moveNode(store, 'A', { x: 5, y: 5 });
    store.bailMark();
    expect(node(store, 'A')!.position).toEqual(start);
    expect(store.canUndo()).toBe(false);
  });
});

describe('renameNode', () => {
  it('trims, refuses empty titles and undoes', () => {
    const store = tree('Root', 'A');
    expect(renameNode(store, 'A', '  Idea ')).toEqual({ ok: true });
    expect(node(store, 'A')!.data.label).toBe('Idea');
    const before = store.getState();
    expect(renameNode(store, 'A', '   ')).toEqual({ ok: false, error: 'The title cannot be empty.' });
    expect(store.getState()).toBe(before);
    expectUndoRoundTrip(store, () => renameNode(store, 'A', 'Other'));
  });
});

describe('updateNodeData (panel save rules)', () => {
  const base: NodeDataInput = { label: 'A', color: '#10b981', animation: 'glow' };

  it('writes label, colour, animation, notes, tags and priority', () => {
    const store = tree('Root', 'A');
    updateNodeData(store, 'A', { ...base, notes: 'why', tags: [' x ', 'y', 'x', ''], priority: 'high' });
    expect(node(store, 'A')!.data).toEqual({
      label: 'A',
      expanded: true,
      color: '#10b981',
      animation: 'glow',
      notes: 'why',
      tags: ['x', 'y'],
      priority: 'high',
    });
  });
  it('stores an attachment only when a URL is entered, title defaulting to the URL', () => {
    const store = tree('Root', 'A');
    updateNodeData(store, 'A', { ...base, attachment: { type: 'link', url: '   ', title: 'T' } });
    expect(node(store, 'A')!.data.attachment).toBeUndefined();
    updateNodeData(store, 'A', { ...base, attachment: { type: 'image', url: 'example.com/a.png', title: '' } });
    expect(node(store, 'A')!.data.attachment).toEqual({ type: 'image', url: 'https://example.com/a.png', title: 'https://example.com/a.png' });
  });
  it('omits empty tags and clears priority', () => {
    const store = tree('Root', 'A');
    updateNodeData(store, 'A', { ...base, tags: ['a'], priority: 'low' });
    updateNodeData(store, 'A', { ...base, tags: [' '], priority: null });
    expect('tags' in node(store, 'A')!.data).toBe(false);
    expect('priority' in node(store, 'A')!.data).toBe(false);
  });
  it.each([
    [{ ...base, label: ' ' }, 'The title cannot be empty.'],
    [{ ...base, color: 'red' }, 'The colour must be a hex value such as #9b87f5'],
    [{ ...base, animation: 'spin' as never }, 'Choose an animation from the list'],
    [{ ...base, priority: 'urgent' as never }, 'The priority must be low, medium or high'],
    [{ ...base, notes: 'n'.repeat(10_001) }, 'Notes can be at most 10,000 characters'],
    [{ ...base, attachment: { type: 'link' as const, url: 'not a url' } }, 'Enter a web address such as https://example.com, or an email address'],
  ])('refuses bad input %#, changing nothing', (input, error) => {
    const store = tree('Root', 'A');
    const before = store.getState();
    expect(updateNodeData(store, 'A', input)).toEqual({ ok: false, error });
    expect(store.getState()).toBe(before);
  });
  it('undoes a save as one step', () => {
    const store = tree('Root', 'A');
    expectUndoRoundTrip(store, () => updateNodeData(store, 'A', { ...base, notes: 'n', tags: ['t'] }));
  });
  it('addTag trims, ignores empties and duplicates', () => {
    expect(addTag(['a'], ' b ')).toEqual(['a', 'b']);
    expect(addTag(['a'], ' a')).toEqual(['a']);
    expect(addTag(['a'], '   ')).toEqual(['a']);
  });
});

describe('addTaskList', () => {
  it('adds a "Task List" topic with three unchecked tasks, selected, in one undo step', () => {
    const store = tree('Root', 'A');
    const id = addTaskList(store, 'A')!;
    const s = store.getState();
    expect(node(s, id)!.data.label).toBe('Task List');
    expect(node(s, id)!.parentId).toBe('A');
    const tasks = childIds(s, id);
    expect(tasks).toHaveLength(3);
    for (const t of tasks) expect(node(s, t)!.data.done).toBe(false);
    expect(s.selectedNodeId).toBe(id);
    expect(toggleTaskDone(store, tasks[0])).toBe(true);
    expect(node(store, tasks[0])!.data.done).toBe(true);
    expect(toggleTaskDone(store, id)).toBe(false);
    store.undo();
    store.undo();
    expect(getNode(store.getState(), id)).toBeUndefined();
  });
});

describe('clearMap', () => {
  it('resets to the root only and is undoable', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    select(store, 'A');
    clearMap(store);
    const s = store.getState();
    expect(s.nodes.n).toBe(1);
    expect(node(s, 'root')!.data.label).toBe(ROOT_LABEL);
    expect(s.selectedNodeId).toBeNull();
    store.undo();
    expect(store.getState().nodes.n).toBe(4);
    expect(integrityProblems(store.getState())).toEqual([]);
  });
});

describe('moveToParent and moveAmongSiblings', () => {
  it('reparents as last child, moving the tree edge', () => {
    const store = tree('Root', ['A', 'A1'], ['B', 'B1']);
    expect(moveToParent(store, 'A1', 'B')).toEqual({ ok: true });
    expect(childIds(store.getState(), 'B')).toEqual(['B1', 'A1']);
    expect(hasEdge(store, 'B', 'A1')).toBe(true);
    expect(hasEdge(store, 'A', 'A1')).toBe(false);
    expect(integrityProblems(store.getState())).toEqual([]);
  });
  it('keeps one edge between a topic and its new parent when the user had linked them', () => {
    for (const [from, to] of [
      ['A1', 'B'],
      ['B', 'A1'],
    ]) {
      const store = tree('Root', ['A', 'A1'], ['B', 'B1']);
      expect(connect(store, from, to).ok).toBe(true);
      expect(moveToParent(store, 'A1', 'B')).toEqual({ ok: true });
      expect(hasEdge(store, 'B', 'A1')).toBe(true);
      expect(hasEdge(store, 'A1', 'B')).toBe(false);
      expect(integrityProblems(store.getState())).toEqual([]);
      expectUndoRoundTrip(store, () => moveToParent(store, 'A1', 'B1'));
    }
  });
  it.each([
    ['the root', 'root', 'A'],
    ['onto itself', 'A', 'A'],
    ['onto its own descendant', 'A', 'A11'],
  ])('refuses %s', (_n, id, target) => {
    const store = tree('Root', ['A', ['A1', 'A11']]);
    const before = store.getState();
    expect(moveToParent(store, id, target).ok).toBe(false);
    expect(store.getState()).toBe(before);
  });
  it('reorders among siblings and undoes', () => {
    const store = tree('Root', 'A', 'B', 'C');
    expect(moveAmongSiblings(store, 'C', -1)).toBe(true);
    expect(childIds(store.getState(), 'root')).toEqual(['A', 'C', 'B']);
    expect(moveAmongSiblings(store, 'A', -1)).toBe(false);
    expectUndoRoundTrip(store, () => moveAmongSiblings(store, 'A', 1));
    expectUndoRoundTrip(store, () => moveToParent(store, 'A', 'B'));
  });

  it('without auto-layout the two branches trade places on the canvas, their gap kept', () => {
    // A at y 0 with A1 (y 0) and A2 (y 70) to its right; B below A's branch at y 170.
    const store = tree('Root', ['A', 'A1', 'A2'], 'B');
    moveNode(store, 'B', { x: 200, y: 170 });
    const y = (id: string) => node(store, id)!.position.y;
    const h = DEFAULT_TOPIC_SIZE.height;
    const gap = y('B') - (y('A2') + h);
    expect(moveAmongSiblings(store, 'B', -1)).toBe(true);
    expect(childIds(store.getState(), 'root')).toEqual(['B', 'A']);
    // B now starts where A's branch did; A's branch follows it with the same gap, and ends where B did.
    expect(y('B')).toBe(0);
    expect(y('A') - (y('B') + h)).toBe(gap);
    expect(y('A2')).toBe(170);
    expect([y('A1') - y('A'), y('A2') - y('A')]).toEqual([0, 70]);
    expect(node(store, 'B')!.position.x).toBe(200);
    expectUndoRoundTrip(store, () => moveAmongSiblings(store, 'B', 1));
  });
});

describe('moveToParent without auto-layout: the branch moves to a free place beside its new parent', () => {
  interface Rect {
    x: number;
    y: number;
    w: number;
    h: number;
  }
  const pos = (store: MindMapStore, id: string) => getNode(store.getState(), id)!.position;
  const rectOf = (store: MindMapStore, id: string, sizeOf: SizeOf = () => DEFAULT_TOPIC_SIZE): Rect => {
    const p = pos(store, id);
    const size = sizeOf(id);
    return { x: p.x, y: p.y, w: size.width, h: size.height };
  };
  const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  /** Every topic of the branch relative to its top topic: the branch's shape. */
  const shape = (store: MindMapStore, ids: string[]) => {
    const top = pos(store, ids[0]);
    return ids.map((id) => ({ id, dx: pos(store, id).x - top.x, dy: pos(store, id).y - top.y }));
  };
  /** Pairs (moved topic, other topic) whose boxes intersect. */
  const collisions = (store: MindMapStore, moved: string[], others: string[], sizeOf?: SizeOf) => {
    const out: string[] = [];
    for (const m of moved) for (const o of others) if (overlaps(rectOf(store, m, sizeOf), rectOf(store, o, sizeOf))) out.push(`${m}/${o}`);
    return out;
  };

  it('makes it the last child, right of the parent and below its branches, with the shape kept, in one undo step', () => {
    // The helper's spec placement overlaps: A2 sits on B1 and A21 on B11.
    const store = tree('Root', ['A', 'A1', ['A2', 'A21']], ['B', ['B1', 'B11', 'B12'], 'B2'], 'C');
    const branch = ['A', 'A1', 'A2', 'A21'];
    const others = ['B', 'B1', 'B11', 'B12', 'B2'];
    expect(collisions(store, branch, others)).not.toEqual([]);
    const before = store.getState();
    const shapeBefore = shape(store, branch);
    expect(moveToParent(store, 'A', 'B')).toEqual({ ok: true });
    const s = store.getState();
    expect(childIds(s, 'B')).toEqual(['B1', 'B2', 'A']);
    expect(pos(store, 'A').x).toBe(pos(store, 'B').x + CHILD_OFFSET_X);
    expect(collisions(store, branch, others)).toEqual([]);
    const lowest = Math.max(...others.map((id) => rectOf(store, id)).map((r) => r.y + r.h));
    expect(pos(store, 'A').y).toBeGreaterThan(lowest);
    expect(shape(store, branch)).toEqual(shapeBefore);
    // Topics outside the two branches are not touched at all.
    for (const id of ['root', 'C']) expect(getNode(s, id)).toBe(getNode(before, id));
    expect(integrityProblems(s)).toEqual([]);
    expect(store.undo()).toBe(true);
    expect(comparable(store)).toEqual(comparable({ getState: () => before } as MindMapStore));
    expect(store.canUndo()).toBe(false);
  });

  it('undo and redo restore the exact states', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], ['B', 'B1']);
    expectUndoRoundTrip(store, () => moveToParent(store, 'A', 'B'));
  });

  it('beside the parent (same row, spec offset) when the parent has no children', () => {
    const store = tree('Root', ['A', ['A1', 'A11']], 'C');
    const shapeBefore = shape(store, ['A1', 'A11']);
    moveToParent(store, 'A1', 'C');
    expect(pos(store, 'A1')).toEqual({ x: pos(store, 'C').x + CHILD_OFFSET_X, y: pos(store, 'C').y });
    expect(shape(store, ['A1', 'A11'])).toEqual(shapeBefore);
  });

  it('a branch that would reach back over the parent goes below it instead', () => {
    const store = tree('Root', ['A', 'A1'], 'C');
    // A1 sits left of A by the spec offset: beside C, it would land on C.
    moveNode(store, 'A1', { x: pos(store, 'A').x - CHILD_OFFSET_X, y: pos(store, 'A').y });
    const shapeBefore = shape(store, ['A', 'A1']);
    moveToParent(store, 'A', 'C');
    expect(pos(store, 'A').x).toBe(pos(store, 'C').x + CHILD_OFFSET_X);
    expect(collisions(store, ['A', 'A1'], ['C'])).toEqual([]);
    expect(shape(store, ['A', 'A1'])).toEqual(shapeBefore);
  });

  it('onto its own parent: moved to the end, below its former siblings', () => {
    const store = tree('Root', 'A', 'B', 'C');
    moveToParent(store, 'A', 'root');
    expect(childIds(store.getState(), 'root')).toEqual(['B', 'C', 'A']);
    expect(pos(store, 'A').x).toBe(pos(store, 'root').x + CHILD_OFFSET_X);
    expect(pos(store, 'A').y).toBeGreaterThan(rectOf(store, 'C').y + rectOf(store, 'C').h);
  });

  it('onto its grandparent: clears every other topic of that branch, not itself', () => {
    const store = tree('Root', ['A', ['A1', 'A11', 'A12'], 'A2'], 'B');
    moveToParent(store, 'A1', 'A');
    moveToParent(store, 'A11', 'A');
    expect(childIds(store.getState(), 'A')).toEqual(['A2', 'A1', 'A11']);
    expect(pos(store, 'A11').x).toBe(pos(store, 'A').x + CHILD_OFFSET_X);
    const lowest = Math.max(...['A', 'A1', 'A12', 'A2'].map((id) => rectOf(store, id)).map((r) => r.y + r.h));
    expect(pos(store, 'A11').y).toBeGreaterThan(lowest);
    expect(collisions(store, ['A11'], ['A', 'A1', 'A12', 'A2'])).toEqual([]);
    expect(integrityProblems(store.getState())).toEqual([]);
  });

  it('uses the sizes it is given: past a wide parent, clear of tall topics', () => {
    const store = tree('Root', ['A', 'A1'], ['B', 'B1', 'B2']);
    const sizes: Record<string, Size> = { B: { width: 320, height: 56 }, B2: { width: 200, height: 150 }, A1: { width: 150, height: 120 } };
    const sizeOf: SizeOf = (id) => sizes[id] ?? DEFAULT_TOPIC_SIZE;
    moveToParent(store, 'A', 'B', undefined, sizeOf);
    expect(pos(store, 'A').x).toBeGreaterThan(pos(store, 'B').x + 320);
    expect(collisions(store, ['A', 'A1'], ['B', 'B1', 'B2'], sizeOf)).toEqual([]);
  });

  it('top-down layout (auto-layout off): below the parent, right of its other descendants', () => {
    const store = tree('Root', ['A', 'A1'], ['B', 'B1', 'B2']);
    updateSettings(store, { layout: 'down', autoLayout: false });
    moveToParent(store, 'A', 'B');
    expect(pos(store, 'A').y).toBeGreaterThan(rectOf(store, 'B').y + rectOf(store, 'B').h);
    for (const id of ['B', 'B1', 'B2']) expect(pos(store, 'A').x).toBeGreaterThan(rectOf(store, id).x + rectOf(store, id).w);
    expect(collisions(store, ['A', 'A1'], ['B', 'B1', 'B2'])).toEqual([]);
  });

  it('with auto-layout on, leaves the placing to the layout', () => {
    const store = tree('Root', ['A', 'A1'], ['B', 'B1']);
    updateSettings(store, { layout: 'right', autoLayout: true });
    const before = { A: { ...pos(store, 'A') }, A1: { ...pos(store, 'A1') } };
    moveToParent(store, 'A', 'B');
    expect(childIds(store.getState(), 'B')).toEqual(['B1', 'A']);
    expect({ A: pos(store, 'A'), A1: pos(store, 'A1') }).toEqual(before);
  });
});
