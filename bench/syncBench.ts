/**
 * Sync server bench (`npm run bench:sync`): the real server in its own process (embedded store),
 * Node clients on Hocuspocus's provider, all on localhost. Writes bench/results/sync.json.
 *
 * - latency: a 10k-topic map, 5 clients; each edit (a topic record replaced, as a rename does) is
 *   timed from the writing client until every other client has it.
 * - 100k: a new client's first sync of a 100k-topic map, and the server's memory with it open.
 * - browser 100k: a fresh headless Chromium (new profile: nothing stored) opens the edit link of that
 *   map; timed from navigation to the map in the store, drawn and idle (the test build's
 *   window.__mindflow.scene.whenIdle()). Needs a test build (`npm run build:test`) in
 *   SYNC_BENCH_DIST (default dist), which the server serves. BROWSER_RUNS runs (default 3); when
 *   the median is over the 5 s target, one more run under the CPU profiler records where the main
 *   thread's time went (SYNC_BENCH_PROFILE_RAW=file also writes that whole profile, for DevTools).
 *   SYNC_BENCH_SCREENSHOT=file.png keeps what each run showed once interactive (the last run's).
 *   The first run opens the map while nobody is in it, once the server has kept its answer for
 *   joining devices (MINDFLOW_STORED_ANSWER_FROM_BYTES set high: built on demand instead);
 *   SYNC_BENCH_PROFILE_COLD=1 runs it under the profiler.
 * - soak: 50 clients edit one 10k map for SOAK_SECONDS (default 60), about one edit per client per
 *   second; then every replica must equal the others. Server CPU and memory are read from /proc.
 *
 * SYNC_BENCH_PARTS (comma list of latency, map100k, browser100k, soak; default all) runs some of
 * them; results of the parts not run are kept from the last file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import * as Y from 'yjs';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.mjs';
import { restoreMap } from '../src/state/restore';
import { mapDoc } from '../src/state/ydoc/shape';
import { toDoc } from '../src/state/ydoc/toDoc';
import type { RunningServer } from '../server/app';
import { connect, type Client } from '../tests/server/helpers';
import { generateMap } from './mapGenerator.mjs';

/** The server's address, once it has started on a port the system picked (a fixed one may be taken). */
let URL_HTTP = '';
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const DIST = resolve(process.env.SYNC_BENCH_DIST ?? 'dist');
const BROWSER_RUNS = Number(process.env.BROWSER_RUNS ?? 3);
const PARTS = new Set((process.env.SYNC_BENCH_PARTS ?? 'latency,map100k,browser100k,soak').split(',').map((p) => p.trim()));
const RESULTS = 'bench/results/sync.json';
/** "A new client interactive within 5 s." */
const INTERACTIVE_TARGET_MS = 5000;

/** What the server printed, to know when it has kept a map's answer for joining devices. */
const serverLog: string[] = [];

interface Proc {
  child: ChildProcess;
  pid: number;
}

