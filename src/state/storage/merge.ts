/**
 * Folds the log into the snapshot: read the snapshot and the entries after it (up to key K), merge
 * them (compact below), then in ONE transaction write the new snapshot and delete the entries it
 * holds. Log entries are never deleted before the snapshot that replaces them is committed: both
 * happen in the same transaction, so a merge cut off anywhere leaves either the old snapshot with all
 * its entries or the new snapshot without them.
 *
 * Runs in the merge worker (mergeWorker.ts) in the browser, directly in Node tests.
 */
import * as Y from 'yjs';
import { encodeBuiltMap } from '../ydoc/builtMap';
import { DOC_KEY, STORES, readDocument, requestToPromise, transactionDone, type EncodedUpdate, type SnapshotRecord } from './updateLog';

export interface MergeResult {
  /** Entries folded into the snapshot (0: nothing to do). */
  merged: number;
  /** The new snapshot's upTo; unchanged when nothing was merged. */
  upTo: number;
  /** Size of the new snapshot in bytes. */
  bytes: number;
  /** Another merge committed first; this one wrote nothing. */
  conflict: boolean;
}

export interface MergeOptions {
  /** Merge only entries with keys ≤ this (default: all). */
  upToKey?: number;
  /** Schema written with the snapshot. */
  schema: number;
  /** Awaited between the read and the write (tests run a competing merge here). */
  afterRead?: () => Promise<void>;
  /** Called inside the write transaction, after the snapshot put and before the deletes (tests abort it here). */
  beforeWrite?: (tx: IDBTransaction) => void;
}

/**
 * One update (encoding 2) holding all of `parts`, with the content of deleted items dropped. Why
 * not Y.mergeUpdates: it keeps deleted content, so a map replaced by five imports would carry all
 * five in its snapshot for good. A Y.Doc (gc on) keeps only what is live plus the deletion record;
 * updates still waiting for what they build on stay in the result (encodeStateAsUpdate adds pending
 * structs). With it, the map the merged document holds, as builtMap.ts keeps it (null: none).
 */
function compact(parts: readonly EncodedUpdate[]): { update: Uint8Array; built: string | null } {
  const doc = new Y.Doc({ gc: true });
  doc.transact(() => {
    for (const p of parts) applyEncoded(doc, p);
  });
  const update = Y.encodeStateAsUpdateV2(doc);
  let text: string | null = null;
  try {
    text = encodeBuiltMap(doc);
  } catch (error) {
    // The snapshot does not need it: a reload then reads the document.
    console.warn('The built map could not be kept with the snapshot', error);
  }
  doc.destroy();
  return { update, built: text };
}

export function applyEncoded(doc: Y.Doc, part: EncodedUpdate, origin?: unknown): void {
  if (part.encoding === 2) Y.applyUpdateV2(doc, part.update, origin);
  else Y.applyUpdate(doc, part.update, origin);
}

export async function mergeLog(db: IDBDatabase, options: MergeOptions): Promise<MergeResult> {
  const { snapshot, entries } = await readDocument(db, options.upToKey ?? Infinity);
  const baseUpTo = snapshot ? snapshot.upTo : 0;
  if (entries.length === 0) return { merged: 0, upTo: baseUpTo, bytes: snapshot?.update.byteLength ?? 0, conflict: false };

  const logged = entries.map((e): EncodedUpdate => ({ update: e.update, encoding: e.encoding }));
  const { update: merged, built } = compact(snapshot ? [snapshot, ...logged] : logged);
  const upTo = entries[entries.length - 1].key;
  const record: SnapshotRecord = { update: merged, encoding: 2, upTo, schema: options.schema, ...(built === null ? {} : { built }) };

  await options.afterRead?.();
  const tx = db.transaction([STORES.snapshot, STORES.log], 'readwrite');
  const done = transactionDone(tx);
  const snapshots = tx.objectStore(STORES.snapshot);
  // Another tab (or an earlier worker) may have merged since the read: writing now would put back a
  // snapshot that lacks entries the other merge deleted.
  const current = (await requestToPromise(snapshots.get(DOC_KEY))) as SnapshotRecord | undefined;
  if ((current?.upTo ?? 0) !== baseUpTo) {
    tx.abort();
    await done.catch(() => undefined);
    return { merged: 0, upTo: current?.upTo ?? 0, bytes: 0, conflict: true };
  }
  snapshots.put(record, DOC_KEY);
  options.beforeWrite?.(tx);
  tx.objectStore(STORES.log).delete(IDBKeyRange.bound(baseUpTo, upTo, true, false));
  await done;
  return { merged: entries.length, upTo, bytes: merged.byteLength, conflict: false };
}
