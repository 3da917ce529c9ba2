import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/scene/geometry';
import { BACKGROUND_REBUILD_MIN_TOPICS, SceneIndex } from '../../../src/scene/spatial/sceneIndex';
import { OVERLAY_LIMIT, packTree, type TreeBuilder } from '../../../src/scene/spatial/spatialIndex';
import { approximateCharWidth, MetricsCache, TextMeasurer } from '../../../src/scene/topics/nodeMetrics';
import { wide } from '../helpers/tree';

const box = (x: number, y: number): Rect => ({ minX: x, minY: y, maxX: x + 10, maxY: y + 10 });
/** A topic's box changes, as the scene's sync writes it. */
function move(index: SceneIndex, id: string, r: Rect): void {
  index.nodeBoxes.set(id, r);
  index.nodes.set(id, r);
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the spatial trees of a big map, packed again after a big change', () => {
  it('are copied for the builder in a task after the frame that asked, once however often it asked', async () => {
    const s = wide(BACKGROUND_REBUILD_MIN_TOPICS + 10).getState();
    const packed: number[] = [];
    const builder: TreeBuilder = (boxes) => {
      packed.push(boxes.length / 4);
      return Promise.resolve(packTree(boxes).data as ArrayBuffer);
    };
    const index = new SceneIndex(new MetricsCache(new TextMeasurer((ch) => approximateCharWidth(ch))), () => true, builder);
    index.rebuildAll(s);
    await nextTask();
    packed.length = 0;

    // A frame's changes take the overlay past its limit, and the frame asks for a rebuild (twice).
    for (let i = 1; i <= OVERLAY_LIMIT + 1; i++) move(index, `t${i}`, box(i, -500));
    index.scheduleRebuild();
    index.scheduleRebuild();
    expect(packed).toEqual([]);
    expect(index.nodes.building).toBe(false);
    // The overlay answers meanwhile.
    expect(index.nodes.search(box(1, -500))).toContain('t1');

    await nextTask();
    expect(packed.length).toBe(2);
    await nextTask();
    expect(index.nodes.needsRebuild).toBe(false);
    expect(index.nodes.search(box(1, -500))).toContain('t1');
    index.destroy();
  });

  it('asks nothing of the builder once the scene is gone', async () => {
    const s = wide(BACKGROUND_REBUILD_MIN_TOPICS + 10).getState();
    let calls = 0;
    const index = new SceneIndex(new MetricsCache(new TextMeasurer((ch) => approximateCharWidth(ch))), () => true, (boxes) => {
      calls++;
      return Promise.resolve(packTree(boxes).data as ArrayBuffer);
    });
    index.rebuildAll(s);
    await nextTask();
    calls = 0;
    for (let i = 1; i <= OVERLAY_LIMIT + 1; i++) move(index, `t${i}`, box(i, -500));
    index.scheduleRebuild();
    index.destroy();
    await nextTask();
    expect(calls).toBe(0);
  });
});
