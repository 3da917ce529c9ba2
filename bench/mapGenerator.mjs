/**
 * Seeded generator of realistic mind maps of N topics in the export JSON format
 * ({nodes, edges, meta}). Importable from Node and from the browser/tests:
 *
 *   import { generateMap } from './bench/mapGenerator.mjs';
 *   const file = generateMap(100_000, { seed: 42 });
 *
 * Shape: a root with 6–9 main branches; topics branch 2–7 ways near the top and thin out with depth
 * (so the tree is bushy, not a comb), laid out as a right-growing tidy tree: x by depth, leaves 70
 * apart vertically, parents centred on their children. About 1.5% of topics are "middle" connections
 * (animated indigo edge), 0.3% get an extra cross-link edge; some have priority, tags, notes,
 * attachments and animations, as users' maps do.
 */

const PALETTE = [
  '#9b87f5', '#7e69ab', '#6366f1', '#3b82f6', '#0ea5e9',
  '#14b8a6', '#10b981', '#84cc16', '#eab308', '#f59e0b',
  '#f97316', '#ef4444', '#ec4899', '#d946ef', '#64748b',
];
const ANIMATIONS = ['pulse', 'float', 'glow', 'bounce', 'shimmer', 'ripple', 'shake', 'slide'];
export const WORDS = [
  'Market', 'research', 'Roadmap', 'Q3', 'goals', 'Customer', 'interviews', 'Pricing', 'strategy', 'Launch',
  'plan', 'Hiring', 'Budget', 'review', 'Design', 'system', 'Onboarding', 'flow', 'Metrics', 'dashboard',
  'Partner', 'outreach', 'Content', 'calendar', 'Risks', 'Ideas', 'Backlog', 'Sprint', 'Retro', 'notes',
  'Competitor', 'analysis', 'User', 'stories', 'API', 'Mobile', 'app', 'Security', 'audit', 'Growth',
  'experiments', 'Brand', 'voice', 'Support', 'tickets', 'Data', 'pipeline', 'Infra', 'costs', 'Training',
  'Legal', 'Events', 'Newsletter', 'Survey', 'results', 'Feedback', 'loop', 'Vision', 'Team', 'rituals',
];
const TAGS = ['urgent', 'idea', 'research', 'design', 'dev', 'marketing', 'q3', 'blocked', 'review', 'later'];

/** mulberry32: small, fast, good enough for test data. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const LAYOUT = { dx: 280, dy: 70 };

/**
 * @param {number} n number of topics (≥ 1)
 * @param {{ seed?: number, ids?: 'short' | 'nanoid' }} [opts]
 */
export function generateMap(n, opts = {}) {
  const rand = rng(opts.seed ?? 1);
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const label = () => {
    const k = 1 + Math.floor(rand() * 3);
    const words = [];
    for (let i = 0; i < k; i++) words.push(pick(WORDS));
    const s = words.join(' ');
    return s.charAt(0).toUpperCase() + s.slice(1);
  };
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const makeId = (i) => {
    if (opts.ids === 'short') return `n${i}`;
    let s = '';
    for (let k = 0; k < 21; k++) s += alphabet[Math.floor(rand() * 64)];
    return s;
  };

  // Structure: breadth-first, so every branch fills out before the next level starts.
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const kids = Array.from({ length: n }, () => []);
  let next = 1;
  const queue = [0];
  for (let q = 0; q < queue.length && next < n; q++) {
    const p = queue[q];
    const d = depth[p];
    let k;
    if (d === 0) k = 6 + Math.floor(rand() * 4);
    else if (d <= 2) k = 3 + Math.floor(rand() * 5);
    else k = rand() < 0.35 ? 0 : 1 + Math.floor(rand() * 5);
    if (q === queue.length - 1 && k === 0) k = 2; // never stall before n
    for (let i = 0; i < k && next < n; i++) {
      const c = next++;
      parent[c] = p;
      depth[c] = d + 1;
      kids[p].push(c);
      queue.push(c);
    }
  }

  // Tidy right-growing layout, iteratively (deep maps must not overflow the stack).
  const y = new Float64Array(n);
  let leafRow = 0;
  const stack = [[0, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [id, i] = top;
    if (i < kids[id].length) {
      top[1]++;
      stack.push([kids[id][i], 0]);
    } else {
      stack.pop();
      if (kids[id].length === 0) y[id] = leafRow++ * LAYOUT.dy;
      else y[id] = (y[kids[id][0]] + y[kids[id][kids[id].length - 1]]) / 2;
    }
  }
  const rootY = y[0];

  const ids = new Array(n);
  ids[0] = 'root';
  for (let i = 1; i < n; i++) ids[i] = makeId(i);
  const color = new Array(n);
  color[0] = PALETTE[0];

  const nodes = new Array(n);
  const edges = [];
  for (let i = 0; i < n; i++) {
    const p = parent[i];
    if (i > 0) color[i] = depth[i] === 1 ? PALETTE[1 + ((i - 1) % (PALETTE.length - 1))] : rand() < 0.1 ? pick(PALETTE) : color[p];
    const middle = i > 0 && depth[i] > 1 && rand() < 0.015;
    const data = {
      label: i === 0 ? 'Main Topic' : label(),
      expanded: true,
      color: color[i],
      animation: rand() < 0.6 ? 'none' : pick(ANIMATIONS),
    };
    const r = rand();
    if (r < 0.15) data.priority = r < 0.05 ? 'high' : r < 0.1 ? 'medium' : 'low';
    if (rand() < 0.12) {
      const t = 1 + Math.floor(rand() * 5);
      data.tags = [];
      for (let k = 0; k < t; k++) {
        const tag = pick(TAGS);
        if (!data.tags.includes(tag)) data.tags.push(tag);
      }
    }
    if (rand() < 0.08) data.notes = `Notes about ${data.label.toLowerCase()}: follow up with the team next week.`;
    if (rand() < 0.02) {
      const type = pick(['link', 'image', 'file']);
      data.attachment = { type, url: `https://example.com/${type}/${i}`, title: `${type} ${i}` };
    }
    nodes[i] = {
      id: ids[i],
      type: i === 0 ? 'root' : 'child',
      position: { x: depth[i] * LAYOUT.dx, y: y[i] - rootY },
      parentId: p < 0 ? null : ids[p],
      connectionType: middle ? 'middle' : 'standard',
      data,
    };
    if (p >= 0) {
      edges.push({
        id: `e-${ids[p]}-${ids[i]}`,
        source: ids[p],
        target: ids[i],
        style: { stroke: middle ? '#6366F1' : color[p], strokeWidth: 2 },
        animated: middle,
      });
    }
  }
  // A few cross-links between topics of neighbouring rows (non-tree edges).
  const links = Math.floor(n * 0.003);
  for (let k = 0; k < links; k++) {
    const a = 1 + Math.floor(rand() * (n - 1));
    const b = Math.min(n - 1, a + 1 + Math.floor(rand() * 20));
    if (a === b || parent[b] === a || parent[a] === b) continue;
    const id = `e-${ids[a]}-${ids[b]}`;
    edges.push({ id, source: ids[a], target: ids[b], style: { stroke: color[a], strokeWidth: 2 }, animated: false });
  }
  return { nodes, edges, meta: { exportedAt: new Date(0).toISOString(), version: '1.0' } };
}

/** Same as generateMap but as JSON text (what a file or paste gives the Import dialog). */
export function generateMapText(n, opts = {}) {
  return JSON.stringify(generateMap(n, opts));
}
