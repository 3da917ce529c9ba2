/**
 * The map as fromDoc builds it from a stored snapshot, kept beside that snapshot so a reload can
 * skip fromDoc.
 *
 * Why: reading 100k topics from the document costs one JSON.parse per record and a sort per sibling
 * list (about 1 s on the main thread), while parsing the whole built map at once costs a third of
 * that. The merge worker, which already holds the merged document, reads it (readDoc) and stores the
 * result in the same IndexedDB put as the snapshot's update, so the two always describe the same
 * document. On load the text is used only if the document it was built from is the one in memory:
 * the sizes of its record maps and its schema version must match; anything else (no text, damaged
 * text, a mismatch) falls back to fromDoc.
 */
import type * as Y from 'yjs';
import { edgeId } from '../doc';
import type { MindEdge, MindNode } from '../model';
import { buildIndexedState } from '../snapshot';
import { readDoc, type DocContent, type FromDocResult } from './fromDoc';
import { layoutOf, mapDoc, schemaVersionOf, type MapDoc } from './shape';

const FORMAT = 2;

/**
 * The text's shape. Topics in readDoc's order (depth first, the root first), each with `parentId`
 * replaced by its parent's position in that list (-1 for the root). The tree edge into topic i
 * (i ≥ 1) is readDoc's edge i - 1: only its look is kept, as a position in `looks`; links in full.
 * Why: ids are most of the text, and an edge repeats three of them (about 40 % of 100k topics' text).
 */
interface BuiltMapText {
  format: typeof FORMAT;
  /** Record counts of the document it was built from: tree, topic, link, meta. */
  sizes: [number, number, number, number];
  rootId: string;
  settings: DocContent['settings'];
  schemaVersion: number;
  repaired: string[];
  dormantLinks: string[];
  nodes: (Omit<MindNode, 'parentId'> & { parentId: number })[];
  looks: [stroke: string, width: number, animated: boolean][];
  treeLooks: number[];
  links: MindEdge[];
}

function sizesOf(d: MapDoc): BuiltMapText['sizes'] {
  return [d.tree.size, d.topic.size, d.link.size, d.meta.size];
}

/** Whether `e` is exactly the tree edge readDoc makes from `parent` to `child` (nothing more). */
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
 * The built map of `doc` as text, or null when there is nothing worth keeping (no topic, or a
 * document from a newer build, which is never rebuilt here).
 */
export function encodeBuiltMap(doc: Y.Doc | MapDoc): string | null {
  const d = 'tree' in doc ? doc : mapDoc(doc);
  const c = readDoc(d);
  if (c.rootId === null || c.newer) return null;
  const n = c.nodes.length;
  const at = new Map<string, number>();
  const nodes: BuiltMapText['nodes'] = new Array(n);
  for (let i = 0; i < n; i++) {
    const node = c.nodes[i];
    at.set(node.id, i);
    const p = node.parentId === null ? -1 : at.get(node.parentId);
    if (p === undefined) return null; // not readDoc's order: keep nothing rather than something wrong
    nodes[i] = { ...node, parentId: p };
  }
  const looks: BuiltMapText['looks'] = [];
  const lookAt = new Map<string, number>();
  const treeLooks: number[] = new Array(Math.max(0, n - 1));
  for (let i = 1; i < n; i++) {
    const e = c.edges[i - 1];
    const node = c.nodes[i];
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
  const text: BuiltMapText = {
    format: FORMAT,
    sizes: sizesOf(d),
    rootId: c.rootId,
    settings: c.settings,
    schemaVersion: c.schemaVersion,
    repaired: c.repaired,
    dormantLinks: c.dormantLinks,
    nodes,
    looks,
    treeLooks,
    links: c.edges.slice(Math.max(0, n - 1)),
  };
  return JSON.stringify(text);
}

const isIndex = (v: unknown, below: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < below;

/**
 * The map `text` holds, if it was built from a document like `doc` (the snapshot just applied);
 * null when it cannot be trusted, so the caller reads the document instead.
 */
export function decodeBuiltMap(text: unknown, doc: Y.Doc | MapDoc): FromDocResult | null {
  if (typeof text !== 'string') return null;
  const d = 'tree' in doc ? doc : mapDoc(doc);
  let b: BuiltMapText;
  try {
    b = JSON.parse(text) as BuiltMapText;
  } catch {
    return null;
  }
  if (!b || b.format !== FORMAT || !Array.isArray(b.sizes) || typeof b.rootId !== 'string' || b.schemaVersion !== schemaVersionOf(d)) return null;
  const sizes = sizesOf(d);
  if (sizes.some((v, i) => b.sizes[i] !== v)) return null;
  if (!b.settings || typeof b.settings !== 'object' || b.settings.layout !== layoutOf(b.settings.layout)) return null;
  if (![b.repaired, b.dormantLinks, b.nodes, b.looks, b.treeLooks, b.links].every(Array.isArray)) return null;
  const n = b.nodes.length;
  if (n === 0 || b.treeLooks.length !== n - 1 || b.nodes[0].id !== b.rootId || b.nodes[0].parentId !== -1) return null;

  // Topics: parent positions back to ids (a parent always comes before its children).
  const nodes = b.nodes as unknown as MindNode[];
  const ids: string[] = new Array(n);
  const parent = new Int32Array(n);
  const at = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const node = b.nodes[i];
    const p = node.parentId;
    if (typeof node.id !== 'string' || (i === 0 ? p !== -1 : !isIndex(p, i))) return null;
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
    if (!look) return null;
    const from = ids[parent[i]];
    edges[i - 1] = { id: edgeId(from, ids[i]), source: from, target: ids[i], style: { stroke: look[0], strokeWidth: look[1] }, animated: look[2] };
    source[i - 1] = parent[i];
    target[i - 1] = i;
  }
  for (let k = 0; k < b.links.length; k++) {
    const e = b.links[k];
    const s = at.get(e?.source);
    const t = at.get(e?.target);
    if (s === undefined || t === undefined) return null;
    edges[n - 1 + k] = e;
    source[n - 1 + k] = s;
    target[n - 1 + k] = t;
  }
  const state = buildIndexedState({ nodes, edges }, { parent, source, target, at }, b.rootId, b.settings);
  return { state, schemaVersion: b.schemaVersion, newer: false, repaired: b.repaired, dormantLinks: b.dormantLinks };
}
