/**
 * Far out, a small change keeps the changed tile's picture on screen while its new one is marked
 * between frames, and so does a change of every tile where nothing moved (a search); a change of
 * everything that moves topics keeps the whole picture until the new one covers the screen; a change
 * over the whole screen by parts is drawn before the frame.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Rect } from '../../../src/scene/geometry';
import type { TileLayer as TileLayerType, TileSource } from '../../../src/scene/edges/TileLayer';
import { tileRange, tileSizeFor } from '../../../src/scene/edges/tiles';
import { THEMES, TILE_SIZE } from '../../../src/scene/constants';
import { SceneIndex } from '../../../src/scene/spatial/sceneIndex';
import { approximateCharWidth, MetricsCache, TextMeasurer } from '../../../src/scene/topics/nodeMetrics';
import { importedStore } from '../helpers/edits';

let TileLayer: typeof TileLayerType;

beforeAll(async () => {
  // pixi.js reads navigator when it loads; Node 20 has none.
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: 'node' };
  ({ TileLayer } = await import('../../../src/scene/edges/TileLayer'));
});

afterEach(() => vi.restoreAllMocks());

/** Zoomed out far enough that tiles draw topics and edges by cells. */
const FAR = 0.04;

function overview() {
  const { store } = importedStore(3000, 4);
  const state = store.getState();
  const index = new SceneIndex(new MetricsCache(new TextMeasurer((ch) => approximateCharWidth(ch))), () => true);
  index.rebuildAll(state);
  const src: TileSource = {
    state,
    theme: THEMES.light,
    lod: 'shape',
    edgeStyle: 'smoothstep',
    nodeIndex: index.nodes,
    edgeIndex: index.edges,
    edgeBoxes: index.edgeBoxes,
    nodeBoxes: index.nodeBoxes,
    isVisible: () => true,
    isDynamicEdgeId: () => false,
    skippedFar: (eid) => index.fans.skippedFar(eid),
    nodeWidth: () => 150,
    isMatch: () => false,
    searching: false,
    selectedId: null,
  };
  const view: Rect = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const b of index.nodeBoxes.values()) {
    view.minX = Math.min(view.minX, b.minX);
    view.minY = Math.min(view.minY, b.minY);
    view.maxX = Math.max(view.maxX, b.maxX);
    view.maxY = Math.max(view.maxY, b.maxY);
  }
  const layer = new TileLayer();
  // Everything drawn once, as the first frame of the overview does.
  expect(layer.update(view, src, Infinity, FAR)).toBe(false);
  // A topic inside one tile (the root sits where four tiles meet).
  const someBox = [...index.nodeBoxes.values()][1500];
  const r = tileRange(someBox, tileSizeFor(FAR, TILE_SIZE));
  expect([r.x1 - r.x0, r.y1 - r.y0]).toEqual([0, 0]);
  return { layer, src, view, someBox };
}

