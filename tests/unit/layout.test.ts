import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childIds, createInitialState, type MindMapState } from '../../src/state/doc';
import { setExpanded } from '../../src/state/operations';
import { EDGE_WIDTH } from '../../src/state/model';
import { insertEdge, insertNode, treeEdge } from '../../src/state/mutations';
import { MindMapStore } from '../../src/state/store';
import { layoutTree } from '../../src/state/layout/engine';
import { balancedSplit, DEFAULT_TOPIC_SIZE, type Size, type TidyLayout } from '../../src/state/layout/tidy';
import { computeVisibleIds } from '../../src/state/tree';
import { chain, tree } from './helpers/tree';

const KINDS: TidyLayout[] = ['right', 'balanced', 'down'];

/** A random tree: parents[i] < i is the parent of topic i+1 (topic 0 is the root). */
function randomTree(parents: number[], collapsed: Set<number> = new Set()): MindMapStore {
  const store = new MindMapStore();
  store.transact('build', (d) => {
    parents.forEach((p, i) => {
      const id = `t${i + 1}`;
      const parentId = p === 0 ? 'root' : `t${p}`;
      insertNode(d, {
        id,
        type: 'child',
        position: { x: 0, y: 0 },
        parentId,
        connectionType: 'standard',
        data: { label: id, expanded: !collapsed.has(i + 1), color: '#9b87f5', animation: 'pulse' },
      });
      insertEdge(d, treeEdge(parentId, id, '#9b87f5', false, EDGE_WIDTH));
    });
  });
  return store;
}

const sizeOf = (id: string): Size => ({ width: 140 + ((id.length * 37) % 80), height: 56 });

function overlaps(s: MindMapState, positions: Map<string, { x: number; y: number }>): string[] {
  const shown = [...computeVisibleIds(s)];
  const found: string[] = [];
  for (let i = 0; i < shown.length; i++) {
    const a = positions.get(shown[i])!;
    const sa = sizeOf(shown[i]);
    for (let j = i + 1; j < shown.length; j++) {
      const b = positions.get(shown[j])!;
      const sb = sizeOf(shown[j]);
      if (a.x < b.x + sb.width && b.x < a.x + sa.width && a.y < b.y + sb.height && b.y < a.y + sa.height) {
        found.push(`${shown[i]} overlaps ${shown[j]}`);
      }
    }
  }
  return found;
}

const parentsArb = (max: number) =>
  fc.integer({ min: 1, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: 0, max: i }))));

describe('tidy layouts', () => {
  it.each(KINDS)('%s: no two shown topics overlap, on random trees', (kind) => {
    fc.assert(
      fc.property(parentsArb(60), fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 5 }), (parents, coll) => {
        const store = randomTree(parents, new Set(coll));
        const { positions } = layoutTree(store.getState(), kind, sizeOf);
        expect(overlaps(store.getState(), positions)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it.each(KINDS)('%s: no overlaps on a 2,000-topic random tree', (kind) => {
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const parents = Array.from({ length: 2000 }, (_, i) => Math.floor(next() * (i + 1)));
    const store = randomTree(parents);
    const { positions } = layoutTree(store.getState(), kind, sizeOf);
    expect(positions.size).toBe(2001);
    expect(overlaps(store.getState(), positions)).toEqual([]);
  });

  it.each(KINDS)('%s: a parent is centred on its first and last child', (kind) => {
    const store = tree('Root', ['A', 'A1', ['A2', 'A21', 'A22', 'A23'], 'A3'], 'B');
    const { positions } = layoutTree(store.getState(), kind, sizeOf);
    const centre = (id: string) => {
      const p = positions.get(id)!;
      const s = sizeOf(id);
      return kind === 'down' ? p.x + s.width / 2 : p.y + s.height / 2;
    };
    for (const id of ['A', 'A2']) {
      const kids = childIds(store.getState(), id);
      expect(centre(id)).toBeCloseTo((centre(kids[0]) + centre(kids[kids.length - 1])) / 2, 6);
    }
  });

  it('right: children sit to the right of their parent, the root stays put', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    const { positions } = layoutTree(store.getState(), 'right', sizeOf);
    expect(positions.get('root')).toEqual({ x: 0, y: 0 });
    expect(positions.get('A')!.x).toBe(sizeOf('root').width + 60);
    expect(positions.get('A1')!.x).toBe(positions.get('A')!.x + sizeOf('A').width + 60);
    expect(positions.get('A')!.y).toBeLessThan(positions.get('B')!.y);
  });

  it('down: children sit below their parent', () => {
    const store = tree('Root', 'A', 'B');
    const { positions } = layoutTree(store.getState(), 'down', sizeOf);
    expect(positions.get('A')!.y).toBe(56 + 60);
    expect(positions.get('A')!.x).toBeLessThan(positions.get('B')!.x);
  });

  it('balanced: main branches split left and right by size, left ones grow leftwards', () => {
    const store = tree('Root', ['A', 'A1', 'A2', 'A3'], 'B', 'C', ['D', 'D1', 'D2']);
    const { positions } = layoutTree(store.getState(), 'balanced', sizeOf);
    const rootX = positions.get('root')!.x;
    const rightOnes = ['A', 'B', 'C', 'D'].filter((id) => positions.get(id)!.x > rootX);
    const leftOnes = ['A', 'B', 'C', 'D'].filter((id) => positions.get(id)!.x < rootX);
    expect(rightOnes.length).toBeGreaterThan(0);
    expect(leftOnes.length).toBeGreaterThan(0);
    expect(positions.get('D1')!.x).toBeLessThan(positions.get('D')!.x);
    expect(balancedSplit(['a', 'b', 'c', 'd'], [10, 10, 10, 10])).toBe(2);
    expect(balancedSplit(['a', 'b'], [100, 1])).toBe(1);
    expect(balancedSplit(['a'], [5])).toBe(1);
  });

  it('collapsed branches take no room; expanding makes room', () => {
    const store = tree('Root', ['A', 'A1', 'A2', 'A3', 'A4'], 'B');
    const open = layoutTree(store.getState(), 'right', sizeOf).positions;
    setExpanded(store, 'A', false);
    const closed = layoutTree(store.getState(), 'right', sizeOf).positions;
    const gap = (p: Map<string, { y: number }>) => p.get('B')!.y - p.get('A')!.y;
    expect(gap(closed)).toBe(56 + 16);
    expect(gap(open)).toBeGreaterThan(gap(closed));
  });

  it('is deterministic', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], ['B', 'B1'], 'C');
    for (const kind of KINDS) {
      const a = layoutTree(store.getState(), kind, sizeOf).positions;
      const b = layoutTree(store.getState(), kind, sizeOf).positions;
      expect([...a]).toEqual([...b]);
    }
  });

  it('lays out a 100,000-level chain without overflowing the stack', () => {
    const store = chain(100_000);
    const { positions } = layoutTree(store.getState(), 'right');
    expect(positions.get('n100000')!.x).toBe(100_000 * (DEFAULT_TOPIC_SIZE.width + 60));
  });

  it('works on the initial map', () => {
    const { positions } = layoutTree(createInitialState(), 'balanced');
    expect([...positions]).toEqual([['root', { x: 0, y: 0 }]]);
  });
});
