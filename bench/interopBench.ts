/**
 * Interop benchmark, in Node: importing the corpus's 2,010-topic Freeplane map; generated
 * 100,000-topic OPML, Markdown and .mm files (written by MindFlow's own writers from
 * bench/mapGenerator.mjs's map) read to a map snapshot through readMapFile, the import's one
 * entry; and exports of that 100k map in every format. Writes bench/results/interop.json with
 * medians and p95 (ms). Run with `node --expose-gc --import tsx bench/interopBench.ts` (part of
 * `npm run bench`). Each run starts after a garbage collection, so it pays for its own garbage only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { readMapFile } from '../src/state/interop';
import { EXPORT_FORMATS } from '../src/state/interop/exportFormats';
import { restoreMap } from '../src/state/restore';
import { generateMap } from './mapGenerator.mjs';

const CORPUS_MAP = '../shared/interop-corpus/mm/freeplane-1.11-markdownhelper-wiki.mm';
// INTEROP_BENCH_TOPICS makes a quick smaller run; the targets are for 100,000.
const N = Number(process.env.INTEROP_BENCH_TOPICS) || 100_000;
const TARGETS_MS: Record<string, number> = {
  'import Freeplane 2,010 topics': 300,
  'read 100k OPML': 3000,
  'read 100k Markdown': 3000,
  'read 100k FreeMind': 3000,
};
const EXPORT_TARGET_MS = 2000;

interface Stat {
  median: number;
  p95: number;
  runs: number;
}

const round = (v: number) => Math.round(v * 10) / 10;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

function stats(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: round(at(0.5)), p95: round(at(0.95)), runs: s.length };
}

/** One warm-up run, then `runs` timed ones. */
function time(runs: number, fn: () => void): Stat {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    collect();
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

function mustRead(input: { text?: string; bytes?: Uint8Array; fileName: string }, topics?: number): void {
  const r = readMapFile(input, { sheet: 'all' });
  if (r.ok !== true) throw new Error(`${input.fileName}: ${r.ok === false ? r.error : 'several sheets'}`);
  if (topics !== undefined && r.count !== topics) throw new Error(`${input.fileName}: ${r.count} topics, expected ${topics}`);
}

// The machine is shared: the load average before and after says how far to trust the numbers.
const loadBefore = loadavg();
const rows: { operation: string; stat: Stat; target?: number; bytes?: number }[] = [];
const row = (operation: string, stat: Stat, bytes?: number) => {
  const target = TARGETS_MS[operation] ?? (operation.startsWith('export 100k') ? EXPORT_TARGET_MS : undefined);
  rows.push({ operation, stat, ...(target ? { target } : {}), ...(bytes ? { bytes } : {}) });
  console.log(`${operation}: ${stat.median} / ${stat.p95} ms`);
};

if (existsSync(CORPUS_MAP)) {
  const bytes = new Uint8Array(readFileSync(CORPUS_MAP));
  row('import Freeplane 2,010 topics', time(15, () => mustRead({ bytes, fileName: 'wiki.mm' }, 2010)), bytes.length);
} else {
  console.log(`(skipped the corpus import: ${CORPUS_MAP} is not there)`);
}

const restored = restoreMap(generateMap(N));
if (!restored.ok) throw new Error(restored.error);
const state = restored.state;

const files = new Map<string, string | Uint8Array>();
for (const f of EXPORT_FORMATS) {
  const last: { data: string | Uint8Array } = { data: '' };
  const stat = time(3, () => (last.data = f.write(state).data));
  row(`export 100k ${f.label}`, stat, typeof last.data === 'string' ? Buffer.byteLength(last.data) : last.data.length);
  files.set(f.id, last.data);
}

const reads: [string, string, string][] = [
  ['read 100k OPML', 'opml', 'map.opml'],
  ['read 100k Markdown', 'markdown', 'map.md'],
  ['read 100k FreeMind', 'freemind', 'map.mm'],
  ['read 100k XMind', 'xmind', 'map.xmind'],
  ['read 100k JSON', 'json', 'map.json'],
];
for (const [name, id, fileName] of reads) {
  const data = files.get(id)!;
  const input = typeof data === 'string' ? { text: data, fileName } : { bytes: data, fileName };
  row(name, time(3, () => mustRead(input, N)));
}

mkdirSync('bench/results', { recursive: true });
const out = {
  node: process.version,
  date: new Date().toISOString(),
  topics: N,
  loadAverage: { before: loadBefore.map(round), after: loadavg().map(round) },
  results: rows.map((r) => ({ operation: r.operation, ...r.stat, ...(r.target ? { target: r.target } : {}), ...(r.bytes ? { bytes: r.bytes } : {}) })),
};
writeFileSync('bench/results/interop.json', JSON.stringify(out, null, 2));

const table = ['| operation | median / p95 ms | target | file size |', '|---|---|---|---|'];
for (const r of rows) {
  const met = r.target === undefined ? '' : r.stat.median <= r.target ? `≤ ${r.target} (met)` : `≤ ${r.target} (MISSED)`;
  const size = r.bytes ? `${(r.bytes / 1e6).toFixed(1)} MB` : '';
  table.push(`| ${r.operation} | ${r.stat.median} / ${r.stat.p95} | ${met} | ${size} |`);
}
console.log(table.join('\n'));
