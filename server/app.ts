/**
 * The MindFlow server: one HTTP server on HOST:PORT that serves the built app, creates shared maps
 * (POST /api/rooms) and runs the sync endpoint (WebSocket at /sync) on Hocuspocus. Hocuspocus is
 * attached to this server rather than started with its own `Server`, whose listen() ignores the
 * address option: this one listens on HOST only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hocuspocus, type Extension, type onAuthenticatePayload, type beforeHandleMessagePayload, type onLoadDocumentPayload } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import IORedis, { type RedisOptions } from 'ioredis';
import { WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import type { ServerConfig } from './config';
import { guardedSocketClass } from './guardedSocket';
import { JoinSnapshots, SNAPSHOT_PATH } from './joinSnapshots';
import { yjsUpdateOf } from './frames';
import { CLOSE, RatesByKey, type CloseReason } from './limits';
import { StorePersistence } from './persistence';
import { PRESENCE_SWEEP_MS, sweepPresence } from './presence';
import { guardPresence } from './presenceGuard';
import { accessFor, createRoom, RoomLimitError } from './rooms';
import { staticFiles } from './staticFiles';
import type { DocStore } from './storage/docStore';
import { LevelDocStore } from './storage/levelStore';
import { PgDocStore } from './storage/pgStore';

export const SYNC_PATH = '/sync';

export interface RunningServer {
  url: string;
  port: number;
  hocuspocus: Hocuspocus;
  store: DocStore;
  close(): Promise<void>;
}

async function openStore(config: ServerConfig): Promise<DocStore> {
  if (config.databaseUrl) return new PgDocStore(config.databaseUrl).open();
  return new LevelDocStore(config.dataDir).open();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

/**
 * A Redis client for REDIS_URL. ioredis reads the whole URL: the user name and password (ACLs),
 * the database number (`/2`) and `rediss://` (TLS). Errors are logged: a dropped Redis connection
 * must not become an unhandled 'error' event (ioredis reconnects by itself).
 */
export function redisClient(url: string, options: RedisOptions = {}): IORedis {
  return new IORedis(url, options).on('error', (error: Error) => console.error('redis:', error.message));
}

/**
 * Whether a request comes from this server's own pages: no Origin header (not a browser's
 * cross-site request), or one whose host is the one the request was sent to (Host, or the
 * X-Forwarded-Host a reverse proxy sets; a page cannot set that header without a preflight, which
 * this server does not answer). A web page elsewhere can POST here without a preflight, so its
 * Origin is what tells it apart.
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false; // "null": a sandboxed frame, a file, a redirect across sites
  }
  const forwarded = req.headers['x-forwarded-host'];
  const hosts = [req.headers.host, ...(Array.isArray(forwarded) ? forwarded : [forwarded])]
    .filter((h): h is string => typeof h === 'string')
    .map((h) => h.split(',')[0].trim().toLowerCase());
  return host !== '' && hosts.includes(host);
}

/** How long a stopping server waits for open HTTP connections before it closes them. */
const CLOSE_GRACE_MS = 2000;

/** Hocuspocus's close code when applying a message threw (ResetConnection in @hocuspocus/common). */
const RESET_CONNECTION = 4205;

function closeWith(ws: WebSocket, close: CloseReason): void {
  if (ws.readyState === WebSocket.OPEN) ws.close(close.code, close.reason);
}

/** Whether Yjs can decode an update (about as long as applying it: ~1 s for a 100k-topic map). */
function readable(update: Uint8Array): boolean {
  try {
    Y.decodeUpdate(update);
    return true;
  } catch {
    return false;
  }
}

/**
 * Access and limits, checked by Hocuspocus on every connection and message; frames are checked
 * before that by the socket class (guardedSocket.ts). `socketOf` finds a connection's socket from
 * its upgrade request; `stopping` tells the server's own closing from a client's fault.
 */
