/**
 * Concurrent changes to one record, merged field by field. A topic is one record in the document
 * (shape.ts), and Yjs keeps one of two concurrent writes of a key: someone renaming a topic while
 * someone else, offline or at the same moment, changes its colour or drags it, lost one of the two
 * changes on every replica. Here each replica remembers the versions of a record it saw replaced
 * (their Yjs ids and values, read before Yjs drops a replaced value). When a write from elsewhere
 * replaces one of its own without having been made on top of it (followed back through the writes
 * each was made on, the nearest version both came from is their base), the replica writes the
 * record again: theirs, with the fields it changed from that base and they did not.
 * Where both changed the same field, theirs stays on every replica (the one Yjs kept), and the
 * replica whose value went says so (RecordConflict).
 *
 * The replica whose write Yjs kept does nothing: its record stands, and the other one's merge is
 * made on top of it. Merges of merges converge the same way.
 */
import * as Y from 'yjs';
import { decodeRecord, sameValue } from './shape';

/** Keys remembered per record map; the least recently written are forgotten first. */
const KEYS_KEPT = 10_000;

/** Fields merged one level deeper: a topic's content. Other object fields (a place) go whole. */
const NESTED = new Set(['data']);

/** Versions of one record this replica saw replaced: their values by Yjs id ("client:clock"). */
type Seen = Map<string, unknown>;

/** Versions kept per record (the oldest go first). */
const VERSIONS_KEPT = 16;

/** RecordConflict.fields of a topic deleted elsewhere while it was changed here. */
export const DELETED = '(deleted)';

/** A field both sides changed, where theirs stays: the record's key and what this replica had. */
export interface RecordConflict {
  map: 'tree' | 'topic' | 'link';
  key: string;
  /** Field paths, e.g. "data.label". */
  fields: string[];
  /** This replica's record that went (decoded). */
  ours: Record<string, unknown>;
  /** The record as it stands once this replica's other fields are merged in (decoded). */
  now: Record<string, unknown>;
}

/** A record to write again: the merge of ours into theirs. */
export interface RecordRewrite {
  map: Y.Map<unknown>;
  key: string;
  value: Record<string, unknown>;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** The value a map entry's item holds (undefined once Yjs has dropped a deleted item's content). */
function itemValue(item: Y.Item): unknown {
  return item.content.getContent()[0];
}

function mapItem(map: Y.Map<unknown>, key: string): Y.Item | undefined {
  return (map as unknown as { _map: Map<string, Y.Item> })._map.get(key);
}

/**
 * Three-way merge of records: `theirs` with each field `ours` changed from `base` and `theirs` did
 * not; one level deeper into NESTED fields. `lost` gets the fields both changed differently.
 */
export function mergeRecords(base: Rec, ours: Rec, theirs: Rec, lost: string[], prefix = ''): Rec {
  let out: Rec | null = null;
  for (const key of new Set([...Object.keys(base), ...Object.keys(ours)])) {
    const b = base[key];
    const o = ours[key];
    if (sameValue(o, b)) continue;
    const t = theirs[key];
    if (sameValue(t, b)) {
      out ??= { ...theirs };
      if (o === undefined) delete out[key];
      else out[key] = o;
      continue;
    }
    if (sameValue(t, o)) continue;
    if (prefix === '' && NESTED.has(key) && isRec(b) && isRec(o) && isRec(t)) {
      const inner = mergeRecords(b, o, t, lost, `${key}.`);
      if (inner !== t) (out ??= { ...theirs })[key] = inner;
      continue;
    }
    lost.push(prefix + key);
  }
  return out ?? theirs;
}

/** Writes followed back from a record's current write to find what it was made on. */
const CHAIN_STEPS = 64;

const idKey = (id: Y.ID) => `${id.client}:${id.clock}`;

export class RecordMerge {
  /** Per record map, per key: the versions this replica saw replaced, with their values. */
  private readonly seen = new Map<Y.Map<unknown>, Map<string, Seen>>();

  constructor(
    private readonly doc: Y.Doc,
    private readonly maps: ReadonlyMap<Y.Map<unknown>, RecordConflict['map']>,
  ) {
    for (const map of maps.keys()) this.seen.set(map, new Map());
  }

