/**
 * GET /api/rooms/<room>/snapshot with "Authorization: Bearer <edit or view token>": the map's
 * document and the map built from it, taken at one moment (src/state/sync/joinSnapshot.ts), for a
 * device opening the map for the first time. Taken from the open document, which is opened (and
 * held open a while) when nobody is in the map. The last few answers are kept while their document stays the same (its
 * state vector and record counts: a change adds an item, or a removal lowers a count): building the
 * map of a 100k-topic document takes this process about a second.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import type { Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import { encodeJoinSnapshot } from '../src/state/sync/joinSnapshot';
import { encodeBuiltMap } from '../src/state/ydoc/builtMap';
import { unwatchedMapDoc } from '../src/state/ydoc/shape';
import { accessFor } from './rooms';
import type { DocStore } from './storage/docStore';

export const SNAPSHOT_PATH = /^\/api\/rooms\/([^/]+)\/snapshot$/;
/** Answers kept (a 100k-topic map's is about 61 MB, 12 MB compressed as it is kept). */
const KEPT = 4;
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
/** How long a map opened for a joining device stays open for its socket. */
const HOLD_MS = 15_000;

function keyOf(doc: Y.Doc): string {
  const sizes = ['tree', 'topic', 'link', 'meta'].map((name) => doc.getMap(name).size).join(',');
  return `${Buffer.from(Y.encodeStateVector(doc)).toString('base64')}|${sizes}`;
}

function fail(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify({ error }));
}

export class JoinSnapshots {
  /** Bodies as they are sent: gzip, compressed once (in Node's thread pool, not on the event loop). */
  private readonly kept = new Map<string, { key: string; body: Promise<Buffer> }>();
  /** Maps opened for a joining device, each with what lets go of it. */
  private readonly held = new Set<() => Promise<void>>();

  constructor(
    private readonly hocuspocus: Hocuspocus,
    private readonly store: DocStore,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, room: string): Promise<void> {
    if (req.method !== 'GET') return fail(res, 405, 'Use GET to fetch a shared map');
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!(await accessFor(this.store, room, token))) return fail(res, 403, 'This link does not open a map on this server');
    let body: Buffer;
    const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    try {
      body = await this.body(room);
      if (!gzipped) body = await gunzipAsync(body);
    } catch (error) {
      console.error(`reading ${room} for a joining device failed:`, error);
      return fail(res, 500, 'The server could not read this map');
    }
    res
      .writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': body.length,
        'Cache-Control': 'no-store',
        Vary: 'Accept-Encoding',
        ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
      })
      .end(body);
  }

  /** The answer for `room` as its document stands now, gzip-compressed. */
  async body(room: string): Promise<Buffer> {
    const live = this.hocuspocus.documents.get(room);
    if (live) return this.answer(room, live);
    // Opened as for a socket (from the store, through every extension) and held open a while: the
    // joining device connects its socket next, and the map need not be loaded twice.
    const direct = await this.hocuspocus.openDirectConnection(room, { joinSnapshot: true });
    const release = () => {
      clearTimeout(timer);
      this.held.delete(release);
      return direct.disconnect();
    };
    const timer = setTimeout(() => void release(), HOLD_MS);
    this.held.add(release);
    return this.answer(room, direct.document!);
  }

  /** Lets go of the maps held open for joining devices (the server is stopping). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.held].map((release) => release()));
  }

  private answer(room: string, doc: Y.Doc): Promise<Buffer> {
    // Nothing here waits: the document cannot change between its update and its map.
    const key = keyOf(doc);
    const hit = this.kept.get(room);
    if (hit && hit.key === key) return hit.body;
    const body = gzipAsync(encodeJoinSnapshot(Y.encodeStateAsUpdateV2(doc), encodeBuiltMap(unwatchedMapDoc(doc))), { level: constants.Z_BEST_SPEED });
    this.kept.delete(room);
    this.kept.set(room, { key, body });
    for (const name of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(name);
    }
    // A failed compression is not kept.
    body.catch(() => {
      if (this.kept.get(room)?.body === body) this.kept.delete(room);
    });
    return body;
  }
}
