/** The real sync server with real clients: convergence, durability, access and limits. */
import { afterEach, describe, expect, it } from 'vitest';
import { connect as netConnect } from 'node:net';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { connect, newRoom, startTestServer, stopTest, until, type Client, type TestServer } from './helpers';

let server: TestServer | null = null;
const clients: Client[] = [];

afterEach(() => stopTest(clients, server));

function client(s: TestServer, room: string, token: string, doc?: Y.Doc): Client {
  const c = connect(s, room, token, doc);
  clients.push(c);
  return c;
}

const topics = (c: Client) => c.doc.getMap<{ parent: string; order: string }>('tree');
const sorted = (c: Client) => JSON.stringify(Object.entries(topics(c).toJSON()).sort(([x], [y]) => (x < y ? -1 : 1)));

describe('sync server', { timeout: 30_000 }, () => {
  it('serves the app and creates rooms with unguessable ids and two tokens', async () => {
    server = await startTestServer();
    const page = await fetch(`${server.url}/mindmap/shared/abc`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>MindFlow</title>');
    const a = await newRoom(server);
    const b = await newRoom(server);
    expect(a.room).toMatch(/^[A-Za-z0-9_-]{21,}$/);
    expect(a.room).not.toBe(b.room);
    expect(a.editToken).not.toBe(a.viewToken);
    expect((await fetch(`${server.url}/api/rooms`)).status).toBe(405);
    expect((await fetch(`${server.url}/..%2f..%2fpackage.json`)).status).toBe(403);
  });

  it('converges three clients adding under one parent at once, moving and deleting', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const [a, b, c] = [client(server, room, editToken), client(server, room, editToken), client(server, room, editToken)];
    await Promise.all([a.synced, b.synced, c.synced]);
    topics(a).set('x', { parent: 'root', order: 'a0' });
    topics(b).set('y', { parent: 'root', order: 'a0' });
    topics(c).set('z', { parent: 'root', order: 'a1' });
    await until(() => [a, b, c].every((k) => topics(k).size === 3), 15_000, 'three adds everywhere');
    // b deletes the branch a is editing at the same time.
    topics(a).set('x', { parent: 'z', order: 'a0' });
    topics(b).delete('x');
    await until(() => sorted(a) === sorted(b) && sorted(b) === sorted(c), 15_000, 'convergence');
    expect(topics(c).has('y')).toBe(true);
    expect(topics(c).has('z')).toBe(true);
  });

  it('loses nothing across a restart', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const a = client(server, room, editToken);
    await a.synced;
    for (let i = 0; i < 50; i++) topics(a).set(`t${i}`, { parent: 'root', order: `a${i}` });
    await until(() => server!.hocuspocus.documents.get(room)?.getMap('tree').size === 50, 15_000, 'server has the adds');
    a.destroy();
    server = await server.restart();
    const b = client(server, room, editToken);
    await b.synced;
    await until(() => topics(b).size === 50, 15_000, 'adds after restart');
  });

  it('stops in seconds while a browser holds a connection open with a request half sent', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const a = client(server, room, editToken);
    await a.synced;
    const held = netConnect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => held.once('connect', () => resolve()));
    held.on('error', () => {});
    held.write('GET /mindmap HTTP/1.1\r\nHost: localhost\r\n');
    const t0 = Date.now();
    const s = server;
    server = null;
    await s.destroy();
    expect(Date.now() - t0).toBeLessThan(10_000);
    held.destroy();
  });

  it('keeps viewers from writing and refuses tokens of other rooms with a reason', async () => {
    server = await startTestServer();
    const one = await newRoom(server);
    const two = await newRoom(server);
    const editor = client(server, one.room, one.editToken);
    await editor.synced;
    topics(editor).set('kept', { parent: 'root', order: 'a0' });
    const viewer = client(server, one.room, one.viewToken);
    await viewer.synced;
    await until(() => topics(viewer).has('kept'), 15_000, 'viewer sees the map');
    topics(viewer).set('intruder', { parent: 'root', order: 'a1' });
    await new Promise((r) => setTimeout(r, 300));
    expect(server.hocuspocus.documents.get(one.room)!.getMap('tree').has('intruder')).toBe(false);
    expect(topics(editor).has('intruder')).toBe(false);

    const stranger = client(server, one.room, two.editToken);
    await until(() => stranger.failures.length > 0, 15_000, 'authentication failure');
    expect(stranger.failures[0]).toBe('This link does not open this map');
  });

  it('closes a connection that sends malformed frames, and the map is intact', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const a = client(server, room, editToken);
    await a.synced;
    topics(a).set('kept', { parent: 'root', order: 'a0' });
    await until(() => server!.hocuspocus.documents.get(room)?.getMap('tree').has('kept') === true, 15_000, 'stored');

    const raw = new WebSocket(`${server.url.replace(/^http/, 'ws')}/sync`);
    const closed = new Promise<{ code: number }>((resolve) => raw.on('close', (code) => resolve({ code })));
    await new Promise((r) => raw.on('open', r));
    raw.send(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02]));
    raw.send('not even binary');
    const result = await Promise.race([closed, new Promise<{ code: number }>((r) => setTimeout(() => r({ code: -1 }), 5000))]);
    expect(result.code).not.toBe(-1);
    expect(server.hocuspocus.documents.get(room)!.getMap('tree').has('kept')).toBe(true);
    // The server still serves others.
    const b = client(server, room, editToken);
    await b.synced;
    await until(() => topics(b).has('kept'), 15_000, 'new client syncs');
  });

  it('disconnects a client over the message size and rate limits without touching the map', async () => {
    server = await startTestServer({ maxMessageBytes: 64 * 1024, messagesPerSecond: 20 });
    const { room, editToken } = await newRoom(server);
    const a = client(server, room, editToken);
    await a.synced;
    topics(a).set('kept', { parent: 'root', order: 'a0' });
    await until(() => server!.hocuspocus.documents.get(room)?.getMap('tree').has('kept') === true, 15_000, 'stored');

    const big = client(server, room, editToken);
    await big.synced;
    big.doc.getMap('topic').set('huge', { label: 'x'.repeat(200 * 1024) });
    await until(() => big.closes.some((c) => c.code === 1009), 15_000, 'size limit close');
    expect(server.hocuspocus.documents.get(room)!.getMap('topic').has('huge')).toBe(false);

    const fast = client(server, room, editToken);
    await fast.synced;
    for (let i = 0; i < 200; i++) fast.doc.getMap('topic').set(`spam${i}`, { label: String(i) });
    await until(() => fast.closes.some((c) => c.code === 4429), 15_000, 'rate limit close');
    expect(fast.closes.find((c) => c.code === 4429)!.reason).toBe('Too many updates: slow down');
    expect(server.hocuspocus.documents.get(room)!.getMap('tree').get('kept')).toEqual({ parent: 'root', order: 'a0' });
  });
});
