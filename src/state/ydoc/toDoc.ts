/**
 * Writing a map into a document: the records a topic, its place in the tree and its links should
 * have (used by the binding for each change), and a whole map in one transaction (migration of a
 * stored map, import, template, Clear Map). Records already equal are not rewritten, and fields a
 * newer build added to a record are kept (shape.ts).
 */
import type * as Y from 'yjs';
import { childIds, edgeId, type MindMapState } from '../doc';
import type { MapSnapshot, MindEdge } from '../model';
import { buildState } from '../snapshot';
import { tableForEach, tableGet, tableHas } from '../table';
import { assignKeys, isOrderKey, keysBetween } from './orderKeys';
import {
  META,
  SCHEMA_VERSION,
  batchWrites,
  edgeLook,
  linkRecord,
  linkRecordKeeping,
  mapDoc,
  sameValue,
  topicRecord,
  topicRecordKeeping,
  treeRecordKeeping,
  type MapDoc,
  type TreeRecord,
} from './shape';

/** Whether an edge is its target's tree edge (kept in the target's tree record, not as a link). */
export function isTreeEdge(s: MindMapState, edge: MindEdge): boolean {
  const target = tableGet(s.nodes, edge.target);
  return target !== undefined && target.parentId === edge.source && edge.id === edgeId(edge.source, edge.target);
}

function treeRecordUnder(s: MindMapState, id: string, parent: string | null, order: string): TreeRecord {
  const edge = parent === null ? undefined : tableGet(s.edges, edgeId(parent, id));
  return { parent, order, edge: edge && edge.source === parent && edge.target === id ? edgeLook(edge) : null };
}

function setTree(d: MapDoc, id: string, fresh: TreeRecord): void {
  const old = d.tree.get(id);
  const rec = old === undefined ? fresh : treeRecordKeeping(fresh, old);
  if (!sameValue(rec, old)) d.tree.set(id, rec);
}

/** Writes `id`'s tree record with `order`. */
export function writeTree(d: MapDoc, s: MindMapState, id: string, order: string): void {
  const node = tableGet(s.nodes, id);
  if (node) setTree(d, id, treeRecordUnder(s, id, node.parentId, order));
}

/** The key `id` has in the document under `parent`, if its record puts it there. */
export function keyUnder(d: MapDoc, id: string, parent: string | null): string | undefined {
  const rec = d.tree.get(id);
  return rec && rec.parent === parent ? rec.order : undefined;
}

/** Writes the tree records of `parent`'s children in the state's order (keys reused where they stay in order). */
export function writeChildren(
  d: MapDoc,
  s: MindMapState,
  parent: string,
  ids: readonly string[] = childIds(s, parent),
  noneStored = false,
): void {
  if (ids.length === 0) return;
  // Into a document that had no records (a migration, a first import) every key is new: no lookups.
  if (noneStored) {
    const keys = keysBetween(null, null, ids.length);
    for (let i = 0; i < ids.length; i++) setTree(d, ids[i], treeRecordUnder(s, ids[i], parent, keys[i]));
    return;
  }
  const had = ids.map((id) => keyUnder(d, id, parent));
  const keys = assignKeys(ids, (_id, i) => had[i]);
  // A record that keeps its parent and key is left alone (its edge's look is written with the edge).
  for (let i = 0; i < ids.length; i++) if (keys[i] !== had[i]) setTree(d, ids[i], treeRecordUnder(s, ids[i], parent, keys[i]));
}

/**
 * Keys for the children `parent` gained since `before` (the state the document held), when nothing
 * else changed in its list: each run of new children gets keys between its neighbours' keys, and
 * only their records are written. Why: under a topic with 50,000 children an add would otherwise
 * read and compare every sibling's record. False (nothing written) when the list changed otherwise
 * (a reorder, a child moved within it, neighbours without usable keys): writeChildren does it then.
 *
 * `placesStored`: the document holds every topic of `before` under the parent `before` gives it (no
 * repaired topic in it), so a child that stays in place needs no look at its record, only whether
 * it has one. Why: the first add under a topic with 50,000 children otherwise parses all 50,000.
 */
