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

/** The root: meta's rootId when that topic exists, else a parentless topic, else any (smallest id). */
function pickRoot(d: MapDoc, present: ReadonlyMap<string, TreeRecord>): string | null {
  const named = d.meta.get(META.rootId);
  if (typeof named === 'string' && present.has(named)) return named;
  let parentless: string | null = null;
  let any: string | null = null;
  for (const [id, rec] of present) {
    if (any === null || id < any) any = id;
    if (rec.parent === null && (parentless === null || id < parentless)) parentless = id;
  }
  return parentless ?? any;
}

function orderOf(rec: TreeRecord): string {
  return typeof rec.order === 'string' ? rec.order : '';
}

export function fromDoc(doc: Y.Doc | MapDoc): FromDocResult {
  const d = 'tree' in doc ? doc : mapDoc(doc);
  const schemaVersion = schemaVersionOf(d);
  const newer = schemaVersion > SCHEMA_VERSION;
  const settings = settingsOf(d);

  const present = new Map<string, TreeRecord>();
  d.tree.forEach((rec, id) => {
    if (rec && typeof rec === 'object' && d.topic.has(id)) present.set(id, rec);
  });
  const rootId = pickRoot(d, present);
  if (rootId === null) {
    return { state: { ...createInitialState(), settings }, schemaVersion, newer, repaired: [], dormantLinks: Array.from(d.link.keys()) };
  }

  // Effective parents: the record's, or the root for a topic whose parent is missing (an orphan).
  const parent = new Map<string, string | null>();
  const repaired: string[] = [];
  for (const [id, rec] of present) {
    if (id === rootId) {
      parent.set(id, null);
      if (rec.parent !== null) repaired.push(id);
      continue;
    }
    const p = rec.parent;
    if (typeof p === 'string' && p !== id && present.has(p)) parent.set(id, p);
    else {
      parent.set(id, rootId);
      repaired.push(id);
    }
  }
  cutCycles(present, parent, rootId, repaired);

  const kids = new Map<string, string[]>();
  for (const [id, p] of parent) {
    if (p === null) continue;
    const list = kids.get(p);
    if (list) list.push(id);
    else kids.set(p, [id]);
  }
  for (const list of kids.values()) {
    if (list.length > 1) list.sort((a, b) => compareOrder(orderOf(present.get(a)!), a, orderOf(present.get(b)!), b));
  }

  const nodes: MindNode[] = [];
  const edges: MindEdge[] = [];
  const made = new Map<string, MindNode>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    const p = parent.get(id)!;
    const node = nodeFromRecords(id, p, d.topic.get(id) as TopicRecord, id === rootId);
    nodes.push(node);
    made.set(id, node);
    if (p !== null) {
      edges.push(treeEdgeFromRecord(p, id, present.get(id)!, made.get(p)!.data.color, node.connectionType === 'middle'));
    }
    const list = kids.get(id);
    if (list) for (let i = list.length - 1; i >= 0; i--) stack.push(list[i]);
  }

  const dormantLinks: string[] = [];
  d.link.forEach((_, id) => {
    const edge = linkFits(d, id, parent);
    if (edge) edges.push(edge);
    else dormantLinks.push(id);
  });

  return { state: buildState({ nodes, edges }, rootId, settings), schemaVersion, newer, repaired, dormantLinks };
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
 */
function cutCycles(present: ReadonlyMap<string, TreeRecord>, parent: Map<string, string | null>, rootId: string, repaired: string[]): void {
  const kids = new Map<string, string[]>();
  for (const [id, p] of parent) {
    if (p === null) continue;
    const list = kids.get(p);
    if (list) list.push(id);
    else kids.set(p, [id]);
  }
  const reached = new Set<string>();
  const reach = (from: string) => {
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      const list = kids.get(id);
      if (list) for (const k of list) stack.push(k);
    }
  };
  reach(rootId);
  if (reached.size === present.size) return;
  const onPath = new Set<string>();
  for (const id of present.keys()) {
    if (reached.has(id)) continue;
    const path: string[] = [];
    let x: string | null | undefined = id;
    while (x != null && !reached.has(x) && !onPath.has(x)) {
      onPath.add(x);
      path.push(x);
      x = parent.get(x);
    }
    if (x != null && onPath.has(x) && !reached.has(x)) {
      let cut = x;
      for (let i = path.indexOf(x); i < path.length; i++) if (path[i] < cut) cut = path[i];
      parent.set(cut, rootId);
      repaired.push(cut);
      reach(cut);
    }
    for (const p of path) onPath.delete(p);
  }
}
