/** MINDFLOW_MAX_OPEN_DOCUMENTS: exactly that many maps open at once, however they arrive. */
import { afterEach, describe, expect, it } from 'vitest';
import { connect, newRoom, startTestServer, stopTest, until, type Client, type TestServer } from './helpers';

let server: TestServer | null = null;
const clients: Client[] = [];

afterEach(() => stopTest(clients, server));

function client(s: TestServer, room: string, token: string): Client {
  const c = connect(s, room, token);
  clients.push(c);
  return c;
}

const TOO_MANY = 'This server has too many maps open';

describe('the open-maps limit', { timeout: 30_000 }, () => {
  it('opens N maps one after another and refuses the next', async () => {
    server = await startTestServer({ maxOpenDocuments: 2 });
    const rooms = [await newRoom(server), await newRoom(server), await newRoom(server)];
    const [a, b] = [client(server, rooms[0].room, rooms[0].editToken), client(server, rooms[1].room, rooms[1].editToken)];
    await a.synced;
    await b.synced;
    const c = client(server, rooms[2].room, rooms[2].editToken);
    await until(() => c.failures.length > 0, 10_000, 'the third map refused');
    expect(c.failures[0]).toBe(TOO_MANY);
    expect(server.hocuspocus.getDocumentsCount()).toBe(2);
    // Another client of a map already open is not a new map.
    const a2 = client(server, rooms[0].room, rooms[0].editToken);
    await a2.synced;
  });

  it('opens N of many maps asked for at once and refuses the others', async () => {
    server = await startTestServer({ maxOpenDocuments: 2 });
    const rooms = await Promise.all([0, 1, 2, 3, 4].map(() => newRoom(server!)));
    const cs = rooms.map((r) => client(server!, r.room, r.editToken));
    let synced = 0;
    for (const c of cs) void c.synced.then(() => synced++);
    await until(() => cs.filter((c) => c.failures.length > 0).length === 3, 10_000, 'three maps refused');
    await until(() => synced === 2, 10_000, 'two maps open');
    expect(server.hocuspocus.getDocumentsCount()).toBe(2);
  });

  it('a map opened, closed and opened again counts once (limit 1)', async () => {
    server = await startTestServer({ maxOpenDocuments: 1 });
    const { room, editToken } = await newRoom(server);
    const first = client(server, room, editToken);
    await first.synced;
    clients.splice(clients.indexOf(first), 1);
    first.destroy();
    await until(() => server!.hocuspocus.getDocumentsCount() === 0, 15_000, 'the map unloaded');
    const again = client(server, room, editToken);
    await again.synced;
    expect(again.failures).toEqual([]);
  });
});
