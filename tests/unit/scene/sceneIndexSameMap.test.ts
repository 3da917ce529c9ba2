import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/scene/geometry';
import { SceneIndex } from '../../../src/scene/spatial/sceneIndex';
import { approximateCharWidth, MetricsCache, TextMeasurer } from '../../../src/scene/topics/nodeMetrics';
import type { MindMapState } from '../../../src/state/doc';
import { tidyUp } from '../../../src/state/layout/apply';
import { addChild } from '../../../src/state/operations';
import { tableGet, tableSet } from '../../../src/state/table';
import { applyStep, importedStore } from '../helpers/edits';
import { wide } from '../helpers/tree';

const indexOf = () => new SceneIndex(new MetricsCache(new TextMeasurer((ch) => approximateCharWidth(ch))), () => true);

/** Every box the index holds, as plain data sorted by id. */
function boxesOf(index: SceneIndex) {
  const nodes = [...index.nodeBoxes].map(([id, b]) => [id, { ...b }] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const edges = [...index.edgeBoxes]
    // `pass` counts the index's own rebuilds: not part of what a box says.
    .map(([id, { pass: _pass, ...b }]) => [id, { ...b, route: { ...b.route } }] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { nodes, edges };
}

function fresh(s: MindMapState) {
  const index = indexOf();
  index.rebuildAll(s);
  const boxes = boxesOf(index);
  index.destroy();
  return boxes;
}

describe('rebuilding every box of the map the index already holds', () => {
  it('gives the boxes a fresh index gives, rewriting the same objects', () => {
    const { store } = importedStore(300, 3);
    const index = indexOf();
    index.rebuildAll(store.getState());
    const firstId = [...index.nodeBoxes.keys()][0];
    const nodeBox = index.nodeBoxes.get(firstId)!;
    const edgeId = [...index.edgeBoxes.keys()][0];
    const edgeBox = index.edgeBoxes.get(edgeId)!;
    const route = edgeBox.route;
    expect(tidyUp(store, 'right')).toBe(true);
    index.rebuildAll(store.getState());
    expect(boxesOf(index)).toEqual(fresh(store.getState()));
    expect(index.nodeBoxes.get(firstId)).toBe(nodeBox);
    expect(index.edgeBoxes.get(edgeId)).toBe(edgeBox);
    expect(edgeBox.route).toBe(route);
    index.destroy();
  });

  it('drops the boxes of topics and edges gone since, and adds the new ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(
          fc.record({ op: fc.integer({ min: 0, max: 10 }), a: fc.nat(400), b: fc.nat(400), text: fc.string({ maxLength: 12 }) }),
          { minLength: 1, maxLength: 12 },
        ),
        (seed, steps) => {
          const { store } = importedStore(120, seed);
          const ids = [...index0(store.getState())];
          const index = indexOf();
          index.rebuildAll(store.getState());
          for (const step of steps) {
            if (step.op === 9) store.undo();
            else if (step.op === 10) tidyUp(store, step.a % 2 === 0 ? 'right' : 'balanced');
            else applyStep(store, ids, step);
            index.rebuildAll(store.getState());
            expect(boxesOf(index)).toEqual(fresh(store.getState()));
          }
          index.destroy();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('follows an edge whose look changed under the same id', () => {
    const store = wide(120);
    const index = indexOf();
    index.rebuildAll(store.getState());
    const eid = [...index.edgeBoxes.keys()][5];
    store.transact('restyle', (d) => {
      const e = tableGet(d.edges, eid)!;
      tableSet(d.edges, eid, { ...e, style: { stroke: '#123456', strokeWidth: 7 }, animated: !e.animated });
    });
    index.rebuildAll(store.getState());
    expect(boxesOf(index)).toEqual(fresh(store.getState()));
    expect(index.edgeBoxes.get(eid)).toMatchObject({ stroke: '#123456', strokeWidth: 7 });
    index.destroy();
  });

  it('takes another map for a new one: nothing of the first is left', () => {
    const a = importedStore(200, 5).store.getState();
    const b = wide(150).getState();
    const index = indexOf();
    index.rebuildAll(a);
    index.rebuildAll(b);
    expect(boxesOf(index)).toEqual(fresh(b));
    // And back: the same map as before the other one.
    index.rebuildAll(a);
    expect(boxesOf(index)).toEqual(fresh(a));
    index.destroy();
  });

  it('hands out copies of the boxes a layout tween starts from: a rebuild leaves them as they were', () => {
    const store = wide(200);
    const index = indexOf();
    index.rebuildAll(store.getState());
    const all: Rect = { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 };
    const ids = new Set(index.nodeBoxes.keys());
    const before = index.boxesIn(all, ids);
    const kept = [...before].map(([id, b]) => [id, { ...b }] as const);
    expect(before.size).toBe(ids.size);
    addChild(store, 'root');
    expect(tidyUp(store, 'right')).toBe(true);
    index.rebuildAll(store.getState());
    expect([...before].map(([id, b]) => [id, { ...b }] as const)).toEqual(kept);
    // The layout moved them: the index's own boxes are not what the copies say.
    expect([...before].some(([id, b]) => index.nodeBoxes.get(id)!.minY !== b.minY)).toBe(true);
    index.destroy();
  });
});

function index0(s: MindMapState): Iterable<string> {
  const ids: string[] = [];
  for (const [id] of fresh(s).nodes) ids.push(id);
  return ids;
}
