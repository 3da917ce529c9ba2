import { describe, expect, it } from 'vitest';
import { childIds, getNode, type MindMapState } from '../../../src/state/doc';
import { partlyDone, runCommand, SPENT_STEP } from '../../../src/state/commands';
import { addChild, addTaskList, deleteNode, renameNode, updateNodeData } from '../../../src/state/operations';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { importText } from '../../../src/state/importMap';
import { serializeMap } from '../../../src/state/persistence';
import { buildState } from '../../../src/state/snapshot';
import { treeSnapshot } from '../helpers/mapFixtures';
import { mapDoc } from '../../../src/state/ydoc/shape';
import { integrityProblems, tree } from '../helpers/tree';
import { canon, replica, syncAll, type Replica } from './helpers';

function pair(): [Replica, Replica] {
  const a = replica(undefined, tree('Root', 'X'));
  const b = replica(a.doc);
  return [a, b];
}

/** Both replicas show the same map, the one their document holds, with no topic left half in it. */
function expectSame(a: Replica, b: Replica): void {
  for (const r of [a, b]) {
    expect(integrityProblems(r.store.getState())).toEqual([]);
    expect(canon(r.store.getState())).toEqual(canon(fromDoc(r.doc).state));
    const d = mapDoc(r.doc);
    const halves = [...d.tree.y.keys()].filter((id) => !d.topic.y.has(id)).concat([...d.topic.y.keys()].filter((id) => !d.tree.y.has(id)));
    expect(halves).toEqual([]);
  }
  expect(canon(b.store.getState())).toEqual(canon(a.store.getState()));
}

/** Runs undo or redo as the keyboard does; returns the titles it told (with the message, `withMessage`). */
function press(r: Replica, command: 'undo' | 'redo', withMessage = false): string[] {
  const told: string[] = [];
  const tell = (title: string, message: string) => told.push(withMessage ? `${title}: ${message}` : title);
  runCommand(command, { store: r.store, ui: { focusSearch: () => {}, editLabel: () => {}, tell } });
  return told;
}

const label = (s: MindMapState, id: string) => getNode(s, id)?.data.label;

function editLabel(r: Replica, id: string, text: string): void {
  const data = getNode(r.store.getState(), id)!.data;
  expect(updateNodeData(r.store, id, { ...data, label: text }).ok).toBe(true);
}

