import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildState } from '../../../src/state/snapshot';
import { tableGet } from '../../../src/state/table';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { assignKeys, isOrderKey, keyBetween, keysBetween } from '../../../src/state/ydoc/orderKeys';
import { SCHEMA_VERSION, decodeRecord, mapDoc, type TopicRecord, type TreeRecord } from '../../../src/state/ydoc/shape';
import { toDoc } from '../../../src/state/ydoc/toDoc';
import { mapErrors, validSnapshotArb } from '../helpers/mapFixtures';
import { integrityProblems, tree } from '../helpers/tree';
import { canon } from './helpers';
import { addMiddleChild, connect, setExpanded, updateNodeData, updateSettings } from '../../../src/state/operations';

describe('order keys', () => {
  it('makes a key between any two, and keeps appended keys short', () => {
    let prev: string | null = null;
    const keys: string[] = [];
    for (let i = 0; i < 5000; i++) keys.push((prev = keyBetween(prev, null)));
    expect([...keys].sort()).toEqual(keys);
    expect(keys[keys.length - 1].length).toBeLessThanOrEqual(4);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (picks) => {
        const list = ['a0'];
        for (const p of picks) {
          const i = p % (list.length + 1);
          const k = keyBetween(i === 0 ? null : list[i - 1], i === list.length ? null : list[i]);
          expect(isOrderKey(k)).toBe(true);
          list.splice(i, 0, k);
        }
        expect([...list].sort()).toEqual(list);
        expect(new Set(list).size).toBe(list.length);
      }),
    );
  });

  it('spreads n keys between two and refuses keys out of order', () => {
    const ks = keysBetween('a0', 'a1', 7);
    expect(ks).toHaveLength(7);
    expect([...ks].sort()).toEqual(ks);
    expect(ks[0] > 'a0' && ks[6] < 'a1').toBe(true);
    expect(() => keyBetween('a1', 'a0')).toThrow();
    expect(() => keyBetween('x!', null)).toThrow();
  });

  it('reuses the keys that stay in order and rewrites only what moved', () => {
    const old = new Map([['A', 'a0'], ['B', 'a1'], ['C', 'a2'], ['D', 'a3']]);
    const keys = assignKeys(['A', 'C', 'B', 'D'], (id) => old.get(id));
    expect([...keys].sort()).toEqual(keys);
    expect(keys.filter((k, i) => k !== old.get(['A', 'C', 'B', 'D'][i]))).toHaveLength(1);
    const withNew = assignKeys(['X', 'A', 'B'], (id) => old.get(id));
    expect(withNew.slice(1)).toEqual(['a0', 'a1']);
    expect(withNew[0] < 'a0').toBe(true);
  });
});