function startServer(dir: string): Promise<Proc> {
  let dist = DIST;
  if (!existsSync(join(dist, 'index.html'))) {
    dist = join(dir, 'app');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MINDFLOW_DATA: join(dir, 'level'), MINDFLOW_DIST: dist, MINDFLOW_MESSAGES_PER_SECOND: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      serverLog.push(String(c));
      const port = /MindFlow is running at http:\/\/[^:]+:(\d+)/.exec(String(c))?.[1];
      if (port) {
        URL_HTTP = `http://127.0.0.1:${port}`;
        SERVER.url = URL_HTTP;
        resolve({ child, pid: child.pid! });
      }
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

const SERVER = { url: '' } as RunningServer;

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

interface Room100k {
  room: string;
  editToken: string;
  viewToken: string;
}

async function room100k(): Promise<Room100k & { bytes: number }> {
  const room = (await (await fetch(`${URL_HTTP}/api/rooms`, { method: 'POST' })).json()) as Room100k;
  const doc = docOf(100_000);
  const bytes = Y.encodeStateAsUpdate(doc).byteLength;
  await uploaded(room.room, room.editToken, doc);
  return { ...room, bytes };
}

async function big(pid: number, r: Room100k & { bytes: number }, before: { rssMB: number }): Promise<Record<string, number>> {
  const t0 = performance.now();
  const fresh = client(r.room, r.editToken);
  await fresh.synced;
  const syncMs = performance.now() - t0;
  const topics = fresh.doc.getMap('topic').size;
  const open = usage(pid);
  fresh.destroy();
  return { topics, updateMB: round(r.bytes / 1e6), firstSyncMs: Math.round(syncMs), serverRssBeforeMB: round(before.rssMB), serverRssOpenMB: round(open.rssMB) };
}

interface BrowserRun {
  /** Navigation to the editor mounted (window.__mindflow.scene exists). */
  editorMs: number;
  /** Navigation to the largest WebSocket frame arriving in the page (the map itself, when the snapshot fetch was not used). */
  mapFrameMs: number;
  mapFrameMB: number;
  /**
   * Navigation to the snapshot (document and built map, see server/joinSnapshots.ts) in the editor's
   * hands (its join-answer mark; the page fetches it in a worker as it starts); NaN when none was used.
   */
  snapshotMs: number;
  /** Its size as sent (gzip). */
  snapshotMB: number;
  /** Navigation to all 100k topics in the store. */
  inStoreMs: number;
  /** Navigation to the map drawn and the scene idle: interactive. */
  interactiveMs: number;
  /** The editor's own marks (editorSession.ts), ms from navigation: stored copy read, store bound to the synced document. */
  marks: Record<string, number>;
  longestTaskMs: number;
  sceneFrames: number;
  heapMB: number;
}

/** Self time per function (and per script) of a CPU profile, largest first. */
function summarizeProfile(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fns = new Map<string, number>();
  const scripts = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    const file = n.callFrame.url.split('/').pop() || '(native)';
    const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    scripts.set(file, (scripts.get(file) ?? 0) + us);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([what, us]) => ({ what, ms: Math.round(us / 1000) }));
  return { selfTimeByFunction: top(fns, 20), selfTimeByScript: top(scripts, 8) };
}

/** One fresh Chromium opening the edit link, optionally under the CPU profiler. */
async function browserRun(r: Room100k, profile: boolean): Promise<BrowserRun & { profile?: ReturnType<typeof summarizeProfile> }> {
  const dir = mkdtempSync(join(tmpdir(), 'mindflow-sync-browser-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    // The name is asked once per device; this device has answered already.
    await page.addInitScript(() => {
      localStorage.setItem('mindflow-collaborator', JSON.stringify({ name: 'Bench' }));
      // When the map's frame arrives, before the page handles it (this listener is the first one).
      const frames = { biggest: 0, at: 0 };
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('message', (e: MessageEvent) => {
            const n = (e.data as ArrayBuffer).byteLength ?? String(e.data).length;
            if (n > frames.biggest) Object.assign(frames, { biggest: n, at: performance.now() });
          });
        }
      };
      (window as unknown as { __longest: number }).__longest = 0;
      new PerformanceObserver((list) => {
        const w = window as unknown as { __longest: number };
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    // The snapshot's size as sent (its request comes from a worker: not in the page's own timeline).
    let snapshotBytes = 0;
    page.on('response', (res) => {
      if (/\/api\/rooms\/[^/]+\/snapshot$/.test(new URL(res.url()).pathname)) snapshotBytes = Number(res.headers()['content-length'] ?? 0);
    });
    const cdp = profile ? await ctx.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    const t0 = Date.now();
    await page.goto(`${URL_HTTP}/mindmap/shared/${r.room}#edit=${r.editToken}&view=${r.viewToken}`);
    const hook = await page
      .waitForFunction(() => !!(window as unknown as { __mindflow?: { scene?: unknown } }).__mindflow?.scene, undefined, { timeout: 120_000, polling: 20 })
      .then(() => true, () => false);
    if (!hook) throw new Error(`no window.__mindflow.scene after 120 s: is ${DIST} a test build (npm run build:test)?`);
    const editorMs = Date.now() - t0;
    await page.waitForFunction(() => (window as unknown as { __mindflow: { store: { getState(): { nodes: { n: number } } } } }).__mindflow.store.getState().nodes.n >= 100_000, undefined, { timeout: 300_000, polling: 20 });
    const inStoreMs = Date.now() - t0;
    await page.evaluate(() => (window as unknown as { __mindflow: { scene: { whenIdle(): Promise<void> } } }).__mindflow.scene.whenIdle());
    const interactiveMs = Date.now() - t0;
    const after = await page.evaluate(() => {
      const w = window as unknown as { __longest: number; __mindflow: { scene: { stats(): { frames: number } } } };
      const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      const f = (window as unknown as { __frames: { biggest: number; at: number } }).__frames;
      const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('mindflow:')).map((m) => [m.name.slice(9), Math.round(m.startTime)]));
      return { longest: w.__longest, frames: w.__mindflow.scene.stats().frames, heap: mem ? mem.usedJSHeapSize / 1e6 : NaN, frameAt: f.at, frameBytes: f.biggest, marks };
    });
    if (after.frames === 0) throw new Error('the map was never drawn');
    const run: BrowserRun & { profile?: ReturnType<typeof summarizeProfile> } = {
      editorMs,
      // performance.now() counts from the navigation's start, as t0 does (within a few ms).
      mapFrameMs: Math.round(after.frameAt),
      mapFrameMB: round(after.frameBytes / 1e6),
      // A device new to the map starts from its document and built map, before the socket connects.
      snapshotMs: after.marks['join-answer'] ?? NaN,
      snapshotMB: round(snapshotBytes / 1e6),
      marks: after.marks,
      inStoreMs,
      interactiveMs,
      longestTaskMs: Math.round(after.longest),
      sceneFrames: after.frames,
      heapMB: round(after.heap),
    };
    if (process.env.SYNC_BENCH_SCREENSHOT) await page.screenshot({ path: process.env.SYNC_BENCH_SCREENSHOT });
    if (cdp) {
      const { profile: raw } = await cdp.send('Profiler.stop');
      run.profile = summarizeProfile(raw as Parameters<typeof summarizeProfile>[0]);
      // For DevTools or a call tree: the whole profile.
      if (process.env.SYNC_BENCH_PROFILE_RAW) writeFileSync(process.env.SYNC_BENCH_PROFILE_RAW, JSON.stringify(raw));
    }
    return run;
  } finally {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function browser100k(r: Room100k): Promise<Record<string, unknown>> {
  // Cold: nobody is in the map. The server keeps its answer for joining devices once it has
  // unloaded it (MINDFLOW_STORED_ANSWER_FROM_BYTES set high measures the map built on demand).
  const kept = () => serverLog.some((line) => line.includes(`kept the answer for devices joining ${r.room}`));
  if (!process.env.MINDFLOW_STORED_ANSWER_FROM_BYTES) await until(kept, 120_000, 'the answer kept');
  const cold = { ...(await browserRun(r, process.env.SYNC_BENCH_PROFILE_COLD === '1')), answerKeptInStore: kept() };
  console.log('browser run, map not open on the server', JSON.stringify(cold));
  // Then as when joining people already in the map: a Node client keeps it open on the server.
  const holder = client(r.room, r.editToken);
  await holder.synced;
  try {
    const runs: BrowserRun[] = [];
    for (let i = 0; i < BROWSER_RUNS; i++) {
      runs.push(await browserRun(r, false));
      console.log('browser run', JSON.stringify(runs[runs.length - 1]));
    }
    const med = (f: (x: BrowserRun) => number) => pct(runs.map(f), 50);
    const result: Record<string, unknown> = {
      topics: 100_000,
      runs: runs.length,
      loadAverage1m: round(loadavg()[0]),
      note: 'runs with the map open on the server (someone else in it); mapNotOpenOnServer: the server loads it from its store first',
      medianEditorMs: med((x) => x.editorMs),
      medianMapFrameMs: med((x) => x.mapFrameMs),
      medianInStoreMs: med((x) => x.inStoreMs),
      medianInteractiveMs: med((x) => x.interactiveMs),
      maxInteractiveMs: Math.max(...runs.map((x) => x.interactiveMs)),
      medianLongestTaskMs: med((x) => x.longestTaskMs),
      medianHeapMB: med((x) => x.heapMB),
      targetMs: INTERACTIVE_TARGET_MS,
      each: runs,
      mapNotOpenOnServer: cold,
    };
    if ((result.medianInteractiveMs as number) > INTERACTIVE_TARGET_MS) {
      const profiled = await browserRun(r, true);
      const { profile, ...times } = profiled;
      result.profiledRun = { ...times, note: 'main thread self time under the CPU profiler (1 ms sampling), navigation to idle', ...profile };
    }
    return result;
  } finally {
    holder.destroy();
  }
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
    const previous = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
    const results: Record<string, unknown> = { ...previous, when: new Date().toISOString(), node: process.version, parts: [...PARTS] };
    if (PARTS.has('latency')) results.latency10k5clients = await latency();
    if (PARTS.has('map100k') || PARTS.has('browser100k')) {
      const before = usage(server.pid);
      const r = await room100k();
      if (PARTS.has('map100k')) results.map100k = await big(server.pid, r, before);
      if (PARTS.has('browser100k')) results.browser100k = await browser100k(r);
    }
    if (PARTS.has('soak')) results.soak50clients10k = await soak(server.pid);
    console.log(JSON.stringify(results, null, 2));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

void main();
