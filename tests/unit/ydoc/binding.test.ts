import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { getNode } from '../../../src/state/doc';
import {
  addChild,
  clearMap,
  connect,
  deleteNode,
  moveAmongSiblings,
  moveNode,
  moveToParent,
  renameNode,
  select,
  updateNodeData,
  setExpanded,
  updateSettings,
} from '../../../src/state/operations';
import type { ChangeSet } from '../../../src/state/store';
import { runCommand, SPENT_STEP } from '../../../src/state/commands';
import { childIds } from '../../../src/state/doc';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { bindStore } from '../../../src/state/ydoc/binding';
import { keepLaidOut, tidyUp } from '../../../src/state/layout/apply';
import { SCHEMA_VERSION, decodeRecord, mapDoc } from '../../../src/state/ydoc/shape';
import { toDoc } from '../../../src/state/ydoc/toDoc';
import { integrityProblems, tree } from '../helpers/tree';
import { canon, replica, syncAll, type Replica } from './helpers';

function pair(): [Replica, Replica] {
  const a = replica(undefined, tree('Root', ['A', 'A1', 'A2'], 'B', 'C'));
  const b = replica(a.doc);
  return [a, b];
}

function expectSame(...rs: Replica[]): void {
  for (const r of rs) {
    expect(integrityProblems(r.store.getState())).toEqual([]);
    expect(canon(r.store.getState())).toEqual(canon(fromDoc(r.doc).state));
  }
  for (const r of rs.slice(1)) expect(canon(r.store.getState())).toEqual(canon(rs[0].store.getState()));
}

describe('binding: store -> document', () => {
  it('writes an empty document from the store, and a store from a document', () => {
    const [a, b] = pair();
    expect(canon(b.store.getState())).toEqual(canon(a.store.getState()));
    expect(mapDoc(a.doc).meta.get('schemaVersion')).toBe(SCHEMA_VERSION);
    expect(a.store.canUndo()).toBe(false);
  });

  it('writes each change set as one transaction with the local origin, naming only what changed', () => {
    const [a] = pair();
    const origins: unknown[] = [];
    const changed: string[][] = [];
    a.doc.on('afterTransaction', (tr: Y.Transaction) => {
      origins.push(tr.origin);
      changed.push([...tr.changed.values()].flatMap((s) => [...s].map(String)));
    });
    renameNode(a.store, 'A1', 'Renamed');
    expect(origins).toEqual([a.binding.origin]);
    expect(changed[0]).toEqual(['A1']);
    const id = addChild(a.store, 'B')!;
    expect(origins).toHaveLength(2);
    expect(changed[1].sort()).toEqual([id, id].sort());
    select(a.store, 'A');
    expect(origins).toHaveLength(2); // selection is not in the document
  });

  it('keeps the document equal to the store through every kind of edit', () => {
    const [a] = pair();
    const s = a.store;
    const x = addChild(s, 'A')!;
    renameNode(s, x, 'X');
    setExpanded(s, 'A', false);
    connect(s, 'C', 'A1');
    moveAmongSiblings(s, 'A2', -1);
    moveToParent(s, 'A', 'B');
    moveNode(s, 'C', { x: 500, y: 500 });
    deleteNode(s, 'B');
    updateSettings(s, { layout: 'right' });
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(s.getState()));
    clearMap(s);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(s.getState()));
  });
});

