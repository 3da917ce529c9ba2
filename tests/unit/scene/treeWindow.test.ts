import { describe, expect, it, onTestFinished } from 'vitest';
import { setIdGenerator } from '../../../src/state/ids';
import { MindMapStore } from '../../../src/state/store';
import { importText } from '../../../src/state/importMap';
import { childIds, getNode, type MindMapState } from '../../../src/state/doc';
import { depthOf } from '../../../src/state/tree';
import { DepthCache, depthMemo, shownRows, siblingPlaces, windowRows } from '../../../src/scene/a11y/treeWindow';
import { addChild, deleteNode, moveToParent, setExpanded } from '../../../src/state/operations';
import { tableForEach } from '../../../src/state/table';

/** A map from parent links: ids[0] is the root. */
function mapOf(parents: Array<[string, string | null]>): MindMapState {
  const nodes = parents.map(([id, parentId], i) => ({ id, type: parentId ? 'child' : 'root', position: { x: i * 10, y: 0 }, parentId, connectionType: 'standard', data: { label: id, expanded: true, color: '#3b82f6' } }));
  const edges = parents.filter(([, p]) => p).map(([id, p]) => ({ id: 'e-' + id, source: p, target: id }));
  const store = new MindMapStore();
  const r = importText(store, JSON.stringify({ nodes, edges }));
  expect(r.ok).toBe(true);
  return store.getState();
}

function chain(n: number): MindMapState {
  const parents: Array<[string, string | null]> = [['n0', null]];
  for (let i = 1; i < n; i++) parents.push(['n' + i, 'n' + (i - 1)]);
  return mapOf(parents);
}

describe('depths remembered across refreshes', () => {
  it('stay true through adds, moves, deletes, collapses, undo and redo', () => {
    // Ids from a counter: topics are picked in table order, which follows the ids, so random ids
    // made each run a different sequence (one of them deleted nearly every topic).
    let next = 0;
    setIdGenerator(() => `t${++next}`);
    onTestFinished(() => setIdGenerator(null));
    let seed = 3;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const store = new MindMapStore();
    const cache = new DepthCache();
    store.subscribe((changes, s) => cache.changed(changes, s));
    const ids = () => {
      const out: string[] = [];
      tableForEach(store.getState().nodes, (_n, id) => out.push(id));
      return out;
    };
    const any = () => {
      const all = ids();
      return all[Math.floor(rnd() * all.length)];
    };
    let checked = 0;
    for (let step = 0; step < 600; step++) {
      const op = rnd();
      if (op < 0.45) addChild(store, any());
      else if (op < 0.6) moveToParent(store, any(), any());
      else if (op < 0.65) deleteNode(store, any());
      else if (op < 0.75) setExpanded(store, any(), rnd() < 0.5);
      else if (op < 0.85) store.undo();
      else store.redo();
      const s = store.getState();
      // Some topics asked every step (as refreshes do), so that remembered depths meet later changes.
      for (let k = 0; k < 3; k++) {
        const id = any();
        expect(cache.depth(s, id), id).toBe(depthOf(s, id));
        checked++;
      }
    }
    expect(checked).toBe(1800);
    expect(ids().length).toBeGreaterThan(10);
  });

  it('a deep chain: after a delete below the focus, the focus depth costs no climb', () => {
    const parents: Array<[string, string | null]> = [['n0', null]];
    for (let i = 1; i < 5000; i++) parents.push(['n' + i, 'n' + (i - 1)]);
    const nodes = parents.map(([id, parentId], i) => ({ id, type: parentId ? 'child' : 'root', position: { x: i * 10, y: 0 }, parentId, connectionType: 'standard', data: { label: id, expanded: true, color: '#3b82f6' } }));
    const edges = parents.filter(([, p]) => p).map(([id, p]) => ({ id: 'e-' + id, source: p, target: id }));
    const store = new MindMapStore();
    expect(importText(store, JSON.stringify({ nodes, edges })).ok).toBe(true);
    const cache = new DepthCache();
    store.subscribe((changes, s) => cache.changed(changes, s));
    const focus = idOf(store.getState(), 'n3000');
    expect(cache.depth(store.getState(), focus)).toBe(3000);
    deleteNode(store, idOf(store.getState(), 'n4000'));
    const s = store.getState();
    const reads = { n: 0 };
    const counted = { ...s, nodes: new Proxy(s.nodes, { get: (t, k) => (k === 'b' && reads.n++, Reflect.get(t, k)) }) } as MindMapState;
    expect(cache.depth(counted, focus)).toBe(3000);
    expect(reads.n).toBe(0);
    // A move of an ancestor changes the depth, and the cache follows.
    moveToParent(store, idOf(store.getState(), 'n2000'), idOf(store.getState(), 'n0'));
    expect(cache.depth(store.getState(), focus)).toBe(depthOf(store.getState(), focus));
    expect(cache.depth(store.getState(), focus)).toBe(1001);
  });
});

