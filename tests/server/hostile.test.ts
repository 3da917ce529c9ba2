/**
 * Hostile input against the real server: each kind of bad frame closes the socket with its own
 * code and reason, the map is untouched, and the server goes on serving others.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CLOSE, tooLarge } from '../../server/limits';
import { closeOf, connect, frame, newRoom, rawSocket, startTestServer, stopTest, until, varBytes, varString, varUint, type Client, type RawSocket, type TestServer } from './helpers';

let server: TestServer | null = null;
const clients: Client[] = [];

afterEach(() => stopTest(clients, server));

const SYNC = 0;
const AWARENESS = 1;
const AUTH = 2;
const SYNC_STATUS = 8;
const SYNC_UPDATE = 2;
const AUTHENTICATED = 2;

/** A server with a room whose map holds one topic, "kept". */
async function withMap(limits: Parameters<typeof startTestServer>[0] = {}) {
  server = await startTestServer(limits);
  const room = await newRoom(server);
  const owner = connect(server, room.room, room.editToken);
  clients.push(owner);
  await owner.synced;
  owner.doc.getMap('tree').set('kept', { parent: 'root', order: 'a0' });
  await until(() => server!.hocuspocus.documents.get(room.room)?.getMap('tree').has('kept') === true, 15_000, 'stored');
  return { s: server, ...room, owner };
}

function treeOnServer(s: TestServer, room: string): unknown {
  return s.hocuspocus.documents.get(room)?.getMap('tree').toJSON();
}

/** The map is as the owner left it, and a new client still syncs it. */
async function intact(s: TestServer, room: string, token: string): Promise<void> {
  expect(treeOnServer(s, room)).toEqual({ kept: { parent: 'root', order: 'a0' } });
  const late = connect(s, room, token);
  clients.push(late);
  await late.synced;
  await until(() => late.doc.getMap('tree').has('kept'), 15_000, 'a new client syncs');
}

/** A raw socket past the token check, so what it sends next reaches the map's channel. */
async function authenticated(s: TestServer, room: string, token: string): Promise<RawSocket> {
  const sock = rawSocket(s);
  await sock.opened;
  sock.ws.send(frame(room, AUTH, varUint(0), varString(token)));
  const reply = Buffer.from([...varString(room), AUTH, AUTHENTICATED]);
  await until(() => sock.received.some((m) => m.subarray(0, reply.length).equals(reply)), 10_000, 'authenticated');
  return sock;
}

/** Sends frames on a fresh socket and returns how the server closed it. */
async function send(s: TestServer, ...frames: (Buffer | string)[]) {
  const sock = rawSocket(s);
  await sock.opened;
  for (const f of frames) sock.ws.send(f);
  return closeOf(sock);
}

