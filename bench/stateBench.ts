/**
 * State benchmark: how long the state module's work takes at 1k, 10k and 100k topics, in Node.
 * Run with `npm run bench`. Prints a table and writes bench/results/state.json.
 * Medians and p95 of repeated runs; the machine is shared, so read trends, not single numbers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { childIds } from '../src/state/doc';
import { keepLaidOut, tidyUp } from '../src/state/layout/apply';
import { layoutTree } from '../src/state/layout/engine';
import { addChild, deleteNode, renameNode, setExpanded, setSearch, updateSettings } from '../src/state/operations';
import { serializeMap } from '../src/state/persistence';
import { parseMapText } from '../src/state/restore';
import { exportJson, preOrderIds } from '../src/state/snapshot';
import { MindMapStore } from '../src/state/store';
import { VisibilityView } from '../src/state/views';
import { generateMap } from './mapGenerator.mjs';

const SIZES = [1_000, 10_000, 100_000];
const TARGETS_MS: Record<string, number> = {
  addChild: 1,
  rename: 1,
  'import+validate': 500,
  search: 30,
  'layout (balanced)': 200,
  'add child with auto-layout': 16,
};

interface Stat {
  median: number;
  p95: number;
  runs: number;
}

function stats(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: round(at(0.5)), p95: round(at(0.95)), runs: s.length };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

function time(runs: number, setup: () => void, fn: () => void): Stat {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    setup();
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

/** The topic whose branch size is closest to `target` (subtree sizes from a reverse pre-order pass). */
function branchOfSize(store: MindMapStore, target: number): { id: string; size: number } {
  const s = store.getState();
  const order = preOrderIds(s);
  const size = new Map<string, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    let n = 1;
    for (const k of childIds(s, order[i])) n += size.get(k)!;
    size.set(order[i], n);
  }
  let best = order[1];
  for (const id of order.slice(1)) {
    if (Math.abs(size.get(id)! - target) < Math.abs(size.get(best)! - target)) best = id;
  }
  return { id: best, size: size.get(best)! };
}

/** Collects the previous run's garbage before a heavy run, so each run pays only for its own. */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

function loadStore(text: string): MindMapStore {
  const r = parseMapText(text);
  if (!r.ok) throw new Error(r.error);
  return new MindMapStore(r.state);
}

const results: Record<string, unknown>[] = [];
for (const n of SIZES) {
  const text = JSON.stringify(generateMap(n, { seed: 7 }));
  const row: Record<string, unknown> = { topics: n };
  const heavyRuns = n >= 100_000 ? 5 : 15;

  row['import+validate'] = time(heavyRuns, collect, () => loadStore(text));
  const store = loadStore(text);
  const view = new VisibilityView(store); // keeps derived views live, as the editor does
  row.export = time(heavyRuns, collect, () => exportJson(store.getState()));
  row.save = time(heavyRuns, collect, () => serializeMap(store.getState()));

  let parent = 'root';
  row.addChild = time(200, () => {}, () => {
    addChild(store, parent);
  });
  parent = store.getState().selectedNodeId!;
  let k = 0;
  row.rename = time(200, () => {}, () => {
    renameNode(store, parent, `Renamed ${k++}`);
  });
  row.undo = time(200, () => {}, () => {
    store.undo();
  });

  const branch = branchOfSize(store, Math.min(10_000, Math.floor(n / 3)));
  row.branchSize = branch.size;
  row['toggle branch'] = time(10, () => setExpanded(store, branch.id, true), () => setExpanded(store, branch.id, false));
  setExpanded(store, branch.id, true);
  row['delete branch'] = time(10, () => {}, () => {
    deleteNode(store, branch.id);
    store.undo();
  });
  row['undo delete branch'] = time(10, () => deleteNode(store, branch.id), () => store.undo());
  row['layout (balanced)'] = time(heavyRuns, collect, () => layoutTree(store.getState(), 'balanced'));
  row['tidy up (balanced)'] = time(heavyRuns, collect, () => {
    tidyUp(store, 'balanced');
    store.undo();
  });
  const stopAuto = keepLaidOut(store);
  updateSettings(store, { layout: 'balanced', autoLayout: true });
  row['add child with auto-layout'] = time(20, () => {}, () => {
    addChild(store, parent);
  });
  // Undo puts back a table laid out earlier; the next add resumes from it instead of starting over.
  row['undo, then add child with auto-layout'] = time(10, () => store.undo(), () => {
    addChild(store, parent);
  });
  updateSettings(store, { autoLayout: false });
  stopAuto();
  let q = 0;
  row.search = time(20, () => {}, () => setSearch(store, `market ${q++ % 10}`));
  setSearch(store, '');
  view.destroy();
  results.push(row);
  console.error(`done ${n}`);
}

const table = [
  '| operation | ' + SIZES.map((n) => `${n.toLocaleString('en')} topics (median / p95 ms)`).join(' | ') + ' | target |',
  '|---|' + SIZES.map(() => '---').join('|') + '|---|',
];
for (const key of Object.keys(results[0]).filter((k) => k !== 'topics' && k !== 'branchSize')) {
  const cells = results.map((r) => {
    const s = r[key] as Stat;
    return `${s.median} / ${s.p95}`;
  });
  const target = TARGETS_MS[key] !== undefined ? `≤ ${TARGETS_MS[key]} at 100k` : '';
  table.push(`| ${key} | ${cells.join(' | ')} | ${target} |`);
}
table.push(`| (branch size) | ${results.map((r) => r.branchSize).join(' | ')} | |`);

mkdirSync('bench/results', { recursive: true });
const out = { node: process.version, date: new Date().toISOString(), results };
writeFileSync('bench/results/state.json', JSON.stringify(out, null, 2));
console.log(table.join('\n'));
