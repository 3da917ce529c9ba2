import { describe, expect, test } from 'vitest';
import {
  cameraToReveal,
  clampZoom,
  fitCamera,
  fitDuration,
  lerpCamera,
  screenToWorld,
  visibleWorldRect,
  wheelZoomFactor,
  worldToScreen,
  zoomAround,
} from '../../../src/scene/camera/camera';
import { pinchCamera, connectionEnds, movedBeyond } from '../../../src/scene/input/gestures';

const size = { width: 1000, height: 800 };

describe('camera maths', () => {
  test('screen and world round-trip', () => {
    const cam = { x: 120, y: -40, zoom: 1.5 };
    const w = screenToWorld(cam, 300, 200);
    const s = worldToScreen(cam, w.x, w.y);
    expect(s.x).toBeCloseTo(300);
    expect(s.y).toBeCloseTo(200);
  });

  test('zoom is clamped to 0.2–2', () => {
    expect(clampZoom(5)).toBe(2);
    expect(clampZoom(0.01)).toBe(0.2);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(zoomAround({ x: 0, y: 0, zoom: 1 }, 0, 0, 10).zoom).toBe(2);
  });

  test('zooming keeps the world point under the pointer fixed', () => {
    const cam = { x: 50, y: 70, zoom: 1 };
    const before = screenToWorld(cam, 400, 300);
    const next = zoomAround(cam, 400, 300, 1.7);
    const after = screenToWorld(next, 400, 300);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  test('wheel up zooms in, wheel down zooms out, bounded per event', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(100000)).toBeCloseTo(wheelZoomFactor(300));
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(99));
  });

  test('fit centres the bounds with React Flow style padding', () => {
    const b = { minX: 0, minY: 0, maxX: 400, maxY: 200 };
    const cam = fitCamera(b, size, 0.2);
    expect(cam.zoom).toBeCloseTo(Math.min(1000 / 480, 800 / 240) > 2 ? 2 : 1000 / 480);
    const c = worldToScreen(cam, 200, 100);
    expect(c.x).toBeCloseTo(500);
    expect(c.y).toBeCloseTo(400);
  });

  test('fit of a huge map stops at the minimum zoom', () => {
    const cam = fitCamera({ minX: 0, minY: -2e6, maxX: 3000, maxY: 2e6 }, size, 0.4);
    expect(cam.zoom).toBe(0.2);
  });

  test('fit respects a maximum zoom (a lone topic)', () => {
    expect(fitCamera({ minX: 0, minY: 0, maxX: 140, maxY: 56 }, size, 0.4, 0.2, 1).zoom).toBe(1);
  });

  test('visible world rect matches the camera', () => {
    const r = visibleWorldRect({ x: -100, y: -50, zoom: 2 }, size);
    expect(r).toEqual({ minX: 50, minY: 25, maxX: 550, maxY: 425 });
  });

  test('reveal pans minimally and only when needed', () => {
    const cam = { x: 0, y: 0, zoom: 1 };
    expect(cameraToReveal(cam, size, { minX: 100, minY: 100, maxX: 200, maxY: 150 })).toBeNull();
    const moved = cameraToReveal(cam, size, { minX: 1100, minY: 100, maxX: 1200, maxY: 150 }, 40)!;
    expect(moved.x).toBe(1000 - 40 - 1200);
    expect(moved.y).toBe(0);
  });

  test('camera interpolation hits both ends and keeps zoom in range', () => {
    const a = { x: 0, y: 0, zoom: 0.5 };
    const b = { x: 300, y: -100, zoom: 2 };
    const start = lerpCamera(a, b, 0, size);
    const end = lerpCamera(a, b, 1, size);
    expect(start.zoom).toBeCloseTo(0.5);
    expect(end.zoom).toBeCloseTo(2);
    expect(end.x).toBeCloseTo(300);
    expect(end.y).toBeCloseTo(-100);
    const mid = lerpCamera(a, b, 0.5, size);
    expect(mid.zoom).toBeGreaterThan(0.5);
    expect(mid.zoom).toBeLessThan(2);
  });

  test('fit animations last 400 to 800 ms', () => {
    const a = { x: 0, y: 0, zoom: 1 };
    expect(fitDuration(a, a, size)).toBe(400);
    expect(fitDuration(a, { x: 1e6, y: 1e6, zoom: 0.2 }, size)).toBe(800);
  });
});

describe('gestures', () => {
  test('pinch zooms by finger spread around the midpoint and pans with it', () => {
    const start = { cam: { x: 0, y: 0, zoom: 1 }, mx: 200, my: 200, dist: 100 };
    const z = pinchCamera(start, 200, 200, 200);
    expect(z.zoom).toBe(2);
    expect(screenToWorld(z, 200, 200).x).toBeCloseTo(200);
    const p = pinchCamera(start, 260, 180, 100);
    expect(p.zoom).toBe(1);
    expect(p.x).toBe(60);
    expect(p.y).toBe(-20);
    expect(pinchCamera(start, 200, 200, 1).zoom).toBe(0.2);
  });

  test('drag threshold', () => {
    expect(movedBeyond(2, 2, 4)).toBe(false);
    expect(movedBeyond(4, 1, 4)).toBe(true);
  });

  test('connections go from an out handle to an in handle', () => {
    expect(connectionEnds({ id: 'a', side: 'out' }, { id: 'b', side: 'in' })).toEqual({ source: 'a', target: 'b' });
    expect(connectionEnds({ id: 'a', side: 'in' }, { id: 'b', side: 'out' })).toEqual({ source: 'b', target: 'a' });
  });
});