export function writeInsertedChildren(d: MapDoc, before: MindMapState, s: MindMapState, parent: string, placesStored = false): boolean {
  const prev = childIds(before, parent);
  const next = childIds(s, parent);
  const inserted: number[] = [];
  let j = 0;
  for (let i = 0; i < next.length; i++) {
    const id = next[i];
    // Children that left the list (deleted or moved away) are skipped over.
    while (j < prev.length && prev[j] !== id && tableGet(s.nodes, prev[j])?.parentId !== parent) j++;
    if (j < prev.length && prev[j] === id) {
      j++;
      // In place, but not yet in the document under this parent: it needs a key all the same.
      if (placesStored ? !d.tree.has(id) : keyUnder(d, id, parent) === undefined) inserted.push(i);
      continue;
    }
    // A child that was here before and now stands elsewhere: a reorder.
    if (tableGet(before.nodes, id)?.parentId === parent || keyUnder(d, id, parent) !== undefined) return false;
    inserted.push(i);
  }
  while (j < prev.length && tableGet(s.nodes, prev[j])?.parentId !== parent) j++;
  if (j < prev.length) return false;
  const writes: Array<[string, string]> = [];
  for (let r = 0; r < inserted.length; ) {
    let e = r;
    while (e + 1 < inserted.length && inserted[e + 1] === inserted[e] + 1) e++;
    const first = inserted[r];
    const last = inserted[e];
    const lo = first > 0 ? keyUnder(d, next[first - 1], parent) : null;
    const hi = last + 1 < next.length ? keyUnder(d, next[last + 1], parent) : null;
    if (lo === undefined || hi === undefined || (lo !== null && !isOrderKey(lo)) || (hi !== null && !isOrderKey(hi)) || (lo !== null && hi !== null && lo >= hi)) return false;
    const keys = keysBetween(lo, hi, last - first + 1);
    for (let k = 0; k < keys.length; k++) writes.push([next[first + k], keys[k]]);
    r = e + 1;
  }
  for (const [id, key] of writes) setTree(d, id, treeRecordUnder(s, id, parent, key));
  return true;
}

/**
 * Writes or removes `id`'s topic record. With `derivedPositions` (a layout places the topics) a
 * topic already stored keeps its stored position: the one in the state is the layout's.
 */
export function writeTopic(d: MapDoc, s: MindMapState, id: string, derivedPositions = false, node = tableGet(s.nodes, id)): void {
  const old = d.topic.get(id);
  if (!node) {
    if (old !== undefined) d.topic.delete(id);
    return;
  }
  const rec = old === undefined ? topicRecord(node) : topicRecordKeeping(topicRecord(node), old);
  if (derivedPositions && old?.position) rec.position = old.position;
  if (!sameValue(rec, old)) d.topic.set(id, rec);
}

/** Writes or removes the link record for edge `id` (a tree edge has none: its look is in the tree record). */
export function writeLink(d: MapDoc, s: MindMapState, id: string): void {
  const edge = tableGet(s.edges, id);
  const old = d.link.get(id);
  if (!edge || isTreeEdge(s, edge)) {
    if (old !== undefined) d.link.delete(id);
    return;
  }
  const rec = linkRecordKeeping(linkRecord(edge), old);
  if (!sameValue(rec, old)) d.link.set(id, rec);
}

export function writeSettings(d: MapDoc, s: MindMapState): void {
  if (d.meta.get(META.layout) !== s.settings.layout) d.meta.set(META.layout, s.settings.layout);
  if (d.meta.get(META.autoLayout) !== s.settings.autoLayout) d.meta.set(META.autoLayout, s.settings.autoLayout);
}

/**
 * Makes the document's content the state's (inside the caller's transaction, if any): every record
 * compared and rewritten only where it differs, records of topics and links no longer there removed.
 * O(map).
 */
export function writeWholeState(d: MapDoc, s: MindMapState): void {
  batchWrites(d, () => beginWholeState(d, s)?.step(d, Number.POSITIVE_INFINITY));
}

/**
 * Starts making the document's content the state's: the meta records, and the records of topics
 * and links no longer there removed. When none of the map's records is then left in the document
 * (an import, a template or Clear Map replacing a map with other ids, a migration), the rest is
 * returned as a MapFill for the caller to write whole or in parts; otherwise every record is
 * compared and rewritten where it differs, here, and the answer is null.
 */