describe('undo never takes away what someone else changed since', () => {
  it('keeps a topic a collaborator edited after this tab added it, and the topic it hangs from', () => {
    const [a, b] = pair();
    const root = a.store.getState().rootId;
    const parent = addChild(a.store, root)!;
    renameNode(a.store, parent, 'Parent');
    const kid = addChild(a.store, parent)!;
    renameNode(a.store, kid, 'Kid');
    syncAll([a, b]);
    editLabel(b, kid, 'Kid edited in B');
    syncAll([a, b]);

    // The rename of Kid, then the add of Kid: both spent, Kid stays with B's edit.
    expect(press(a, 'undo')).toEqual([SPENT_STEP.undoTitle]);
    expect(press(a, 'undo')).toEqual([SPENT_STEP.undoTitle]);
    syncAll([a, b]);
    expect(label(a.store.getState(), kid)).toBe('Kid edited in B');
    expect(getNode(b.store.getState(), kid)!.parentId).toBe(parent);
    expectSame(a, b);
    // The rename of Parent is this tab's alone and goes back.
    expect(press(a, 'undo')).toEqual([]);
    syncAll([a, b]);
    expect(label(b.store.getState(), parent)).toBe('New Topic');
    // Removing Parent would take Kid (and B's edit) with it, or move Kid: spent.
    expect(press(a, 'undo')).toEqual([SPENT_STEP.undoTitle]);
    syncAll([a, b]);
    expect(getNode(b.store.getState(), parent)!.parentId).toBe(root);
    expect(label(b.store.getState(), kid)).toBe('Kid edited in B');
    expect(a.store.canUndo()).toBe(false);
    expectSame(a, b);
  });

  it('undoes the rest of a step and keeps the topic a collaborator edited, with the topics above it', () => {
    const [a, b] = pair();
    const list = addTaskList(a.store, 'X')!;
    syncAll([a, b]);
    const [first, ...others] = childIds(b.store.getState(), list);
    editLabel(b, first, 'Mine now');
    syncAll([a, b]);
    // The list and its first task stay; the user is told how many topics the undo left.
    expect(press(a, 'undo', true)).toEqual([`${partlyDone('undo', 2).title}: ${partlyDone('undo', 2).message}`]);
    expect(partlyDone('undo', 2).message).toMatch(/^2 topics keep what someone else has changed/);
    syncAll([a, b]);
    for (const r of [a, b]) {
      expect(label(r.store.getState(), first)).toBe('Mine now');
      expect(getNode(r.store.getState(), list)!.parentId).toBe('X');
      for (const id of others) expect(getNode(r.store.getState(), id)).toBeUndefined();
    }
    expectSame(a, b);
    expect(press(a, 'redo')).toEqual([]);
    syncAll([a, b]);
    for (const id of others) expect(getNode(b.store.getState(), id)!.parentId).toBe(list);
    expectSame(a, b);
  });

  it('keeps a topic a collaborator added a child under since', () => {
    const [a, b] = pair();
    const mine = addChild(a.store, 'X', 'Mine')!;
    syncAll([a, b]);
    const theirs = addChild(b.store, mine, 'Theirs')!;
    syncAll([a, b]);
    expect(press(a, 'undo')).toEqual([SPENT_STEP.undoTitle]);
    syncAll([a, b]);
    expect(getNode(b.store.getState(), theirs)!.parentId).toBe(mine);
    expectSame(a, b);
  });

  it('redoes an import whose undo kept a topic a collaborator added under it: the map as before the undo, no stray old root', () => {
    const [a, b] = pair();
    const imported = buildState(treeSnapshot([['ir', null], ['goals', 'ir'], ['risks', 'ir']]), 'ir');
    expect(importText(a.store, serializeMap(imported)).ok).toBe(true);
    syncAll([a, b]);
    const s = b.store.getState();
    const goals = childIds(s, s.rootId).find((k) => label(s, k) === 'goals')!;
    addChild(b.store, goals, 'Theirs');
    syncAll([a, b]);
    const before = canon(a.store.getState(), false);
    // The undo keeps the imported topics above theirs, under the old root that comes back.
    expect(press(a, 'undo')).toEqual([partlyDone('undo', 2).title]);
    syncAll([a, b]);
    expect(label(a.store.getState(), a.store.getState().rootId)).toBe('Root');
    press(a, 'redo');
    syncAll([a, b]);
    expect(canon(a.store.getState(), false)).toEqual(before);
    expectSame(a, b);
  });

  it('says so when a collaborator removed the topic of the step, and writes none of its records back', () => {
    const [a, b] = pair();
    const t = addChild(b.store, 'X')!;
    renameNode(b.store, t, 'B topic');
    syncAll([a, b]);
    deleteNode(a.store, t);
    syncAll([a, b]);
    expect(press(b, 'undo')).toEqual([SPENT_STEP.undoTitle]);
    expect(press(b, 'undo')).toEqual([SPENT_STEP.undoTitle]);
    syncAll([a, b]);
    expect(mapDoc(b.doc).topic.y.has(t)).toBe(false);
    expect(b.store.canUndo()).toBe(false);
    expectSame(a, b);
  });

  it('does not redo the removal of a topic a collaborator edited after the undo brought it back', () => {
    const [a, b] = pair();
    deleteNode(a.store, 'X');
    a.store.undo();
    syncAll([a, b]);
    editLabel(b, 'X', 'Back and edited');
    syncAll([a, b]);
    expect(press(a, 'redo')).toEqual([SPENT_STEP.redoTitle]);
    syncAll([a, b]);
    expect(label(a.store.getState(), 'X')).toBe('Back and edited');
    expectSame(a, b);
  });

  it('narrows a step of thousands of records to the one topic a collaborator edited and its parent', () => {
    const kids = Array.from({ length: 3000 }, (_, i) => `k${i}`);
    const a = replica(undefined, tree('Root', ['Big', ...kids]));
    const b = replica(a.doc);
    deleteNode(a.store, 'Big');
    a.store.undo();
    syncAll([a, b]);
    editLabel(b, 'k1500', 'Edited in B');
    syncAll([a, b]);
    expect(press(a, 'redo')).toEqual(['Redone in part']);
    syncAll([a, b]);
    expect(childIds(b.store.getState(), 'Big')).toEqual(['k1500']);
    expect(b.store.getState().nodes.n).toBe(3);
    expectSame(a, b);
    // Undone again, the branch comes back whole, with B's edit.
    expect(press(a, 'undo')).toEqual([]);
    syncAll([a, b]);
    expect(childIds(b.store.getState(), 'Big')).toHaveLength(3000);
    expect(label(b.store.getState(), 'k1500')).toBe('Edited in B');
    expectSame(a, b);
  });

  it('says so when it puts back some fields of a topic and leaves the field a collaborator changed since', () => {
    const [a, b] = pair();
    const data = getNode(a.store.getState(), 'X')!.data;
    expect(updateNodeData(a.store, 'X', { ...data, label: 'Mine', color: '#ef4444' }).ok).toBe(true);
    syncAll([a, b]);
    editLabel(b, 'X', 'Theirs');
    syncAll([a, b]);
    expect(press(a, 'undo', true)).toEqual([`${partlyDone('undo', 1).title}: ${partlyDone('undo', 1).message}`]);
    syncAll([a, b]);
    for (const r of [a, b]) {
      expect(label(r.store.getState(), 'X')).toBe('Theirs');
      expect(getNode(r.store.getState(), 'X')!.data.color).toBe(data.color);
    }
    expectSame(a, b);
  });

  it('still removes what nobody else touched', () => {
    const [a, b] = pair();
    const mine = addChild(a.store, 'X', 'Mine')!;
    addChild(a.store, mine, 'Below')!;
    syncAll([a, b]);
    expect(press(a, 'undo')).toEqual([]);
    expect(press(a, 'undo')).toEqual([]);
    syncAll([a, b]);
    expect(getNode(b.store.getState(), mine)).toBeUndefined();
    expectSame(a, b);
  });
});