describe('document shape', () => {
  it('round-trips a map: state -> doc -> state, with connections, colours, collapsed topics and settings', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], ['B', 'B1'], 'C');
    addMiddleChild(store, 'B');
    connect(store, 'A1', 'B1');
    connect(store, 'C', 'A');
    setExpanded(store, 'A', false);
    updateNodeData(store, 'B1', {
      label: 'Bee one', color: '#ef4444', animation: 'glow', priority: 'high', notes: 'n', tags: ['x', 'y'],
      attachment: { type: 'link', url: 'https://example.com', title: 'Ex' },
    });
    updateSettings(store, { layout: 'balanced', autoLayout: true });
    const doc = new Y.Doc();
    toDoc(doc, store.getState());
    const back = fromDoc(doc);
    expect(back.newer).toBe(false);
    expect(back.schemaVersion).toBe(SCHEMA_VERSION);
    expect(back.repaired).toEqual([]);
    expect(integrityProblems(back.state)).toEqual([]);
    expect(canon(back.state)).toEqual(canon(store.getState()));
    // Through an update, as another replica would receive it.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    expect(canon(fromDoc(other).state)).toEqual(canon(store.getState()));
  });

  it('round-trips any valid map', () => {
    fc.assert(
      fc.property(validSnapshotArb(20), ({ snapshot, rootId }) => {
        const state = buildState(snapshot, rootId);
        const doc = new Y.Doc();
        toDoc(doc, state);
        const back = fromDoc(doc).state;
        expect(canon(back)).toEqual(canon(state));
      }),
      { numRuns: 60 },
    );
  });

  it('writes the same records into an empty document as over one that holds some of them', () => {
    const records = (doc: Y.Doc) => {
      const d = mapDoc(doc);
      const out: Record<string, Record<string, unknown>> = { tree: {}, topic: {}, link: {} };
      for (const name of ['tree', 'topic', 'link'] as const) d[name].forEach((rec, id) => (out[name][id] = rec as unknown as Record<string, unknown>));
      return out;
    };
    fc.assert(
      fc.property(validSnapshotArb(20), ({ snapshot, rootId }) => {
        const state = buildState(snapshot, rootId);
        const empty = new Y.Doc();
        toDoc(empty, state);
        // The root alone first: the whole map is then written over a record it already has.
        const held = new Y.Doc();
        toDoc(held, buildState({ nodes: [{ ...snapshot.nodes.find((n) => n.id === rootId)!, parentId: null }], edges: [] }, rootId));
        toDoc(held, state);
        expect(records(empty)).toEqual(records(held));
      }),
      { numRuns: 60 },
    );
  });

  it('reads a record again once another replica or an undo has changed it (one MapDoc per document)', () => {
    const a = new Y.Doc();
    toDoc(a, tree('Root', 'A').getState());
    const d = mapDoc(a);
    expect(mapDoc(a)).toBe(d);
    expect(d.topic.get('A')!.data.label).toBe('A');
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const rec = mapDoc(b).topic.get('A')!;
    mapDoc(b).topic.set('A', { ...rec, data: { ...rec.data, label: 'from b' } });
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    expect(d.topic.get('A')!.data.label).toBe('from b');
    const undo = new Y.UndoManager(d.topic.y);
    d.topic.set('A', { ...rec, data: { ...rec.data, label: 'here' } });
    expect(d.topic.get('A')!.data.label).toBe('here');
    undo.undo();
    expect(d.topic.get('A')!.data.label).toBe('from b');
  });

  it('keeps fields it does not know when it rewrites a record', () => {
    const store = tree('Root', 'A');
    const doc = new Y.Doc();
    toDoc(doc, store.getState());
    const d = mapDoc(doc);
    const rec = d.topic.get('A')!;
    d.topic.set('A', { ...rec, icon: 'star', data: { ...rec.data, mood: 'happy' } } as TopicRecord);
    d.tree.set('A', { ...d.tree.get('A')!, pinned: true } as TreeRecord);
    const state = fromDoc(doc).state;
    expect(tableGet(state.nodes, 'A')!.data).not.toHaveProperty('mood');
    updateNodeData(store, 'A', { label: 'Renamed', color: '#ef4444', animation: 'pulse' });
    toDoc(doc, store.getState());
    const after = d.topic.get('A') as TopicRecord & { icon?: string };
    expect(after.data.label).toBe('Renamed');
    expect(after.icon).toBe('star');
    expect((after.data as unknown as { mood?: string }).mood).toBe('happy');
    expect((d.tree.get('A') as TreeRecord).pinned).toBe(true);
  });

  it('reports a document from a newer build', () => {
    const doc = new Y.Doc();
    toDoc(doc, tree('Root', 'A').getState());
    mapDoc(doc).meta.set('schemaVersion', SCHEMA_VERSION + 1);
    const r = fromDoc(doc);
    expect(r.newer).toBe(true);
    expect(tableGet(r.state.nodes, 'A')).toBeDefined();
  });

  it('repairs orphans and cycles the same way whatever the order records arrive in', () => {
    const doc = new Y.Doc();
    toDoc(doc, tree('Root', ['A', 'A1'], ['B', 'B1'], 'C').getState());
    const d = mapDoc(doc);
    const t = (id: string) => d.tree.get(id)!;
    // A cycle from two concurrent moves (A under B1, B under A1), and an orphan whose parent is gone.
    d.tree.set('A', { ...t('A'), parent: 'B1' });
    d.tree.set('B', { ...t('B'), parent: 'A1' });
    d.tree.set('X', { parent: 'gone', order: 'a0', edge: null });
    d.topic.set('X', { ...d.topic.get('C')!, data: { ...d.topic.get('C')!.data, label: 'X' } });
    const r = fromDoc(doc);
    expect(mapErrors(r.state)).toEqual([]);
    expect(tableGet(r.state.nodes, 'A')!.parentId).toBe('root');
    expect(tableGet(r.state.nodes, 'B')!.parentId).toBe('A1');
    expect(tableGet(r.state.nodes, 'X')!.parentId).toBe('root');
    expect(r.repaired.sort()).toEqual(['A', 'X']);
    // Another replica receiving the same records in another order builds the same map.
    const other = new Y.Doc();
    const parts = [Y.encodeStateAsUpdate(doc)];
    Y.applyUpdate(other, parts[0]);
    expect(canon(fromDoc(other).state)).toEqual(canon(r.state));
  });
});