export function beginWholeState(d: MapDoc, s: MindMapState): MapFill | null {
  if (d.meta.get(META.schemaVersion) !== SCHEMA_VERSION) d.meta.set(META.schemaVersion, SCHEMA_VERSION);
  if (d.meta.get(META.rootId) !== s.rootId) d.meta.set(META.rootId, s.rootId);
  writeSettings(d, s);
  for (const id of Array.from(d.tree.keys())) if (!tableHas(s.nodes, id)) d.tree.delete(id);
  for (const id of Array.from(d.topic.keys())) if (!tableHas(s.nodes, id)) d.topic.delete(id);
  for (const id of Array.from(d.link.keys())) {
    const edge = tableGet(s.edges, id);
    if (!edge || isTreeEdge(s, edge)) d.link.delete(id);
  }
  if (d.tree.size === 0 && d.topic.size === 0 && d.link.size === 0) return new MapFill(s);
  writeTree(d, s, s.rootId, keyUnder(d, s.rootId, null) ?? 'a0');
  tableForEach(s.kids, (ids, parent) => writeChildren(d, s, parent, ids));
  tableForEach(s.nodes, (node, id) => writeTopic(d, s, id, false, node));
  tableForEach(s.edges, (edge, id) => {
    if (!isTreeEdge(s, edge)) writeLink(d, s, id);
  });
  return null;
}

/**
 * The records of a whole map into a document that holds none of them, in parts of any size: topics
 * in pre-order (each after its parent, siblings in order), then the links. Every record is new, so
 * none is read or compared. Why parts: after each one the document holds a whole map, smaller (no
 * topic without its parent, no link without its ends), so a big import can be written over several
 * tasks, stored as it goes, and a replica that receives only some parts still reads a valid map.
 */
export class MapFill {
  /** Link ids, found once the topics are in (most of a map's edges are tree edges, written with them). */
  private links: string[] | null = null;
  /** Topics still to write, the next on top, each with its order key. */
  private readonly ids: string[];
  private readonly keys: string[];
  private written = 0;
  private linksWritten = 0;

  constructor(private readonly s: MindMapState) {
    this.ids = tableHas(s.nodes, s.rootId) ? [s.rootId] : [];
    this.keys = ['a0'];
  }

  get done(): boolean {
    return this.ids.length === 0 && this.links !== null && this.linksWritten === this.links.length;
  }

  /** Writes up to `budget` more records' worth (a topic with its place, or a link); true when all are in. */
  step(d: MapDoc, budget: number): boolean {
    const { s, ids, keys } = this;
    while (budget > 0 && ids.length > 0) {
      const id = ids.pop()!;
      const node = tableGet(s.nodes, id)!;
      d.tree.set(id, treeRecordUnder(s, id, id === s.rootId ? null : node.parentId, keys.pop()!));
      d.topic.set(id, topicRecord(node));
      const kids = tableGet(s.kids, id);
      if (kids && kids.length > 0) {
        const k = keysBetween(null, null, kids.length);
        for (let i = kids.length - 1; i >= 0; i--) {
          ids.push(kids[i]);
          keys.push(k[i]);
        }
      }
      this.written++;
      budget--;
    }
    if (ids.length > 0) return false;
    if (this.links === null) {
      // A topic the tree does not reach (a state that breaks the store's rules) still keeps its content.
      if (this.written < s.nodes.n) {
        tableForEach(s.nodes, (n, id) => {
          if (!d.topic.has(id)) d.topic.set(id, topicRecord(n));
        });
      }
      const links: string[] = [];
      tableForEach(s.edges, (edge, id) => {
        if (!isTreeEdge(s, edge)) links.push(id);
      });
      this.links = links;
    }
    const links = this.links;
    while (budget > 0 && this.linksWritten < links.length) {
      const id = links[this.linksWritten++];
      d.link.set(id, linkRecord(tableGet(s.edges, id)!));
      budget--;
    }
    return this.done;
  }
}

/** Writes a whole map into `doc` as one transaction with `origin`. */
export function toDoc(doc: Y.Doc, s: MindMapState, origin: unknown = null): void {
  const d = mapDoc(doc);
  doc.transact(() => writeWholeState(d, s), origin);
}

/** Writes a plain map (a stored or imported file already through restore) into `doc`. */
export function snapshotToDoc(doc: Y.Doc, snapshot: MapSnapshot, rootId: string, settings?: MindMapState['settings'], origin: unknown = null): void {
  toDoc(doc, buildState(snapshot, rootId, settings), origin);
}