describe('keyboard tree rows', () => {
  it('pre-order rows carry the level of each topic', () => {
    const s = mapOf([['r', null], ['a', 'r'], ['a1', 'a'], ['a11', 'a1'], ['b', 'r']]);
    const rows = shownRows(s, () => true);
    expect(rows.map((r) => [getNode(s, r.id)?.data.label, r.level])).toEqual([['r', 1], ['a', 2], ['a1', 3], ['a11', 4], ['b', 2]]);
  });

  it('the depth memo agrees with the ancestor walk', () => {
    const s = mapOf([['r', null], ['a', 'r'], ['a1', 'a'], ['a11', 'a1'], ['b', 'r'], ['b1', 'b']]);
    const depth = depthMemo(s);
    for (const id of ['a11', 'b1', 'r', 'a', 'a1', 'b']) {
      expect(depth(idOf(s, id))).toBe(depthOf(s, idOf(s, id)));
    }
  });

  it('a deep chain: the window holds the root, a bounded path and the topics near the view, with true levels', () => {
    const n = 20_000;
    const s = chain(n);
    const focus = idOf(s, 'n15000');
    const near = ['n14990', 'n15001', 'n15010', 'n14999'].map((l) => idOf(s, l));
    const rows = windowRows(s, focus, near, 50);
    // root + 50 ancestors + focus + the 2 near topics not already on the path (n14990, n14999 are)
    expect(rows.length).toBe(1 + 50 + 1 + 2);
    expect(rows[0]).toEqual({ id: s.rootId, level: 1 });
    const byLabel = new Map(rows.map((r) => [getNode(s, r.id)!.data.label, r.level]));
    expect(byLabel.get('n15000')).toBe(15001);
    expect(byLabel.get('n14950')).toBe(14951);
    expect(byLabel.get('n15010')).toBe(15011);
    expect(byLabel.get('n14990')).toBe(14991);
    expect(byLabel.has('n14949')).toBe(false);
  });

  it('a deep chain window is cheap: 200 near topics cost about one walk to the root, not 200 walks', () => {
    const n = 20_000;
    const s = chain(n);
    const focus = idOf(s, 'n19000');
    const near = Array.from({ length: 200 }, (_, i) => idOf(s, 'n' + (18900 + i)));
    let lookups = 0;
    const counted = new Proxy(s, {
      get(target, key, recv) {
        if (key === 'nodes') lookups++;
        return Reflect.get(target, key, recv);
      },
    });
    const rows = windowRows(counted, focus, near, 50);
    expect(rows.find((r) => r.id === near[0])?.level).toBe(18901);
    expect(rows.find((r) => r.id === near[199])?.level).toBe(19100);
    // One walk to the root plus a few steps per row; items × depth would be 200 × 19,000 lookups.
    expect(lookups).toBeGreaterThan(19_000);
    expect(lookups).toBeLessThan(2 * 19_000 + 20 * rows.length);
  });

  it('the root focused: just the root and the near topics', () => {
    const s = mapOf([['r', null], ['a', 'r'], ['b', 'r']]);
    const rows = windowRows(s, s.rootId, [idOf(s, 'b'), s.rootId], 50);
    expect(rows).toEqual([{ id: s.rootId, level: 1 }, { id: idOf(s, 'b'), level: 2 }]);
  });
});

/** Imports may re-key topics: find one by its label. */
const byLabel = new WeakMap<MindMapState, Map<string, string>>();
function idOf(s: MindMapState, label: string): string {
  let m = byLabel.get(s);
  if (!m) {
    m = new Map();
    const stack = [s.rootId];
    while (stack.length) {
      const id = stack.pop()!;
      m.set(getNode(s, id)!.data.label, id);
      stack.push(...childIds(s, id));
    }
    byLabel.set(s, m);
  }
  const id = m.get(label);
  if (!id) throw new Error('no topic ' + label);
  return id;
}

describe('places among siblings', () => {
  it('are counted among the shown siblings, whatever part of them the window holds', () => {
    const s = mapOf([['r', null], ['a', 'r'], ['b', 'r'], ['c', 'r'], ['d', 'r'], ['b1', 'b']]);
    const all = () => true;
    const places = siblingPlaces(s, [{ id: 'r', level: 1 }, { id: 'c', level: 2 }, { id: 'b1', level: 3 }], all);
    expect(places.get('r')).toEqual({ pos: 1, size: 1 });
    expect(places.get('c')).toEqual({ pos: 3, size: 4 });
    expect(places.get('b1')).toEqual({ pos: 1, size: 1 });
    // During a search only the shown siblings count.
    const shown = (id: string) => id !== 'a' && id !== 'b';
    expect(siblingPlaces(s, [{ id: 'c', level: 2 }], shown).get('c')).toEqual({ pos: 1, size: 2 });
  });
});
