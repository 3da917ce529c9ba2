import { describe, expect, it } from 'vitest';
import { SceneIndex } from '../../../src/scene/spatial/sceneIndex';
import { approximateCharWidth, MetricsCache, TextMeasurer } from '../../../src/scene/topics/nodeMetrics';
import { edgeId, getEdge } from '../../../src/state/doc';
import { connect, moveToParent } from '../../../src/state/operations';
import { tree } from '../helpers/tree';

const indexOf = () => new SceneIndex(new MetricsCache(new TextMeasurer((ch) => approximateCharWidth(ch))), () => true);

describe('connections the user drew, told apart from the tree (drawn dashed)', () => {
  it('marks a connection, not the edges from a topic to its parent, in a full rebuild and edge by edge', () => {
    const store = tree('Root', ['A', 'A1'], ['B', 'B1']);
    expect(connect(store, 'A1', 'B1').ok).toBe(true);
    const s = store.getState();
    const index = indexOf();
    index.rebuildAll(s);
    expect(index.edgeBoxes.get(edgeId('A1', 'B1'))?.link).toBe(true);
    for (const [a, b] of [['A', 'A1'], ['B', 'B1']]) expect(index.edgeBoxes.get(edgeId(a, b))?.link).toBe(false);
    // The box made for one edge (an edit) says the same.
    expect(index.edgeBox(getEdge(s, edgeId('A1', 'B1'))!, s)?.link).toBe(true);
    expect(index.edgeBox(getEdge(s, edgeId('B', 'B1'))!, s)?.link).toBe(false);
    index.destroy();
  });

  it('a connection whose target becomes the source\'s child is a tree edge from then on', () => {
    const store = tree('Root', ['A'], ['B', 'B1']);
    expect(connect(store, 'A', 'B1').ok).toBe(true);
    expect(moveToParent(store, 'B1', 'A').ok).toBe(true);
    const s = store.getState();
    const index = indexOf();
    index.rebuildAll(s);
    const e = getEdge(s, edgeId('A', 'B1'));
    expect(e).toBeDefined();
    expect(index.edgeBoxes.get(edgeId('A', 'B1'))?.link).toBe(false);
    index.destroy();
  });
});