describe('binding: document -> store', () => {
  it('applies another replica change as an ordinary change set, outside the local history', () => {
    const [a, b] = pair();
    const seen: ChangeSet[] = [];
    b.store.subscribe((c) => seen.push(c));
    const id = addChild(a.store, 'A')!;
    renameNode(a.store, 'B', 'Bee');
    syncAll([a, b]);
    expectSame(a, b);
    expect(seen).toHaveLength(2);
    expect(seen[0].external).toBe(true);
    expect(seen[0].nodes.has(id)).toBe(true);
    expect(seen[0].structure.has(id)).toBe(true);
    expect(seen[0].children.has('A')).toBe(true);
    expect(seen[0].edges.has(`e-A-${id}`)).toBe(true);
    expect([...seen[1].nodes]).toEqual(['B']);
    expect(seen[1].reset).toBe(false);
    expect(b.store.canUndo()).toBe(false);
  });

  it('clears the selection when the selected topic is deleted elsewhere', () => {
    const [a, b] = pair();
    select(b.store, 'A1');
    deleteNode(a.store, 'A');
    syncAll([a, b]);
    expect(b.store.getState().selectedNodeId).toBeNull();
    expect(getNode(b.store.getState(), 'A1')).toBeUndefined();
    expectSame(a, b);
  });

  it('keeps both topics when two replicas add under one parent at once', () => {
    const [a, b] = pair();
    const x = addChild(a.store, 'A')!;
    const y = addChild(b.store, 'A')!;
    syncAll([a, b]);
    expectSame(a, b);
    expect(childIds(a.store.getState(), 'A')).toEqual(expect.arrayContaining([x, y, 'A1', 'A2']));
  });

  it('repairs a cycle from concurrent moves the same way on both replicas', () => {
    const [a, b] = pair();
    expect(moveToParent(a.store, 'A', 'C').ok).toBe(true);
    expect(moveToParent(b.store, 'C', 'A1').ok).toBe(true);
    syncAll([a, b]);
    expectSame(a, b);
    // The cycle A -> C -> A1 -> A is cut at its smallest id, and the cut is written back.
    expect(getNode(a.store.getState(), 'A')!.parentId).toBe('root');
    expect(fromDoc(a.doc).repaired).toEqual([]);
    expect(fromDoc(b.doc).repaired).toEqual([]);
    // Edits keep flowing after the repair.
    renameNode(b.store, 'A1', 'after');
    addChild(a.store, 'C');
    syncAll([a, b]);
    expectSame(a, b);
  });

  it('moves nothing when an update arrives before the one it builds on', () => {
    const [a, b] = pair();
    const c = replica(a.doc);
    for (const r of [a, b, c]) r.outbox.length = 0;
    const added = addChild(c.store, 'A')!;
    const add = c.outbox.splice(0);
    renameNode(c.store, 'A', 'renamed after the add');
    const rename = c.outbox.splice(0);
    // The rename reaches a first: its deletion of the old record applies, its new record waits.
    for (const u of rename) Y.applyUpdate(a.doc, u, 'remote');
    expect(a.outbox).toEqual([]);
    for (const u of [...add, ...rename]) Y.applyUpdate(a.doc, u, 'remote');
    for (const u of [...add, ...rename]) Y.applyUpdate(b.doc, u, 'remote');
    syncAll([a, b, c]);
    for (const r of [a, b, c]) {
      expect(childIds(r.store.getState(), 'A')).toEqual(['A1', 'A2', added]);
      expect(getNode(r.store.getState(), 'A')?.data.label).toBe('renamed after the add');
    }
    expectSame(a, b, c);
  });

  it('keeps a topic added under a branch another replica deleted (under the root)', () => {
    const [a, b] = pair();
    const y = addChild(b.store, 'A1')!;
    deleteNode(a.store, 'A');
    syncAll([a, b]);
    expectSame(a, b);
    expect(getNode(a.store.getState(), y)!.parentId).toBe('root');
  });
});

