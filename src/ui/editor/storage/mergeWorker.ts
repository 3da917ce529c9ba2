/**
 * Web Worker entry: folds the IndexedDB update log into the snapshot (src/state/storage/merge.ts)
 * off the main thread. A Web Lock makes one tab at a time merge; a tab that finds the lock taken
 * skips (the other tab's merge covers the same log).
 *
 * Message in: `{ type: 'merge', schema, dbName? }` (a shared map has a database of its own). Message out: `{ type: 'merged', result }` (result null
 * when skipped) or `{ type: 'failed', message }`.
 */
import { mergeLog, type MergeResult } from '../../../state/storage/merge';
import { openDatabase } from '../../../state/storage/updateLog';

export const MERGE_LOCK = 'mind-map-storage:merge';

interface MergeRequest {
  type: 'merge';
  schema: number;
  dbName?: string;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<MergeRequest>) => void) | null;
  postMessage(message: unknown): void;
};

async function merge(schema: number, dbName: string | undefined): Promise<MergeResult | null> {
  const run = async () => {
    const db = await openDatabase(indexedDB, dbName);
    try {
      return await mergeLog(db, { schema });
    } finally {
      db.close();
    }
  };
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return run();
  return locks.request(dbName ? `${MERGE_LOCK}:${dbName}` : MERGE_LOCK, { ifAvailable: true }, (lock) => (lock ? run() : null));
}

scope.onmessage = (event) => {
  if (event.data?.type !== 'merge') return;
  merge(event.data.schema, event.data.dbName).then(
    (result) => scope.postMessage({ type: 'merged', result }),
    (error: unknown) => scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