function guard(store: DocStore, config: ServerConfig, socketOf: (request: IncomingMessage) => WebSocket | undefined, stopping: () => boolean): Extension {
  const watched = new WeakSet<object>();
  /** Maps let through onLoadDocument that Hocuspocus has not finished loading yet. */
  const admitted = new Set<string>();
  return {
    extensionName: 'mindflow-guard',
    priority: 2000,
    async onAuthenticate({ documentName, token, connectionConfig, request }: onAuthenticatePayload) {
      const access = await accessFor(store, documentName, token);
      if (!access) {
        // Hocuspocus answers the throw with a "permission denied" message for this map; the
        // socket is closed once that has gone out, with the same reason.
        const ws = socketOf(request);
        if (ws) setImmediate(() => ws.close(CLOSE.notAllowed.code, CLOSE.notAllowed.reason));
        throw CLOSE.notAllowed;
      }
      connectionConfig.readOnly = access === 'view';
      return { access };
    },
    async onLoadDocument({ instance, documentName }: onLoadDocumentPayload) {
      // Hocuspocus counts a map as open only once it has loaded: the maps let through that are
      // still loading count too (this one among them once it is let through).
      for (const name of admitted) if (!instance.loadingDocuments.has(name)) admitted.delete(name);
      // This map itself may be there from an earlier load of it (loaded for a join answer, unloaded,
      // loading again): it is the one asking, not another.
      admitted.delete(documentName);
      if (instance.getDocumentsCount() + admitted.size >= config.limits.maxOpenDocuments) throw CLOSE.tooManyDocuments;
      admitted.add(documentName);
    },
    async beforeHandleMessage({ connection, document, update }: beforeHandleMessagePayload) {
      if (!watched.has(connection)) {
        watched.add(connection);
        // Any other message that throws while applied (an awareness update that is not JSON) makes
        // Hocuspocus drop this map's channel with a generic reset and leave the socket open.
        connection.onClose((_document, event) => {
          if (!stopping() && event?.code === RESET_CONNECTION) closeWith(connection.webSocket, CLOSE.malformedUpdate);
        });
      }
      const yjsUpdate = yjsUpdateOf(update);
      if (yjsUpdate && !readable(yjsUpdate)) {
        closeWith(connection.webSocket, CLOSE.malformedUpdate);
        throw CLOSE.malformedUpdate;
      }
      if (!yjsUpdate) guardPresence(document, connection, update);
    },
  };
}

/**
 * Unloads every open map so its log is folded before the store closes, and so no extension still
 * has work in flight when onDestroy closes its connections (Redis: a store hook on a closed client
 * rejects where nothing catches it). Hocuspocus skips unloading a map whose store is still debounced
 * or running, and unloads by itself after the last client leaves: run pending stores now and wait
 * for both kinds of unload. An extension may refuse to store (Redis: another process holds the
 * map's lock); the log already holds every change, so that is no reason to stop.
 */
