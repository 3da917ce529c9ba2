/**
 * Field by field undo for a step that Y.UndoManager can no longer undo. A topic is one record in the
 * document: when someone else changes any field of it (its title) after this tab's step changed
 * another (its colour), their record replaces the step's, and undoing the step changes nothing.
 * Here each small step keeps, per record it wrote, the record before and after it; when its undo
 * (or redo) changes nothing, the fields the step changed and nobody has changed since are put back
 * into the record as it is now, so the colour goes back and their title stays.
 */
import * as Y from 'yjs';
import { decodeRecord, encodeRecord, sameValue } from './shape';

/** Records a step may write and still be kept field by field (a step of more is a bulk change). */
export const FIELD_STEP_LIMIT = 64;

/** Per record map, per key: the record before the step and after it (undefined: absent). */
export type FieldLog = Map<Y.Map<unknown>, Map<string, { before: unknown; after: unknown }>>;

/**
 * Adds what one transaction of a step wrote to `log` (the first `before` of a key stays, its
 * `after` follows the step). False when the step writes more than FIELD_STEP_LIMIT records: it is
 * not kept field by field.
 */
export function logFields(log: FieldLog, changed: ReadonlyMap<unknown, readonly unknown[]>, maps: ReadonlySet<Y.Map<unknown>>): boolean {
  let count = 0;
  for (const entries of log.values()) count += entries.size;
  for (const [type, events] of changed) {
    const map = type as Y.Map<unknown>;
    if (!maps.has(map)) continue;
    for (const e of events) {
      const event = e as Y.YMapEvent<unknown>;
      if (event.target !== map) continue;
      count += event.keysChanged.size;
      if (count > FIELD_STEP_LIMIT) return false;
      let entries = log.get(map);
      if (!entries) log.set(map, (entries = new Map()));
      for (const [key, change] of event.keys) {
        const after = map.get(key);
        const had = entries.get(key);
        if (had) had.after = after;
        else entries.set(key, { before: change.action === 'add' ? undefined : change.oldValue, after });
      }
    }
  }
  return true;
}

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `current` with every field that differs between `step` (what the step left) and `want` (what
 * undoing it brings back), and that still holds the step's value, set to `want`'s; one level deep
 * into object fields that are objects on all three sides (a topic's `data`). Null when nothing
 * would change. `theirs.kept` is set when a field stays as someone else changed it.
 */
export function mergeFields(want: Rec, step: Rec, current: Rec, theirs: { kept: boolean } = { kept: false }): Rec | null {
  let out: Rec | null = null;
  for (const key of new Set([...Object.keys(want), ...Object.keys(step)])) {
    const w = want[key];
    const s = step[key];
    const c = current[key];
    if (sameValue(w, s)) continue;
    if (isRec(w) && isRec(s) && isRec(c) && !Array.isArray(w)) {
      const inner = mergeFields(w, s, c, theirs);
      if (inner) (out ??= { ...current })[key] = inner;
      continue;
    }
    if (!sameValue(c, s)) {
      theirs.kept = true; // someone else changed it since: theirs stays
      continue;
    }
    out ??= { ...current };
    if (w === undefined) delete out[key];
    else out[key] = w;
  }
  return out;
}

/**
 * Writes, in the caller's transaction, each record of `log` merged back towards `before` (undo) or
 * `after` (redo). Records the step added or removed are left alone (that is the tree's shape, not a
 * field). Returns whether anything was written, and the keys (topic ids) of the records written
 * where a field stayed as someone else had changed it.
 */
export function writeFieldsBack(log: FieldLog, towards: 'before' | 'after'): { wrote: boolean; keptIn: Set<string> } {
  let wrote = false;
  const keptIn = new Set<string>();
  for (const [map, entries] of log) {
    for (const [key, change] of entries) {
      const want = decodeRecord<Rec>(towards === 'before' ? change.before : change.after);
      const step = decodeRecord<Rec>(towards === 'before' ? change.after : change.before);
      const current = decodeRecord<Rec>(map.get(key));
      if (!want || !step || !current) continue;
      const theirs = { kept: false };
      const merged = mergeFields(want, step, current, theirs);
      if (!merged) continue;
      map.set(key, encodeRecord(merged));
      wrote = true;
      if (theirs.kept) keptIn.add(key);
    }
  }
  return { wrote, keptIn };
}
