/**
 * Valid maps for tests (plain builders and a fast-check arbitrary) and a checker that lists every
 * way a MindMapState breaks the map's invariants. Nothing here recurses on tree depth.
 */
import fc from 'fast-check';
import type { MindMapState } from '../../../src/state/doc';
import {
  ANIMATIONS,
  ATTACHMENT_TYPES,
  DEFAULT_ANIMATION,
  DEFAULT_COLOR,
  EDGE_WIDTH,
  PRIORITIES,
  type MapSnapshot,
  type MindEdge,
  type MindNode,
  type NodeData,
} from '../../../src/state/model';
import { tableForEach, tableGet } from '../../../src/state/table';

export function makeNode(id: string, parentId: string | null, data: Partial<NodeData> = {}): MindNode {
  return {
    id,
    type: parentId === null ? 'root' : 'child',
    position: { x: 0, y: 0 },
    parentId,
    connectionType: 'standard',
    data: { label: id, expanded: true, color: DEFAULT_COLOR, animation: DEFAULT_ANIMATION, ...data },
  };
}

export function makeEdge(source: string, target: string, stroke: string = DEFAULT_COLOR): MindEdge {
  return { id: `e-${source}-${target}`, source, target, style: { stroke, strokeWidth: EDGE_WIDTH }, animated: false };
}

/** A valid snapshot from [id, parentId] pairs (parents listed before children), with tree edges. */
export function treeSnapshot(pairs: ReadonlyArray<readonly [string, string | null]>): MapSnapshot {
  const nodes: MindNode[] = [];
  const edges: MindEdge[] = [];
  for (const [id, parentId] of pairs) {
    nodes.push(makeNode(id, parentId));
    if (parentId !== null) edges.push(makeEdge(parentId, id));
  }
  return { nodes, edges };
}

/** root -> n1 -> n2 -> ... -> n{depth}. */
export function chainSnapshot(depth: number): MapSnapshot {
  const nodes: MindNode[] = [makeNode('root', null)];
  const edges: MindEdge[] = [];
  for (let i = 1; i <= depth; i++) {
    const parent = i === 1 ? 'root' : `n${i - 1}`;
    nodes.push(makeNode(`n${i}`, parent));
    edges.push(makeEdge(parent, `n${i}`));
  }
  return { nodes, edges };
}

/** A bushy tree of `count` nodes (root included); node i hangs under a pseudo-random earlier node. */
export function wideSnapshot(count: number, seed = 1): MapSnapshot {
  let s = seed >>> 0 || 1;
  const rand = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
  const nodes: MindNode[] = [makeNode('root', null)];
  const edges: MindEdge[] = [];
  for (let i = 1; i < count; i++) {
    const parent = nodes[Math.floor(rand() * i)].id;
    const node = makeNode(`n${i}`, parent, { tags: ['t'], notes: 'note' });
    node.position = { x: i * 10, y: -i * 5 };
    nodes.push(node);
    edges.push(makeEdge(parent, node.id));
  }
  return { nodes, edges };
}

// ---------------------------------------------------------------------------------------------
// Arbitrary valid maps

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
/** No "-" in ids, so `e-{a}-{b}` edge ids can never clash. */
const idArb = fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/).filter((s) => !RESERVED.has(s));
const colorArb = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const coordinateArb = fc.double({ min: -1e7, max: 1e7, noNaN: true }).map((v) => v + 0);
const tagArb = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s !== '');

const dataArb: fc.Arbitrary<NodeData> = fc.record(
  {
    label: fc.string({ maxLength: 30 }),
    expanded: fc.boolean(),
    color: colorArb,
    animation: fc.constantFrom(...ANIMATIONS),
    priority: fc.constantFrom(...PRIORITIES),
    notes: fc.string({ maxLength: 40 }),
    tags: fc.uniqueArray(tagArb, { minLength: 1, maxLength: 5 }),
    attachment: fc.record({
      type: fc.constantFrom(...ATTACHMENT_TYPES),
      url: fc.constantFrom('https://example.com/a?b=1', 'http://example.org', 'mailto:someone@example.com'),
      title: fc.string({ minLength: 1, maxLength: 20 }),
    }),
    done: fc.boolean(),
  },
  { requiredKeys: ['label', 'expanded', 'color', 'animation'] },
);

const edgeLookArb = fc.record({
  stroke: colorArb,
  strokeWidth: fc.double({ min: 0.5, max: 10, noNaN: true }),
  animated: fc.boolean(),
});