describe('binding: undo through the document', () => {
  it('undoes and redoes this replica own edits, one step each, with labels', () => {
    const [a, b] = pair();
    renameNode(a.store, 'A', 'one');
    const id = addChild(a.store, 'B')!;
    expect(a.store.undoLabel()).toBe('Add topic');
    const seen: ChangeSet[] = [];
    a.store.subscribe((c) => seen.push(c));
    expect(a.store.undo()).toBe(true);
    expect(seen[0].undoRedo).toBe(true);
    expect(getNode(a.store.getState(), id)).toBeUndefined();
    expect(a.store.redoLabel()).toBe('Add topic');
    expect(a.store.undoLabel()).toBe('Rename topic');
    a.store.undo();
    expect(getNode(a.store.getState(), 'A')!.data.label).toBe('A');
    a.store.redo();
    a.store.redo();
    expect(getNode(a.store.getState(), id)).toBeDefined();
    syncAll([a, b]);
    expectSame(a, b);
  });

  it('never reverts a later change from another replica', () => {
    const [a, b] = pair();
    renameNode(a.store, 'A', 'from a');
    syncAll([a, b]);
    renameNode(b.store, 'A', 'from b');
    const z = addChild(b.store, 'C')!;
    syncAll([a, b]);
    a.store.undo();
    syncAll([a, b]);
    expect(getNode(a.store.getState(), 'A')!.data.label).toBe('from b');
    expect(getNode(a.store.getState(), z)).toBeDefined();
    expectSame(a, b);
    // Remote changes are not steps of this replica.
    expect(b.store.undoLabel()).toBe('Add topic');
  });

  it('undoes and redoes its own field of a topic whose other field a collaborator changed since', () => {
    const [a, b] = pair();
    const a0 = getNode(a.store.getState(), 'A')!.data;
    expect(updateNodeData(a.store, 'A', { ...a0, color: '#ef4444' }).ok).toBe(true);
    syncAll([a, b]);
    renameNode(b.store, 'A', 'renamed by b');
    syncAll([a, b]);
    expect(a.store.undo()).toBe(true);
    syncAll([a, b]);
    const colourBefore = getNode(b.store.getState(), 'B')!.data.color;
    expect(getNode(a.store.getState(), 'A')!.data.color).toBe(colourBefore);
    expect(getNode(a.store.getState(), 'A')!.data.label).toBe('renamed by b');
    expectSame(a, b);
    expect(a.store.redoLabel()).toBe('Edit topic');
    expect(a.store.redo()).toBe(true);
    syncAll([a, b]);
    expect(getNode(b.store.getState(), 'A')!.data.color).toBe('#ef4444');
    expect(getNode(b.store.getState(), 'A')!.data.label).toBe('renamed by b');
    expectSame(a, b);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
  });

  it('spends one step per undo, even when a collaborator has overwritten that step, and says it changed nothing', () => {
    const [a, b] = pair();
    const x = addChild(a.store, 'A')!;
    renameNode(a.store, x, 'mine');
    syncAll([a, b]);
    renameNode(b.store, x, 'theirs');
    syncAll([a, b]);
    const told: string[] = [];
    runCommand('undo', { store: a.store, ui: { focusSearch: () => {}, editLabel: () => {}, tell: (title) => told.push(title) } });
    // The rename's undo changes nothing now; the add's would take their rename away with the topic.
    expect(told).toEqual([SPENT_STEP.undoTitle]);
    expect(getNode(a.store.getState(), x)!.data.label).toBe('theirs');
    expect(a.store.undo()).toBe(false);
    syncAll([a, b]);
    expect(getNode(a.store.getState(), x)!.data.label).toBe('theirs');
    expect(a.store.canUndo()).toBe(false);
    expectSame(a, b);
  });

  it('folds a drag inside a mark into one step; a bailed drag is not redone and keeps what could be', () => {
    const [a] = pair();
    a.store.beginMark('Move topic');
    for (let i = 1; i <= 5; i++) moveNode(a.store, 'C', { x: 10 * i, y: 0 });
    a.store.commitMark();
    renameNode(a.store, 'B', 'b');
    a.store.undo();
    expect(getNode(a.store.getState(), 'C')!.position.x).toBe(50);
    a.store.undo();
    expect(getNode(a.store.getState(), 'C')!.position.x).not.toBe(10);
    expect(a.store.canUndo()).toBe(false);
    a.store.redo();
    const before = getNode(a.store.getState(), 'C')!.position;
    a.store.beginMark('Move topic');
    moveNode(a.store, 'C', { x: 999, y: 1 });
    moveNode(a.store, 'C', { x: 998, y: 2 });
    a.store.bailMark();
    expect(getNode(a.store.getState(), 'C')!.position).toEqual(before);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
    // The rename undone before the drag is still there to redo; then nothing is.
    expect(a.store.redoLabel()).toBe('Rename topic');
    a.store.redo();
    expect(getNode(a.store.getState(), 'B')!.data.label).toBe('b');
    expect(getNode(a.store.getState(), 'C')!.position).toEqual(before);
    expect(a.store.canRedo()).toBe(false);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
  });

  it('undoes an import or Clear Map as one step', () => {
    const [a] = pair();
    const before = canon(a.store.getState());
    clearMap(a.store);
    expect(a.store.getState().nodes.n).toBe(1);
    a.store.undo();
    expect(canon(a.store.getState())).toEqual(before);
  });
});

