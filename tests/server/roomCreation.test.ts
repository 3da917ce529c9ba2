/** Creating shared maps (POST /api/rooms): from this server's own pages only, so many a minute per address, counted cheaply. */
import { request } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sameOrigin } from '../../server/app';
import { LevelDocStore } from '../../server/storage/levelStore';
import { startTestServer, stopTest, type TestServer } from './helpers';
import type { IncomingMessage } from 'node:http';

let server: TestServer | null = null;

afterEach(() => stopTest([], server));

/** A POST to /api/rooms with exactly these headers (fetch would not let a test set Host). */
function post(s: TestServer, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingMessage['headers']; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}/api/rooms`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('creating shared maps', { timeout: 30_000 }, () => {
  it('refuses a page of another site (its Origin is not this server), and takes this server\'s own pages and clients without an Origin', async () => {
    server = await startTestServer();
    const own = new URL(server.url).host;
    expect((await post(server)).status).toBe(201);
    expect((await post(server, { Origin: server.url })).status).toBe(201);
    for (const origin of ['http://evil.example', 'null', `http://${own}.evil.example`, 'https://127.0.0.1']) {
      const res = await post(server, { Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(res.body).toEqual({ error: "Maps are shared from this server's own pages only" });
    }
    // Behind a reverse proxy that passes on the host it was asked for.
    expect((await post(server, { Origin: 'https://maps.example.org', 'X-Forwarded-Host': 'maps.example.org' })).status).toBe(201);
  });

  it('answers so many a minute per address, then 429 with Retry-After', async () => {
    server = await startTestServer({ roomsPerMinute: 3 });
    expect([(await post(server)).status, (await post(server)).status, (await post(server)).status]).toEqual([201, 201, 201]);
    const res = await post(server);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body).toEqual({ error: 'Too many maps shared from this address: try again in a moment' });
    // Refused requests from other sites take nothing from the address's own.
    const other = await startTestServer({ roomsPerMinute: 1 });
    try {
      expect((await post(other, { Origin: 'http://evil.example' })).status).toBe(403);
      expect((await post(other)).status).toBe(201);
    } finally {
      await other.destroy();
    }
  });

  it('counts the rooms once when the store opens, not on every share, and keeps MINDFLOW_MAX_ROOMS', async () => {
    server = await startTestServer({ maxRooms: 3 });
    const db = (server.store as unknown as { db: { keys: (...args: unknown[]) => unknown } }).db;
    const keys = vi.spyOn(db, 'keys');
    const answers = await Promise.all([post(server), post(server), post(server), post(server)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 503]);
    expect(keys).not.toHaveBeenCalled();
    expect(await server.store.countRooms()).toBe(3);
    server = await server.restart();
    expect(await server.store.countRooms()).toBe(3);
    expect((await post(server)).status).toBe(503);
  });

  it('counts a room written twice once', async () => {
    server = await startTestServer();
    const store = server.store as LevelDocStore;
    const record = { editHash: 'a'.repeat(64), viewHash: 'b'.repeat(64), createdAt: 1 };
    await Promise.all([store.putRoom('r'.repeat(21), record), store.putRoom('r'.repeat(21), record)]);
    expect(await store.countRooms()).toBe(1);
  });
});

describe('the origin check', () => {
  const req = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as IncomingMessage;
  it('compares the Origin\'s host with Host, case and port included', () => {
    expect(sameOrigin(req({ host: '127.0.0.1:4173' }))).toBe(true);
    expect(sameOrigin(req({ host: '127.0.0.1:4173', origin: 'http://127.0.0.1:4173' }))).toBe(true);
    expect(sameOrigin(req({ host: 'Maps.Example.org', origin: 'https://maps.example.org' }))).toBe(true);
    expect(sameOrigin(req({ host: '127.0.0.1:4173', origin: 'http://127.0.0.1:4174' }))).toBe(false);
    expect(sameOrigin(req({ host: '127.0.0.1:4173', origin: 'http://localhost:4173' }))).toBe(false);
    expect(sameOrigin(req({ origin: 'http://127.0.0.1:4173' }))).toBe(false);
    expect(sameOrigin(req({ host: '127.0.0.1:4173', origin: 'null' }))).toBe(false);
  });
});
