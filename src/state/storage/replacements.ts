/**
 * Maps replaced by Import, Apply Template or Clear Map, kept in IndexedDB so "Restore previous map"
 * works after a reload (undo history lives in memory only). The newest KEEP_REPLACED are kept.
 *
 * `replaced` holds a small summary (listed without reading any map), `replacedData` the map as the
 * restore pipeline's JSON text, under the same key; both are written and pruned in one transaction.
 * A map kept again (the same digest) replaces its older entry, so the list shows what last replaced it.
 */
import { STORES, requestToPromise, transactionDone } from './updateLog';

export const KEEP_REPLACED = 10;

export interface ReplacedSummary {
  id: number;
  /** When it was replaced (ms since the epoch). */
  at: number;
  /** What replaced it: "Import", "Apply Template", "Clear Map", "Restore previous map". */
  reason: string;
  topics: number;
  /** Root topic's label, to tell the kept maps apart. */
  title: string;
  /** SHA-256 of the kept text (hex), so one map is not kept twice; absent for maps kept before it was recorded. */
  digest?: string;
}

/** The map text; a Blob in the browser (handed to IndexedDB without a synchronous copy), a string in tests. */
export type ReplacedData = string | Blob;

export async function keepReplaced(
  db: IDBDatabase,
  summary: Omit<ReplacedSummary, 'id'>,
  data: ReplacedData,
  keep = KEEP_REPLACED,
): Promise<number> {
  const tx = db.transaction([STORES.replaced, STORES.replacedData], 'readwrite');
  const done = transactionDone(tx);
  const list = tx.objectStore(STORES.replaced);
  // The same map kept before moves up to this entry, with this reason and time: one entry per map.
  if (summary.digest !== undefined) {
    const [keys, values] = await Promise.all([requestToPromise(list.getAllKeys()), requestToPromise(list.getAll())]);
    for (let i = 0; i < keys.length; i++) {
      if ((values[i] as Partial<ReplacedSummary> | null)?.digest !== summary.digest) continue;
      list.delete(keys[i]);
      tx.objectStore(STORES.replacedData).delete(keys[i]);
    }
  }
  const id = (await requestToPromise(list.add({ ...summary }))) as number;
  tx.objectStore(STORES.replacedData).put(data, id);
  const keys = (await requestToPromise(list.getAllKeys())) as number[];
  if (keys.length > keep) {
    const cutoff = keys.sort((a, b) => a - b)[keys.length - keep - 1];
    list.delete(IDBKeyRange.upperBound(cutoff));
    tx.objectStore(STORES.replacedData).delete(IDBKeyRange.upperBound(cutoff));
  }
  await done;
  return id;
}

/** Newest first. */
export async function listReplaced(db: IDBDatabase): Promise<ReplacedSummary[]> {
  const tx = db.transaction(STORES.replaced, 'readonly');
  const done = transactionDone(tx);
  const store = tx.objectStore(STORES.replaced);
  const [keys, values] = await Promise.all([requestToPromise(store.getAllKeys()), requestToPromise(store.getAll())]);
  await done;
  const out: ReplacedSummary[] = [];
  for (let i = 0; i < keys.length; i++) {
    const v = values[i] as Partial<ReplacedSummary> | null;
    if (!v || typeof v.at !== 'number') continue;
    const summary: ReplacedSummary = { id: keys[i] as number, at: v.at, reason: String(v.reason ?? ''), topics: Number(v.topics ?? 0), title: String(v.title ?? '') };
    if (typeof v.digest === 'string') summary.digest = v.digest;
    out.push(summary);
  }
  return out.reverse();
}

/** The kept map's JSON text, or null when it is gone. */
export async function readReplaced(db: IDBDatabase, id: number): Promise<string | null> {
  const tx = db.transaction(STORES.replacedData, 'readonly');
  const done = transactionDone(tx);
  const value = (await requestToPromise(tx.objectStore(STORES.replacedData).get(id))) as unknown;
  await done;
  if (typeof value === 'string') return value;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.text();
  return null;
}
