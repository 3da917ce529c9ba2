import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../src/state/doc';
import { EXPORT_VERSION, type MapSnapshot } from '../../src/state/model';
import { parseMapText } from '../../src/state/restore';
import {
  buildState,
  exportFile,
  exportFileName,
  exportJson,
  PRETTY_EXPORT_MAX_NODES,
  preOrderIds,
  snapshotOf,
} from '../../src/state/snapshot';
import { tableGet } from '../../src/state/table';
import { chainSnapshot, makeEdge, makeNode, mapErrors, treeSnapshot, wideSnapshot } from './helpers/mapFixtures';

/** root -> [a, b], a -> [c, d], b -> [e], listed out of tree order, plus a cross edge d -> e. */
function scrambled(): MapSnapshot {
  const snap = treeSnapshot([
    ['root', null],
    ['b', 'root'],
    ['e', 'b'],
    ['a', 'root'],
    ['c', 'a'],
    ['d', 'a'],
  ]);
  // Children must stay in the order a, b under root: move b after a while keeping e before a.
  const order = ['root', 'e', 'a', 'b', 'c', 'd'];
  snap.nodes.sort((x, y) => order.indexOf(x.id) - order.indexOf(y.id));
  snap.edges.push(makeEdge('d', 'e'));
  return snap;
}

describe('buildState', () => {
  it('builds tables and indices; children follow the node array order', () => {
    const s = buildState(scrambled(), 'root');
    expect(mapErrors(s)).toEqual([]);
    expect(s.nodes.n).toBe(6);
    expect(s.edges.n).toBe(6);
    expect(tableGet(s.kids, 'root')).toEqual(['a', 'b']);
    expect(tableGet(s.kids, 'a')).toEqual(['c', 'd']);
    expect(tableGet(s.kids, 'c')).toBeUndefined();
    expect(tableGet(s.adj, 'e')).toEqual(['e-b-e', 'e-d-e']);
    expect(tableGet(s.adj, 'd')).toEqual(['e-a-d', 'e-d-e']);
    expect(s.kids.n).toBe(3);
    expect(s.adj.n).toBe(6);
    expect(s).toMatchObject({ rootId: 'root', selectedNodeId: null, searchQuery: '', settings: { layout: 'free', autoLayout: false } });
  });

  it('takes settings', () => {
    const s = buildState(treeSnapshot([['r', null]]), 'r', { layout: 'down', autoLayout: true });
    expect(s.settings).toEqual({ layout: 'down', autoLayout: true });
  });
});

describe('snapshotOf', () => {
  it('lists nodes in tree pre-order, then tree edges in that order, then the other edges', () => {
    const snap = snapshotOf(buildState(scrambled(), 'root'));
    expect(snap.nodes.map((n) => n.id)).toEqual(['root', 'a', 'c', 'd', 'b', 'e']);
    expect(snap.edges.map((e) => e.id)).toEqual(['e-root-a', 'e-a-c', 'e-a-d', 'e-root-b', 'e-b-e', 'e-d-e']);
  });

  it('returns copies: changing them cannot touch the state', () => {
    const source = treeSnapshot([
      ['root', null],
      ['a', 'root'],
    ]);
    source.nodes[1].data.tags = ['x'];
    source.nodes[1].data.attachment = { type: 'link', url: 'https://a.example', title: 't' };
    const state = buildState(source, 'root');
    const snap = snapshotOf(state);
    snap.nodes[1].position.x = 99;
    snap.nodes[1].data.label = 'changed';
    snap.nodes[1].data.tags!.push('y');
    snap.nodes[1].data.attachment!.url = 'https://b.example';
    snap.edges[0].style.stroke = '#000000';
    const a = tableGet(state.nodes, 'a')!;
    expect(a.position.x).toBe(0);
    expect(a.data.label).toBe('a');
    expect(a.data.tags).toEqual(['x']);
    expect(a.data.attachment?.url).toBe('https://a.example');
    expect(tableGet(state.edges, 'e-root-a')!.style.stroke).not.toBe('#000000');
  });

  it('the initial state is the root alone', () => {
    expect(snapshotOf(createInitialState())).toEqual({ nodes: [makeNode('root', null, { label: 'Main Topic' })], edges: [] });
  });
});

