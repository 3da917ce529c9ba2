/**
 * A big map replacing the document's content is written in parts (BindOptions.writeInParts): every
 * part leaves a whole map in the document, the parts are one undo step, and anything that needs the
 * document writes the rest first.
 */
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { generateMap } from '../../../bench/mapGenerator.mjs';
import { importState } from '../../../src/state/importMap';
import { addChild, renameNode } from '../../../src/state/operations';
import { restoreMap } from '../../../src/state/restore';
import { MindMapStore } from '../../../src/state/store';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { fillingOf, mapDoc } from '../../../src/state/ydoc/shape';
import { integrityProblems, tree } from '../helpers/tree';
import { canon, deliver, replica, type Replica } from './helpers';

/** A generated map whose ids (its root's too) are none of the test map's. */
function bigMap(topics: number, seed = 5) {
  const file = JSON.stringify(generateMap(topics, { seed, ids: 'nanoid' }));
  const r = restoreMap(JSON.parse(file.replace(/"(id|parentId|source|target)":"root"/g, `"$1":"root${seed}"`)));
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

/** A replica whose parts wait in `queue` until the test runs them. */
function partsReplica(part = 7) {
  const queue: (() => void)[] = [];
  const r = replica(undefined, tree('Root', ['A', 'A1'], 'B'), { writeInParts: { from: 20, part, schedule: (run) => queue.push(run) } });
  return { ...r, queue };
}

function runOne(queue: (() => void)[]): boolean {
  const run = queue.shift();
  run?.();
  return run !== undefined;
}

function docTopics(r: Replica): number {
  return mapDoc(r.doc).topic.size;
}

describe('binding: a big map written in parts', () => {
  it('writes the map over several tasks, a whole smaller map in the document after each', () => {
    const a = partsReplica();
    const incoming = bigMap(60);
    const writing: boolean[] = [];
    a.binding.onWriting((w) => writing.push(w));
    const before = docTopics(a);
    importState(a.store, incoming);
    expect(a.binding.writing).toBe(true);
    // Nothing yet in the task that drew it: the parts follow, one task each.
    expect(docTopics(a)).toBe(before);
    runOne(a.queue);
    expect(docTopics(a)).toBe(7);
    let last = docTopics(a);
    while (runOne(a.queue)) {
      const built = fromDoc(a.doc);
      // No part leaves a topic without its parent: nothing to repair at any point.
      expect(built.repaired).toEqual([]);
      expect(integrityProblems(built.state)).toEqual([]);
      expect(docTopics(a)).toBeGreaterThan(last - 1);
      last = docTopics(a);
    }
    expect(a.binding.writing).toBe(false);
    expect(writing).toEqual([true, false]);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
    expect(a.outbox.length).toBeGreaterThan(5);
  });

  it('gives another replica the map once its last part is in, with no repair written back', () => {
    const a = partsReplica();
    const b = replica(a.doc);
    const before = canon(b.store.getState());
    a.outbox.length = 0;
    importState(a.store, bigMap(60));
    const deliverAll = () => {
      for (const u of a.outbox.splice(0)) deliver(u, b);
      expect(b.outbox).toEqual([]);
    };
    // Parts in between are not shown one by one: the map is rebuilt once, when the last one comes.
    let parts = 0;
    while (runOne(a.queue)) {
      deliverAll();
      parts++;
      if (a.binding.writing) expect(canon(b.store.getState())).toEqual(before);
    }
    expect(parts).toBeGreaterThan(5);
    expect(integrityProblems(b.store.getState())).toEqual([]);
    expect(canon(b.store.getState())).toEqual(canon(a.store.getState()));
  });

  it('shows another replica what came when the parts stop coming (the writing page closed)', () => {
    vi.useFakeTimers();
    try {
      const a = partsReplica();
      const b = replica(a.doc);
      a.outbox.length = 0;
      importState(a.store, bigMap(60));
      runOne(a.queue);
      runOne(a.queue);
      for (const u of a.outbox.splice(0)) deliver(u, b);
      expect(b.store.getState().nodes.n).toBe(4);
      vi.advanceTimersByTime(5000);
      expect(b.store.getState().nodes.n).toBe(14);
      expect(integrityProblems(b.store.getState())).toEqual([]);
      // Stored updates applied while catching up (a reload's log tail) are shown at once.
      // A replica that has not written a map of its own (its content is on its way).
      const c = replica(undefined, new MindMapStore(), { seedEmpty: false });
      c.binding.catchUp(() => Y.applyUpdate(c.doc, Y.encodeStateAsUpdate(b.doc), 'stored'));
      expect(c.store.getState().nodes.n).toBe(14);
      // Later changes from elsewhere are shown as they come, the mark still there.
      renameNode(a.store, a.store.getState().rootId, 'Renamed');
      for (const u of a.outbox.splice(0)) deliver(u, b);
      expect(b.store.getState().nodes.n).toBe(60);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is one undo step, whose undo brings the replaced map back whole', () => {
    const a = partsReplica();
    const before = canon(a.store.getState());
    importState(a.store, bigMap(60));
    const after = canon(a.store.getState());
    while (runOne(a.queue));
    expect(a.store.undo()).toBe(true);
    expect(canon(a.store.getState())).toEqual(before);
    expect(canon(fromDoc(a.doc).state)).toEqual(before);
    expect(a.store.canUndo()).toBe(false);
    expect(a.store.redo()).toBe(true);
    expect(canon(a.store.getState())).toEqual(after);
  });

  it('can be undone from the moment it is drawn, and its listeners always read the history as it stands', () => {
    // A fresh map: nothing to undo before the import.
    const a = partsReplica();
    expect(a.store.canUndo()).toBe(false);
    // What an Undo button bound to the store shows: the history as read at the latest change set.
    const shown = () => ({ undo: a.store.canUndo(), redo: a.store.canRedo(), label: a.store.undoLabel() });
    let heard = shown();
    a.store.subscribe(() => {
      heard = shown();
    });
    importState(a.store, bigMap(60));
    expect(a.binding.writing).toBe(true);
    expect(heard).toEqual({ undo: true, redo: false, label: 'Import' });
    while (runOne(a.queue)) expect(heard).toEqual(shown());
    expect(heard).toEqual({ undo: true, redo: false, label: 'Import' });

    // Undone, then imported again: the redo step is gone from the first part on.
    a.store.undo();
    expect(heard).toEqual({ undo: false, redo: true, label: null });
    importState(a.store, bigMap(60, 7));
    expect(heard).toEqual({ undo: true, redo: false, label: 'Import' });
    while (runOne(a.queue)) expect(heard).toEqual(shown());
    expect(a.store.undo()).toBe(true);
    expect(a.store.getState().nodes.n).toBe(4);
  });

  it('leaves nothing to undo when its parts changed nothing in the document, and says so when they are in', () => {
    const a = partsReplica();
    importState(a.store, bigMap(40));
    while (runOne(a.queue));
    // Another page of the same map, with no history of its own, imports the map the document holds.
    const queue: (() => void)[] = [];
    const b = replica(a.doc, new MindMapStore(), { writeInParts: { from: 20, part: 7, schedule: (run) => queue.push(run) } });
    let heard = b.store.canUndo();
    b.store.subscribe(() => {
      heard = b.store.canUndo();
    });
    importState(b.store, bigMap(40));
    expect(heard).toBe(true);
    while (runOne(queue));
    expect(b.store.canUndo()).toBe(false);
    expect(heard).toBe(false);
  });

  it('writes the rest first when an edit, an undo or a change from elsewhere comes before the last part', () => {
    const a = partsReplica();
    importState(a.store, bigMap(60));
    const imported = canon(a.store.getState());
    // An edit: the rest of the map goes in first, and the edit is its own undo step.
    addChild(a.store, a.store.getState().rootId, 'Later');
    expect(a.binding.writing).toBe(false);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
    a.store.undo();
    expect(canon(a.store.getState())).toEqual(imported);
    a.queue.length = 0;

    // A change from elsewhere arriving while parts are left.
    importState(a.store, bigMap(50, 9));
    expect(a.binding.writing).toBe(true);
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(a.doc));
    const r = replica(remote);
    renameNode(r.store, r.store.getState().rootId, 'Renamed elsewhere');
    for (const u of r.outbox.splice(0)) deliver(u, a);
    expect(a.binding.writing).toBe(false);
    expect(a.store.getState().nodes.n).toBe(50);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
  });

  it('writes a map with ids the document already holds in one part, comparing records as before', () => {
    const a = partsReplica();
    const big = bigMap(40);
    importState(a.store, big);
    while (runOne(a.queue));
    // The same map again (a file exported from this map and imported back): records are compared.
    const again = bigMap(40);
    importState(a.store, again);
    expect(a.binding.writing).toBe(true);
    runOne(a.queue);
    expect(a.binding.writing).toBe(false);
    expect(a.queue).toEqual([]);
    expect(fillingOf(mapDoc(a.doc))).toBeNull();
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
  });

  it('marks the document while parts are left, so a cut-off writing is seen when the map is opened again', () => {
    const a = partsReplica();
    importState(a.store, bigMap(60));
    runOne(a.queue);
    runOne(a.queue);
    expect(fillingOf(mapDoc(a.doc))).toBe(60);
    // The page closed here: what was written is all another page opens.
    const reopened = replica(a.doc);
    expect(fillingOf(mapDoc(reopened.doc))).toBe(60);
    expect(reopened.store.getState().nodes.n).toBe(14);
    expect(integrityProblems(reopened.store.getState())).toEqual([]);
    reopened.binding.forgetCutOff();
    expect(fillingOf(mapDoc(reopened.doc))).toBeNull();
    expect(reopened.store.canUndo()).toBe(false);
    // Written to the end, the mark goes with the last part.
    while (runOne(a.queue));
    expect(fillingOf(mapDoc(a.doc))).toBeNull();
  });
});
