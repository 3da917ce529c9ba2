/**
 * What a device opening a shared map for the first time fetches: the document and the map built
 * from it, taken at one moment, for edit and view links only, and never stale after a change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as Y from 'yjs';
import { ANSWER_GZIP, joinAnswerOf, storedParts } from '../../server/joinAnswer';
import { addChild, connect as connectTopics, renameNode } from '../../src/state/operations';
import { MindMapStore } from '../../src/state/store';
import { decodeJoinSnapshot, type JoinSnapshot } from '../../src/state/sync/joinSnapshot';
import { bindStore } from '../../src/state/ydoc/binding';
import { decodeBuiltMap } from '../../src/state/ydoc/builtMap';
import { fromDoc } from '../../src/state/ydoc/fromDoc';
import { canon } from '../unit/ydoc/helpers';
import { connect, newRoom, startTestServer, stopTest, until, type Client, type TestServer } from './helpers';

let server: TestServer | null = null;
const clients: Client[] = [];

afterEach(() => stopTest(clients, server));

async function fetchSnapshot(s: TestServer, room: string, token: string, method = 'GET'): Promise<{ status: number; snapshot: JoinSnapshot | null }> {
  const res = await fetch(`${s.url}/api/rooms/${room}/snapshot`, { method, headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) return { status: res.status, snapshot: null };
  return { status: 200, snapshot: decodeJoinSnapshot(new Uint8Array(await res.arrayBuffer())) };
}

/** What a joining page does with the snapshot: apply the document, take the built map if it fits it. */
function joinWith(snapshot: JoinSnapshot) {
  const doc = new Y.Doc();
  Y.applyUpdateV2(doc, snapshot.update);
  return { doc, built: decodeBuiltMap(snapshot.built, doc) };
}

/** A map with these labels under its root, made by a client that has left, and unloaded by the server. */
async function leftMap(s: TestServer, labels: string[]) {
  const { room, editToken } = await newRoom(s);
  const doc = new Y.Doc();
  const store = new MindMapStore();
  bindStore(store, doc);
  for (const label of labels) addChild(store, store.getState().rootId, label);
  const client = connect(s, room, editToken, doc);
  await client.synced;
  await until(() => s.hocuspocus.documents.get(room)?.getMap('topic').size === labels.length + 1, 5000, 'the server has the map');
  client.destroy();
  await until(() => !s.hocuspocus.documents.has(room), 15_000, 'the map unloaded');
  return { room, editToken, store };
}

async function keptAnswer(s: TestServer, room: string) {
  for (const start = Date.now(); Date.now() - start < 20_000; await new Promise((r) => setTimeout(r, 50))) {
    const kept = await s.store.loadJoinAnswer(room);
    if (kept) return kept;
  }
  throw new Error('timed out waiting for the answer kept in the store');
}

const sameState = (a: Y.Doc | undefined, b: Y.Doc) => !!a && Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b)));

const labelsOf = (snapshot: JoinSnapshot | null) => canon(joinWith(snapshot!).built!.state).nodes.map((n) => n.data.label).sort();

/** Asks again, one request at a time, until the answer holds a topic labelled `label`. */
async function untilAnswerHolds(s: TestServer, room: string, token: string, label: string): Promise<void> {
  let found = false;
  let asking: Promise<void> | null = null;
  await until(() => {
    asking ??= fetchSnapshot(s, room, token).then((r) => {
      if (r.snapshot && labelsOf(r.snapshot).includes(label)) found = true;
      asking = null;
    });
    return found;
  }, 10_000, `an answer holding "${label}"`);
  // A request still on its way when the clients leave would open the map again, and hold it.
  await asking;
}