describe('export', () => {
  const when = new Date(2025, 0, 5, 23, 59, 30); // local time

  it('writes {nodes, edges, meta: {exportedAt, version}}', () => {
    const state = buildState(scrambled(), 'root');
    const file = exportFile(state, when);
    expect(Object.keys(file)).toEqual(['nodes', 'edges', 'meta']);
    expect(file.meta).toEqual({ exportedAt: when.toISOString(), version: EXPORT_VERSION });
    expect(file.meta.version).toBe('1.0');
    expect(file.nodes).toEqual(snapshotOf(state).nodes);
    expect(file.edges).toEqual(snapshotOf(state).edges);
  });

  it('names the file after the local date', () => {
    expect(exportFileName(when)).toBe('mindflow_2025-01-05.json');
    expect(exportFileName(new Date(2024, 11, 31, 0, 0, 1))).toBe('mindflow_2024-12-31.json');
  });

  it('exportJson is the export file as JSON, indented only for small maps', () => {
    const small = buildState(scrambled(), 'root');
    const smallText = exportJson(small, when);
    expect(JSON.parse(smallText)).toEqual(exportFile(small, when));
    expect(smallText).toContain('\n  "nodes"');

    const big = buildState(wideSnapshot(PRETTY_EXPORT_MAX_NODES + 1), 'root');
    const bigText = exportJson(big, when);
    expect(bigText).not.toContain('\n');
    expect(JSON.parse(bigText).nodes).toHaveLength(PRETTY_EXPORT_MAX_NODES + 1);
  });

  it('an exported file imports back to the same map', () => {
    const state = buildState(wideSnapshot(300), 'root');
    const result = parseMapText(exportJson(state, when));
    expect(result.ok && result.repairs).toEqual([]);
    expect(result.ok && snapshotOf(result.state)).toEqual(snapshotOf(state));
  });
});

describe('a 100,000-level chain', () => {
  const DEPTH = 100_000;
  const SLOW = 60_000; // ms; a busy CI machine can take seconds for 100k nodes

  it('builds, lists in pre-order, exports and restores without recursion', () => {
    const state = buildState(chainSnapshot(DEPTH), 'root');
    const ids = preOrderIds(state);
    expect(ids).toHaveLength(DEPTH + 1);
    expect(ids[DEPTH]).toBe(`n${DEPTH}`);

    const snap = snapshotOf(state);
    expect(snap.nodes[DEPTH].id).toBe(`n${DEPTH}`);
    expect(snap.edges[DEPTH - 1].id).toBe(`e-n${DEPTH - 1}-n${DEPTH}`);

    const result = parseMapText(exportJson(state));
    if (!result.ok) throw new Error(result.error);
    expect(result.count).toBe(DEPTH + 1);
    expect(result.repairs).toEqual([]);
    expect(tableGet(result.state.nodes, `n${DEPTH}`)?.parentId).toBe(`n${DEPTH - 1}`);
    expect(mapErrors(result.state)).toEqual([]);
  }, SLOW);

  it('restores when listed deepest first, and breaks a cycle closed at the top', () => {
    const snap = chainSnapshot(DEPTH);
    snap.nodes.reverse();
    const reversed = parseMapText(JSON.stringify(snap));
    expect(reversed.ok && reversed.repairs).toEqual([]);
    expect(reversed.ok && reversed.count).toBe(DEPTH + 1);

    // n1's parent becomes the deepest node: every node has a parent, so a root is created.
    const cyclic = chainSnapshot(DEPTH);
    cyclic.nodes.shift();
    cyclic.nodes[0].parentId = `n${DEPTH}`;
    const result = parseMapText(JSON.stringify(cyclic));
    if (!result.ok) throw new Error(result.error);
    expect(result.repairs).toContain('1 parent cycle broken');
    expect(result.repairs).toContain('1 missing root node created');
    expect(mapErrors(result.state)).toEqual([]);
  }, SLOW);
});
