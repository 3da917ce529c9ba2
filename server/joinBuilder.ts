/**
 * The main thread's side of joinWorker.ts: one worker thread, started when needed and stopped when
 * it has had nothing to do for a while (building a 100k-topic map's answer leaves it holding a few
 * hundred MB) or when the server stops. The server runs TypeScript through tsx, and so does the worker: through
 * tsx's API, as Node 20 does not apply loaders given to a worker by --import.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JoinWorkerReply, JoinWorkerRequest } from './joinWorker';

// The ES module build of tsx/esm/api (require.resolve would give its CommonJS build).
const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
const workerFile = new URL('./joinWorker.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(workerFile)}, ${JSON.stringify(import.meta.url)}))`;

/** How long an idle worker is kept for the next build. */
const IDLE_MS = 10_000;

export class JoinAnswerBuilder {
  private worker: Worker | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 0;
  private closed = false;
  private readonly pending = new Map<number, { resolve: (body: Buffer) => void; reject: (error: Error) => void }>();

  /** The gzip-compressed answer for a document made of these updates (see JoinWorkerRequest). */
  build(parts: Uint8Array[], encoding: 1 | 2 = 1): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the server is stopping'));
    const id = this.nextId++;
    const request: JoinWorkerRequest = { id, parts, encoding };
    clearTimeout(this.idleTimer);
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.started().postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop(new Error('the server is stopping'));
  }

  private async stop(error: Error): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    this.failAll(error);
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(bootstrap, { eval: true });
    worker.unref();
    worker.on('message', (reply: JoinWorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('body' in reply) waiting.resolve(Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength));
      else waiting.reject(new Error(reply.error));
      if (this.pending.size === 0) {
        this.idleTimer = setTimeout(() => void this.stop(new Error('idle')), IDLE_MS);
        this.idleTimer.unref();
      }
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the worker building answers stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