describe('the snapshot a joining device fetches', { timeout: 60_000 }, () => {
  it('holds the document and the map built from it, and follows every change', async () => {
    server = await startTestServer();
    const { room, editToken, viewToken } = await newRoom(server);
    const doc = new Y.Doc();
    const store = new MindMapStore();
    bindStore(store, doc);
    const root = store.getState().rootId;
    const a = addChild(store, root, 'A')!;
    const b = addChild(store, a, 'B')!;
    connectTopics(store, root, b);
    const client = connect(server, room, editToken, doc);
    clients.push(client);
    await client.synced;

    const first = await fetchSnapshot(server, room, viewToken);
    expect(first.status).toBe(200);
    const joined = joinWith(first.snapshot!);
    expect(joined.built).not.toBeNull();
    expect(canon(joined.built!.state)).toEqual(canon(fromDoc(joined.doc).state));
    expect(canon(joined.built!.state)).toEqual(canon(store.getState()));

    // Sent compressed to whoever takes gzip (browsers do), plain to whoever does not.
    for (const encoding of ['gzip', 'identity']) {
      const res = await fetch(`${server.url}/api/rooms/${room}/snapshot`, { headers: { Authorization: `Bearer ${editToken}`, 'Accept-Encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding === 'gzip' ? 'gzip' : null);
      const again = decodeJoinSnapshot(new Uint8Array(await res.arrayBuffer()));
      expect(Array.from(again!.update)).toEqual(Array.from(first.snapshot!.update));
    }

    // A rename changes no record count, and still makes a new answer. The first request after it
    // gets the earlier one at once (the device's socket then brings the rename), later ones the new.
    renameNode(store, a, 'Renamed');
    await until(() => sameState(server!.hocuspocus.documents.get(room), doc), 5000, 'the server has the rename');
    expect(labelsOf((await fetchSnapshot(server, room, editToken)).snapshot)).not.toContain('Renamed');
    await untilAnswerHolds(server, room, editToken, 'Renamed');

    // With every client gone, the map comes from the store.
    for (const c of clients.splice(0)) c.destroy();
    await until(() => !server!.hocuspocus.documents.has(room), 15_000, 'the map unloaded');
    const stored = joinWith((await fetchSnapshot(server, room, editToken)).snapshot!);
    expect(stored.built).not.toBeNull();
    expect(canon(stored.built!.state)).toEqual(canon(store.getState()));
  });

  it('of a map nobody is in comes from the answer kept in the store, while the store holds what it was built from', async () => {
    server = await startTestServer({ storedAnswerFromBytes: 0 });
    // The kept answer is what is sent: one with the same digest but another map's content comes back.
    const kept = await leftMap(server, ['A', 'B']);
    const stored = await keptAnswer(server, kept.room);
    expect(canon(joinWith(decodeJoinSnapshot(gunzipSync(stored.body))!).built!.state)).toEqual(canon(kept.store.getState()));
    const other = new Y.Doc();
    const otherStore = new MindMapStore();
    bindStore(otherStore, other);
    addChild(otherStore, otherStore.getState().rootId, 'Other');
    await server.store.saveJoinAnswer(kept.room, { digest: stored.digest, body: gzipSync(joinAnswerOf(other), ANSWER_GZIP) });
    expect(labelsOf((await fetchSnapshot(server, kept.room, kept.editToken)).snapshot)).toContain('Other');
    // The device's socket comes next: the map is opened for it once the answer has gone out.
    await until(() => server!.hocuspocus.documents.has(kept.room), 5000, 'the map opened for the joining device');

    // A change stored after the answer was built: the map is opened, the kept answer is sent as an
    // earlier state while one with the change is built, and that one follows.
    const changed = await leftMap(server, ['C']);
    await keptAnswer(server, changed.room);
    const later = new Y.Doc();
    for (const part of storedParts(await server.store.load(changed.room))) Y.applyUpdate(later, part);
    const writer = new MindMapStore();
    bindStore(writer, later);
    const before = Y.encodeStateVector(later);
    addChild(writer, writer.getState().rootId, 'Added while nobody was in the map');
    await server.store.append(changed.room, Y.encodeStateAsUpdate(later, before));
    expect(labelsOf((await fetchSnapshot(server, changed.room, changed.editToken)).snapshot)).not.toContain('Added while nobody was in the map');
    await untilAnswerHolds(server, changed.room, changed.editToken, 'Added while nobody was in the map');
  });

  it('of a map someone opened again starts from the answer kept in the store while the new one is built', async () => {
    server = await startTestServer({ storedAnswerFromBytes: 0 });
    const { room, editToken } = await leftMap(server, ['A']);
    await keptAnswer(server, room);
    const doc = new Y.Doc();
    const client = connect(server, room, editToken, doc);
    clients.push(client);
    await client.synced;
    const store = new MindMapStore();
    bindStore(store, doc);
    addChild(store, store.getState().rootId, 'Added since');
    await until(() => sameState(server!.hocuspocus.documents.get(room), doc), 5000, 'the server has the change');
    const first = labelsOf((await fetchSnapshot(server, room, editToken)).snapshot);
    expect(first).toContain('A');
    expect(first).not.toContain('Added since');
    await untilAnswerHolds(server, room, editToken, 'Added since');
  });

  it('answers only the map\'s own tokens, and only GET', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const other = await newRoom(server);
    expect((await fetchSnapshot(server, room, 'not-a-token')).status).toBe(403);
    expect((await fetchSnapshot(server, room, other.editToken)).status).toBe(403);
    expect((await fetchSnapshot(server, 'x'.repeat(21), editToken)).status).toBe(403);
    expect((await fetchSnapshot(server, room, editToken, 'POST')).status).toBe(405);
    // A new map nobody has written to: a document with nothing in it and no built map.
    const empty = await fetchSnapshot(server, room, editToken);
    expect(empty.status).toBe(200);
    expect(empty.snapshot!.built).toBeNull();
  });

  it('answers a map\'s links so many times a minute, then asks them to wait; strangers and other maps are not counted', async () => {
    server = await startTestServer({ snapshotsPerMinute: 3 });
    const { room, editToken, viewToken } = await newRoom(server);
    const other = await newRoom(server);
    for (let i = 0; i < 5; i++) expect((await fetchSnapshot(server, room, 'not-a-token')).status).toBe(403);
    expect((await fetchSnapshot(server, room, editToken)).status).toBe(200);
    expect((await fetchSnapshot(server, room, viewToken)).status).toBe(200);
    expect((await fetchSnapshot(server, room, editToken)).status).toBe(200);
    const res = await fetch(`${server.url}/api/rooms/${room}/snapshot`, { headers: { Authorization: `Bearer ${viewToken}` } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await res.json()).toEqual({ error: 'Too many requests for this map: try again in a moment' });
    expect((await fetchSnapshot(server, other.room, other.editToken)).status).toBe(200);
  });
});
