import { applyPatches, enablePatches, produceWithPatches, type Patch } from 'immer';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { getNode } from '../../src/state/doc';
import { compactPatches } from '../../src/state/compactPatches';
import { addChild, moveNodes, renameNode, updateNodeData, updateSettings } from '../../src/state/operations';
import type { MindMapStore } from '../../src/state/store';
import { fromDoc } from '../../src/state/ydoc/fromDoc';
import { META, SCHEMA_VERSION, mapDoc } from '../../src/state/ydoc/shape';
import { tree } from './helpers/tree';
import { canon, replica, syncAll, type Replica } from './ydoc/helpers';

enablePatches();

const DRAGGED = ['A', 'B', 'C'] as const;

function map(): MindMapStore {
  return tree('Root', ['A', 'A1', 'A2'], 'B', 'C', 'D');
}

/** One pointermove of a 3-topic drag: each topic moves to its start place plus the offset. */
function pointermove(store: MindMapStore, start: Map<string, { x: number; y: number }>, i: number): void {
  const to = new Map<string, { x: number; y: number }>();
  for (const [id, p] of start) to.set(id, { x: p.x + 3 * i, y: p.y + 2 * i });
  moveNodes(store, to, 'Move topic');
}

function startPlaces(store: MindMapStore): Map<string, { x: number; y: number }> {
  const m = new Map<string, { x: number; y: number }>();
  for (const id of DRAGGED) m.set(id, { ...getNode(store.getState(), id)!.position });
  return m;
}

/** Counts what a replica's document emits: transactions and 'update' events (one stored log append each). */
function watch(r: Replica) {
  const seen = { transactions: 0, updates: [] as Uint8Array[] };
  r.doc.on('afterTransaction', () => seen.transactions++);
  r.doc.on('update', (u: Uint8Array) => seen.updates.push(u));
  return seen;
}

function pair(): [Replica, Replica] {
  const a = replica(undefined, map());
  const b = replica(a.doc);
  return [a, b];
}

function expectInSync(r: Replica): void {
  expect(canon(r.store.getState())).toEqual(canon(fromDoc(r.doc).state));
}

