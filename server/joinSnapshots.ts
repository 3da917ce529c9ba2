/**
 * GET /api/rooms/<room>/snapshot with "Authorization: Bearer <edit or view token>": the map's
 * document and the map built from it, taken at one moment (src/state/sync/joinSnapshot.ts), for a
 * device opening the map for the first time. Taken from the open document when someone is in the
 * map. When nobody is, from the answer the store keeps beside the document (built when a big map
 * unloads) while the stored document is the one it was built from; else the map is opened for it
 * (and held open a while) and answered as an open map. Answers are built in a worker
 * thread (joinBuilder.ts) from the document's state taken on the event loop, about 2.5 s for a
 * 100k-topic map: an open map's last answer is kept (for the last few maps) and sent again while
 * its document stays the same (its state vector and record counts: a change adds an item, or a
 * removal lowers a count), and while a newer one is built (see answer()).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import { storedDigest, storedParts } from './joinAnswer';
import { JoinAnswerBuilder } from './joinBuilder';
import { RatesByKey } from './limits';
import { accessFor } from './rooms';
import type { DocStore } from './storage/docStore';

export const SNAPSHOT_PATH = /^\/api\/rooms\/([^/]+)\/snapshot$/;
/** Answers kept (a 100k-topic map's is about 61 MB, 12 MB compressed as it is kept). */
const KEPT = 4;
const gunzipAsync = promisify(gunzip);
/** How long a map opened for a joining device stays open for its socket. */
const HOLD_MS = 15_000;

function keyOf(doc: Y.Doc): string {
  const sizes = ['tree', 'topic', 'link', 'meta'].map((name) => doc.getMap(name).size).join(',');
  return `${Buffer.from(Y.encodeStateVector(doc)).toString('base64')}|${sizes}`;
}

/** An open map's answers: the one of the newest state asked for, and the newest one finished. */
interface KeptAnswer {
  /** That state (keyOf); '' once its build failed. */
  key: string;
  body: Promise<Buffer>;
  building: boolean;
  ready: Buffer | null;
}

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function fail(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify({ error }));
}

export class JoinSnapshots {
  /** Answers by map, as they are sent: gzip, built and compressed once (in the worker thread, not on the event loop). */
  private readonly kept = new Map<string, KeptAnswer>();
  /** Maps opened for a joining device, each with what lets go of it. */
  private readonly held = new Set<() => Promise<void>>();
  /** Maps being opened for a joining device. */
  private readonly holding = new Set<Promise<Y.Doc>>();
  /** Answers being built for the store, so the server waits for them before it closes it. */
  private readonly keeping = new Set<Promise<void>>();
  private readonly builder = new JoinAnswerBuilder();
  /** Requests per map (see ServerConfig's snapshotsPerMinute). */
  private readonly rates: RatesByKey;
  private closed = false;

  /**
   * `storeFromBytes`: a map whose stored form is at least this large gets its answer built and kept
   * in the store when it unloads (smaller ones are quick to build when asked). `perMinute`: requests
   * answered per map and minute, in bursts of as many. `log` hears of each answer kept.
   */
  constructor(
    private readonly hocuspocus: Hocuspocus,
    private readonly store: DocStore,
    private readonly storeFromBytes: number,
    perMinute: number,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.rates = new RatesByKey(perMinute / 60, perMinute);
  }

