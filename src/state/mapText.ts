/**
 * A whole built map as one compact JSON text and back, for where a map crosses a boundary at once:
 * the map kept beside each stored snapshot (ydoc/builtMap.ts) and an imported map coming from the
 * parsing worker.
 *
 * Why text: a worker's structured clone of 100k topic and edge objects cost about 1.3 s (0.45 s to
 * write, 0.85 s or more to read on the main thread), and the state then had to be built and checked
 * again; this text is half the size and parses straight into the state's tables.
 *
 * The shape: topics depth first, the root first, each with `parentId` replaced by its parent's
 * position in that list (-1 for the root). The tree edge into topic i (i ≥ 1) is kept only by its
 * look, as a position in `looks`; every other edge (the links) in full. Why: ids are most of the
 * text, and a tree edge repeats three of them (about 40 % of 100k topics' text).
 */
import { childIds, edgeId, getEdge, getNode, type MapSettings, type MindMapState } from './doc';
import type { MindEdge, MindNode } from './model';
import { buildIndexedState } from './snapshot';
import { tableForEach } from './table';

const FORMAT = 2;

export interface MapText {
  format: typeof FORMAT;
  rootId: string;
  settings: MapSettings;
  nodes: (Omit<MindNode, 'parentId'> & { parentId: number })[];
  looks: [stroke: string, width: number, animated: boolean][];
  treeLooks: number[];
  links: MindEdge[];
}

/** A map in the order the text keeps: `edges[i - 1]` is the tree edge into `nodes[i]`, then the links. */
export interface OrderedMap {
  rootId: string;
  settings: MapSettings;
  /** Depth first, the root first. */
  nodes: MindNode[];
  edges: MindEdge[];
}

/** Whether `e` is exactly the tree edge the app makes from `parent` to `child` (nothing more). */
function isPlainTreeEdge(e: MindEdge, parent: string, child: string): boolean {
  return (
    e.id === edgeId(parent, child) &&
    e.source === parent &&
    e.target === child &&
    Object.keys(e).length === 5 &&
    typeof e.animated === 'boolean' &&
    e.style !== null &&
    typeof e.style === 'object' &&
    Object.keys(e.style).length === 2 &&
    typeof e.style.stroke === 'string' &&
    typeof e.style.strokeWidth === 'number'
  );
}

/**
 * The map as text with `extra` fields beside it, or null when it is not in the text's order or a
 * tree edge carries more than a look (the caller then sends or keeps the map another way).
 */
export function encodeMapText(m: OrderedMap, extra: Record<string, unknown> = {}): string | null {
  const n = m.nodes.length;
  if (n === 0 || m.nodes[0].id !== m.rootId) return null;
  const at = new Map<string, number>();
  const nodes: MapText['nodes'] = new Array(n);
  for (let i = 0; i < n; i++) {
    const node = m.nodes[i];
    at.set(node.id, i);
    const p = i === 0 ? (node.parentId === null ? -1 : undefined) : node.parentId === null ? undefined : at.get(node.parentId);
    if (p === undefined) return null; // not in order: keep nothing rather than something wrong
    nodes[i] = { ...node, parentId: p };
  }
  const looks: MapText['looks'] = [];
  const lookAt = new Map<string, number>();
  const treeLooks: number[] = new Array(n - 1);
  for (let i = 1; i < n; i++) {
    const e = m.edges[i - 1];
    const node = m.nodes[i];
    if (!e || node.parentId === null || !isPlainTreeEdge(e, node.parentId, node.id)) return null;
    const key = `${e.style.stroke}\n${e.style.strokeWidth}\n${e.animated}`;
    let k = lookAt.get(key);
    if (k === undefined) {
      k = looks.length;
      lookAt.set(key, k);
      looks.push([e.style.stroke, e.style.strokeWidth, e.animated]);
    }
    treeLooks[i - 1] = k;
  }
  const text: MapText = { format: FORMAT, rootId: m.rootId, settings: m.settings, nodes, looks, treeLooks, links: m.edges.slice(n - 1) };
  return JSON.stringify({ ...extra, ...text });
}