describe('a drag bound to a document is one change per moved topic', () => {
  it('writes 100 pointermoves of a 3-topic drag as one transaction, one update, one undo step', () => {
    const [a, b] = pair();
    const start = startPlaces(a.store);
    const seen = watch(a);
    const undoItems = a.binding.history.manager.undoStack.length;
    a.store.beginMark('Move topic');
    for (let i = 1; i <= 100; i++) pointermove(a.store, start, i);
    expect(seen.transactions).toBe(0);
    expect(seen.updates).toHaveLength(0);
    expect(getNode(a.store.getState(), 'B')!.position).toEqual({ x: start.get('B')!.x + 300, y: start.get('B')!.y + 200 });
    a.store.commitMark();
    expect(seen.transactions).toBe(1);
    expect(seen.updates).toHaveLength(1);
    // One record per moved topic in the update, not one per pointermove.
    expect(Y.decodeUpdate(seen.updates[0]).structs).toHaveLength(3);
    expect(a.binding.history.manager.undoStack.length).toBe(undoItems + 1);
    expect(a.store.undoLabel()).toBe('Move topic');
    expectInSync(a);
    syncAll([a, b]);
    expect(canon(b.store.getState())).toEqual(canon(a.store.getState()));

    expect(a.store.undo()).toBe(true);
    for (const id of DRAGGED) expect(getNode(a.store.getState(), id)!.position).toEqual(start.get(id));
    expect(a.store.canUndo()).toBe(false);
    expectInSync(a);
    syncAll([a, b]);
    for (const id of DRAGGED) expect(getNode(b.store.getState(), id)!.position).toEqual(start.get(id));
    a.store.redo();
    expect(getNode(a.store.getState(), 'C')!.position).toEqual({ x: start.get('C')!.x + 300, y: start.get('C')!.y + 200 });
  });

  it('writes nothing for a bailed drag and puts the topics back', () => {
    const [a] = pair();
    const before = canon(a.store.getState());
    const start = startPlaces(a.store);
    const seen = watch(a);
    a.store.beginMark('Move topic');
    for (let i = 1; i <= 100; i++) pointermove(a.store, start, i);
    a.store.bailMark();
    expect(seen.transactions).toBe(0);
    expect(seen.updates).toHaveLength(0);
    expect(canon(a.store.getState())).toEqual(before);
    expect(a.store.canUndo()).toBe(false);
    expect(a.store.canRedo()).toBe(false);
    expectInSync(a);
  });

  it('keeps what could be redone before a bailed drag (a refused drop changes nothing)', () => {
    for (const bound of [true, false]) {
      const store = bound ? pair()[0].store : map();
      renameNode(store, 'B', 'B renamed');
      store.undo();
      expect(store.canRedo()).toBe(true);
      const start = startPlaces(store);
      store.beginMark('Move topic');
      for (let i = 1; i <= 5; i++) pointermove(store, start, i);
      store.bailMark();
      expect(store.canRedo()).toBe(true);
      store.redo();
      expect(getNode(store.getState(), 'B')!.data.label).toBe('B renamed');
      for (const id of DRAGGED) expect(getNode(store.getState(), id)!.position).toEqual(start.get(id));
    }
  });

  it('puts a bailed drag back where the layout placed it while auto-layout places topics', () => {
    const [a] = pair();
    updateSettings(a.store, { layout: 'right', autoLayout: true });
    const before = canon(a.store.getState());
    const start = startPlaces(a.store);
    a.store.beginMark('Move topic');
    for (let i = 1; i <= 10; i++) pointermove(a.store, start, i);
    a.store.bailMark();
    for (const id of DRAGGED) expect(getNode(a.store.getState(), id)!.position).toEqual(start.get(id));
    expect(canon(a.store.getState())).toEqual(before);
  });

  it('keeps a remote rename of a dragged topic that arrives during the drag', () => {
    const [a, b] = pair();
    const start = startPlaces(a.store);
    a.store.beginMark('Move topic');
    for (let i = 1; i <= 50; i++) pointermove(a.store, start, i);
    renameNode(b.store, 'B', 'renamed there');
    syncAll([a, b]);
    expect(getNode(a.store.getState(), 'B')!.data.label).toBe('renamed there');
    // The drag's place is not reset by the remote change, even with no pointermove after it.
    expect(getNode(a.store.getState(), 'B')!.position.x).toBe(start.get('B')!.x + 150);
    a.store.commitMark();
    syncAll([a, b]);
    for (const r of [a, b]) {
      expect(getNode(r.store.getState(), 'B')!.data.label).toBe('renamed there');
      expect(getNode(r.store.getState(), 'B')!.position).toEqual({ x: start.get('B')!.x + 150, y: start.get('B')!.y + 100 });
      expectInSync(r);
    }
    // Undo takes back the drag only: the other tab's rename stays.
    a.store.undo();
    expect(getNode(a.store.getState(), 'B')!.position).toEqual(start.get('B'));
    expect(getNode(a.store.getState(), 'B')!.data.label).toBe('renamed there');
    expectInSync(a);
  });

  it('keeps a remote rename when the drag is bailed', () => {
    const [a, b] = pair();
    const start = startPlaces(a.store);
    a.store.beginMark('Move topic');
    for (let i = 1; i <= 20; i++) pointermove(a.store, start, i);
    renameNode(b.store, 'A', 'theirs');
    syncAll([a, b]);
    a.store.bailMark();
    expect(getNode(a.store.getState(), 'A')!.data.label).toBe('theirs');
    for (const id of DRAGGED) expect(getNode(a.store.getState(), id)!.position).toEqual(start.get(id));
    expectInSync(a);
    expect(a.outbox).toHaveLength(0);
  });

  it('keeps the drag when a remote change rebuilds the map during it', () => {
    const [a, b] = pair();
    const start = startPlaces(a.store);
    a.store.beginMark('Move topic');
    for (let i = 1; i <= 10; i++) pointermove(a.store, start, i);
    renameNode(b.store, 'B', 'B!');
    // A change to the schema version is read by a rebuild of the whole map, not a patch.
    b.doc.transact(() => mapDoc(b.doc).meta.set(META.schemaVersion, SCHEMA_VERSION));
    const rebuilt = vi.spyOn(a.store, 'replaceExternal');
    syncAll([a, b]);
    expect(rebuilt).toHaveBeenCalled();
    const moved = { x: start.get('B')!.x + 30, y: start.get('B')!.y + 20 };
    expect(getNode(a.store.getState(), 'B')!.data.label).toBe('B!');
    expect(getNode(a.store.getState(), 'B')!.position).toEqual(moved);
    a.store.commitMark();
    syncAll([a, b]);
    for (const r of [a, b]) {
      expect(getNode(r.store.getState(), 'B')!.data.label).toBe('B!');
      expect(getNode(r.store.getState(), 'B')!.position).toEqual(moved);
      expectInSync(r);
    }
  });

  it('writes other changes made inside a mark at its commit (a topic added, its data, settings)', () => {
    const [a, b] = pair();
    const seen = watch(a);
    a.store.beginMark('Edit topic');
    expect(addChild(a.store, 'D')).not.toBeNull();
    expect(updateNodeData(a.store, 'C', { label: 'C edited', color: '#0ea5e9', animation: 'pulse', notes: 'a note', tags: ['x'] }).ok).toBe(true);
    updateSettings(a.store, { layout: 'free' });
    expect(seen.updates).toHaveLength(0);
    a.store.commitMark();
    expect(seen.updates).toHaveLength(1);
    expectInSync(a);
    syncAll([a, b]);
    expect(canon(b.store.getState())).toEqual(canon(a.store.getState()));
    a.store.undo();
    expect(getNode(a.store.getState(), 'C')!.data.label).toBe('C');
    expect(a.store.getState().nodes.n).toBe(7);
    expectInSync(a);
  });

  it('bails a mark that added a topic and reordered nothing else', () => {
    const [a] = pair();
    a.outbox.length = 0;
    const before = canon(a.store.getState());
    a.store.beginMark('Edit topic');
    addChild(a.store, 'A1');
    renameNode(a.store, 'A', 'x');
    a.store.bailMark();
    expect(canon(a.store.getState())).toEqual(before);
    expectInSync(a);
    expect(a.outbox).toHaveLength(0);
  });
});

