import { describe, expect, test } from 'vitest';
import { fitCamera, fitZoom, minZoomFor, visibleWorldRect, zoomAround } from '../../../src/scene/camera/camera';
import { CameraControl } from '../../../src/scene/camera/cameraControl';
import { pinchCamera } from '../../../src/scene/input/gestures';
import { gridLevel } from '../../../src/scene/render/lod';
import { tileSizeFor } from '../../../src/scene/edges/tiles';
import type { Rect } from '../../../src/scene/geometry';

const size = { width: 1280, height: 800 };
const small: Rect = { minX: 0, minY: 0, maxX: 3000, maxY: 2000 };
// Fits at 0.2 only below 1280 / (0.2 · 1.5) ≈ 4267 units wide: this one needs ~0.0213 with padding 0.5.
const huge: Rect = { minX: -20000, minY: -10000, maxX: 20000, maxY: 10000 };

describe('overview zoom', () => {
  test('a map that fits at 0.2 keeps the seed minimum', () => {
    expect(minZoomFor(small, size, 0.5)).toBe(0.2);
    expect(minZoomFor(null, size, 0.5)).toBe(0.2);
    expect(fitCamera(small, size, 0.2, minZoomFor(small, size, 0.5)).zoom).toBeGreaterThanOrEqual(0.2);
  });

  test('a map too big for 0.2 may go down to the zoom that fits it, never lower', () => {
    const min = minZoomFor(huge, size, 0.5);
    expect(min).toBeLessThan(0.2);
    expect(min).toBeCloseTo(fitZoom(huge, size, 0.5), 10);
    expect(min).toBeCloseTo(1280 / (40000 * 1.5), 10);
    // Zooming out far past it stops exactly there.
    expect(zoomAround({ x: 0, y: 0, zoom: 0.2 }, 640, 400, 0.0001, min).zoom).toBe(min);
    expect(pinchCamera({ cam: { x: 0, y: 0, zoom: 0.2 }, mx: 0, my: 0, dist: 400 }, 0, 0, 1, min).zoom).toBe(min);
  });

  test('fit view with the overview minimum shows the whole map', () => {
    const cam = fitCamera(huge, size, 0.2, minZoomFor(huge, size, 0.5));
    expect(cam.zoom).toBeLessThan(0.2);
    const view = visibleWorldRect(cam, size);
    expect(view.minX).toBeLessThanOrEqual(huge.minX);
    expect(view.maxX).toBeGreaterThanOrEqual(huge.maxX);
    expect(view.minY).toBeLessThanOrEqual(huge.minY);
    expect(view.maxY).toBeGreaterThanOrEqual(huge.maxY);
  });

  test('the camera control clamps to the overview minimum and follows the bounds when told', () => {
    let bounds: Rect = huge;
    let calls = 0;
    const cc = new CameraControl({ request: () => {}, bounds: () => (calls++, bounds) });
    cc.size = size;
    cc.set({ x: 0, y: 0, zoom: 0.0001 });
    expect(cc.cam.zoom).toBeCloseTo(minZoomFor(huge, size, 0.5), 10);
    expect(cc.fitFor(0.2, true)!.zoom).toBeLessThan(0.2);
    // Automatic fits (import, resize) keep the 0.2 floor.
    expect(cc.fitFor(0.4)!.zoom).toBe(0.2);
    cc.set({ x: 1, y: 0, zoom: 0.0001 });
    expect(calls).toBe(1); // cached until the shown topics change
    cc.invalidateBounds();
    cc.set({ x: 2, y: 0, zoom: 0.5 });
    expect(calls).toBe(1); // not needed at all for zooms of 0.2 and up
    expect(cc.minZoomFor(0.1)).toBeLessThan(0.2);
    expect(calls).toBe(2);
    bounds = small;
    cc.invalidateBounds();
    cc.set({ x: 0, y: 0, zoom: 0.0001 });
    expect(cc.cam.zoom).toBe(0.2);
    expect(cc.fitFor(0.2, true)!.zoom).toBeGreaterThanOrEqual(0.2);
  });

  test('when the shown map shrinks under an overview, zooming out and panning never zoom in', () => {
    let bounds: Rect = huge;
    const cc = new CameraControl({ request: () => {}, bounds: () => bounds });
    cc.size = size;
    cc.jump(cc.fitFor(0.2, true)!);
    const far = cc.cam.zoom;
    expect(far).toBeLessThan(0.2);
    // The root folded: only a small map is shown now, which fits at 0.2.
    bounds = small;
    cc.invalidateBounds();
    cc.zoomBy(1 / 1.2);
    cc.jump(cc.target);
    expect(cc.cam.zoom).toBe(far);
    cc.set({ x: cc.cam.x + 50, y: cc.cam.y, zoom: cc.cam.zoom });
    expect(cc.cam.zoom).toBe(far);
    // Zooming in still works, and once above the new floor the view cannot go back below it.
    cc.zoomBy(1.2);
    cc.jump(cc.target);
    expect(cc.cam.zoom).toBeCloseTo(far * 1.2, 12);
    cc.set({ x: 0, y: 0, zoom: 0.5 });
    cc.set({ x: 0, y: 0, zoom: far });
    expect(cc.cam.zoom).toBe(0.2);
  });

  test('a fit to where the camera already is starts no animation; one elsewhere does', () => {
    let requests = 0;
    const cc = new CameraControl({ request: () => requests++, bounds: () => huge });
    cc.size = size;
    cc.jump(cc.fitFor(0.2, true)!);
    requests = 0;
    cc.fit(0.2);
    expect(cc.animating).toBe(false);
    expect(requests).toBe(0);
    cc.fit(0.4);
    expect(cc.animating).toBe(true);
    expect(requests).toBe(1);
  });

  test('the dot grid keeps its spacing far below 0.2', () => {
    for (const z of [0.1, 0.02, 0.002]) expect(24 * gridLevel(z) * z).toBeGreaterThanOrEqual(18);
  });

  test('far out, tiles grow so the tiles around the screen stay few', () => {
    expect(tileSizeFor(0.2, 1024)).toBe(1024);
    expect(tileSizeFor(1, 1024)).toBe(1024);
    expect(tileSizeFor(0.1, 1024)).toBe(1024);
    expect(tileSizeFor(0.05, 1024)).toBe(2048);
    for (const z of [0.09, 0.05, 0.003, 0.0001]) {
      const size = tileSizeFor(z, 1024);
      // At least as big on screen as a tile at 0.1, at most twice that.
      expect(size * z).toBeGreaterThanOrEqual(1024 * 0.1 - 1e-9);
      expect(size * z).toBeLessThan(2 * 1024 * 0.1);
    }
  });
});

