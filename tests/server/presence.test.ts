/**
 * Stale presence: a collaborator whose connection dies without a close must leave everyone
 * else's people list within 30 s, while a live one stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import { STALE_PRESENCE_MS, sweepPresence } from '../../server/presence';
import { MAX_PRESENCES_PER_CONNECTION } from '../../server/presenceGuard';
import { connect, frame, freezableProxy, newRoom, startTestServer, stopTest, until, varBytes, varString, varUint, type Client, type FreezableProxy, type TestServer } from './helpers';

let server: TestServer | null = null;
let proxy: FreezableProxy | null = null;
const clients: Client[] = [];

afterEach(() => stopTest(clients, server, proxy));

function person(s: Pick<RunningServer, 'url'>, room: string, token: string, name: string): Client {
  const c = connect(s as RunningServer, room, token);
  c.provider.setAwarenessField('presence', { name, color: '#3b82f6', selection: null, pointer: null });
  clients.push(c);
  return c;
}

const sees = (viewer: Client, other: Client) => viewer.provider.awareness!.getStates().has(other.doc.clientID);

/** An awareness frame as any client could write it: [client id, clock, state] entries. */
function presenceFrame(room: string, entries: [number, number, unknown][]): Buffer {
  const update = [...varUint(entries.length), ...entries.flatMap(([id, clock, state]) => [...varUint(id), ...varUint(clock), ...varString(JSON.stringify(state))])];
  return frame(room, 1, varBytes(update));
}

const nameOn = (c: Client, id: number) => (c.provider.awareness!.getStates().get(id) as { presence?: { name: string } } | undefined)?.presence?.name;

describe('presence belongs to its connection', { timeout: 30_000 }, () => {
  it("a viewer cannot rename, move or take away another person's presence, nor bring in more than a few", async () => {
    server = await startTestServer();
    const { room, editToken, viewToken } = await newRoom(server);
    const ada = person(server, room, editToken, 'Ada');
    const cara = person(server, room, editToken, 'Cara');
    const mallory = person(server, room, viewToken, 'Mallory');
    await Promise.all([ada.synced, cara.synced, mallory.synced]);
    await until(() => sees(cara, ada) && sees(cara, mallory) && sees(mallory, ada), 10_000, 'all present');
    const doc = server.hocuspocus.documents.get(room)!;
    const adaId = ada.doc.clientID;
    const clock = doc.awareness.meta.get(adaId)!.clock;
    const made = [1, 2, 3, 4, 5, 6].map((i) => 1_000_000 + i);
    mallory.socket.send(presenceFrame(room, [[adaId, clock + 100, { presence: { name: 'Not Ada', color: '#000000', selection: 'x', pointer: null } }]]));
    mallory.socket.send(presenceFrame(room, [[adaId, clock + 200, null]]));
    mallory.socket.send(presenceFrame(room, made.map((id) => [id, 1, { presence: { name: `Ghost ${id}`, color: '#000000', selection: null, pointer: null } }])));
    // Mallory's own presence still changes: once Cara sees that, the frames before it were handled.
    mallory.provider.setAwarenessField('presence', { name: 'Mallory 2', color: '#3b82f6', selection: null, pointer: null });
    await until(() => nameOn(cara, mallory.doc.clientID) === 'Mallory 2', 10_000, 'mallory renamed herself');
    expect(nameOn(cara, adaId)).toBe('Ada');
    expect(doc.awareness.meta.get(adaId)!.clock).toBe(clock);
    const ghosts = made.filter((id) => doc.awareness.getStates().has(id));
    expect(ghosts).toHaveLength(MAX_PRESENCES_PER_CONNECTION - 1);
    // Ada's own changes still count, and the connections stayed open.
    ada.provider.setAwarenessField('presence', { name: 'Ada L.', color: '#3b82f6', selection: null, pointer: null });
    await until(() => nameOn(cara, adaId) === 'Ada L.', 10_000, 'ada renamed herself');
    expect([...ada.closes, ...mallory.closes]).toEqual([]);
  });
});

describe('stale presence', { timeout: 45_000 }, () => {
  it('the sweep drops presence not renewed for 24 s, and a live client puts its own back', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const ada = person(server, room, editToken, 'Ada');
    const bob = person(server, room, editToken, 'Bob');
    await Promise.all([ada.synced, bob.synced]);
    await until(() => sees(ada, bob) && sees(bob, ada), 10_000, 'both present');

    // The awareness clock, moved on: just under the limit nothing goes.
    const t = Date.now();
    expect(sweepPresence(server.hocuspocus, t + STALE_PRESENCE_MS - 2000)).toBe(0);
    expect(sees(ada, bob)).toBe(true);

    // Bob's process stops sending presence (as a frozen or dead one does); his socket stays open.
    bob.provider.awareness!.off('update', bob.provider.boundAwarenessUpdateHandler);
    const doc = server.hocuspocus.documents.get(room)!;
    expect(sweepPresence(server.hocuspocus, Date.now() + STALE_PRESENCE_MS)).toBeGreaterThanOrEqual(1);
    await until(() => !sees(ada, bob), 5_000, 'bob dropped on ada');
    // Ada was swept too (the clock moved for everyone), but she is alive and renews her own state.
    await until(() => doc.awareness.getStates().has(ada.doc.clientID), 5_000, 'ada back on the server');
    expect(doc.awareness.getStates().has(bob.doc.clientID)).toBe(false);
  });

  it('a client whose connection goes silent leaves the others within 30 s', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    proxy = await freezableProxy(server);
    const ada = person(server, room, editToken, 'Ada');
    const bob = person(proxy, room, editToken, 'Bob');
    await Promise.all([ada.synced, bob.synced]);
    await until(() => sees(ada, bob), 10_000, 'ada sees bob');

    // Bob renews his state, the server has it, then his network goes silent: no close, no bytes.
    const doc = server.hocuspocus.documents.get(room)!;
    const before = doc.awareness.meta.get(bob.doc.clientID)!.clock;
    bob.provider.setAwarenessField('presence', { name: 'Bob', color: '#3b82f6', selection: 'root', pointer: null });
    await until(() => doc.awareness.meta.get(bob.doc.clientID)!.clock > before, 5_000, 'renewal stored');
    proxy.freeze();
    const cut = Date.now();

    await until(() => !sees(ada, bob), 32_000, 'bob dropped on ada');
    const gone = Date.now() - cut;
    expect(gone).toBeLessThan(30_000);
    // Not sooner than a live client's renewal could be late.
    expect(gone).toBeGreaterThan(18_000);
    expect(doc.awareness.getStates().has(bob.doc.clientID)).toBe(false);
    expect(doc.awareness.getStates().has(ada.doc.clientID)).toBe(true);
  });
});
