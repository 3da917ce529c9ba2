import { describe, expect, it } from 'vitest';
import { MindMapStore } from '../../../src/state/store';
import { importText } from '../../../src/state/importMap';
import { childIds, getNode, type MindMapState } from '../../../src/state/doc';
import { depthOf } from '../../../src/state/tree';
import { depthMemo, shownRows, windowRows } from '../../../src/scene/a11y/treeWindow';

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
