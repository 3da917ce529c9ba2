/**
 * The TreeBuilder the browser scene uses: one worker (treeWorker.ts), started on first use. The boxes
 * go to it and the tree's data comes back transferred, not copied. Null where there are no workers.
 */
import type { TreeBuilder } from './spatialIndex';
import type { TreeReply, TreeRequest } from './treeWorker';

export function workerTreeBuilder(): DisposableTreeBuilder | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (data: ArrayBuffer) => void; reject: (err: Error) => void }>();
  const fail = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
    worker?.terminate();
    worker = null;
  };
  const build: TreeBuilder = (boxes) =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      if (!worker) {
        worker = new Worker(new URL('./treeWorker.ts', import.meta.url), { type: 'module', name: 'mindflow-spatial' });
        worker.onmessage = (e: MessageEvent<TreeReply>) => {
          const w = waiting.get(e.data.id);
          if (!w) return;
          waiting.delete(e.data.id);
          if (e.data.data) w.resolve(e.data.data);
          else w.reject(new Error(e.data.error ?? 'the spatial tree was not built'));
        };
        worker.onerror = () => fail(new Error('the spatial tree worker stopped'));
      }
      const id = ++next;
      waiting.set(id, { resolve, reject });
      const request: TreeRequest = { id, boxes };
      worker.postMessage(request, [boxes.buffer]);
    });
  return Object.assign(build, { dispose: () => fail(new Error('the scene is gone')) });
}

/** A builder with a worker to stop when the scene goes. */
export type DisposableTreeBuilder = TreeBuilder & { dispose(): void };
