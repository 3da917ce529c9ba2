/**
 * Runs log merges in the merge worker (mergeWorker.ts), one request at a time. Where workers are
 * missing the merge is skipped: the log then only grows, which loses nothing.
 */
import type { MergeResult } from '../../../state/storage/merge';

export function workerMerge(schema: number, dbName?: string): (() => Promise<MergeResult | null>) | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker | null = null;
  return () =>
    new Promise<MergeResult | null>((resolve, reject) => {
      try {
        worker ??= new Worker(new URL('./mergeWorker.ts', import.meta.url), { type: 'module', name: 'mind-map-merge' });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const w = worker;
      w.onmessage = (event: MessageEvent<{ type: string; result?: MergeResult | null; message?: string }>) => {
        if (event.data.type === 'merged') resolve(event.data.result ?? null);
        else reject(new Error(event.data.message ?? 'merge failed'));
      };
      w.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || 'the merge worker failed'));
      };
      w.postMessage({ type: 'merge', schema, dbName });
    });
}
