/**
 * Draft-level building blocks shared by the operations: each keeps nodes, edges and both indices
 * (kids, adj) consistent, and costs O(what it touches). Index arrays are replaced, not spliced, so
 * immer records one patch per array instead of one per shifted element.
 */
import { current, isDraft, isModified, original, type Draft, type Patch } from 'immer';
import { beginBulk, finishBulk } from './bulk';
import { subtreeIds } from './tree';
import { edgeId, type MindMapState } from './doc';
import type { MindEdge, MindNode } from './model';
import { cloneNode } from './snapshot';
import { bucketOf, tableDelete, tableEdit, tableGet, tableSet, valueIn } from './table';

type D = Draft<MindMapState>;

/**
 * An index list as it stands in a recipe, as a plain array. Why: tableGet on a draft hands back
 * immer's proxy of the list, and reading a 50,000-entry proxy (a spread, a filter) costs a trap per
 * entry; the array under it is read at native speed.
 */
export function plainList(table: D['kids'] | D['adj'], key: string): readonly string[] | undefined {
  const v = tableGet(table, key);
  if (!v || !isDraft(v)) return v;
  return isModified(v) ? current(v) : original(v);
}

/**
 * Stores an index list, frozen. Why: lists are replaced, never changed in place, and immer's
 * finalisation looks into every element of an unfrozen new array (50 ms for 50,000 children).
 */
export function setList(table: D['kids'] | D['adj'], key: string, list: string[]): void {
  tableSet(table, key, Object.freeze(list) as string[]);
}

function appendTo(table: D['kids'] | D['adj'], key: string, value: string): void {
  const cur = plainList(table, key);
  setList(table, key, cur ? [...cur, value] : [value]);
}

function removeFrom(table: D['kids'] | D['adj'], key: string, value: string): void {
  const cur = plainList(table, key);
  if (!cur) return;
  const next = cur.filter((v) => v !== value);
  if (next.length === cur.length) return;
  if (next.length) setList(table, key, next);
  else tableDelete(table, key);
}

/**
 * The topic `id` inside a recipe, ready to be changed in place. tableGet on a draft may hand back a
 * topic still in the table's base, which must not be changed (see tableEdit).
 */
export function editNode(d: D, id: string): Draft<MindNode> | undefined {
  return tableEdit(d.nodes, id, cloneNode);
}

/** Adds a node under its parentId (appended as last child). */
export function insertNode(d: D, node: MindNode, index?: number): void {
  tableSet(d.nodes, node.id, node);
  if (node.parentId === null) return;
  if (index === undefined) {
    appendTo(d.kids, node.parentId, node.id);
  } else {
    const next = (plainList(d.kids, node.parentId) ?? []).slice();
    next.splice(Math.max(0, Math.min(index, next.length)), 0, node.id);
    setList(d.kids, node.parentId, next);
  }
}

export function insertEdge(d: D, edge: MindEdge): void {
  tableSet(d.edges, edge.id, edge);
  appendTo(d.adj, edge.source, edge.id);
  appendTo(d.adj, edge.target, edge.id);
}

/**
 * Appends many values to the lists of some keys: each key's list is copied and stored once. Why:
 * appendTo per value copies the whole list every time, and pasting 20,000 siblings made 2.4 GB of
 * copies (30,000 ran the tab out of memory).
 */
function appendAll(table: D['kids'] | D['adj'], pairs: Iterable<readonly [key: string, value: string]>): void {
  const added = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const list = added.get(key);
    if (list) list.push(value);
    else added.set(key, [value]);
  }
  for (const [key, values] of added) {
    const cur = plainList(table, key);
    setList(table, key, cur ? cur.concat(values) : values);
  }
}

/** insertNode for many topics, each appended under its parent in the order given. */
export function insertNodes(d: D, nodes: readonly MindNode[]): void {
  for (const n of nodes) tableSet(d.nodes, n.id, n);
  appendAll(d.kids, nodes.filter((n) => n.parentId !== null).map((n) => [n.parentId!, n.id] as const));
}

