/**
 * Seeded generator of realistic maps in the export format: a root with a handful of main branches,
 * then topics with 2–8 children each (fewer deeper down), breadth-first, laid out on a simple grid so
 * nothing overlaps. Same seed, same map. Runs in Node and in the browser.
 */
import type { ExportFile, MindEdge, MindNode } from '../src/state/model';

const PALETTE = ['#9b87f5', '#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#ec4899', '#14b8a6'];
const WORDS = ['Strategy', 'Market', 'Product', 'Research', 'Budget', 'Hiring', 'Launch', 'Design', 'Risk', 'Metrics',
  'Customers', 'Partners', 'Pricing', 'Roadmap', 'Content', 'Sales', 'Support', 'Legal', 'Data', 'Ops'];

/** mulberry32: a tiny, fast, seedable PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateMap(count: number, seed = 1): ExportFile {
  const rand = rng(seed);
  const nodes: MindNode[] = [];
  const edges: MindEdge[] = [];
  const depthOf: number[] = [0];
  nodes.push({
    id: 'root',
    type: 'root',
    position: { x: 0, y: 0 },
    parentId: null,
    connectionType: 'standard',
    data: { label: 'Main Topic', expanded: true, color: '#9b87f5', animation: 'pulse' },
  });
  const columns = Math.ceil(Math.sqrt(count));
  let next = 0; // index of the parent being filled, breadth-first
  while (nodes.length < count) {
    const parent = nodes[next];
    const depth = depthOf[next];
    const fanout = depth === 0 ? 6 : 2 + Math.floor(rand() * (depth < 3 ? 7 : 4));
    for (let k = 0; k < fanout && nodes.length < count; k++) {
      const i = nodes.length;
      const id = `n${i.toString(36)}-${seed}`;
      const color = depth === 0 ? PALETTE[k % PALETTE.length] : parent.data.color;
      const node: MindNode = {
        id,
        type: 'child',
        position: { x: (i % columns) * 260, y: Math.floor(i / columns) * 90 },
        parentId: parent.id,
        connectionType: 'standard',
        data: {
          label: `${WORDS[Math.floor(rand() * WORDS.length)]} ${i}`,
          expanded: true,
          color,
          animation: 'none',
        },
      };
      if (rand() < 0.1) node.data.priority = (['low', 'medium', 'high'] as const)[Math.floor(rand() * 3)];
      if (rand() < 0.05) node.data.tags = ['idea', 'review'];
      nodes.push(node);
      depthOf.push(depth + 1);
      edges.push({ id: `e-${parent.id}-${id}`, source: parent.id, target: id, style: { stroke: color, strokeWidth: 2 }, animated: false });
    }
    next++;
  }
  return { nodes, edges, meta: { exportedAt: new Date(0).toISOString(), version: '1.0' } };
}
