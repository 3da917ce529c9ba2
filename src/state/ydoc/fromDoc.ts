/**
 * Building the in-memory map from a document, with deterministic repair.
 *
 * Replicas edit at once, so a merged document can hold a tree no single replica made: a topic whose
 * parent another replica deleted (an orphan), or a cycle from two concurrent moves (A under B on one
 * replica, B under A on the other). Every replica repairs the same way, from the document alone, so
 * they all show the same map: an orphan goes under the root, and a cycle is cut at its smallest id,
 * which goes under the root. Nothing is dropped but links whose ends are gone. Siblings sort by
 * (order key, id).
 */
import { createInitialState, defaultSettings, edgeId, type MapSettings, type MindMapState } from '../doc';
import type { MindEdge, MindNode } from '../model';
import { buildState } from '../snapshot';
import { compareOrder } from './orderKeys';
import {
  META,
  SCHEMA_VERSION,
  layoutOf,
  linkFromRecord,
  mapDoc,
  nodeFromRecords,
  schemaVersionOf,
  treeEdgeFromRecord,
  type MapDoc,
  type TopicRecord,
  type TreeRecord,
} from './shape';
import type * as Y from 'yjs';

export interface FromDocResult {
  state: MindMapState;
  /** The document's schema version (0: nothing written yet). */
  schemaVersion: number;
  /** Written by a newer build: open read-only and write nothing. */
  newer: boolean;
  /** Topics placed elsewhere than their record says (orphans and cut cycles, under the root). */
  repaired: string[];
  /** Link records not in the state (an end is gone, or a tree edge has the same id). */
  dormantLinks: string[];
}

export function settingsOf(d: MapDoc): MapSettings {
  const base = defaultSettings();
  return { layout: layoutOf(d.meta.get(META.layout) ?? base.layout), autoLayout: d.meta.get(META.autoLayout) === true };
}

function orderOf(rec: TreeRecord): string {
  return typeof rec.order === 'string' ? rec.order : '';
}

/**
 * Children lists as flat arrays (CSR): the children of i are kids[start[i] .. start[i + 1]).
 * Why indices and typed arrays: at 100k topics, Maps of lists and sorting through Map lookups were
 * most of the time of a build.
 */
function childrenOf(parent: Int32Array, n: number): { start: Int32Array; kids: Int32Array } {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) start[parent[i] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const kids = new Int32Array(start[n]);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) kids[fill[parent[i]]++] = i;
  return { start, kids };
}

/**
 * What fromDoc reads from a document, before the tables are built: the topics in depth-first order
 * from the root, then the edges (tree edges first, then links). `rootId` is null for a document
 * with no topic. Plain data: the merge worker stores it beside its snapshot (builtMap.ts).
 */
export interface DocContent {
  nodes: MindNode[];
  edges: MindEdge[];
  rootId: string | null;
  settings: MapSettings;
  schemaVersion: number;
  newer: boolean;
  repaired: string[];
  dormantLinks: string[];
}

export function fromDoc(doc: Y.Doc | MapDoc): FromDocResult {
  return resultOf(readDoc(doc));
}

/** The in-memory map of what readDoc read. */
function resultOf(c: DocContent): FromDocResult {
  const state = c.rootId === null ? { ...createInitialState(), settings: c.settings } : buildState({ nodes: c.nodes, edges: c.edges }, c.rootId, c.settings);
  return { state, schemaVersion: c.schemaVersion, newer: c.newer, repaired: c.repaired, dormantLinks: c.dormantLinks };
}

