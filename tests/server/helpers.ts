/** A real server on a free port with a fresh data folder, and Hocuspocus clients for it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer as createNetServer, connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { startServer, type RunningServer } from '../../server/app';
import { configFromEnv, type ServerConfig } from '../../server/config';

export interface TestServer extends RunningServer {
  dataDir: string;
  config: ServerConfig;
  /** Stops the server and starts it again on the same data folder (and port). */
  restart(): Promise<TestServer>;
  destroy(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig['limits']> = {}, dataDir?: string, port = 0): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'mindflow-server-'));
  const distDir = join(dir, 'app');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>MindFlow</title>');
  const base = configFromEnv({});
  const config: ServerConfig = {
    ...base,
    port,
    dataDir: join(dir, 'level'),
    distDir,
    quiet: true,
    limits: { ...base.limits, ...overrides },
  };
  const server = await startServer(config);
  const self: TestServer = {
    ...server,
    dataDir: dir,
    config,
    restart: async () => {
      await server.close();
      return startTestServer(overrides, dir, server.port);
    },
    destroy: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}

export async function newRoom(server: RunningServer): Promise<{ room: string; editToken: string; viewToken: string }> {
  const res = await fetch(`${server.url}/api/rooms`, { method: 'POST' });
  if (res.status !== 201) throw new Error(`room not created: ${res.status}`);
  return (await res.json()) as { room: string; editToken: string; viewToken: string };
}

export interface Client {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  failures: string[];
  closes: { code: number; reason: string }[];
  synced: Promise<void>;
  destroy(): void;
}

export function connect(server: RunningServer, room: string, token: string, doc = new Y.Doc()): Client {
  const socket = new HocuspocusProviderWebsocket({
    url: `${server.url.replace(/^http/, 'ws')}/sync`,
    WebSocketPolyfill: WebSocket,
    delay: 100,
    minDelay: 50,
    maxDelay: 500,
    maxAttempts: 0,
  });
  const failures: string[] = [];
  const closes: { code: number; reason: string }[] = [];
  let resolveSynced!: () => void;
  const synced = new Promise<void>((r) => (resolveSynced = r));
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: room,
    document: doc,
    token,
    onSynced: ({ state }) => {
      if (state) resolveSynced();
    },
    onAuthenticationFailed: ({ reason }) => failures.push(reason),
    onClose: ({ event }) => closes.push({ code: event.code, reason: String(event.reason) }),
  });
  provider.attach();
  return {
    doc,
    provider,
    socket,
    failures,
    closes,
    synced,
    destroy: () => {
      // A socket still connecting (reconnecting after the server closed it) reports its abort as
      // an 'error' event on the next tick, after the provider has dropped its listeners: without a
      // listener of our own, Node takes it for an uncaught exception.
      (socket as unknown as { webSocket: WebSocket | null }).webSocket?.on('error', () => {});
      provider.destroy();
      socket.destroy();
    },
  };
}

/**
 * Stops what a test started (each file's afterEach): its clients, then its proxy, then its server.
 * Stopping a server twice is harmless, so a file keeps its last one until the next test sets another.
 */
export async function stopTest(clients: Client[], server: TestServer | null, proxy: FreezableProxy | null = null): Promise<void> {
  for (const c of clients.splice(0)) c.destroy();
  await proxy?.close();
  await server?.destroy();
}

export async function until(check: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** lib0's variable-length unsigned integer, as Hocuspocus frames use it. */
export function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push(0x80 | (n & 0x7f));
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

export function varBytes(bytes: Uint8Array | number[]): number[] {
  return [...varUint(bytes.length), ...bytes];
}

export function varString(s: string): number[] {
  return varBytes(new TextEncoder().encode(s));
}

/** A Hocuspocus frame: the map's name, the message type, then the fields as given. */
export function frame(room: string, type: number, ...fields: number[][]): Buffer {
  return Buffer.from([...varString(room), ...varUint(type), ...fields.flat()]);
}

/** A WebSocket to /sync that speaks only what a test sends, and reports how it was closed. */
export interface RawSocket {
  ws: WebSocket;
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  received: Buffer[];
}

export function rawSocket(server: RunningServer): RawSocket {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/sync`);
  const received: Buffer[] = [];
  ws.on('message', (data) => received.push(data as Buffer));
  ws.on('error', () => {});
  return {
    ws,
    received,
    opened: new Promise((resolve) => ws.once('open', () => resolve())),
    closed: new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))),
  };
}

/** The close, or a failure after `ms` if the server leaves the socket open. */
export async function closeOf(socket: RawSocket, ms = 5000): Promise<{ code: number; reason: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the server left the socket open for ${ms} ms`)), ms)));
  try {
    return await Promise.race([socket.closed, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A TCP relay to the server that can go silent: `freeze()` stops carrying bytes both ways and
 * closes nothing, as a cut network or a frozen machine does. Clients connect to `url`.
 */
export interface FreezableProxy {
  url: string;
  freeze(): void;
  close(): Promise<void>;
}

export async function freezableProxy(server: RunningServer): Promise<FreezableProxy> {
  const target = new URL(server.url);
  let frozen = false;
  const pairs: [Socket, Socket][] = [];
  const relay = createNetServer((client) => {
    client.on('error', () => {});
    if (frozen) return void client.pause();
    const upstream = netConnect(Number(target.port), target.hostname);
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    close: async () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
