import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MindMapState } from '../../src/state/doc';
import { DEFAULT_COLOR, MESSAGES, type MindEdge, type MindNode } from '../../src/state/model';
import { isSafeUrl, MAX_REPAIR_NOTES, normalizeColor, parseMapText, restoreMap, truncate, type RestoreResult } from '../../src/state/restore';
import { buildState, snapshotOf } from '../../src/state/snapshot';
import { tableGet, tableValues } from '../../src/state/table';
import { makeEdge, makeNode, mapErrors, treeSnapshot, validSnapshotArb, wideSnapshot } from './helpers/mapFixtures';

const GENERATED_ID = /^[A-Za-z0-9_-]{21}$/;

function restored(value: unknown): { state: MindMapState; repairs: string[]; count: number } {
  const result = restoreMap(value);
  if (!result.ok) throw new Error(`restore failed: ${result.error}`);
  expect(mapErrors(result.state)).toEqual([]);
  return result;
}

function node(s: MindMapState, id: string): MindNode {
  const n = tableGet(s.nodes, id);
  if (!n) throw new Error(`no node ${id}`);
  return n;
}

function nodeByLabel(s: MindMapState, label: string): MindNode {
  const n = tableValues(s.nodes).find((x) => x.data.label === label);
  if (!n) throw new Error(`no node labelled ${label}`);
  return n;
}

function edges(s: MindMapState): MindEdge[] {
  return tableValues(s.edges);
}

/** A valid root plus raw node records, with no edges (tree edges are added by the restore). */
function withRoot(...raw: unknown[]): { nodes: unknown[]; edges: unknown[] } {
  return { nodes: [makeNode('root', null), ...raw], edges: [] };
}

function child(id: string, data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    type: 'child',
    position: { x: 0, y: 0 },
    parentId: 'root',
    connectionType: 'standard',
    data: { label: id, expanded: true, color: DEFAULT_COLOR, animation: 'pulse', ...data },
    ...extra,
  };
}

describe('restoreMap rejects what is not a map', () => {
  const invalid: Array<[string, unknown]> = [
    ['null', null],
    ['a number', 42],
    ['a string', 'nodes'],
    ['an array', [{ nodes: [], edges: [] }]],
    ['no edges', { nodes: [] }],
    ['no nodes', { edges: [] }],
    ['nodes not an array', { nodes: { 0: makeNode('root', null) }, edges: [] }],
    ['edges not an array', { nodes: [], edges: 'none' }],
    ['nodes only inherited', Object.create({ nodes: [], edges: [] })],
  ];
  it.each(invalid)('%s', (_name, value) => {
    expect(restoreMap(value)).toEqual({ ok: false, error: MESSAGES.importInvalid });
  });

  it('text that is not JSON', () => {
    expect(parseMapText('{"nodes": [')).toEqual({ ok: false, error: MESSAGES.importInvalid });
    expect(parseMapText('')).toEqual({ ok: false, error: MESSAGES.importInvalid });
  });

  it('a throwing getter is reported as invalid, not thrown', () => {
    const value = {
      nodes: [],
      get edges(): unknown[] {
        throw new Error('boom');
      },
    };
    expect(restoreMap(value)).toEqual({ ok: false, error: MESSAGES.importInvalid });
  });
});

interface HostileCase {
  name: string;
  input: unknown;
  /** Parse `input` as text instead of passing the value. */
  text?: boolean;
  repairs?: string[];
  check: (state: MindMapState, result: { repairs: string[]; count: number }) => void;
}