/** insertEdge for many edges. */
export function insertEdges(d: D, edges: readonly MindEdge[]): void {
  for (const e of edges) tableSet(d.edges, e.id, e);
  appendAll(d.adj, edges.flatMap((e) => [[e.source, e.id] as const, [e.target, e.id] as const]));
}

export function deleteEdge(d: D, id: string): void {
  const edge = tableGet(d.edges, id);
  if (!edge) return;
  tableDelete(d.edges, id);
  removeFrom(d.adj, edge.source, id);
  removeFrom(d.adj, edge.target, id);
}

export function treeEdge(source: string, target: string, stroke: string, middle: boolean, width: number): MindEdge {
  return {
    id: edgeId(source, target),
    source,
    target,
    style: { stroke, strokeWidth: width },
    animated: middle,
  };
}

/**
 * Removes a topic, all its descendants and every edge touching any of them, as a bulk edit (see
 * bulk.ts): O(branch size) with one bucket copy per touched bucket.
 */
export function deleteSubtree(s: MindMapState, id: string): { state: MindMapState; patches: Patch[]; inverse: Patch[] } | null {
  const node = tableGet(s.nodes, id);
  if (!node) return null;
  const w = beginBulk(s);
  const removed = subtreeIds(s, id);
  const gone = new Set(removed);
  const outsideEdges = new Map<string, Set<string>>();
  // An edge between two removed topics is met twice: taken at the first, skipped at the second.
  const taken = new Set<string>();
  for (const cur of removed) {
    // The tables keyed by topic share the bucket of an id: hashed once for all three.
    const bi = bucketOf(cur);
    const edges = valueIn(s.adj, s.adj.b[bi], cur);
    if (edges) {
      for (const eid of edges) {
        if (taken.has(eid)) continue;
        const edge = w.edges.take(eid);
        if (!edge) continue;
        const other = edge.source === cur ? edge.target : edge.source;
        if (gone.has(other)) taken.add(eid);
        else {
          const set = outsideEdges.get(other);
          if (set) set.add(eid);
          else outsideEdges.set(other, new Set([eid]));
        }
      }
      w.adj.deleteAt(bi, cur);
    }
    w.kids.deleteAt(bi, cur);
    w.nodes.deleteAt(bi, cur);
  }
  for (const [other, drop] of outsideEdges) {
    const next = (tableGet(s.adj, other) ?? []).filter((e) => !drop.has(e));
    if (next.length) w.adj.set(other, next);
    else w.adj.delete(other);
  }
  if (node.parentId !== null) {
    const siblings = (tableGet(s.kids, node.parentId) ?? []).filter((k) => k !== id);
    if (siblings.length) w.kids.set(node.parentId, siblings);
    else w.kids.delete(node.parentId);
  }
  return finishBulk(s, w);
}

/** Moves a topic under another parent (as its last child, or at index). The caller checks for cycles. */
export function reparent(d: D, id: string, newParent: string, index?: number): void {
  const node = editNode(d, id);
  if (!node || node.parentId === null) return;
  const oldParent = node.parentId;
  removeFrom(d.kids, oldParent, id);
  node.parentId = newParent;
  const next = (plainList(d.kids, newParent) ?? []).slice();
  next.splice(index === undefined ? next.length : Math.max(0, Math.min(index, next.length)), 0, id);
  setList(d.kids, newParent, next);
  const oldEdge = edgeId(oldParent, id);
  const old = tableGet(d.edges, oldEdge);
  if (old) {
    deleteEdge(d, oldEdge);
    // A link the user drew between the two already connects them: it becomes the tree edge.
    if (!tableGet(d.edges, edgeId(newParent, id))) {
      insertEdge(d, { ...old, id: edgeId(newParent, id), source: newParent, style: { ...old.style } });
    }
  }
  // A link drawn from the topic to its new parent would now be a second edge between the two.
  deleteEdge(d, edgeId(id, newParent));
}