/** Tiles on screen (the view), at the far-out tile size. */
function onScreen(view: Rect): number {
  const r = tileRange(view, tileSizeFor(FAR, TILE_SIZE));
  return (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
}

describe('far-out tiles after a change', () => {
  it('keep a changed tile picture through a frame with no time left, and draw the new one in a later frame', () => {
    const { layer, src, view, someBox } = overview();
    expect(layer.drawsCells).toBe(true);
    layer.invalidateRect(someBox);
    // No time left in this frame: the tile is not marked whole before it.
    expect(layer.update(view, src, -1, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(0);
    expect(layer.update(view, src, 1000, FAR)).toBe(false);
    expect(layer.builtLastFrame).toBe(1);
  });

  it('draw a change over the whole screen before the frame', () => {
    const { layer, src, view } = overview();
    const tiles = onScreen(view);
    expect(tiles).toBeGreaterThan(8);
    layer.invalidateRect(view);
    layer.update(view, src, -1, FAR);
    expect(layer.builtLastFrame).toBe(tiles);
  });

  it('keep the whole picture after a change of everything, and replace it at once when the new one covers the screen', () => {
    const { layer, src, view } = overview();
    const tiles = onScreen(view);
    const shown = () => layer.container.children.filter((c) => c.visible).length;
    expect(layer.container.children).toHaveLength(1);
    layer.invalidateAll();
    expect(layer.update(view, src, -1, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(0);
    // The old picture on screen, the new one built hidden beside it.
    expect(layer.container.children).toHaveLength(2);
    expect(shown()).toBe(1);
    expect(layer.container.children[0].visible).toBe(true);
    let frames = 0;
    let built = 0;
    while (layer.update(view, src, 1000, FAR) && frames < 10 * tiles) {
      built += layer.builtLastFrame;
      if (layer.container.children.length === 2) expect(shown()).toBe(1);
      frames++;
    }
    built += layer.builtLastFrame;
    expect(built).toBeGreaterThanOrEqual(tiles);
    expect(layer.container.children).toHaveLength(1);
    expect(shown()).toBe(1);
  });

  it('keep the pictures of up to 8 changed tiles, and a screen of few tiles whole after invalidateAll', () => {
    const { layer, src, view, someBox } = overview();
    // Five tiles: where the root is (four meet there) and one more.
    layer.invalidateRect({ minX: -10, minY: -10, maxX: 10, maxY: 10 });
    layer.invalidateRect(someBox);
    expect(layer.update(view, src, -1, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(0);
    // A screen of four tiles around that topic, drawn; then everything changes.
    const size = tileSizeFor(FAR, TILE_SIZE);
    const x = Math.floor(someBox.minX / size) * size;
    const y = Math.floor(someBox.minY / size) * size;
    const small: Rect = { minX: x + 1, minY: y + 1, maxX: x + 2 * size - 1, maxY: y + 2 * size - 1 };
    layer.update(small, src, Infinity, FAR);
    layer.invalidateAll();
    expect(layer.update(small, src, -1, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(0);
    let frames = 0;
    while (layer.update(small, src, 1000, FAR) && frames++ < 100);
    expect(layer.container.children).toHaveLength(1);
    // Drawn whole once: a small change after it is kept again.
    layer.invalidateRect(someBox);
    expect(layer.update(small, src, -1, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(0);
  });

  it('keep every picture after a change in place (a search, a collapse) and draw the new ones tile by tile in later frames', () => {
    const { layer, src, view } = overview();
    const tiles = onScreen(view);
    expect(tiles).toBeGreaterThan(8);
    layer.invalidateAll(true);
    expect(layer.update(view, src, -1, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(0);
    let frames = 0;
    let built = 0;
    while (layer.update(view, src, 1000, FAR) && frames < 10 * tiles) {
      built += layer.builtLastFrame;
      frames++;
    }
    built += layer.builtLastFrame;
    // The screen and the margin around it (`want`), each once.
    expect(built).toBeGreaterThanOrEqual(tiles);
    // Drawn whole: a change over the whole screen by parts is drawn before the frame again.
    layer.invalidateRect(view);
    layer.update(view, src, -1, FAR);
    expect(layer.builtLastFrame).toBe(tiles);
  });

  it('go on with a job that a change overtakes, draw it, and start another for the change', () => {
    const { layer, src, view, someBox } = overview();
    layer.invalidateRect(someBox);
    // A clock that moves a millisecond each time it is read: the job stops part way.
    let clock = performance.now();
    const spy = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    expect(layer.update(view, src, 3, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(0);
    expect(layer.stepping).toBe(true);
    spy.mockRestore();
    layer.invalidateRect(someBox); // another change in the same tile
    expect(layer.stepping).toBe(true);
    expect(layer.advance(src, Infinity)).toBe(true);
    // Drawn, and still dirty: the frame after starts a job for the change.
    expect(layer.update(view, src, 1000, FAR)).toBe(true);
    expect(layer.builtLastFrame).toBe(1);
    expect(layer.update(view, src, 1000, FAR)).toBe(false);
    expect(layer.builtLastFrame).toBe(1);
  });
});