export function readDoc(doc: Y.Doc | MapDoc): DocContent {
  const d = 'tree' in doc ? doc : mapDoc(doc);
  const schemaVersion = schemaVersionOf(d);
  const newer = schemaVersion > SCHEMA_VERSION;
  const settings = settingsOf(d);

  // Topics by index: those with both a tree and a topic record.
  const allIds: string[] = [];
  const allTree: TreeRecord[] = [];
  const at = new Map<string, number>();
  d.tree.forEach((rec, id) => {
    if (rec && typeof rec === 'object') {
      at.set(id, allIds.length);
      allIds.push(id);
      allTree.push(rec);
    }
  });
  const topics: (TopicRecord | undefined)[] = new Array(allIds.length);
  d.topic.forEach((rec, id) => {
    const i = at.get(id);
    if (i !== undefined && rec && typeof rec === 'object') topics[i] = rec;
  });
  const n = allIds.length;
  const present = (i: number | undefined): i is number => i !== undefined && topics[i] !== undefined;

  const named = d.meta.get(META.rootId);
  let root = typeof named === 'string' ? (at.get(named) ?? -1) : -1;
  if (!present(root)) {
    // No usable root named: a parentless topic, else any (the smallest id, for every replica alike).
    let parentless = -1;
    let any = -1;
    for (let i = 0; i < n; i++) {
      if (!present(i)) continue;
      if (any < 0 || allIds[i] < allIds[any]) any = i;
      if (allTree[i].parent === null && (parentless < 0 || allIds[i] < allIds[parentless])) parentless = i;
    }
    root = parentless >= 0 ? parentless : any;
  }
  if (root < 0) {
    return { nodes: [], edges: [], rootId: null, settings, schemaVersion, newer, repaired: [], dormantLinks: Array.from(d.link.keys()) };
  }
  const rootId = allIds[root];

  // Effective parents: the record's, or the root for a topic whose parent is missing (an orphan).
  const parent = new Int32Array(n).fill(-1);
  const repaired: string[] = [];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!present(i)) continue;
    count++;
    const p = allTree[i].parent;
    if (i === root) {
      if (p !== null) repaired.push(allIds[i]);
      continue;
    }
    const j = typeof p === 'string' ? at.get(p) : undefined;
    if (j !== i && present(j)) parent[i] = j;
    else {
      parent[i] = root;
      repaired.push(allIds[i]);
    }
  }
  let csr = childrenOf(parent, n);
  if (cutCycles(parent, csr, root, count, allIds, repaired)) csr = childrenOf(parent, n);
  const { start, kids } = csr;
  const orders: string[] = new Array(n);
  for (let i = 0; i < n; i++) orders[i] = orderOf(allTree[i]);
  const bySiblingOrder = (a: number, b: number) => compareOrder(orders[a], allIds[a], orders[b], allIds[b]);
  for (let i = 0; i < n; i++) if (start[i + 1] - start[i] > 1) kids.subarray(start[i], start[i + 1]).sort(bySiblingOrder);

  const nodes: MindNode[] = [];
  const edges: MindEdge[] = [];
  const colorOf: string[] = new Array(n);
  const stack = new Int32Array(count + 1);
  let top = 0;
  stack[top++] = root;
  while (top > 0) {
    const i = stack[--top];
    const p = parent[i];
    const id = allIds[i];
    const node = nodeFromRecords(id, p < 0 ? null : allIds[p], topics[i]!, i === root);
    nodes.push(node);
    colorOf[i] = node.data.color;
    if (p >= 0) edges.push(treeEdgeFromRecord(allIds[p], id, allTree[i], colorOf[p], node.connectionType === 'middle'));
    for (let k = start[i + 1] - 1; k >= start[i]; k--) stack[top++] = kids[k];
  }

  const parentOf: ParentOf = {
    has: (id) => present(at.get(id)),
    get: (id) => {
      const i = at.get(id);
      return i === undefined || parent[i] < 0 ? null : allIds[parent[i]];
    },
  };
  const dormantLinks: string[] = [];
  d.link.forEach((_, id) => {
    const edge = linkFits(d, id, parentOf);
    if (edge) edges.push(edge);
    else dormantLinks.push(id);
  });

  return { nodes, edges, rootId, settings, schemaVersion, newer, repaired, dormantLinks };
}

export interface ParentOf {
  get(id: string): string | null | undefined;
  has(id: string): boolean;
}

/**
 * Whether a link can be in the state, on its own: its id names its ends, both ends exist, and the
 * two are not parent and child (a concurrent move can make them so; the tree edge then wins, as it
 * does when a topic is moved here).
 */
function linkFitsAlone(edge: MindEdge, parentOf: ParentOf): boolean {
  return (
    edge.id === edgeId(edge.source, edge.target) &&
    parentOf.has(edge.source) &&
    parentOf.has(edge.target) &&
    parentOf.get(edge.target) !== edge.source &&
    parentOf.get(edge.source) !== edge.target
  );
}

/**
 * Whether the link record `id` can be in the state: it fits on its own, and when two replicas linked
 * the same pair both ways at once, only the link with the smaller id is kept.
 */
export function linkFits(d: MapDoc, id: string, parentOf: ParentOf): MindEdge | null {
  const rec = d.link.get(id);
  const edge = rec && typeof rec === 'object' ? linkFromRecord(id, rec) : null;
  if (!edge || !linkFitsAlone(edge, parentOf)) return null;
  const backId = edgeId(edge.target, edge.source);
  if (backId < id) {
    const backRec = d.link.get(backId);
    const back = backRec && typeof backRec === 'object' ? linkFromRecord(backId, backRec) : null;
    if (back && linkFitsAlone(back, parentOf)) return null;
  }
  return edge;
}

/**
 * Topics not reachable from the root after orphans went under it hang from cycles. Each cycle is
 * cut at its smallest id (which goes under the root): the same cut whatever order this runs in.
 * Returns whether anything was cut.
 */
function cutCycles(
  parent: Int32Array,
  csr: { start: Int32Array; kids: Int32Array },
  root: number,
  count: number,
  ids: readonly string[],
  repaired: string[],
): boolean {
  const n = parent.length;
  const reached = new Uint8Array(n);
  const stack: number[] = [];
  let reachedCount = 0;
  const reach = (from: number) => {
    stack.push(from);
    while (stack.length) {
      const i = stack.pop()!;
      if (reached[i]) continue;
      reached[i] = 1;
      reachedCount++;
      for (let k = csr.start[i]; k < csr.start[i + 1]; k++) stack.push(csr.kids[k]);
    }
  };
  reach(root);
  if (reachedCount === count) return false;
  const onPath = new Uint8Array(n);
  let cutAny = false;
  for (let i = 0; i < n; i++) {
    if (reached[i] || parent[i] < 0) continue;
    const path: number[] = [];
    let x = i;
    while (x >= 0 && !reached[x] && !onPath[x]) {
      onPath[x] = 1;
      path.push(x);
      x = parent[x];
    }
    if (x >= 0 && onPath[x] && !reached[x]) {
      let cut = x;
      for (let k = path.indexOf(x); k < path.length; k++) if (ids[path[k]] < ids[cut]) cut = path[k];
      parent[cut] = root;
      repaired.push(ids[cut]);
      cutAny = true;
      reach(cut);
    }
    for (const p of path) onPath[p] = 0;
  }
  return cutAny;
}
