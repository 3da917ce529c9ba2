/**
 * Maps (not raw Yjs maps) through the real server: each client is a Y.Doc bound to its own store,
 * editing with the app's operations. Concurrent adds under one parent, crossing moves that would
 * make a cycle, and deleting a branch another client edits all converge to one map on every client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addChild, deleteNode, moveToParent, renameNode } from '../../src/state/operations';
import { snapshotOf } from '../../src/state/snapshot';
import { MindMapStore } from '../../src/state/store';
import { bindStore } from '../../src/state/ydoc/binding';
import { connect, newRoom, startTestServer, stopTest, until, type Client, type TestServer } from './helpers';

let server: TestServer | null = null;
const clients: Client[] = [];

afterEach(() => stopTest(clients, server));

interface MapClient {
  store: MindMapStore;
  client: Client;
}

async function join(s: TestServer, room: string, token: string, seed = false): Promise<MapClient> {
  const doc = new Y.Doc();
  const store = new MindMapStore();
  if (seed) bindStore(store, doc);
  const client = connect(s, room, token, doc);
  clients.push(client);
  await client.synced;
  if (!seed) bindStore(store, doc);
  return { store, client };
}

/** The map as plain data, in an order that does not depend on arrival. */
function canonical(m: MapClient): string {
  const snap = snapshotOf(m.store.getState());
  const nodes = [...snap.nodes].sort((a, b) => (a.id < b.id ? -1 : 1));
  const edges = [...snap.edges].sort((a, b) => (a.id < b.id ? -1 : 1));
  return JSON.stringify({ nodes, edges });
}

const byLabel = (m: MapClient, label: string) => snapshotOf(m.store.getState()).nodes.find((n) => n.data.label === label)?.id;

describe('maps through the sync server', { timeout: 60_000 }, () => {
  it('converges concurrent adds, crossing moves and a deleted branch that another client edits', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const a = await join(server, room, editToken, true);
    const root = a.store.getState().rootId;
    const x = addChild(a.store, root, 'X')!;
    const y = addChild(a.store, root, 'Y')!;
    const z = addChild(a.store, x, 'Z')!;
    const b = await join(server, room, editToken);
    const c = await join(server, room, editToken);
    await until(() => byLabel(b, 'Z') === z && byLabel(c, 'Z') === z, 15_000, 'everyone has the map');

    // Three adds under one parent at once: all survive.
    addChild(a.store, root, 'A1');
    addChild(b.store, root, 'B1');
    addChild(c.store, root, 'C1');
    // Crossing moves: X under Y on one client, Y under X on another (a cycle once merged).
    moveToParent(a.store, x, y);
    moveToParent(b.store, y, x);
    // One client deletes a branch while another renames a topic inside it.
    deleteNode(c.store, z);
    renameNode(a.store, z, 'Z renamed');

    await until(() => canonical(a) === canonical(b) && canonical(b) === canonical(c), 20_000, 'convergence');
    const labels = snapshotOf(a.store.getState()).nodes.map((n) => n.data.label);
    expect(labels).toEqual(expect.arrayContaining(['A1', 'B1', 'C1', 'X', 'Y']));
    // No cycle: every topic reaches the root.
    const s = a.store.getState();
    for (const n of snapshotOf(s).nodes) {
      let cur: string | null = n.id;
      for (let i = 0; cur !== null && i < 100; i++) cur = snapshotOf(s).nodes.find((m) => m.id === cur)!.parentId;
      expect(cur).toBeNull();
    }
  });

  it('undo on one client never reverts another client’s later edit', async () => {
    server = await startTestServer();
    const { room, editToken } = await newRoom(server);
    const a = await join(server, room, editToken, true);
    const t = addChild(a.store, a.store.getState().rootId, 'Shared')!;
    const b = await join(server, room, editToken);
    await until(() => byLabel(b, 'Shared') === t, 15_000, 'b has the topic');
    renameNode(a.store, t, 'By A');
    await until(() => byLabel(b, 'By A') === t, 15_000, 'b sees the rename');
    renameNode(b.store, t, 'By B');
    await until(() => byLabel(a, 'By B') === t, 15_000, 'a sees b');
    a.store.undo();
    await new Promise((r) => setTimeout(r, 300));
    expect(byLabel(a, 'By B')).toBe(t);
    expect(byLabel(b, 'By B')).toBe(t);
    // The next undo is a's own add, but b has changed the topic since: it is spent, and the topic
    // stays with b's edit, on both.
    expect(a.store.undo()).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(byLabel(a, 'By B')).toBe(t);
    expect(byLabel(b, 'By B')).toBe(t);
  });
});