describe('binding: a document from a newer build', () => {
  it('is reported read-only and never written', () => {
    const doc = new Y.Doc();
    toDoc(doc, tree('Root', 'A').getState());
    mapDoc(doc).meta.set('schemaVersion', SCHEMA_VERSION + 1);
    const before = Y.encodeStateVector(doc);
    const r = replica(doc);
    expect(r.binding.readOnly).toBe(true);
    expect(getNode(r.store.getState(), 'A')).toBeDefined();
    renameNode(r.store, 'A', 'changed here');
    addChild(r.store, 'A');
    expect(r.outbox).toEqual([]);
    expect(Y.encodeStateVector(r.doc)).toEqual(before);
  });

  it('turns read-only when a newer build writes to a document already open', () => {
    const [a, b] = pair();
    mapDoc(b.doc).meta.set('schemaVersion', SCHEMA_VERSION + 1);
    const bumped = b.outbox.splice(0);
    for (const u of bumped) Y.applyUpdate(a.doc, u, 'remote');
    expect(a.binding.readOnly).toBe(true);
    a.outbox.length = 0;
    renameNode(a.store, 'A', 'not written');
    expect(a.outbox).toEqual([]);
  });
});

/** A document of an older schema: the records this build writes, each stored as `stored` makes it. */
function olderSchemaDoc(schema: number, stored: (bytes: Uint8Array) => unknown): Y.Doc {
  const current = new Y.Doc();
  toDoc(current, tree('Root', ['A', 'A1'], 'B').getState());
  const doc = new Y.Doc();
  for (const name of ['tree', 'topic', 'link'] as const) {
    current.getMap<Uint8Array>(name).forEach((v, id) => doc.getMap(name).set(id, stored(v)));
  }
  current.getMap('meta').forEach((v, k) => doc.getMap('meta').set(k, k === 'schemaVersion' ? schema : v));
  return doc;
}

describe('binding: a document from schema 1 (records stored as objects)', () => {
  const schemaOneDoc = () => olderSchemaDoc(1, (v) => decodeRecord(v));

  it('is read as it is, and an edit marks it schema 2 outside the undo history', () => {
    const r = replica(schemaOneDoc());
    const doc = r.doc;
    expect(typeof doc.getMap('topic').get('A')).toBe('object');
    expect(r.binding.readOnly).toBe(false);
    expect(getNode(r.store.getState(), 'A1')?.data.label).toBe('A1');
    renameNode(r.store, 'A', 'renamed');
    expect(mapDoc(doc).meta.get('schemaVersion')).toBe(SCHEMA_VERSION);
    expect(doc.getMap('topic').get('A')).toBeInstanceOf(Uint8Array);
    expect(doc.getMap('topic').get('B')).not.toBeInstanceOf(Uint8Array);
    expect(canon(fromDoc(doc).state)).toEqual(canon(r.store.getState()));
    r.store.undo();
    expect(getNode(r.store.getState(), 'A')?.data.label).toBe('A');
    expect(mapDoc(doc).meta.get('schemaVersion')).toBe(SCHEMA_VERSION);
  });

  it('reads a record that is neither JSON text nor an object as absent (the topic is repaired away)', () => {
    const doc = schemaOneDoc();
    doc.getMap('topic').set('B', '{not json');
    const { state } = fromDoc(doc);
    expect(getNode(state, 'B')).toBeUndefined();
    expect(getNode(state, 'A1')).toBeDefined();
  });
});

describe('binding: a document from schema 2 (records stored as JSON text)', () => {
  const schemaTwoDoc = () => olderSchemaDoc(2, (v) => new TextDecoder().decode(v));

  it('is read as it is, and an edit writes the record as bytes and marks the document schema 3', () => {
    const r = replica(schemaTwoDoc());
    const doc = r.doc;
    expect(typeof doc.getMap('topic').get('A')).toBe('string');
    expect(getNode(r.store.getState(), 'A1')?.data.label).toBe('A1');
    renameNode(r.store, 'A', 'renamed');
    expect(SCHEMA_VERSION).toBe(3);
    expect(mapDoc(doc).meta.get('schemaVersion')).toBe(3);
    expect(doc.getMap('topic').get('A')).toBeInstanceOf(Uint8Array);
    expect(typeof doc.getMap('topic').get('B')).toBe('string');
    expect(canon(fromDoc(doc).state)).toEqual(canon(r.store.getState()));
  });

  it('reads bytes that are not UTF-8 JSON of an object as absent', () => {
    const doc = schemaTwoDoc();
    doc.getMap('topic').set('B', new Uint8Array([0x7b, 0xff, 0x00]));
    doc.getMap('topic').set('A1', new TextEncoder().encode('[1, 2]'));
    const { state } = fromDoc(doc);
    expect(getNode(state, 'B')).toBeUndefined();
    expect(getNode(state, 'A1')).toBeUndefined();
    expect(getNode(state, 'A')).toBeDefined();
  });
});

