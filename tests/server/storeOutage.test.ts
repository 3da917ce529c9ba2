/**
 * A store that fails for a while (PostgreSQL restarting): the server keeps running, the changes
 * that could not be appended stay in the open map, and are stored whole once the store answers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { connect, newRoom, startTestServer, stopTest, until, type Client, type TestServer } from './helpers';

let server: TestServer | null = null;
const clients: Client[] = [];

afterEach(async () => {
  await stopTest(clients, server);
  vi.restoreAllMocks();
});

function client(s: TestServer, room: string, token: string): Client {
  const c = connect(s, room, token);
  clients.push(c);
  return c;
}

const tree = (c: Client) => c.doc.getMap<number>('tree');
const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('a store that fails for a while', { timeout: 60_000 }, () => {
  it('loses no change made while appends failed: the map is stored whole once the store answers', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const a = client(server, room, editToken);
    await a.synced;
    tree(a).set('before', 0);
    await until(() => server!.hocuspocus.documents.get(room)?.getMap('tree').has('before') === true, 5000, 'the first change on the server');

    const append = vi.spyOn(server.store, 'append').mockRejectedValue(down());
    for (let i = 0; i < 5; i++) tree(a).set(`during${i}`, i);
    await until(() => server!.hocuspocus.documents.get(room)?.getMap('tree').size === 6, 5000, 'the changes on the server');
    await until(() => append.mock.calls.length >= 1, 5000, 'an append tried');
    // The person leaves while the store is still down: the map stays open, holding what it could not store.
    a.destroy();
    await new Promise((r) => setTimeout(r, 3000));
    expect(server.hocuspocus.documents.has(room)).toBe(true);
    expect(errors.mock.calls.filter((c) => String(c[0]).includes(`storing a change of ${room} failed`))).toHaveLength(1);

    // The store is back: the next person's visit ends with the whole map stored.
    append.mockRestore();
    const b = client(server, room, editToken);
    await b.synced;
    expect(tree(b).size).toBe(6);
    b.destroy();
    await until(() => !server!.hocuspocus.documents.has(room), 15_000, 'the map unloaded');

    server = await server.restart();
    const c = client(server, room, editToken);
    await c.synced;
    expect([...tree(c).keys()].sort()).toEqual(['before', 'during0', 'during1', 'during2', 'during3', 'during4']);
  });

  it('stores the missed changes at the next change once the store is back, while people stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const a = client(server, room, editToken);
    await a.synced;
    const append = vi.spyOn(server.store, 'append').mockRejectedValue(down());
    tree(a).set('lost?', 1);
    await until(() => append.mock.calls.length >= 1, 5000, 'an append tried');
    append.mockRestore();
    tree(a).set('after', 2);
    // Hocuspocus stores a map 2 s after its changes (at most 10 s).
    const deadline = Date.now() + 15_000;
    let stored: string[] = [];
    while (Date.now() < deadline && stored.length < 2) {
      const doc = new Y.Doc();
      for (const e of (await server.store.load(room)).log) Y.applyUpdate(doc, e.update);
      stored = [...doc.getMap('tree').keys()].sort();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(stored).toEqual(['after', 'lost?']);
  });
});