describe('record maps: batched writes', () => {
  const rec = (label: string) => ({ type: 'child', connectionType: 'standard', data: { label }, position: { x: 0, y: 0 } }) as unknown as TopicRecord;

  it('are seen inside the batch and stored after it as UTF-8 JSON, any text included', () => {
    const doc = new Y.Doc();
    const d = mapDoc(doc);
    d.topic.set('kept', rec('before'));
    const labels = ['plain', 'はじめに 📚', 'line\nbreak and "quotes" \\ back', '\u2028 separators \u2029', ''];
    doc.transact(() =>
      d.topic.batch(() => {
        labels.forEach((l, i) => d.topic.set(`t${i}`, rec(l)));
        expect(d.topic.get('t1')?.data.label).toBe(labels[1]);
        expect(d.topic.has('t2')).toBe(true);
        expect(doc.getMap('topic').has('t2')).toBe(false);
        d.topic.delete('t4');
        d.topic.delete('kept');
        d.topic.set('kept', rec('after'));
      }),
    );
    for (const [i, l] of labels.entries()) {
      if (i === 4) continue;
      expect(doc.getMap('topic').get(`t${i}`)).toBeInstanceOf(Uint8Array);
      expect(d.topic.get(`t${i}`)?.data.label).toBe(l);
    }
    expect(d.topic.has('t4')).toBe(false);
    expect(d.topic.get('kept')?.data.label).toBe('after');

    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(mapDoc(copy).topic.get('t2')?.data.label).toBe(labels[2]);
    expect(mapDoc(copy).topic.size).toBe(5);
  });

  it('are still written when the batch throws', () => {
    const doc = new Y.Doc();
    const d = mapDoc(doc);
    expect(() =>
      d.topic.batch(() => {
        d.topic.set('a', rec('A'));
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(d.topic.get('a')?.data.label).toBe('A');
    expect(doc.getMap('topic').get('a')).toBeInstanceOf(Uint8Array);
  });
});

describe('record maps: reading every record at once', () => {
  it('reads each record as reading it alone does, whatever its bytes', () => {
    const doc = new Y.Doc();
    const y = doc.getMap<unknown>('topic');
    const enc = new TextEncoder();
    const good = (label: string) => enc.encode(JSON.stringify({ data: { label } }));
    const values: Record<string, unknown> = {
      a: good('plain'),
      b: good('はじめに 📚'),
      c: new Uint8Array([...good('cut'), 0xe3, 0x81]),
      d: new Uint8Array([0xef, 0xbb, 0xbf, ...good('after a byte-order mark')]),
      e: new Uint8Array(0),
      f: JSON.stringify({ data: { label: 'schema 2 text' } }),
      g: { data: { label: 'schema 1 object' } },
      h: enc.encode('[1, 2]'),
      i: good('last'),
    };
    for (const [id, v] of Object.entries(values)) y.set(id, v);
    const read = (m: ReturnType<typeof mapDoc>['topic']) => {
      const all: Record<string, string> = {};
      m.forEach((rec, id) => (all[id] = (rec as { data: { label: string } }).data.label));
      return all;
    };
    const alone = Object.fromEntries(
      Object.keys(values)
        .map((id) => [id, (decodeRecord(y.get(id)) as { data: { label: string } } | undefined)?.data.label] as const)
        .filter(([, l]) => l !== undefined),
    );
    expect(Object.keys(alone).sort()).toEqual(['a', 'b', 'f', 'g', 'i']);
    expect(read(mapDoc(doc).topic)).toEqual(alone);

    // A line feed inside a record's bytes: each is read alone, with the same result.
    y.set('j', enc.encode('{"data":\n{"label":"with a line feed"}}'));
    expect(read(mapDoc(doc).topic)).toEqual({ ...alone, j: 'with a line feed' });
  });
});