  async handle(req: IncomingMessage, res: ServerResponse, room: string): Promise<void> {
    if (req.method !== 'GET') return fail(res, 405, 'Use GET to fetch a shared map');
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!(await accessFor(this.store, room, token))) return fail(res, 403, 'This link does not open a map on this server');
    // Only the map's own links count against it: a stranger cannot use up a map's requests.
    const wait = this.rates.take(room);
    if (wait > 0) {
      res.setHeader('Retry-After', String(Math.ceil(wait)));
      return fail(res, 429, 'Too many requests for this map: try again in a moment');
    }
    let answer: { body: Buffer; stored: boolean };
    const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    try {
      answer = await this.answerFor(room);
      if (!gzipped) answer.body = await gunzipAsync(answer.body);
    } catch (error) {
      console.error(`reading ${room} for a joining device failed:`, error);
      return fail(res, 500, 'The server could not read this map');
    }
    // The device connects its socket next: open the map for it once the answer is on its way
    // (loading a 100k-topic map holds the event loop for about a second).
    if (answer.stored) res.once('finish', () => void this.hold(room).catch(() => undefined));
    res
      .writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': answer.body.length,
        'Cache-Control': 'no-store',
        Vary: 'Accept-Encoding',
        ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
      })
      .end(answer.body);
  }

  /** Builds and keeps in the store the answer for a map that has just unloaded, if it is big. */
  keepInStore(room: string): void {
    if (this.closed) return;
    const job = this.buildForStore(room)
      .catch((error: unknown) => {
        if (!this.closed) console.error(`keeping ${room}'s answer for joining devices failed:`, error);
      })
      .finally(() => this.keeping.delete(job));
    this.keeping.add(job);
  }

  /** Lets go of the maps held open for joining devices and stops building answers (the server is stopping). */
  async close(): Promise<void> {
    this.closed = true;
    await this.builder.close();
    // A map still being opened is let go of as soon as it is open.
    await Promise.allSettled([...this.holding]);
    await Promise.allSettled([...this.held].map((release) => release()));
    await Promise.allSettled([...this.keeping]);
  }

  private async answerFor(room: string): Promise<{ body: Buffer; stored: boolean }> {
    const live = this.hocuspocus.documents.get(room);
    if (live) return { body: await this.answer(room, live), stored: false };
    const kept = await this.store.loadJoinAnswer(room);
    if (kept && kept.digest === storedDigest(storedParts(await this.store.load(room)))) return { body: bufferOf(kept.body), stored: true };
    // Opened as for a socket (from the store, through every extension) and held open a while: the
    // joining device connects its socket next, and the map need not be loaded twice.
    const doc = await this.hold(room);
    return { body: await this.answer(room, doc), stored: false };
  }

  private hold(room: string): Promise<Y.Doc> {
    if (this.closed) return Promise.reject(new Error('the server is stopping'));
    const holding = this.openAndHold(room);
    this.holding.add(holding);
    void holding.catch(() => undefined).finally(() => this.holding.delete(holding));
    return holding;
  }

  private async openAndHold(room: string): Promise<Y.Doc> {
    const direct = await this.hocuspocus.openDirectConnection(room, { joinSnapshot: true });
    const release = () => {
      clearTimeout(timer);
      this.held.delete(release);
      return direct.disconnect();
    };
    const timer = setTimeout(() => void release(), HOLD_MS);
    this.held.add(release);
    if (this.closed) {
      await release();
      throw new Error('the server is stopping');
    }
    return direct.document!;
  }

  private async buildForStore(room: string): Promise<void> {
    const parts = storedParts(await this.store.load(room));
    const bytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
    const digest = storedDigest(parts);
    if (!digest || bytes < this.storeFromBytes) return;
    if ((await this.store.loadJoinAnswer(room))?.digest === digest) return;
    const body = await this.builder.build(parts);
    if (this.closed) return;
    await this.store.saveJoinAnswer(room, { digest, body });
    this.log(`kept the answer for devices joining ${room} (${(body.byteLength / 1e6).toFixed(1)} MB)`);
  }

  /**
   * The answer for an open map: a finished one of this state of its document, else the newest
   * finished one of an earlier state (kept in memory, or in the store), which a joining device
   * brings up to date with its socket's first sync like any later change, while one of this state
   * is built; a map with no finished answer waits for the build. One build per map at a time.
   */
  private async answer(room: string, doc: Y.Doc): Promise<Buffer> {
    let kept = this.kept.get(room);
    if (!kept) {
      const stored = await this.storedAnswer(room);
      kept = this.kept.get(room) ?? this.startBuild(room, doc, stored);
    } else if (kept.key !== keyOf(doc) && !kept.building) {
      kept = this.startBuild(room, doc, kept.ready);
    }
    return kept.ready ?? kept.body;
  }

  private startBuild(room: string, doc: Y.Doc, ready: Buffer | null): KeptAnswer {
    // The document's state at this moment; its map is built from it in the worker thread (about
    // 2 s of a 100k-topic map, which held this event loop and every other map's sync before).
    const next: KeptAnswer = { key: keyOf(doc), body: this.builder.build([Y.encodeStateAsUpdateV2(doc)], 2), ready, building: true };
    next.body.then(
      (body) => {
        next.ready = body;
        next.building = false;
      },
      () => {
        // Not this state's answer: the next request builds again.
        next.key = '';
        next.building = false;
      },
    );
    this.kept.delete(room);
    this.kept.set(room, next);
    for (const name of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(name);
    }
    return next;
  }

  private async storedAnswer(room: string): Promise<Buffer | null> {
    const stored = await this.store.loadJoinAnswer(room).catch(() => null);
    return stored ? bufferOf(stored.body) : null;
  }
}