/** A built map in the text's order (depth first, children in their order), or null if one has no tree edge. */
export function orderedMap(s: MindMapState): OrderedMap | null {
  const root = getNode(s, s.rootId);
  if (!root) return null;
  const nodes: MindNode[] = [];
  const edges: MindEdge[] = [];
  const stack = [s.rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const node = getNode(s, id)!;
    if (node.parentId !== null) {
      const e = getEdge(s, edgeId(node.parentId, id));
      if (!e) return null;
      edges.push(e);
    }
    nodes.push(node);
    const kids = childIds(s, id);
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
  }
  if (nodes.length !== s.nodes.n) return null;
  tableForEach(s.edges, (e) => {
    const target = getNode(s, e.target);
    if (!target || target.parentId !== e.source || e.id !== edgeId(e.source, e.target)) edges.push(e);
  });
  if (edges.length !== s.edges.n) return null;
  return { rootId: s.rootId, settings: s.settings, nodes, edges };
}

const isIndex = (v: unknown, below: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < below;

/**
 * The map the text holds, with the text's other fields (`extra`, as encodeMapText was given them);
 * null when it is not such a text or does not hold together. Its objects become the state's.
 */
export function decodeMapText(text: unknown): { state: MindMapState; extra: Record<string, unknown>; /** The topics in the text's order. */ nodes: MindNode[] } | null {
  if (typeof text !== 'string') return null;
  let b: MapText;
  try {
    b = JSON.parse(text) as MapText;
  } catch {
    return null;
  }
  if (!b || b.format !== FORMAT || typeof b.rootId !== 'string' || !b.settings || typeof b.settings !== 'object') return null;
  if (![b.nodes, b.looks, b.treeLooks, b.links].every(Array.isArray)) return null;
  const n = b.nodes.length;
  if (n === 0 || b.treeLooks.length !== n - 1 || b.nodes[0]?.id !== b.rootId || b.nodes[0].parentId !== -1) return null;

  // Topics: parent positions back to ids (a parent always comes before its children).
  const nodes = b.nodes as unknown as MindNode[];
  const ids: string[] = new Array(n);
  const parent = new Int32Array(n);
  const at = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const node = b.nodes[i];
    const p = node?.parentId;
    if (typeof node?.id !== 'string' || (i === 0 ? p !== -1 : !isIndex(p, i))) return null;
    ids[i] = node.id;
    at.set(node.id, i);
    parent[i] = p;
    nodes[i].parentId = p < 0 ? null : ids[p];
  }
  if (at.size !== n) return null;

  // Edges: the tree edges from their looks, then the links.
  const m = n - 1 + b.links.length;
  const edges: MindEdge[] = new Array(m);
  const source = new Int32Array(m);
  const target = new Int32Array(m);
  for (let i = 1; i < n; i++) {
    const look = b.looks[b.treeLooks[i - 1]];
    if (!Array.isArray(look)) return null;
    const from = ids[parent[i]];
    edges[i - 1] = { id: edgeId(from, ids[i]), source: from, target: ids[i], style: { stroke: look[0], strokeWidth: look[1] }, animated: look[2] };
    source[i - 1] = parent[i];
    target[i - 1] = i;
  }
  for (let k = 0; k < b.links.length; k++) {
    const e = b.links[k];
    const s = at.get(e?.source);
    const t = at.get(e?.target);
    if (s === undefined || t === undefined || typeof e.id !== 'string') return null;
    edges[n - 1 + k] = e;
    source[n - 1 + k] = s;
    target[n - 1 + k] = t;
  }
  const state = buildIndexedState({ nodes, edges }, { parent, source, target, at }, b.rootId, b.settings);
  return { state, extra: b as unknown as Record<string, unknown>, nodes };
}