/** Valid maps of up to `maxNodes` nodes with every optional field, middle children and cross edges. */
export function validSnapshotArb(maxNodes = 25): fc.Arbitrary<{ snapshot: MapSnapshot; rootId: string }> {
  return fc.integer({ min: 1, max: maxNodes }).chain((count) =>
    fc
      .record({
        ids: fc.uniqueArray(idArb, { minLength: count, maxLength: count }),
        parentPicks: fc.array(fc.nat(), { minLength: count, maxLength: count }),
        middle: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
        data: fc.array(dataArb, { minLength: count, maxLength: count }),
        positions: fc.array(fc.record({ x: coordinateArb, y: coordinateArb }), { minLength: count, maxLength: count }),
        treeLooks: fc.array(edgeLookArb, { minLength: count, maxLength: count }),
        cross: fc.array(fc.tuple(fc.nat(), fc.nat(), edgeLookArb), { maxLength: 8 }),
      })
      .map(({ ids, parentPicks, middle, data, positions, treeLooks, cross }) => {
        const parentIndex = ids.map((_, i) => (i === 0 ? -1 : parentPicks[i] % i));
        const nodes: MindNode[] = ids.map((id, i) => ({
          id,
          type: i === 0 ? 'root' : 'child',
          position: positions[i],
          parentId: i === 0 ? null : ids[parentIndex[i]],
          connectionType: i > 0 && middle[i] ? 'middle' : 'standard',
          data: data[i],
        }));
        const edges: MindEdge[] = [];
        const pairs = new Set<string>();
        const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
        for (let i = 1; i < count; i++) {
          const { stroke, strokeWidth, animated } = treeLooks[i];
          edges.push({ id: `e-${ids[parentIndex[i]]}-${ids[i]}`, source: ids[parentIndex[i]], target: ids[i], style: { stroke, strokeWidth }, animated });
          pairs.add(pairKey(parentIndex[i], i));
        }
        for (const [a, b, look] of cross) {
          const s = a % count;
          const t = b % count;
          if (s === t || pairs.has(pairKey(s, t))) continue;
          pairs.add(pairKey(s, t));
          edges.push({ id: `e-${ids[s]}-${ids[t]}`, source: ids[s], target: ids[t], style: { stroke: look.stroke, strokeWidth: look.strokeWidth }, animated: look.animated });
        }
        return { snapshot: { nodes, edges }, rootId: ids[0] };
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// Invariants

const HEX6 = /^#[0-9a-f]{6}$/;
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const ANIMATION_SET = new Set<string>(ANIMATIONS);
const PRIORITY_SET = new Set<string>(PRIORITIES);
const ATTACHMENT_SET = new Set<string>(ATTACHMENT_TYPES);

function finiteCoordinate(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1e7;
}

function safeUrl(url: string): boolean {
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

function dataErrors(id: string, d: NodeData): string[] {
  const errors: string[] = [];
  const bad = (what: string) => errors.push(`node ${id}: ${what}`);
  if (typeof d.label !== 'string' || d.label.length > 1000) bad('label');
  if (typeof d.expanded !== 'boolean') bad('expanded');
  if (!HEX6.test(d.color)) bad(`colour ${d.color}`);
  if (!ANIMATION_SET.has(d.animation)) bad('animation');
  if (d.priority !== undefined && !PRIORITY_SET.has(d.priority)) bad('priority');
  if (d.notes !== undefined && (typeof d.notes !== 'string' || d.notes.length > 10_000)) bad('notes');
  if (d.done !== undefined && typeof d.done !== 'boolean') bad('done');
  if (d.tags !== undefined) {
    const ok =
      Array.isArray(d.tags) &&
      d.tags.length > 0 &&
      d.tags.length <= 50 &&
      new Set(d.tags).size === d.tags.length &&
      d.tags.every((t) => typeof t === 'string' && t !== '' && t.trim() === t && t.length <= 100);
    if (!ok) bad('tags');
  }
  if (d.attachment !== undefined) {
    const a = d.attachment;
    if (!ATTACHMENT_SET.has(a.type)) bad('attachment type');
    if (typeof a.url !== 'string' || !safeUrl(a.url) || a.url.length > 2000) bad(`attachment url ${a.url}`);
    if (typeof a.title !== 'string' || a.title === '' || a.title.length > 2000) bad('attachment title');
  }
  return errors;
}

/** Every broken invariant of a map, as short descriptions; empty for a valid map. */
export function mapErrors(s: MindMapState): string[] {
  const errors: string[] = [];
  const root = tableGet(s.nodes, s.rootId);
  if (!root) return [`root ${s.rootId} missing`];
  if (root.type !== 'root' || root.parentId !== null) errors.push('root is not typed root or has a parent');

  let nodeCount = 0;
  let kidLinks = 0;
  const listedUnder = new Map<string, string>();
  tableForEach(s.kids, (list, parent) => {
    for (const c of list) listedUnder.set(c, parent);
  });
  tableForEach(s.nodes, (node, key) => {
    nodeCount++;
    if (node.id !== key) errors.push(`node stored under ${key} has id ${node.id}`);
    if (Object.getPrototypeOf(node) !== Object.prototype) errors.push(`node ${key}: odd prototype`);
    if (node.id !== s.rootId) {
      if (node.type !== 'child') errors.push(`node ${key}: type ${node.type}`);
      if (node.parentId === null || !tableGet(s.nodes, node.parentId)) errors.push(`node ${key}: parent ${node.parentId} missing`);
      else if (listedUnder.get(node.id) !== node.parentId) errors.push(`node ${key}: not in kids of its parent`);
      else if (!tableGet(s.edges, `e-${node.parentId}-${node.id}`)) errors.push(`node ${key}: tree edge missing`);
    }
    if (node.connectionType !== 'standard' && node.connectionType !== 'middle') errors.push(`node ${key}: connectionType`);
    if (!finiteCoordinate(node.position?.x) || !finiteCoordinate(node.position?.y)) errors.push(`node ${key}: position`);
    for (const e of dataErrors(key, node.data)) errors.push(e);
  });
  if (nodeCount !== s.nodes.n) errors.push(`nodes.n ${s.nodes.n} but ${nodeCount} stored`);

  tableForEach(s.kids, (list, parent) => {
    kidLinks += list.length;
    if (list.length === 0) errors.push(`kids of ${parent} is empty instead of absent`);
    for (const c of list) if (tableGet(s.nodes, c)?.parentId !== parent) errors.push(`kids of ${parent} lists ${c}`);
  });
  if (kidLinks !== nodeCount - 1) errors.push(`kids index has ${kidLinks} links for ${nodeCount} nodes`);

  // Reachability without recursion; a revisit would mean a cycle.
  const seen = new Set<string>();
  const stack = [s.rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) {
      errors.push(`cycle through ${id}`);
      break;
    }
    seen.add(id);
    const kids = tableGet(s.kids, id);
    if (kids) for (const k of kids) stack.push(k);
  }
  if (seen.size !== nodeCount) errors.push(`${nodeCount - seen.size} nodes unreachable from the root`);

  const pairs = new Set<string>();
  const adjLinks = new Set<string>();
  let edgeCount = 0;
  tableForEach(s.adj, (list, nodeId) => {
    for (const e of list) adjLinks.add(`${nodeId}|${e}`);
  });
  tableForEach(s.edges, (edge, key) => {
    edgeCount++;
    if (edge.id !== key || edge.id !== `e-${edge.source}-${edge.target}`) errors.push(`edge ${key}: id`);
    if (!tableGet(s.nodes, edge.source) || !tableGet(s.nodes, edge.target)) errors.push(`edge ${key}: unknown end`);
    if (edge.source === edge.target) errors.push(`edge ${key}: self-loop`);
    const pair = edge.source < edge.target ? `${edge.source}|${edge.target}` : `${edge.target}|${edge.source}`;
    if (pairs.has(pair)) errors.push(`edge ${key}: duplicate pair`);
    pairs.add(pair);
    if (!HEX6.test(edge.style.stroke)) errors.push(`edge ${key}: stroke ${edge.style.stroke}`);
    const w = edge.style.strokeWidth;
    if (!(Number.isFinite(w) && w >= 0.5 && w <= 10)) errors.push(`edge ${key}: width ${w}`);
    if (typeof edge.animated !== 'boolean') errors.push(`edge ${key}: animated`);
    if (!adjLinks.has(`${edge.source}|${key}`) || !adjLinks.has(`${edge.target}|${key}`)) errors.push(`edge ${key}: not in adj`);
  });
  if (edgeCount !== s.edges.n) errors.push(`edges.n ${s.edges.n} but ${edgeCount} stored`);
  if (adjLinks.size !== edgeCount * 2) errors.push(`adj has ${adjLinks.size} links for ${edgeCount} edges`);
  return errors;
}