  /**
   * Reads a transaction (from afterTransaction, before Yjs drops the content of what it deleted):
   * keeps each record's version it replaced, and returns the records to write again where a write
   * from elsewhere replaced one of this replica's without being made on it, with the fields both
   * sides changed.
   */
  read(tr: Y.Transaction): { rewrites: RecordRewrite[]; conflicts: RecordConflict[] } {
    const rewrites: RecordRewrite[] = [];
    const conflicts: RecordConflict[] = [];
    for (const [map, name] of this.maps) {
      const keys = tr.changed.get(map as never);
      if (!keys) continue;
      const seen = this.seen.get(map)!;
      // A whole map coming or going (an import, a load): no versions worth keeping.
      if (keys.size > KEYS_KEPT) {
        if (seen.size > 0) for (const key of keys) if (key !== null) seen.delete(key);
        continue;
      }
      for (const key of keys) {
        if (key === null) continue;
        const current = mapItem(map, key);
        if (!current || current.deleted) {
          seen.delete(key);
          if (!tr.local && name === 'tree') this.deletedUnderOurs(key, conflicts);
          continue;
        }
        const replaced = this.replacedIn(tr, current);
        if (!replaced) continue;
        const value = itemValue(replaced);
        let versions = seen.get(key);
        if (versions) seen.delete(key); // re-inserted below: the most recent last
        versions ??= new Map();
        if (value !== undefined) versions.set(idKey(replaced.id), value);
        if (versions.size > VERSIONS_KEPT) versions.delete(versions.keys().next().value!);
        seen.set(key, versions);
        if (seen.size > KEYS_KEPT) seen.delete(seen.keys().next().value!);
        if (!tr.local && replaced.id.client === this.doc.clientID && value !== undefined) {
          this.merge(map, name, key, versions, replaced, value, current, rewrites, conflicts);
        }
      }
    }
    return { rewrites, conflicts };
  }

  /**
   * A topic removed from the tree elsewhere while its record holds a write of ours that the removal
   * did not know (a removal made knowing it would have removed that write too): it was deleted at
   * the same moment as it was changed here.
   */
  private deletedUnderOurs(key: string, conflicts: RecordConflict[]): void {
    for (const [map, name] of this.maps) {
      if (name !== 'topic') continue;
      const item = mapItem(map, key);
      if (!item || item.deleted || item.id.client !== this.doc.clientID) return;
      const ours = decodeRecord<Rec>(itemValue(item));
      if (ours) conflicts.push({ map: 'topic', key, fields: [DELETED], ours, now: {} });
    }
  }

  /** The entry that was the key's value before `tr` and that `tr` deleted (replaced by `current`). */
  private replacedIn(tr: Y.Transaction, current: Y.Item): Y.Item | null {
    let at = current.left;
    for (let steps = 0; at !== null && steps < CHAIN_STEPS; steps++, at = at.left) {
      if (at.id.clock < (tr.beforeState.get(at.id.client) ?? 0) && Y.isDeleted(tr.deleteSet, at.id)) return at;
    }
    return null;
  }

  /** Ids of the writes `item` was made on, nearest first. */
  private chain(item: Y.Item): string[] {
    const store = this.doc.store;
    const out: string[] = [];
    let at = item.origin;
    for (let steps = 0; at !== null && steps < CHAIN_STEPS; steps++) {
      out.push(idKey(at));
      if (Y.getState(store, at.client) <= at.clock) break;
      const before = Y.getItem(store, at);
      at = before instanceof Y.Item ? before.origin : null;
    }
    return out;
  }

  /**
   * `theirs` replaced `ours`: unless it was made on ours, the nearest version both were made on
   * (whose value this replica kept) is the base of a three-way merge.
   */
  private merge(
    map: Y.Map<unknown>,
    name: RecordConflict['map'],
    key: string,
    versions: Seen,
    ours: Y.Item,
    oursValue: unknown,
    theirs: Y.Item,
    rewrites: RecordRewrite[],
    conflicts: RecordConflict[],
  ): void {
    const theirChain = this.chain(theirs);
    const oursId = idKey(ours.id);
    if (theirChain.includes(oursId)) return;
    const common = new Set(theirChain);
    const baseId = this.chain(ours).find((id) => common.has(id));
    if (baseId === undefined || !versions.has(baseId)) return;
    const base = decodeRecord<Rec>(versions.get(baseId));
    const mine = decodeRecord<Rec>(oursValue);
    const their = decodeRecord<Rec>(itemValue(theirs));
    if (!base || !mine || !their) return;
    const lost: string[] = [];
    const merged = mergeRecords(base, mine, their, lost);
    if (merged !== their) rewrites.push({ map, key, value: merged });
    if (lost.length > 0) conflicts.push({ map: name, key, fields: lost, ours: mine, now: merged });
  }
}
