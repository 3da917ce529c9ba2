/**
 * A shared map's connection against the real sync server when the link opened is refused: it goes
 * back to the link this device used before, and a device holding nothing of the map keeps nothing.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { createInitialState } from '../../../src/state/doc';
import { SharedMaps } from '../../../src/state/sync/sharedMaps';
import { isEmptyDoc, mapDoc } from '../../../src/state/ydoc/shape';
import { toDoc } from '../../../src/state/ydoc/toDoc';
import { LinkRefusedError, SyncConnection } from '../../../src/ui/editor/share/syncConnection';
import { connect, newRoom, startTestServer, stopTest, until, type Client, type TestServer } from '../../server/helpers';

let server: TestServer | null = null;
const clients: Client[] = [];
const connections: SyncConnection[] = [];
const ME = { name: 'Ada', color: '#22c55e' };

beforeAll(() => {
  // The connection opens its socket with the page's WebSocket.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
});

afterEach(async () => {
  for (const c of connections.splice(0)) c.destroy();
  await stopTest(clients, server);
});

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

function open(s: TestServer, doc: Y.Doc, maps: SharedMaps, ref: Parameters<SharedMaps['join']>[0]): SyncConnection {
  const c = new SyncConnection(doc, maps.join(ref), ME, `${s.url.replace(/^http/, 'ws')}/sync`, maps);
  connections.push(c);
  return c;
}

describe('a refused link', { timeout: 30_000 }, () => {
  it('on a map joined before: the connection goes on with the earlier link, and edits kept on the device upload', async () => {
    server = await startTestServer();
    const { room, editToken, viewToken } = await newRoom(server);
    const maps = new SharedMaps(memoryStorage());
    maps.join({ room, token: editToken, access: 'edit', viewToken });
    maps.accepted(room, editToken);
    // Edits made on this device while it was offline.
    const doc = new Y.Doc();
    toDoc(doc, createInitialState());

    const connection = open(server, doc, maps, { room, token: editToken.slice(0, -6), access: 'edit', viewToken });
    await connection.whenSynced();
    expect(connection.getStatus()).toMatchObject({ state: 'live', readOnly: false, deniedReason: null, openedLinkRefused: 'This link does not open this map' });
    expect(connection.getStatus().link.token).toBe(editToken);
    expect(maps.get(room)).toEqual({ room, token: editToken, access: 'edit', viewToken, joinedAt: expect.any(Number) });

    const watcher = connect(server, room, viewToken);
    clients.push(watcher);
    await until(() => !isEmptyDoc(mapDoc(watcher.doc)), 15_000, 'the device’s edits on the server');
  });

  it('on a map this device holds nothing of: no map is opened and the link is not remembered', async () => {
    server = await startTestServer();
    const { room } = await newRoom(server);
    const maps = new SharedMaps(memoryStorage());
    const connection = open(server, new Y.Doc(), maps, { room, token: 'w'.repeat(32), access: 'edit' });
    await expect(connection.whenSynced()).rejects.toBeInstanceOf(LinkRefusedError);
    expect(maps.get(room)).toBeNull();
    expect(maps.current()).toBeNull();
  });

  it('on a map this device holds a copy of, with no other link: the copy stays, read-only, with the reason', async () => {
    server = await startTestServer();
    const { room } = await newRoom(server);
    const maps = new SharedMaps(memoryStorage());
    const doc = new Y.Doc();
    toDoc(doc, createInitialState());
    const connection = open(server, doc, maps, { room, token: 'w'.repeat(32), access: 'edit' });
    await connection.whenSynced();
    expect(connection.getStatus()).toMatchObject({ state: 'denied', readOnly: true, deniedReason: 'This link does not open this map' });
    expect(maps.get(room)?.token).toBe('w'.repeat(32));
  });

  it('a refusal for the server\'s own state (too many maps open) is not the link\'s: the map stays editable offline and is tried again', async () => {
    server = await startTestServer({ maxOpenDocuments: 1 });
    const busy = await newRoom(server);
    const { room, editToken, viewToken } = await newRoom(server);
    // Another map takes the server's one place.
    const other = connect(server, busy.room, busy.editToken);
    clients.push(other);
    await other.synced;
    const maps = new SharedMaps(memoryStorage());
    const doc = new Y.Doc();
    toDoc(doc, createInitialState());
    const connection = open(server, doc, maps, { room, token: editToken, access: 'edit', viewToken });
    await until(() => connection.getStatus().busyReason !== null, 15_000, 'the refusal');
    expect(connection.getStatus()).toMatchObject({ state: 'offline', readOnly: false, deniedReason: null, reconnecting: true });
    expect(maps.get(room)?.token).toBe(editToken);
    // The place frees: the next try opens the map.
    clients.splice(clients.indexOf(other), 1);
    other.destroy();
    await until(() => connection.getStatus().state === 'live', 25_000, 'live once the server has room');
    expect(connection.getStatus().busyReason).toBeNull();
  }, 45_000);
});
