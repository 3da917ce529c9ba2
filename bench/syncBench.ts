/**
 * Sync server bench (`npm run bench:sync`): the real server in its own process (embedded store),
 * Node clients on Hocuspocus's provider, all on localhost. Writes bench/results/sync.json.
 *
 * - latency: a 10k-topic map, 5 clients; each edit (a topic record replaced, as a rename does) is
 *   timed from the writing client until every other client has it.
 * - 100k: a new client's first sync of a 100k-topic map, and the server's memory with it open.
 * - soak: 50 clients edit one 10k map for SOAK_SECONDS (default 60), about one edit per client per
 *   second; then every replica must equal the others. Server CPU and memory are read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { restoreMap } from '../src/state/restore';
import { mapDoc } from '../src/state/ydoc/shape';
import { toDoc } from '../src/state/ydoc/toDoc';
import type { RunningServer } from '../server/app';
import { connect, type Client } from '../tests/server/helpers';
import { generateMap } from './mapGenerator.mjs';

const PORT = 54190;
const URL_HTTP = `http://127.0.0.1:${PORT}`;
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);

interface Proc {
  child: ChildProcess;
  pid: number;
}

function startServer(dir: string): Promise<Proc> {
  const dist = join(dir, 'app');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), MINDFLOW_DATA: join(dir, 'level'), MINDFLOW_DIST: dist, MINDFLOW_MESSAGES_PER_SECOND: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      if (String(c).includes('MindFlow is running')) resolve({ child, pid: child.pid! });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** CPU seconds and resident memory (MB) of a process, from /proc. */
function usage(pid: number): { cpuSeconds: number; rssMB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuSeconds: ticks / 100, rssMB: rss ? Number(rss[1]) / 1024 : NaN };
}

async function newRoom(): Promise<{ room: string; editToken: string }> {
  const res = await fetch(`${URL_HTTP}/api/rooms`, { method: 'POST' });
  return (await res.json()) as { room: string; editToken: string };
}

const SERVER = { url: URL_HTTP } as RunningServer;

function client(room: string, token: string, doc = new Y.Doc()): Client {
  return connect(SERVER, room, token, doc);
}

function docOf(n: number): Y.Doc {
  const r = restoreMap(generateMap(n, { seed: 7 }));
  if (!r.ok) throw new Error(r.error);
  const doc = new Y.Doc();
  toDoc(doc, r.state);
  return doc;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const round = (x: number) => Math.round(x * 10) / 10;

async function until(check: () => boolean, ms: number, what: string) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function uploaded(room: string, token: string, doc: Y.Doc): Promise<void> {
  const c = client(room, token, doc);
  await c.synced;
  await until(() => !c.provider.hasUnsyncedChanges, 120_000, 'upload');
  c.destroy();
}

async function latency(): Promise<{ edits: number; p50: number; p95: number; max: number }> {
  const { room, editToken } = await newRoom();
  const seed = docOf(10_000);
  await uploaded(room, editToken, seed);
  const clients = Array.from({ length: 5 }, () => client(room, editToken));
  await Promise.all(clients.map((c) => c.synced));
  const ids = [...seed.getMap('topic').keys()].slice(0, 200);
  const times: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const writer = clients[i % clients.length];
    const others = clients.filter((c) => c !== writer);
    const label = `edit ${i}`;
    const start = performance.now();
    const topics = mapDoc(writer.doc).topic;
    const rec = topics.get(ids[i])!;
    topics.set(ids[i], { ...rec, data: { ...rec.data, label } });
    await until(() => others.every((c) => mapDoc(c.doc).topic.get(ids[i])?.data?.label === label), 10_000, 'edit seen');
    times.push(performance.now() - start);
  }
  clients.forEach((c) => c.destroy());
  return { edits: times.length, p50: round(pct(times, 50)), p95: round(pct(times, 95)), max: round(Math.max(...times)) };
}

async function big(pid: number): Promise<Record<string, number>> {
  const before = usage(pid);
  const { room, editToken } = await newRoom();
  const doc = docOf(100_000);
  const bytes = Y.encodeStateAsUpdate(doc).byteLength;
  await uploaded(room, editToken, doc);
  const t0 = performance.now();
  const fresh = client(room, editToken);
  await fresh.synced;
  const syncMs = performance.now() - t0;
  const topics = fresh.doc.getMap('topic').size;
  const open = usage(pid);
  fresh.destroy();
  return { topics, updateMB: round(bytes / 1e6), firstSyncMs: Math.round(syncMs), serverRssBeforeMB: round(before.rssMB), serverRssOpenMB: round(open.rssMB) };
}

async function soak(pid: number): Promise<Record<string, number | boolean>> {
  const { room, editToken } = await newRoom();
  const seed = docOf(10_000);
  await uploaded(room, editToken, seed);
  const ids = [...seed.getMap('topic').keys()];
  const clients = Array.from({ length: 50 }, () => client(room, editToken));
  await Promise.all(clients.map((c) => c.synced));
  const start = usage(pid);
  const t0 = Date.now();
  let edits = 0;
  let peakRss = start.rssMB;
  const timers = clients.map((c, i) =>
    setInterval(() => {
      const topics = mapDoc(c.doc).topic;
      const id = ids[(i * 7919 + edits) % ids.length];
      const rec = topics.get(id);
      if (rec) topics.set(id, { ...rec, data: { ...rec.data, label: `c${i} e${edits}` } });
      if (edits % 5 === 0) mapDoc(c.doc).tree.set(`soak-${i}-${edits}`, { parent: ids[0], order: `z${edits}`, edge: null });
      edits++;
    }, 1000 + (i % 10) * 10),
  );
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, usage(pid).rssMB)), 1000);
  await new Promise((r) => setTimeout(r, SOAK_SECONDS * 1000));
  timers.forEach(clearInterval);
  clearInterval(sampler);
  const end = usage(pid);
  const elapsed = (Date.now() - t0) / 1000;
  const stateOf = (c: Client) => Buffer.from(Y.encodeStateVector(c.doc)).toString('base64');
  let converged: boolean;
  try {
    await until(() => clients.every((c) => stateOf(c) === stateOf(clients[0]) && !c.provider.hasUnsyncedChanges), 60_000, 'convergence');
    converged = clients.every((c) => JSON.stringify(c.doc.getMap('topic').toJSON()) === JSON.stringify(clients[0].doc.getMap('topic').toJSON()));
  } catch {
    converged = false;
  }
  clients.forEach((c) => c.destroy());
  return {
    clients: 50,
    seconds: Math.round(elapsed),
    edits,
    converged,
    serverCpuPercent: round(((end.cpuSeconds - start.cpuSeconds) / elapsed) * 100),
    serverRssStartMB: round(start.rssMB),
    serverRssPeakMB: round(peakRss),
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'mindflow-sync-bench-'));
  const server = await startServer(dir);
  try {
    const results = {
      when: new Date().toISOString(),
      node: process.version,
      latency10k5clients: await latency(),
      map100k: await big(server.pid),
      soak50clients10k: await soak(server.pid),
    };
    console.log(JSON.stringify(results, null, 2));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/sync.json', JSON.stringify(results, null, 2) + '\n');
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

void main();
