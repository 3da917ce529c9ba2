/**
 * The map shapes of the frame bench, as export JSON text (what the Import dialog reads):
 *   "1k", "10k", "100k" (or any "<n>k" / "<n>"): bushy maps from mapGenerator.mjs, seed 42;
 *   "flat":  one root with 50,000 children ("flat:<n>" for another count), as imported outlines
 *            and bookmark folders often are;
 *   "chain": 100,000 levels, each topic the only child of the one before ("chain:<n>").
 * Flat and chain labels are drawn from the generator's word list, so a search finds matches in
 * every shape. Positions follow the generator's right-growing tidy layout (x by depth, rows 70 apart).
 */
import { LAYOUT, WORDS, rng } from './mapGenerator.mjs';

const ROOT = { id: 'root', type: 'root', position: { x: 0, y: 0 }, parentId: null, connectionType: 'standard', data: { label: 'Main Topic', expanded: true, color: '#9b87f5' } };
const COLORS = ['#3b82f6', '#14b8a6', '#f97316', '#ec4899', '#84cc16'];

function labeller(seed) {
  const rand = rng(seed);
  return (i) => {
    const k = 1 + Math.floor(rand() * 3);
    const words = [];
    for (let j = 0; j < k; j++) words.push(WORDS[Math.floor(rand() * WORDS.length)]);
    return `${words.join(' ')} ${i}`;
  };
}

function child(id, parentId, x, y, label, color) {
  return { id, type: 'child', position: { x, y }, parentId, connectionType: 'standard', data: { label, expanded: true, color } };
}

function edge(source, target, color) {
  return { id: `e-${source}-${target}`, source, target, style: { stroke: color, strokeWidth: 2 }, animated: false };
}

/** One root with `n` children in one column centred on the root. */
export function flatMap(n, seed = 42) {
  const label = labeller(seed);
  const nodes = [ROOT];
  const edges = [];
  for (let i = 0; i < n; i++) {
    const color = COLORS[i % COLORS.length];
    nodes.push(child(`f${i}`, 'root', LAYOUT.dx, (i - (n - 1) / 2) * LAYOUT.dy, label(i), color));
    edges.push(edge('root', `f${i}`, ROOT.data.color));
  }
  return { nodes, edges, meta: { exportedAt: new Date(0).toISOString(), version: '1.0' } };
}

/** Topics per row of the chain's snake (see chainMap). */
export const CHAIN_ROW = 1000;

/**
 * A chain of `n` topics (the root included): topic i is the only child of topic i-1, one level deeper.
 * Laid out as a snake of rows of CHAIN_ROW topics (left to right, then right to left, …). Why not one
 * straight line: 100,000 topics side by side span 28 million units, past the ±10,000,000 every
 * coordinate is clamped to (rules.ts), which would stack most of the chain on one spot.
 */
export function chainMap(n, seed = 42) {
  const label = labeller(seed);
  const nodes = [ROOT];
  const edges = [];
  let parent = 'root';
  for (let i = 1; i < n; i++) {
    const id = `c${i}`;
    const color = COLORS[Math.floor(i / 100) % COLORS.length];
    const row = Math.floor(i / CHAIN_ROW);
    const col = i % CHAIN_ROW;
    const x = (row % 2 === 0 ? col : CHAIN_ROW - 1 - col) * LAYOUT.dx;
    nodes.push(child(id, parent, x, row * 2 * LAYOUT.dy, label(i), color));
    edges.push(edge(parent, id, color));
    parent = id;
  }
  return { nodes, edges, meta: { exportedAt: new Date(0).toISOString(), version: '1.0' } };
}

/**
 * Parses a shape name ("1k", "100000", "flat", "flat:2000", "chain", "chain:5000").
 * Returns { name, kind: 'generated' | 'flat' | 'chain', topics } or throws with a clear message.
 */
export function parseShape(spec) {
  const s = String(spec).trim().toLowerCase();
  const m = /^(flat|chain)(?::(\d+))?$/.exec(s);
  if (m) {
    const kind = m[1];
    const count = m[2] ? Number(m[2]) : kind === 'flat' ? 50_000 : 100_000;
    if (!(count >= 2)) throw new Error(`shape "${spec}": needs at least 2 topics`);
    // flat:<n> counts children (the root comes on top); chain:<n> counts every topic.
    return { name: m[2] ? s : kind, kind, topics: kind === 'flat' ? count + 1 : count, param: count };
  }
  const g = /^(\d+(?:\.\d+)?)(k?)$/.exec(s);
  if (g) {
    const topics = Math.round(Number(g[1]) * (g[2] ? 1000 : 1));
    if (!(topics >= 2)) throw new Error(`shape "${spec}": needs at least 2 topics`);
    return { name: topics % 1000 === 0 ? `${topics / 1000}k` : String(topics), kind: 'generated', topics, param: topics };
  }
  throw new Error(`unknown shape "${spec}": use 1k, 10k, 100k (any <n>k or <n>), flat[:children] or chain[:topics]`);
}