const hostileCases: HostileCase[] = [
  {
    name: 'empty map gets the initial root',
    input: { nodes: [], edges: [] },
    repairs: ['1 missing root node created'],
    check: (s, r) => {
      expect(r.count).toBe(1);
      expect(node(s, 'root').data.label).toBe('Main Topic');
      expect(s.rootId).toBe('root');
    },
  },
  {
    name: 'non-object node entries are dropped',
    input: withRoot(5, 'x', null, [], true, child('a')),
    repairs: ['5 node entries that are not objects dropped', '1 missing parent-child edge added'],
    check: (s, r) => {
      expect(r.count).toBe(2);
      expect(node(s, 'a').parentId).toBe('root');
    },
  },
  {
    name: 'missing, empty and non-string ids get new 21-character ids',
    input: withRoot(child('a', {}, { id: undefined }), child('', { label: 'empty' }), child('x', { label: 'obj' }, { id: { v: 1 } })),
    repairs: ['3 nodes without a usable id given new ids', '3 missing parent-child edges added'],
    check: (s) => {
      const ids = tableValues(s.nodes).filter((n) => n.id !== 'root').map((n) => n.id);
      expect(ids).toHaveLength(3);
      for (const id of ids) expect(id).toMatch(GENERATED_ID);
    },
  },
  {
    name: 'numeric ids and parent ids become text',
    input: { nodes: [{ ...makeNode('x', null), id: 1 }, { ...makeNode('y', 'x'), id: 2, parentId: 1 }], edges: [{ source: 1, target: 2 }] },
    repairs: ['2 numeric node ids converted to text', '1 edge without a style given the default style', '1 edge id normalised'],
    check: (s) => {
      expect(s.rootId).toBe('1');
      expect(node(s, '2').parentId).toBe('1');
      expect(tableGet(s.edges, 'e-1-2')).toBeDefined();
    },
  },
  {
    name: 'duplicate ids: the later node is renamed, references keep meaning the first',
    input: {
      nodes: [makeNode('root', null), child('a', { label: 'first' }), child('a', { label: 'second' }), child('b', {}, { parentId: 'a' })],
      edges: [makeEdge('root', 'a'), makeEdge('a', 'b')],
    },
    repairs: ['1 duplicate node id renamed', '1 missing parent-child edge added'],
    check: (s) => {
      expect(node(s, 'a').data.label).toBe('first');
      expect(nodeByLabel(s, 'second').id).toMatch(GENERATED_ID);
      expect(node(s, 'b').parentId).toBe('a');
    },
  },
  {
    name: '__proto__, constructor and prototype ids are renamed and stay connected',
    input: {
      nodes: [
        makeNode('root', null),
        child('__proto__', { label: 'p' }),
        child('constructor', { label: 'c' }),
        child('prototype', { label: 'q' }),
        child('kid', {}, { parentId: '__proto__' }),
      ],
      edges: [makeEdge('root', '__proto__'), { source: 'constructor', target: 'prototype' }],
    },
    repairs: ['3 unsafe node ids renamed', '2 edge ids normalised', '1 edge without a style given the default style', '3 missing parent-child edges added'],
    check: (s) => {
      const p = nodeByLabel(s, 'p');
      expect(p.id).toMatch(GENERATED_ID);
      expect(node(s, 'kid').parentId).toBe(p.id);
      expect(tableGet(s.edges, `e-root-${p.id}`)).toBeDefined();
      const c = nodeByLabel(s, 'c');
      const q = nodeByLabel(s, 'q');
      expect(tableGet(s.edges, `e-${c.id}-${q.id}`)).toBeDefined();
      expect(({} as Record<string, unknown>).label).toBeUndefined();
    },
  },
  {
    name: '__proto__ keys in JSON never reach a prototype',
    text: true,
    input:
      '{"__proto__":{"polluted":1},"nodes":[{"id":"root","type":"root","parentId":null,"__proto__":{"polluted":2},' +
      '"position":{"x":1,"y":2,"__proto__":{"polluted":3}},"connectionType":"standard",' +
      '"data":{"label":"R","expanded":true,"color":"#9b87f5","animation":"pulse","__proto__":{"polluted":4},' +
      '"attachment":{"type":"link","url":"https://a.example","title":"t","__proto__":{"polluted":5}}}}],"edges":[]}',
    repairs: [],
    check: (s) => {
      const root = node(s, 'root');
      for (const obj of [root, root.position, root.data, root.data.attachment]) {
        expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
        expect((obj as unknown as Record<string, unknown>).polluted).toBeUndefined();
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  },
  {
    name: 'no root typed node: the first node without a parent becomes root',
    input: { nodes: [child('a', {}, { parentId: 'b' }), child('b', {}, { parentId: null })], edges: [] },
    repairs: ['1 node type corrected', '1 missing parent-child edge added'],
    check: (s) => {
      expect(s.rootId).toBe('b');
      expect(node(s, 'b').type).toBe('root');
      expect(node(s, 'a').parentId).toBe('b');
    },
  },
  {
    name: 'every node has a parent (a cycle): a Main Topic root is created',
    input: { nodes: [child('a', {}, { parentId: 'b' }), child('b', {}, { parentId: 'a' })], edges: [makeEdge('a', 'b')] },
    repairs: ['1 missing root node created', '1 parent cycle broken', '1 duplicate edge dropped', '2 missing parent-child edges added'],
    check: (s, r) => {
      expect(s.rootId).toBe('root');
      expect(node(s, 'root').data.label).toBe('Main Topic');
      expect(r.count).toBe(3);
      expect(snapshotOf(s).nodes[0].id).toBe('root');
    },
  },
  {
    name: 'a created root takes a fresh id when "root" is taken by a non-root',
    input: { nodes: [child('root', {}, { parentId: 'x' }), child('x', {}, { parentId: 'root' })], edges: [] },
    check: (s) => {
      expect(s.rootId).toMatch(GENERATED_ID);
      expect(node(s, 'root').type).toBe('child');
    },
  },
  {
    name: 'several roots: the first stays root, the others become its children',
    input: { nodes: [makeNode('r1', null), makeNode('r2', null), makeNode('r3', null), makeNode('k', 'r2')], edges: [makeEdge('r2', 'k')] },
    repairs: ['2 extra root nodes moved under the root', '2 missing parent-child edges added'],
    check: (s) => {
      expect(s.rootId).toBe('r1');
      expect(node(s, 'r2')).toMatchObject({ type: 'child', parentId: 'r1' });
      expect(node(s, 'r3')).toMatchObject({ type: 'child', parentId: 'r1' });
      expect(node(s, 'k').parentId).toBe('r2');
    },
  },
  {
    name: 'unknown or invalid parent ids attach to the root',
    input: withRoot(child('a', {}, { parentId: 'ghost' }), child('b', {}, { parentId: { id: 'root' } })),
    repairs: ['2 nodes with an unknown parent attached to the root', '2 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').parentId).toBe('root');
      expect(node(s, 'b').parentId).toBe('root');
    },
  },
  {
    name: 'nodes without a parent attach to the root',
    input: withRoot(child('a', {}, { parentId: null }), child('b', {}, { parentId: undefined })),
    repairs: ['2 nodes without a parent attached to the root', '2 missing parent-child edges added'],
    check: (s) => expect(node(s, 'b').parentId).toBe('root'),
  },
  {
    name: 'a three-node parent cycle below the root is broken once',
    input: withRoot(child('a', {}, { parentId: 'c' }), child('b', {}, { parentId: 'a' }), child('c', {}, { parentId: 'b' })),
    repairs: ['1 parent cycle broken', '3 missing parent-child edges added'],
    check: (s) => {
      const underRoot = ['a', 'b', 'c'].filter((id) => node(s, id).parentId === 'root');
      expect(underRoot).toHaveLength(1);
    },
  },
  {
    name: 'a node that is its own parent attaches to the root',
    input: withRoot(child('a', {}, { parentId: 'a' })),
    repairs: ['1 parent cycle broken', '1 missing parent-child edge added'],
    check: (s) => expect(node(s, 'a').parentId).toBe('root'),
  },
  {
    name: 'types other than root/child are corrected',
    input: withRoot(child('a', {}, { type: 'custom' }), child('b', {}, { type: 7 })),
    repairs: ['2 node types corrected', '2 missing parent-child edges added'],
    check: (s) => expect(node(s, 'a').type).toBe('child'),
  },
  {
    name: 'unknown connection types become standard',
    input: withRoot(child('a', {}, { connectionType: 'diagonal' }), child('m', {}, { connectionType: 'middle' })),
    repairs: ['1 unknown connection type reset to standard', '2 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').connectionType).toBe('standard');
      expect(node(s, 'm').connectionType).toBe('middle');
    },
  },
  {
    name: 'a missing connection type is filled in, not reported as unknown',
    input: withRoot(child('a', {}, { connectionType: undefined })),
    repairs: ['1 node without a connection type set to standard', '1 missing parent-child edge added'],
    check: (s) => expect(node(s, 'a').connectionType).toBe('standard'),
  },
  {
    name: 'edges without a style are given the default, not reported as invalid',
    input: {
      nodes: [makeNode('root', null, { color: '#112233' }), makeNode('a', 'root'), makeNode('b', 'root')],
      edges: [
        { id: 'e-root-a', source: 'root', target: 'a' },
        { id: 'e-root-b', source: 'root', target: 'b', style: { stroke: '#112233', strokeWidth: 2 } },
      ],
    },
    repairs: ['2 edges without a style given the default style'],
    check: (s) => {
      expect(tableGet(s.edges, 'e-root-a')).toEqual({ id: 'e-root-a', source: 'root', target: 'a', style: { stroke: '#112233', strokeWidth: 2 }, animated: false });
      expect(tableGet(s.edges, 'e-root-b')?.animated).toBe(false);
    },
  },
  {
    name: 'labels: numbers become text, other values a default, long ones are cut',
    input: withRoot(child('n', { label: 42 }), child('o', { label: { text: 'x' } }), child('l', { label: 'x'.repeat(5000) })),
    repairs: ['2 invalid labels replaced', '1 over-long text shortened', '3 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'n').data.label).toBe('42');
      expect(node(s, 'o').data.label).toBe('New Topic');
      expect(node(s, 'l').data.label).toHaveLength(1000);
    },
  },
  {
    name: 'a missing data object gets defaults (root label Main Topic)',
    input: { nodes: [{ id: 'r', type: 'root', position: { x: 0, y: 0 }, connectionType: 'standard' }], edges: [] },
    repairs: ['1 node without data given defaults'],
    check: (s) => expect(node(s, 'r').data).toEqual({ label: 'Main Topic', expanded: true, color: DEFAULT_COLOR, animation: 'pulse' }),
  },
  {
    name: 'positions: non-finite and non-numbers become 0, absurd values are clamped',
    input: withRoot(
      child('a', {}, { position: { x: Number.NaN, y: Number.POSITIVE_INFINITY } }),
      child('b', {}, { position: { x: 1e9, y: -1e12 } }),
      child('c', {}, { position: { x: '5', y: null } }),
      child('d', {}, { position: 'here' }),
    ),
    repairs: ['4 invalid positions repaired', '4 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').position).toEqual({ x: 0, y: 0 });
      expect(node(s, 'b').position).toEqual({ x: 1e7, y: -1e7 });
      expect(node(s, 'c').position).toEqual({ x: 0, y: 0 });
      expect(node(s, 'd').position).toEqual({ x: 0, y: 0 });
    },
  },
  {
    name: 'colours: #rgb expands, case is lowered, anything else is the default',
    input: withRoot(child('a', { color: '#ABC' }), child('b', { color: '#A1B2C3' }), child('c', { color: 'red' }), child('d', { color: '#12345' })),
    repairs: ['2 invalid colours reset to default', '4 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').data.color).toBe('#aabbcc');
      expect(node(s, 'b').data.color).toBe('#a1b2c3');
      expect(node(s, 'c').data.color).toBe(DEFAULT_COLOR);
      expect(node(s, 'd').data.color).toBe(DEFAULT_COLOR);
    },
  },
  {
    name: 'unknown animation becomes pulse; unknown priority is removed',
    input: withRoot(child('a', { animation: 'spin', priority: 'urgent' }), child('b', { animation: 'glow', priority: 'high' })),
    repairs: ['1 unknown animation reset to pulse', '1 invalid priority, notes or done flag removed', '2 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').data.animation).toBe('pulse');
      expect(node(s, 'a').data).not.toHaveProperty('priority');
      expect(node(s, 'b').data).toMatchObject({ animation: 'glow', priority: 'high' });
    },
  },
  {
    name: 'tags are trimmed, de-duplicated, cut and capped; an all-junk list is omitted',
    input: withRoot(
      child('a', { tags: [' a ', 'a', '', 5, 'b', 'x'.repeat(150)] }),
      child('b', { tags: [null, '  '] }),
      child('c', { tags: Array.from({ length: 60 }, (_, i) => `t${i}`) }),
      child('d', { tags: 'one,two' }),
    ),
    check: (s) => {
      expect(node(s, 'a').data.tags).toEqual(['a', 'b', 'x'.repeat(100)]);
      expect(node(s, 'b').data).not.toHaveProperty('tags');
      expect(node(s, 'c').data.tags).toHaveLength(50);
      expect(node(s, 'd').data).not.toHaveProperty('tags');
    },
    repairs: ['18 tags cleaned up', '4 missing parent-child edges added'],
  },
  {
    name: 'notes are cut at 10,000 characters; non-text notes are removed',
    input: withRoot(child('a', { notes: 'n'.repeat(20_000) }), child('b', { notes: 12 })),
    repairs: ['1 over-long text shortened', '1 invalid priority, notes or done flag removed', '2 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').data.notes).toHaveLength(10_000);
      expect(node(s, 'b').data).not.toHaveProperty('notes');
    },
  },
  {
    name: 'attachments with unsafe or unparsable urls are removed',
    input: withRoot(
      child('js', { attachment: { type: 'link', url: 'javascript:alert(1)', title: 'x' } }),
      child('js2', { attachment: { type: 'link', url: ' java\nscript:alert(1)', title: 'x' } }),
      child('data', { attachment: { type: 'image', url: 'data:text/html,<b>x</b>', title: 'x' } }),
      child('rel', { attachment: { type: 'file', url: '//evil.example/x', title: 'x' } }),
      child('long', { attachment: { type: 'link', url: `https://a.example/${'x'.repeat(3000)}`, title: 'x' } }),
      child('none', { attachment: 'https://a.example' }),
    ),
    repairs: ['6 unsafe or invalid attachments removed', '6 missing parent-child edges added'],
    check: (s) => {
      for (const id of ['js', 'js2', 'data', 'rel', 'long', 'none']) expect(node(s, id).data).not.toHaveProperty('attachment');
    },
  },
  {
    name: 'attachment type defaults to link and title to the url; safe urls are kept',
    input: withRoot(
      child('a', { attachment: { type: 'video', url: '  https://example.com/x  ' } }),
      child('m', { attachment: { type: 'file', url: 'mailto:a@b.example', title: 'Mail' } }),
    ),
    repairs: ['1 attachment type or title repaired', '2 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').data.attachment).toEqual({ type: 'link', url: 'https://example.com/x', title: 'https://example.com/x' });
      expect(node(s, 'm').data.attachment).toEqual({ type: 'file', url: 'mailto:a@b.example', title: 'Mail' });
    },
  },
  {
    name: 'a non-boolean expanded flag becomes true',
    input: withRoot(child('a', { expanded: 'no' }), child('b', { expanded: false })),
    repairs: ['1 invalid expanded flag reset', '2 missing parent-child edges added'],
    check: (s) => {
      expect(node(s, 'a').data.expanded).toBe(true);
      expect(node(s, 'b').data.expanded).toBe(false);
    },
  },
  {
    name: 'edges to unknown nodes, without ends, or that are not objects are dropped',
    input: {
      nodes: [makeNode('root', null), makeNode('a', 'root')],
      edges: [makeEdge('root', 'a'), { source: 'root', target: 'ghost' }, { target: 'a' }, 'edge', null],
    },
    repairs: ['2 edges to unknown nodes dropped', '2 edge entries that are not objects dropped'],
    check: (s) => expect(edges(s).map((e) => e.id)).toEqual(['e-root-a']),
  },
  {
    name: 'self-loops and duplicates in either direction are dropped',
    input: {
      nodes: [makeNode('root', null), makeNode('a', 'root'), makeNode('b', 'root')],
      edges: [makeEdge('root', 'a'), makeEdge('root', 'b'), makeEdge('a', 'a'), makeEdge('a', 'b'), makeEdge('b', 'a'), makeEdge('a', 'b'), makeEdge('a', 'root')],
    },
    repairs: ['1 self-loop edge dropped', '3 duplicate edges dropped'],
    check: (s) => expect(edges(s).map((e) => e.id).sort()).toEqual(['e-a-b', 'e-root-a', 'e-root-b']),
  },
  {
    name: 'edge ids are renamed to e-{source}-{target}; bad styles get the source colour and width 2',
    input: {
      nodes: [makeNode('root', null, { color: '#112233' }), makeNode('a', 'root'), makeNode('b', 'root')],
      edges: [
        { id: 'x1', source: 'root', target: 'a', style: { stroke: 'javascript:x', strokeWidth: 99 }, animated: 'yes' },
        { id: 'e-root-b', source: 'root', target: 'b', style: { stroke: '#FFF', strokeWidth: 3 }, animated: true },
        { id: 'x2', source: 'a', target: 'b', style: null },
      ],
    },
    repairs: ['2 invalid edge styles repaired', '2 edge ids normalised'],
    check: (s) => {
      expect(tableGet(s.edges, 'e-root-a')).toEqual({ id: 'e-root-a', source: 'root', target: 'a', style: { stroke: '#112233', strokeWidth: 2 }, animated: false });
      expect(tableGet(s.edges, 'e-root-b')?.style).toEqual({ stroke: '#ffffff', strokeWidth: 3 });
      expect(tableGet(s.edges, 'e-a-b')?.style).toEqual({ stroke: DEFAULT_COLOR, strokeWidth: 2 });
    },
  },
  {
    name: 'missing tree edges are added: parent colour, or the animated middle style',
    input: {
      nodes: [makeNode('root', null, { color: '#123456' }), makeNode('a', 'root'), { ...makeNode('m', 'root'), connectionType: 'middle' }],
      edges: [{ id: 'e-a-root', source: 'a', target: 'root' }],
    },
    repairs: ['1 duplicate edge dropped', '2 missing parent-child edges added'],
    check: (s) => {
      expect(tableGet(s.edges, 'e-root-a')).toMatchObject({ style: { stroke: '#123456', strokeWidth: 2 }, animated: false });
      expect(tableGet(s.edges, 'e-root-m')).toMatchObject({ style: { stroke: '#6366f1', strokeWidth: 2 }, animated: true });
    },
  },
  {
    name: 'tree edge ids that would clash (a + b-c vs a-b + c) rename a node',
    input: treeSnapshot([
      ['root', null],
      ['a', 'root'],
      ['a-b', 'root'],
      ['b-c', 'a'],
      ['c', 'a-b'],
    ]),
    repairs: ['1 node renamed to keep edge ids unique', '1 edge id normalised'],
    check: (s) => {
      expect(s.edges.n).toBe(4);
      const renamed = ['b-c', 'c'].filter((id) => !tableGet(s.nodes, id));
      expect(renamed).toHaveLength(1);
    },
  },
  {
    name: 'ids longer than 256 characters are renamed',
    input: withRoot(child('x'.repeat(300), { label: 'long' })),
    repairs: ['1 unsafe node id renamed', '1 missing parent-child edge added'],
    check: (s) => expect(nodeByLabel(s, 'long').id).toMatch(GENERATED_ID),
  },
  {
    name: 'a byte-order mark before the JSON is ignored',
    text: true,
    input: `\uFEFF${JSON.stringify(treeSnapshot([['root', null], ['a', 'root']]))}`,
    repairs: [],
    check: (_s, r) => expect(r.count).toBe(2),
  },
  {
    name: 'extra fields on nodes, data and edges are dropped',
    input: {
      nodes: [{ ...makeNode('root', null), selected: true, width: 10, data: { ...makeNode('root', null).data, onClick: 'x' } }],
      edges: [],
    },
    repairs: [],
    check: (s) => {
      expect(Object.keys(node(s, 'root')).sort()).toEqual(['connectionType', 'data', 'id', 'parentId', 'position', 'type']);
      expect(node(s, 'root').data).not.toHaveProperty('onClick');
    },
  },
  {
    name: 'many kinds of repairs are summarised in at most 10 notes',
    input: {
      nodes: [5, child('a', { color: 1, animation: 1, expanded: 1, label: 1, tags: 1, notes: 1 }, { type: 'x', connectionType: 'x', position: 1, parentId: 'zz' }), child('a')],
      edges: [null, { source: 'a', target: 'nope' }, { source: 'a', target: 'a' }],
    },
    check: (_s, r) => {
      expect(r.repairs).toHaveLength(MAX_REPAIR_NOTES);
      expect(r.repairs[MAX_REPAIR_NOTES - 1]).toMatch(/^\d+ other repairs$/);
    },
  },
];