describe('hostile input gets a clear close reason and nothing else', { timeout: 30_000 }, () => {
  it('a frame that is not a Hocuspocus message: 4400 malformed', async () => {
    const { s, room, editToken } = await withMap();
    // A document name longer than the frame.
    expect(await send(s, Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02]))).toEqual(CLOSE.malformed);
    // A well-formed token message with bytes left over.
    expect(await send(s, Buffer.concat([frame(room, AUTH, varUint(0), varString(editToken)), Buffer.from([1, 2, 3])]))).toEqual(CLOSE.malformed);
    // A sync message of no sync type.
    expect(await send(s, frame(room, SYNC, varUint(9), varBytes([0])))).toEqual(CLOSE.malformed);
    // Invalid UTF-8 in the document name.
    expect(await send(s, Buffer.from([2, 0xc3, 0x28, 0]))).toEqual(CLOSE.malformed);
    await intact(s, room, editToken);
  });

  it('an update Yjs cannot read, after a valid token: 4400 and the map untouched', async () => {
    const { s, room, editToken } = await withMap();
    const sock = await authenticated(s, room, editToken);
    sock.ws.send(frame(room, SYNC, varUint(SYNC_UPDATE), varBytes([1, 1, 7, 0, 9, 9, 9, 9, 9, 9])));
    expect(await closeOf(sock)).toEqual(CLOSE.malformedUpdate);
    // Presence whose state is not JSON.
    const other = await authenticated(s, room, editToken);
    other.ws.send(frame(room, AWARENESS, varBytes([...varUint(1), ...varUint(12345), ...varUint(1), ...varString('{not json')])));
    expect(await closeOf(other)).toEqual(CLOSE.malformedUpdate);
    await intact(s, room, editToken);
  });

  it('another protocol: text frames, y-websocket frames, stateless and server-to-client types get 4415', async () => {
    const { s, room, editToken } = await withMap();
    expect(await send(s, 'hello')).toEqual(CLOSE.wrongProtocol);
    // y-websocket's sync step 1 (no document name) with an empty state vector.
    expect(await send(s, Buffer.from([0, 0, 1, 0]))).toEqual(CLOSE.wrongProtocol);
    expect(await send(s, frame(room, SYNC_STATUS, varUint(1)))).toEqual(CLOSE.wrongProtocol);
    expect(await send(s, frame(room, 6, varString('to everyone')))).toEqual(CLOSE.wrongProtocol);
    expect(await send(s, frame(room, AUTH, varUint(2), varString(editToken)))).toEqual(CLOSE.wrongProtocol);
    await intact(s, room, editToken);
  });

  it('a token for another room, or a name that is no room: 4403, and the provider is told why', async () => {
    const { s, room, editToken } = await withMap();
    const other = await newRoom(s);
    expect(await send(s, frame(room, AUTH, varUint(0), varString(other.editToken)))).toEqual(CLOSE.notAllowed);
    expect(await send(s, frame('../../etc', AUTH, varUint(0), varString(editToken)))).toEqual(CLOSE.notAllowed);
    const stranger = connect(s, room, other.viewToken);
    clients.push(stranger);
    await until(() => stranger.closes.length > 0, 10_000, 'closed');
    expect(stranger.failures[0]).toBe(CLOSE.notAllowed.reason);
    expect(stranger.closes[0]).toEqual(CLOSE.notAllowed);
    await intact(s, room, editToken);
  });

  it('a message over the size limit: 1009 with the limit', async () => {
    const { s, room, editToken } = await withMap({ maxMessageBytes: 64 * 1024 });
    const sock = rawSocket(s);
    await sock.opened;
    sock.ws.send(frame(room, AUTH, varUint(0), varString(editToken)));
    sock.ws.send(frame(room, AWARENESS, varBytes(new Uint8Array(100 * 1024))));
    expect(await closeOf(sock)).toEqual(tooLarge(64 * 1024));
    expect(tooLarge(64 * 1024).reason).toBe('Message too large: the limit is 65536 bytes');
    await intact(s, room, editToken);
  });

  it('bytes over the rate, even before the token is checked: 4429, and the map untouched', async () => {
    const { s, room, editToken } = await withMap({ maxMessageBytes: 64 * 1024 });
    const sock = rawSocket(s);
    await sock.opened;
    // Each frame is under the size limit; together they are more than two frames' worth at once.
    for (let i = 0; i < 4; i++) sock.ws.send(frame(room, AWARENESS, varBytes(new Uint8Array(60 * 1024))));
    sock.ws.send(frame(room, AUTH, varUint(0), varString(editToken)));
    expect(await closeOf(sock)).toEqual(CLOSE.tooMuchData);
    await intact(s, room, editToken);
  });

  it('messages over the rate: 4429, and nothing sent after it reaches the map', async () => {
    const { s, room, editToken } = await withMap({ messagesPerSecond: 20 });
    const sock = await authenticated(s, room, editToken);
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    for (let i = 0; i < 200; i++) doc.getMap('topic').set(`spam${i}`, { label: String(i) });
    for (const u of updates) sock.ws.send(frame(room, SYNC, varUint(SYNC_UPDATE), varBytes(u)));
    expect(await closeOf(sock)).toEqual(CLOSE.tooManyUpdates);
    await new Promise((r) => setTimeout(r, 200));
    // A burst of twice the rate passes (less the token message); nothing after it.
    expect(s.hocuspocus.documents.get(room)!.getMap('topic').size).toBeLessThanOrEqual(45);
    expect(treeOnServer(s, room)).toEqual({ kept: { parent: 'root', order: 'a0' } });
  });
});
