/**
 * Maps for the export tests: a small one that uses every field a topic can carry, with labels and
 * notes full of characters the formats treat as syntax, and deep chains.
 */
import { buildState } from '../../../src/state/snapshot';
import type { MindMapState } from '../../../src/state/doc';
import type { MapSnapshot } from '../../../src/state/model';
import { chainSnapshot, makeEdge, makeNode } from '../helpers/mapFixtures';

export const TRICKY = 'Quotes "x" \'y\' > z | ~w~ `c` [l](u) \\ *b* _i_ & <tag> &amp;';

/** Every field, syntax characters everywhere, one collapsed branch and two connections. */
export function richSnapshot(): MapSnapshot {
  const nodes = [
    makeNode('root', null, { label: 'Plan & <Goals>', notes: 'Why: *all* of it\n\nSecond paragraph\n- a list line\n1. numbered line' }),
    makeNode('h', 'root', { label: '# Heading-like', tags: ['x', 'y/z'], priority: 'high', color: '#ef4444' }),
    makeNode('two', 'h', { label: 'Line one\nLine two', done: false }),
    makeNode('num', 'h', {
      label: '1. numbered',
      done: true,
      attachment: { type: 'link', url: 'https://example.com/a_(b)?q=1&r=2', title: 'Example' },
    }),
    makeNode('col', 'root', { label: 'Collapsed', expanded: false, priority: 'low' }),
    makeNode('hid', 'col', { label: 'Hidden child', notes: 'note under <hidden> & "quoted"' }),
    makeNode('deep', 'hid', { label: 'deep', priority: 'medium' }),
    makeNode('q', 'root', { label: TRICKY, color: '#10b981' }),
    makeNode('cjk', 'root', { label: 'はい 日本語 — emoji 🌱' }),
  ];
  // Placed as a right-hand tree so that the picture's edges have shape.
  const depth = new Map<string, number>([['root', 0]]);
  nodes.forEach((n, i) => {
    const d = n.parentId === null ? 0 : depth.get(n.parentId)! + 1;
    depth.set(n.id, d);
    n.position = { x: d * 260, y: i * 80 };
  });
  const edges = nodes.filter((n) => n.parentId !== null).map((n) => makeEdge(n.parentId!, n.id));
  edges.push(makeEdge('h', 'deep'), makeEdge('q', 'two'));
  return { nodes, edges };
}

export function richState(): MindMapState {
  return buildState(richSnapshot(), 'root');
}

export function chainState(depth: number): MindMapState {
  return buildState(chainSnapshot(depth), 'root');
}
