import { describe, expect, test } from 'vitest';
import { MindMapStore } from '../../../src/state/store';
import { addChild, addTaskList, select, setExpanded } from '../../../src/state/operations';
import { setIdGenerator } from '../../../src/state/ids';
import { computeVisibleIds } from '../../../src/state/tree';
import { tableValues } from '../../../src/state/table';
import { actsOnSelection, lastShown, nextShown, prevShown, treeKeyAction } from '../../../src/scene/a11y/treeNav';
import { shownInOrder, topicDescription } from '../../../src/scene/a11y/a11yTree';

function build() {
  let i = 0;
  setIdGenerator(() => `t${++i}`);
  const store = new MindMapStore();
  const a = addChild(store, 'root', 'A')!; // t1
  const a1 = addChild(store, a, 'A1')!; // t2
  const a2 = addChild(store, a, 'A2')!; // t3
  const b = addChild(store, 'root', 'B')!; // t4
  setIdGenerator(null);
  return { store, a, a1, a2, b };
}

describe('keyboard tree navigation', () => {
  test('down/up walk the shown topics in tree order', () => {
    const { store, a, a1, a2, b } = build();
    const s = store.getState();
    const vis = computeVisibleIds(s);
    const shown = (id: string) => vis.has(id);
    expect(shownInOrder(s, shown)).toEqual(['root', a, a1, a2, b]);
    expect(nextShown(s, 'root', shown)).toBe(a);
    expect(nextShown(s, a2, shown)).toBe(b);
    expect(nextShown(s, b, shown)).toBeNull();
    expect(prevShown(s, b, shown)).toBe(a2);
    expect(prevShown(s, a, shown)).toBe('root');
    expect(prevShown(s, 'root', shown)).toBeNull();
  });

  test('collapsed topics are skipped over', () => {
    const { store, a, b } = build();
    setExpanded(store, a, false);
    const s = store.getState();
    const vis = computeVisibleIds(s);
    const shown = (id: string) => vis.has(id);
    expect(nextShown(s, a, shown)).toBe(b);
    expect(prevShown(s, b, shown)).toBe(a);
  });

  test('right expands then enters, left collapses then leaves, enter selects', () => {
    const { store, a, a1 } = build();
    setExpanded(store, a, false);
    let s = store.getState();
    let vis = computeVisibleIds(s);
    const shown = (id: string) => vis.has(id);
    expect(treeKeyAction(s, a, 'ArrowRight', shown)).toEqual({ kind: 'expand', id: a });
    setExpanded(store, a, true);
    s = store.getState();
    vis = computeVisibleIds(s);
    expect(treeKeyAction(s, a, 'ArrowRight', shown)).toEqual({ kind: 'focus', id: a1 });
    expect(treeKeyAction(s, a, 'ArrowLeft', shown)).toEqual({ kind: 'collapse', id: a });
    expect(treeKeyAction(s, a1, 'ArrowLeft', shown)).toEqual({ kind: 'focus', id: a });
    expect(treeKeyAction(s, a1, 'ArrowRight', shown)).toEqual({ kind: 'none' });
    expect(treeKeyAction(s, a1, 'Enter', shown)).toEqual({ kind: 'select', id: a1 });
    expect(treeKeyAction(s, a1, ' ', shown)).toEqual({ kind: 'select', id: a1 });
    // On the selected topic Enter is the editor's (add a sibling and edit it), not the tree's.
    select(store, a1);
    s = store.getState();
    expect(treeKeyAction(s, a1, 'Enter', shown)).toEqual({ kind: 'pass' });
    expect(treeKeyAction(s, a1, ' ', shown)).toEqual({ kind: 'select', id: a1 });
  });
});

describe('keys beside the tree pattern', () => {
  test('Space ticks off a task that is selected, as its box does; on another topic it selects', () => {
    const store = new MindMapStore();
    addTaskList(store);
    const s0 = store.getState();
    const task = tableValues(s0.nodes).find((n) => n.data.label === 'First task')!.id;
    const shown = () => true;
    expect(treeKeyAction(s0, task, ' ', shown)).toEqual({ kind: 'select', id: task });
    select(store, task);
    expect(treeKeyAction(store.getState(), task, ' ', shown)).toEqual({ kind: 'toggleTask', id: task });
    const root = store.getState().rootId;
    select(store, root);
    expect(treeKeyAction(store.getState(), root, ' ', shown)).toEqual({ kind: 'select', id: root });
  });

  test('End goes to the last shown topic', () => {
    const { store, a, a2, b } = build();
    const s = store.getState();
    const vis = computeVisibleIds(s);
    const shown = (id: string) => vis.has(id);
    expect(treeKeyAction(s, a, 'End', shown)).toEqual({ kind: 'focus', id: b });
    expect(treeKeyAction(s, b, 'End', shown)).toEqual({ kind: 'none' });
    setExpanded(store, b, true);
    addChild(store, b, 'B1');
    const s2 = store.getState();
    const vis2 = computeVisibleIds(s2);
    expect(treeKeyAction(s2, a2, 'End', (id) => vis2.has(id))).toEqual({ kind: 'focus', id: lastShown(s2, 'root', (id) => vis2.has(id)) });
  });

  test('the editor keys that act on the selected topic', () => {
    const k = (key: string, m: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
      actsOnSelection({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...m });
    for (const key of ['Delete', 'Backspace', 'Tab']) expect(k(key), key).toBe(true);
    expect(k('Tab', { shiftKey: true })).toBe(false);
    expect(k('ArrowDown', { altKey: true })).toBe(true);
    expect(k('c', { ctrlKey: true })).toBe(true);
    expect(k('v', { metaKey: true })).toBe(true);
    for (const key of ['z', 'f', 'y']) expect(k(key, { ctrlKey: true }), key).toBe(false);
    expect(k('ArrowDown')).toBe(false);
    expect(k('Escape')).toBe(false);
  });

  test('a tree item describes what its card shows beside the title', () => {
    expect(topicDescription({ done: true, priority: 'high' })).toBe('Task, done; High priority');
    expect(topicDescription({ done: false })).toBe('Task, not done');
    expect(topicDescription({})).toBe('');
  });
});