describe('restoreMap repairs hostile input', () => {
  it('has at least 25 cases', () => expect(hostileCases.length).toBeGreaterThanOrEqual(25));

  it.each(hostileCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result: RestoreResult = c.text ? parseMapText(c.input as string) : restoreMap(c.input);
    if (!result.ok) throw new Error(result.error);
    expect(mapErrors(result.state)).toEqual([]);
    expect(result.count).toBe(result.state.nodes.n);
    if (c.repairs) expect(result.repairs).toEqual(c.repairs);
    c.check(result.state, result);
  });
});

describe('value helpers', () => {
  it('normalizeColor', () => {
    expect(normalizeColor('#AbC')).toBe('#aabbcc');
    expect(normalizeColor(' #ABCDEF ')).toBe('#abcdef');
    expect(normalizeColor('#abcd')).toBeNull();
    expect(normalizeColor('rgb(1,2,3)')).toBeNull();
    expect(normalizeColor(0xabcdef)).toBeNull();
  });

  it('isSafeUrl', () => {
    expect(isSafeUrl('https://x.example')).toBe(true);
    expect(isSafeUrl('HTTP://x.example')).toBe(true);
    expect(isSafeUrl('mailto:a@b.c')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('JaVaScRiPt:alert(1)')).toBe(false);
    expect(isSafeUrl('ftp://x.example')).toBe(false);
    expect(isSafeUrl('/relative')).toBe(false);
  });

  it('truncate keeps surrogate pairs whole', () => {
    expect(truncate('ab😀', 3)).toBe('ab');
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('abc');
  });
});

