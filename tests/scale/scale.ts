/**
 * Scale-out check (run by tests/scale/run.sh with DATABASE_URL and REDIS_URL set): two server
 * processes share one PostgreSQL store and one Redis; clients on different processes converge, and
 * what they wrote is there after both processes restart, and a map nobody is in is answered to a
 * joining device from the answer kept in the shared store. Exits non-zero on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import pg from 'pg';
import * as Y from 'yjs';
import { decodeJoinSnapshot } from '../../src/state/sync/joinSnapshot';
import type { RunningServer } from '../../server/app';
import { connect, newRoom, until, type Client } from '../server/helpers';

const dist = mkdtempSync(join(tmpdir(), 'mindflow-scale-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>MindFlow</title>');

const children = new Set<ChildProcess>();
// Whatever happens, no server process outlives the check.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts a server process on a port the system picks (a fixed one may be some other socket's). */
function startProcess(name: string): Promise<{ child: ChildProcess; server: RunningServer }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MINDFLOW_DIST: dist, MINDFLOW_STORED_ANSWER_FROM_BYTES: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server ${name} did not start`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const url = /MindFlow is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(chunk))?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, server: { url } as RunningServer });
      }
    });
    child.on('exit', (code) => reject(new Error(`server ${name} exited with ${code}`)));
  });
}

/** Stops a process as an operator would; it must store its open maps and exit cleanly. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`a server process stopped with ${signal ?? `exit code ${code}`}`)),
    );
    child.kill('SIGTERM');
  });
}

const tree = (c: Client) => c.doc.getMap<{ parent: string; order: string }>('tree');

async function main() {
  let one = await startProcess('one');
  let two = await startProcess('two');
  const { room, editToken } = await newRoom(one.server);
  const a = connect(one.server, room, editToken);
  const b = connect(two.server, room, editToken);
  await Promise.all([a.synced, b.synced]);
  for (let i = 0; i < 20; i++) {
    tree(a).set(`a${i}`, { parent: 'root', order: `a${i}` });
    tree(b).set(`b${i}`, { parent: 'root', order: `a${i}` });
  }
  await until(() => tree(a).size === 40 && tree(b).size === 40, 60_000, 'clients on two processes converge');
  console.log('ok: 40 concurrent adds from clients on two processes converged');
  a.destroy();
  b.destroy();
  await Promise.all([stop(one.child), stop(two.child)]);

  one = await startProcess('one');
  two = await startProcess('two');
  const c = connect(two.server, room, editToken);
  await c.synced;
  await until(() => tree(c).size === 40, 60_000, 'the map after both processes restarted').catch((error: Error) => {
    throw new Error(`${error.message}: ${tree(c).size} of 40 topics came back`);
  });
  assert.equal(tree(c).get('a7')?.parent, 'root');
  console.log('ok: the map survived both processes restarting (PostgreSQL store)');
  c.destroy();

  // Once the map unloads, the process that had it keeps its answer for joining devices in the store.
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const deadline = Date.now() + 60_000;
  while ((await db.query('SELECT 1 FROM mindflow_join_answers WHERE name = $1', [room])).rowCount === 0) {
    if (Date.now() > deadline) throw new Error('no answer for joining devices was kept in PostgreSQL');
    await new Promise((r) => setTimeout(r, 100));
  }
  await db.end();
  const res = await fetch(`${one.server.url}/api/rooms/${room}/snapshot`, { headers: { Authorization: `Bearer ${editToken}` } });
  assert.equal(res.status, 200);
  const joined = new Y.Doc();
  Y.applyUpdateV2(joined, decodeJoinSnapshot(new Uint8Array(await res.arrayBuffer()))!.update);
  assert.equal(joined.getMap('tree').size, 40);
  console.log('ok: the answer for joining devices was kept in PostgreSQL, and a device joining through the other process gets the whole map');

  await Promise.all([stop(one.child), stop(two.child)]);
  console.log('3 passed, 0 failed');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