describe('a drag in the store’s own history (no document)', () => {
  it('keeps one patch per moved topic, and undo puts them back', () => {
    const store = map();
    const start = startPlaces(store);
    store.beginMark('Move topic');
    for (let i = 1; i <= 100; i++) pointermove(store, start, i);
    store.commitMark();
    const past = (store as unknown as { past: { patches: Patch[]; inverse: Patch[] }[] }).past;
    expect(past).toHaveLength(1);
    expect(past[0].patches).toHaveLength(3);
    expect(past[0].inverse).toHaveLength(3);
    const end = canon(store.getState());
    store.undo();
    for (const id of DRAGGED) expect(getNode(store.getState(), id)!.position).toEqual(start.get(id));
    store.redo();
    expect(canon(store.getState())).toEqual(end);
  });
});

describe('compactPatches', () => {
  type Doc = { nodes: { n: number; b: Record<string, unknown>[] }; kids: { b: Record<string, string[]>[] }; settings: Record<string, unknown> };
  const base = (): Doc => ({
    nodes: { n: 2, b: [{ x: { p: { x: 0, y: 0 }, d: { l: 'x' } } }, { y: { p: { x: 1, y: 1 }, d: { l: 'y' } } }] },
    kids: { b: [{ x: ['y'] }] },
    settings: { layout: 'free' },
  });

  /** A random series of edits of the kinds a store makes: fields, whole records, removals, array edits. */
  function series(seed: number): Patch[] {
    let r = seed;
    const rnd = (n: number) => {
      r = (r * 1103515245 + 12345) % 2147483648;
      return r % n;
    };
    let s = base();
    const all: Patch[] = [];
    for (let step = 0; step < 40; step++) {
      const [next, patches] = produceWithPatches(s, (d) => {
        const bucket = rnd(2);
        const ids = Object.keys(d.nodes.b[bucket]);
        const id = ids.length ? ids[rnd(ids.length)] : null;
        const node = id ? (d.nodes.b[bucket][id] as { p: { x: number; y: number }; d: { l: string } } | null) : null;
        switch (rnd(7)) {
          case 0:
            if (node) node.p = { x: rnd(100), y: rnd(100) };
            break;
          case 1:
            if (node) node.d.l = `l${rnd(9)}`;
            break;
          case 2:
            d.nodes.b[bucket][`n${rnd(4)}`] = { p: { x: 0, y: rnd(5) }, d: { l: 'new' } };
            d.nodes.n++;
            break;
          case 3:
            if (id) delete d.nodes.b[bucket][id];
            break;
          case 4:
            d.kids.b[0].x.splice(rnd(2), 0, `k${rnd(9)}`);
            break;
          case 5:
            if (d.kids.b[0].x.length) d.kids.b[0].x[0] = `z${rnd(9)}`;
            break;
          default:
            d.settings.layout = rnd(2) ? 'free' : 'balanced';
        }
      });
      s = next;
      all.push(...patches);
    }
    return all;
  }

  it('has the same effect as the patches it compacts', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const patches = series(seed);
      const compact = compactPatches(patches);
      expect(compact.length).toBeLessThanOrEqual(patches.length);
      expect(applyPatches(base(), compact)).toEqual(applyPatches(base(), patches));
    }
  });

  it('folds edits of one record into one patch and leaves array edits alone', () => {
    const p = (op: Patch['op'], path: (string | number)[], value?: unknown): Patch => ({ op, path, value });
    const out = compactPatches([
      p('add', ['nodes', 'b', 0, 'z'], { p: { x: 0, y: 0 } }),
      p('replace', ['nodes', 'b', 0, 'z', 'p'], { x: 5, y: 5 }),
      p('replace', ['nodes', 'b', 0, 'z', 'p'], { x: 9, y: 9 }),
      p('add', ['kids', 'b', 0, 'x', 0], 'a'),
      p('add', ['kids', 'b', 0, 'x', 0], 'b'),
    ]);
    expect(out).toEqual([
      p('add', ['nodes', 'b', 0, 'z'], { p: { x: 9, y: 9 } }),
      p('add', ['kids', 'b', 0, 'x', 0], 'a'),
      p('add', ['kids', 'b', 0, 'x', 0], 'b'),
    ]);
  });
});