describe('a topic anchored through an edit', () => {
  test('stays where it was on screen: the view jumps, or moves with the topic while it is drawn moving', () => {
    const cc = new CameraControl({ request: () => {}, bounds: () => small });
    cc.size = size;
    cc.jump({ x: 100, y: 50, zoom: 0.5 });
    cc.requestAnchor('A', 480, -1080);
    cc.runRequestedAnchor(() => ({ x: 480, y: -558 }), () => false, 400);
    // On screen before: 100 + 480·0.5, 50 − 1080·0.5; after, the same.
    expect(cc.cam).toEqual({ x: 100, y: 50 - 522 * 0.5, zoom: 0.5 });
    expect(cc.animating).toBe(false);
    cc.requestAnchor('A', 480, -558);
    cc.runRequestedAnchor(() => ({ x: 480, y: -1080 }), () => true, 400);
    expect(cc.animating).toBe(true);
    expect(cc.target).toEqual({ x: 100, y: 50, zoom: 0.5 });
    // Asked once: a second run does nothing; a topic that did not move or is gone neither.
    cc.jump({ x: 0, y: 0, zoom: 1 });
    cc.runRequestedAnchor(() => ({ x: 0, y: 999 }), () => false, 400);
    cc.requestAnchor('A', 5, 5);
    cc.runRequestedAnchor(() => null, () => false, 400);
    expect(cc.cam).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});