describe('restore fast paths give the same result as the general path', () => {
  // References are first checked against a guessed node (the previous sibling's parent, the previous
  // node, the next edge target); these cases make every guess wrong or misleading.
  const ordered = treeSnapshot([
    ['root', null],
    ['a', 'root'],
    ['b', 'root'],
    ['a1', 'a'],
    ['a2', 'a'],
    ['b1', 'b'],
  ]);

  it('nodes and edges in any order restore to the same map', () => {
    const expected = snapshotOf(restored(ordered).state);
    const shuffled = { nodes: [...ordered.nodes].reverse(), edges: [...ordered.edges].reverse() };
    const again = restored(shuffled);
    expect(again.repairs).toEqual([]);
    // Children keep their order among siblings, so reversing the nodes reverses each sibling list.
    expect(snapshotOf(again.state).nodes.map((n) => n.id).sort()).toEqual(expected.nodes.map((n) => n.id).sort());
    expect(edges(again.state).map((e) => e.id).sort()).toEqual(edges(restored(ordered).state).map((e) => e.id).sort());
    expect(mapErrors(again.state)).toEqual([]);
  });

  it('a renamed duplicate next to a reference does not capture it', () => {
    const { state, repairs } = restored({
      nodes: [makeNode('root', null), makeNode('a', 'root'), makeNode('a', 'root'), makeNode('c', 'a'), makeNode('d', 'a')],
      edges: [makeEdge('root', 'a'), makeEdge('a', 'c'), makeEdge('a', 'd')],
    });
    expect(repairs).toEqual(['1 duplicate node id renamed', '1 missing parent-child edge added']);
    expect(tableGet(state.kids, 'a')).toEqual(['c', 'd']);
    expect(mapErrors(state)).toEqual([]);
  });

  it('edge ids of the right length but wrong text are normalised; right ones are kept as they are', () => {
    const input = treeSnapshot([
      ['root', null],
      ['a', 'root'],
      ['b', 'root'],
      ['c', 'root'],
    ]);
    input.edges[0].id = 'e-roota-'; // root -> a
    input.edges[1].id = 'x-root-b'; // root -> b
    const { state, repairs } = restored(input);
    expect(repairs).toEqual(['2 edge ids normalised']);
    expect(edges(state).map((e) => e.id).sort()).toEqual(['e-root-a', 'e-root-b', 'e-root-c']);
  });

  it('numeric references are not taken for the guessed node', () => {
    const { state, repairs } = restored({
      nodes: [makeNode('root', null), { ...makeNode('1', 'root'), id: 1 }, { ...makeNode('x', 'root'), parentId: 1 }],
      edges: [
        { ...makeEdge('root', '1'), source: 'root', target: 1 },
        { ...makeEdge('1', 'x'), source: 1, target: 'x' },
      ],
    });
    expect(repairs).toEqual(['1 numeric node id converted to text']);
    expect(node(state, 'x').parentId).toBe('1');
    expect(mapErrors(state)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const idPool = fc.constantFrom('a', 'b', 'c', 'd', 'root', '1', '', '__proto__', 'constructor', 'prototype', 'a-b', 'b-c');
const junk = fc.oneof(
  idPool,
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 8 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const junkNumber = fc.oneof(fc.double(), fc.integer(), junk);
const junkData = fc.record(
  {
    label: junk,
    expanded: junk,
    color: fc.oneof(fc.constantFrom('#abc', '#ABCDEF', '#12', 'blue'), junk),
    animation: fc.oneof(fc.constantFrom('pulse', 'glow', 'spin'), junk),
    priority: fc.oneof(fc.constantFrom('low', 'urgent'), junk),
    notes: junk,
    tags: fc.oneof(fc.array(junk, { maxLength: 6 }), junk),
    attachment: fc.oneof(
      fc.record(
        {
          type: fc.oneof(fc.constantFrom('link', 'image', 'file', 'video'), junk),
          url: fc.oneof(fc.constantFrom('https://ok.example', 'javascript:alert(1)', 'mailto:x@y.z', ' http://a.b ', 'data:,x', 'nope'), junk),
          title: junk,
        },
        { requiredKeys: [] },
      ),
      junk,
    ),
    done: junk,
  },
  { requiredKeys: [] },
);
const junkNode = fc.oneof(
  { weight: 1, arbitrary: junk },
  {
    weight: 5,
    arbitrary: fc.record(
      {
        id: fc.oneof(idPool, fc.integer({ min: 0, max: 3 }), junk),
        type: fc.oneof(fc.constantFrom('root', 'child', 'custom'), junk),
        parentId: fc.oneof(idPool, fc.integer({ min: 0, max: 3 }), junk),
        position: fc.oneof(fc.record({ x: junkNumber, y: junkNumber }, { requiredKeys: [] }), junk),
        connectionType: fc.oneof(fc.constantFrom('standard', 'middle'), junk),
        data: fc.oneof({ weight: 4, arbitrary: junkData }, { weight: 1, arbitrary: junk }),
      },
      { requiredKeys: [] },
    ),
  },
);
const junkEdge = fc.oneof(
  { weight: 1, arbitrary: junk },
  {
    weight: 5,
    arbitrary: fc.record(
      {
        id: junk,
        source: fc.oneof(idPool, fc.integer({ min: 0, max: 3 }), junk),
        target: fc.oneof(idPool, fc.integer({ min: 0, max: 3 }), junk),
        style: fc.oneof(fc.record({ stroke: fc.oneof(fc.constantFrom('#fff', '#123456'), junk), strokeWidth: junkNumber }, { requiredKeys: [] }), junk),
        animated: junk,
      },
      { requiredKeys: [] },
    ),
  },
);

const PROPERTY_TIMEOUT = 60_000; // ms; hundreds of runs each

describe('restore properties', () => {
  it('any JSON value restores without throwing, to a valid map or the invalid message', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const result of [restoreMap(value), parseMapText(JSON.stringify(value) ?? '')]) {
          if (result.ok) expect(mapErrors(result.state)).toEqual([]);
          else expect(result.error).toBe(MESSAGES.importInvalid);
        }
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);

  it('objects with node and edge arrays of junk always restore to a valid map', () => {
    fc.assert(
      fc.property(fc.array(junkNode, { maxLength: 12 }), fc.array(junkEdge, { maxLength: 12 }), (nodes, edgeList) => {
        const result = restoreMap({ nodes, edges: edgeList });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(mapErrors(result.state)).toEqual([]);
        expect(result.count).toBe(result.state.nodes.n);
        expect(result.repairs.length).toBeLessThanOrEqual(MAX_REPAIR_NOTES);
        // The same junk through JSON text (undefined fields vanish, NaN becomes null) is valid too.
        const viaText = parseMapText(JSON.stringify({ nodes, edges: edgeList }));
        expect(viaText.ok && mapErrors(viaText.state)).toEqual([]);
      }),
      { numRuns: 500 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, PROPERTY_TIMEOUT);

  it('snapshotOf then restoreMap is the identity on valid maps, with no repairs', () => {
    fc.assert(
      fc.property(validSnapshotArb(), ({ snapshot, rootId }) => {
        const state = buildState(snapshot, rootId);
        expect(mapErrors(state)).toEqual([]);
        const before = snapshotOf(state);
        const again = restored(before);
        expect(again.repairs).toEqual([]);
        expect(again.state.rootId).toBe(rootId);
        expect(snapshotOf(again.state)).toEqual(before);
        const viaText = parseMapText(JSON.stringify(before));
        expect(viaText.ok && snapshotOf(viaText.state)).toEqual(before);
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);
});

describe('restore performance', () => {
  /** Measures CPU time, so that other processes on a busy test machine do not count. */
  function timed<T>(fn: () => T): { value: T; cpuMs: number } {
    const start = process.cpuUsage();
    const value = fn();
    const used = process.cpuUsage(start);
    return { value, cpuMs: (used.user + used.system) / 1000 };
  }

  it('restores 100,000 nodes in linear time', () => {
    const text = JSON.stringify(wideSnapshot(100_000));
    restoreMap(JSON.parse(text)); // warm-up
    const value: unknown = JSON.parse(text);
    const { value: result, cpuMs } = timed(() => restoreMap(value));
    expect(result.ok && result.count).toBe(100_000);
    expect(result.ok && result.repairs).toEqual([]);
    // A few hundred ms of CPU on a busy 2-core box (see the bench for real timings). The bound is
    // loose so that a loaded machine does not fail it; anything quadratic would take minutes.
    expect(cpuMs).toBeLessThan(3000);
  }, 60_000);
});

describe('objects that need no repair', () => {
  it('keeps a valid input topic and edge as they are, and rebuilds one with an unknown key without it', () => {
    const good = makeNode('a', 'root', { tags: ['x'], priority: 'high', notes: 'n' });
    const extra = { ...makeNode('b', 'root'), evil: 1 };
    const protoKey = JSON.parse('{"id":"c","type":"child","position":{"x":1,"y":2,"__proto__":{"p":1}},"parentId":"root","connectionType":"standard","data":{"label":"c","expanded":true,"color":"#9b87f5","animation":"pulse"}}');
    const edge = makeEdge('root', 'a');
    const input = { nodes: [makeNode('root', null), good, extra, protoKey], edges: [edge, makeEdge('root', 'b'), makeEdge('root', 'c')] };
    const { state } = restored(input);
    expect(node(state, 'a')).toBe(good);
    expect(tableGet(state.edges, 'e-root-a')).toBe(edge);
    expect(node(state, 'b')).not.toBe(extra);
    expect(Object.keys(node(state, 'b'))).not.toContain('evil');
    expect(node(state, 'c').position).toEqual({ x: 1, y: 2 });
    expect(Object.keys(node(state, 'c').position)).toEqual(['x', 'y']);
    expect(Object.getPrototypeOf(node(state, 'c').position)).toBe(Object.prototype);
  });
});

describe('lossy: repairs that changed what the map held', () => {
  const ok = (input: unknown): Extract<RestoreResult, { ok: true }> => {
    const r = restoreMap(input);
    if (!r.ok) throw new Error(r.error);
    return r;
  };
  const withTree = (...kids: Record<string, unknown>[]) => ({ nodes: [makeNode('root', null), ...kids], edges: kids.map((k) => makeEdge('root', String(k.id))) });

  it('counts nothing for values the map left out and were filled in', () => {
    const bare = { id: 'a', type: 'child', position: { x: 0, y: 0 }, parentId: 'root', data: { label: 'A' } };
    const r = ok(withTree(bare));
    expect(r.repairs.length).toBeGreaterThan(0);
    expect(r.lossy).toBe(0);
  });

  it('counts what was dropped, cut or rewritten', () => {
    const r = ok({
      ...withTree(child('a', { color: 'red', animation: 'spin', notes: 'x'.repeat(20_000) }), child('b')),
    });
    // The colour, the animation and the notes.
    expect(r.lossy).toBe(3);
    const edges = [...withTree(child('a')).edges, makeEdge('a', 'missing')];
    expect(ok({ nodes: withTree(child('a')).nodes, edges }).lossy).toBe(1);
  });
});