describe('binding: more cases', () => {
  it('brings a deleted branch back with its links on every replica when undone', () => {
    const [a, b] = pair();
    connect(a.store, 'A1', 'C');
    connect(a.store, 'B', 'A2');
    syncAll([a, b]);
    deleteNode(a.store, 'A');
    syncAll([a, b]);
    expect(b.store.getState().edges.n).toBe(2);
    a.store.undo();
    syncAll([a, b]);
    expectSame(a, b);
    expect(b.store.getState().edges.n).toBe(7);
    expect(getNode(b.store.getState(), 'A2')!.parentId).toBe('A');
  });

  it('does not seed an empty document when told not to, and takes the content when it arrives', () => {
    const [a] = pair();
    const late = replica(undefined, undefined);
    const doc = new Y.Doc();
    const store = late.store;
    late.binding.destroy();
    const binding = bindStore(store, doc, { seedEmpty: false });
    expect(mapDoc(doc).tree.size).toBe(0);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(a.doc), 'remote');
    expect(canon(store.getState())).toEqual(canon(a.store.getState()));
    expect(store.canUndo()).toBe(false);
    binding.destroy();
  });

  it('lays out remote structural changes again without a local undo step', () => {
    const [a, b] = pair();
    updateSettings(a.store, { layout: 'right', autoLayout: true });
    syncAll([a, b]);
    const stop = keepLaidOut(b.store);
    const stopA = keepLaidOut(a.store);
    const seen: ChangeSet[] = [];
    b.store.subscribe((c) => seen.push(c));
    const written: string[] = [];
    a.doc.on('afterTransaction', (tr: Y.Transaction) => {
      for (const keys of tr.changed.values()) for (const k of keys) written.push(String(k));
    });
    const id = addChild(a.store, 'A')!;
    // Only the new topic is written, though the layout moved others (and A's place is derived).
    expect(written).toEqual([id, id]);
    expect(a.store.undoLabel()).toBe('Add topic');
    syncAll([a, b]);
    stopA();
    expect(seen.some((c) => c.moved.length > 0)).toBe(true);
    expect(b.store.canUndo()).toBe(false);
    // b wrote nothing back: the positions its layout computed are not stored.
    expect(b.outbox).toHaveLength(0);
    stop();
  });

  it('writes the places Tidy Up sets in free layout, as one step', () => {
    const [a, b] = pair();
    const before = canon(a.store.getState());
    expect(tidyUp(a.store, 'right')).toBe(true);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
    syncAll([a, b]);
    expectSame(a, b);
    expect(a.store.undoLabel()).toBe('Tidy up (right)');
    a.store.undo();
    expect(canon(a.store.getState())).toEqual(before);
  });

  it('undoing two layout settings in turn brings back the places from before them, as stored', () => {
    const [a] = pair();
    const stop = keepLaidOut(a.store);
    const before = canon(a.store.getState());
    // The Layout menu: Auto Layout on (Balanced), then Tidy Up (Right) while it is on.
    updateSettings(a.store, { layout: 'balanced', autoLayout: true });
    updateSettings(a.store, { layout: 'right' });
    expect(canon(a.store.getState()).nodes).not.toEqual(before.nodes);
    a.store.undo();
    a.store.undo();
    expect(a.store.getState().settings).toMatchObject({ autoLayout: false });
    expect(canon(a.store.getState()).nodes).toEqual(before.nodes);
    expect(canon(fromDoc(a.doc).state).nodes).toEqual(before.nodes);
    // And forward again: laid out to the right, as before the undos.
    a.store.redo();
    a.store.redo();
    expect(a.store.getState().settings).toMatchObject({ autoLayout: true, layout: 'right' });
    stop();
  });

  it('writes the laid-out places when auto-layout is switched off', () => {
    const [a, b] = pair();
    const stop = keepLaidOut(a.store);
    updateSettings(a.store, { layout: 'down', autoLayout: true });
    addChild(a.store, 'A2');
    const placed = canon(a.store.getState());
    updateSettings(a.store, { autoLayout: false });
    stop();
    expect(canon(fromDoc(a.doc).state).nodes).toEqual(placed.nodes);
    syncAll([a, b]);
    expectSame(a, b);
  });
});