async function unloadEveryMap(hocuspocus: Hocuspocus, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (hocuspocus.documents.size > 0 || hocuspocus.unloadingDocuments.size > 0) {
    if (Date.now() > deadline) {
      console.error(`stopping: ${hocuspocus.documents.size} maps still open after ${limitMs / 1000} s; their logs are kept`);
      return;
    }
    const open = [...hocuspocus.documents.values()];
    await Promise.allSettled(open.map((doc) => hocuspocus.debouncer.executeNow(`onStoreDocument-${doc.name}`)));
    await Promise.allSettled([...open.map((doc) => hocuspocus.unloadDocument(doc)), ...hocuspocus.unloadingDocuments.values()]);
    if (hocuspocus.documents.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const store = await openStore(config);
  // Created below with Hocuspocus, which needs the persistence first.
  let snapshots: JoinSnapshots | null = null;
  const persistence = new StorePersistence(store, (name) => snapshots?.keepInStore(name));
  const sockets = new WeakMap<IncomingMessage, WebSocket>();
  let closed = false;
  const extensions: Extension[] = [guard(store, config, (request) => sockets.get(request), () => closed), persistence];
  if (config.redisUrl) {
    const redisUrl = config.redisUrl;
    // Our own clients, so a dropped Redis connection is logged instead of an unhandled 'error' event.
    extensions.push(new Redis({ createClient: () => redisClient(redisUrl) }));
  }
  const hocuspocus = new Hocuspocus({ quiet: true, extensions, debounce: 2000, maxDebounce: 10_000 });

  const serveApp = staticFiles(config.distDir);
  const joinSnapshots = new JoinSnapshots(hocuspocus, store, config.limits.storedAnswerFromBytes, config.limits.snapshotsPerMinute, config.quiet ? undefined : (line) => console.log(line));
  snapshots = joinSnapshots;
  const roomRates = new RatesByKey(config.limits.roomsPerMinute / 60, config.limits.roomsPerMinute);
  const httpServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/api/health') return json(res, 200, { ok: true, sync: SYNC_PATH });
    const snapshot = SNAPSHOT_PATH.exec(path);
    if (snapshot) {
      void joinSnapshots.handle(req, res, snapshot[1]);
      return;
    }
    if (path === '/api/rooms') {
      if (req.method !== 'POST') return json(res, 405, { error: 'Use POST to share a map' });
      if (!sameOrigin(req)) return json(res, 403, { error: "Maps are shared from this server's own pages only" });
      // Per address: one client cannot fill the server's shared maps (MINDFLOW_MAX_ROOMS) alone.
      const wait = roomRates.take(req.socket.remoteAddress ?? '');
      if (wait > 0) {
        res.setHeader('Retry-After', String(Number.isFinite(wait) ? Math.ceil(wait) : 60));
        return json(res, 429, { error: 'Too many maps shared from this address: try again in a moment' });
      }
      createRoom(store, config.limits.maxRooms)
        .then((room) => json(res, 201, room))
        .catch((error: unknown) => {
          if (error instanceof RoomLimitError) json(res, 503, { error: error.message });
          else {
            console.error('creating a shared map failed:', error);
            json(res, 500, { error: 'The server could not create a shared map' });
          }
        });
      return;
    }
    void serveApp(req, res);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: config.limits.maxMessageBytes, WebSocket: guardedSocketClass(config.limits) });
  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    // A frame over maxPayload errors after `ws` has begun closing with its reason: let that close
    // frame go out (ws destroys the socket if the client does not answer within 30 s).
    ws.on('error', () => {
      if (ws.readyState !== WebSocket.CLOSING) ws.terminate();
    });
    sockets.set(request, ws);
    hocuspocus.handleConnection(ws, request);
  });
  httpServer.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '/').split('?')[0];
    if (closed) {
      socket.destroy();
      return;
    }
    if (path !== SYNC_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    // The port is taken (or the address is not this machine's): let go of what was opened.
    closed = true;
    await joinSnapshots.close().catch(() => undefined);
    await hocuspocus.hooks('onDestroy', { instance: hocuspocus }).catch(() => undefined);
    await store.close().catch(() => undefined);
    throw error;
  }
  const port = (httpServer.address() as AddressInfo).port;
  await hocuspocus.hooks('onListen', { instance: hocuspocus, configuration: hocuspocus.configuration, port });
  const sweeper = setInterval(() => sweepPresence(hocuspocus), PRESENCE_SWEEP_MS);
  sweeper.unref();

  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    port,
    hocuspocus,
    store,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweeper);
      await joinSnapshots.close();
      hocuspocus.closeConnections();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      // A browser keeps connections open (keep-alive, a request half sent): they get a moment to
      // finish, then go, so the process stops in seconds, not when the browser lets go.
      const force = setTimeout(() => httpServer.closeAllConnections(), CLOSE_GRACE_MS);
      await stopped;
      clearTimeout(force);
      await unloadEveryMap(hocuspocus);
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus }).catch((error: unknown) => console.error('stopping:', error));
      await persistence.drain();
      await store.close();
    },
  };
}
