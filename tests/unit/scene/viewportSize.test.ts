import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CameraControl } from '../../../src/scene/camera/cameraControl';
import { ViewportSize } from '../../../src/scene/camera/viewportSize';
import type { Rect } from '../../../src/scene/geometry';
import { FIT_PADDING } from '../../../src/state/model';

// A map too big for zoom 0.2 on any of these screens.
const huge: Rect = { minX: -20000, minY: -10000, maxX: 20000, maxY: 10000 };

function setUp(width: number, height: number) {
  const host = { clientWidth: width, clientHeight: height } as HTMLElement;
  const camera = new CameraControl({ request: () => {}, bounds: () => huge });
  const fits: { padding: number; zoom: number }[] = [];
  const fitAutomatically = camera.fitAutomatically.bind(camera);
  vi.spyOn(camera, 'fitAutomatically').mockImplementation((padding, ms) => {
    fitAutomatically(padding, ms);
    fits.push({ padding, zoom: camera.target.zoom });
  });
  const view = new ViewportSize({ host, camera, resized: () => {}, request: () => {} });
  view.observe();
  const resize = (w: number, h: number) => {
    Object.assign(host, { clientWidth: w, clientHeight: h });
    (view as unknown as { measure: () => void }).measure();
  };
  return { camera, fits, resize, view };
}

describe('refits after the canvas changes size', () => {
  const listeners: Record<string, () => void> = {};
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { addEventListener: (name: string, cb: () => void) => (listeners[name] = cb), removeEventListener: () => {} });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('a window resize refits once, with the resize padding, and stops at 0.2', () => {
    const { fits, resize } = setUp(1280, 800);
    resize(1000, 800);
    resize(900, 700);
    vi.advanceTimersByTime(200);
    expect(fits).toEqual([{ padding: FIT_PADDING.resize, zoom: 0.2 }]);
  });

  test('on a phone a change of height alone (the on-screen keyboard) keeps the view', () => {
    const { camera, fits, resize } = setUp(390, 844);
    camera.set({ x: 10, y: 20, zoom: 0.7 });
    resize(390, 470);
    vi.advanceTimersByTime(1000);
    resize(390, 844);
    vi.advanceTimersByTime(1000);
    expect(fits).toEqual([]);
    expect(camera.cam).toEqual({ x: 10, y: 20, zoom: 0.7 });
  });

  test('turning the device refits once with the orientation padding, whichever comes first', () => {
    const { fits, resize } = setUp(390, 844);
    listeners.orientationchange();
    resize(844, 390);
    vi.advanceTimersByTime(200);
    resize(390, 844);
    listeners.orientationchange();
    vi.advanceTimersByTime(200);
    expect(fits.map((f) => f.padding)).toEqual([FIT_PADDING.orientation, FIT_PADDING.orientation]);
    // A resize after that is a resize again.
    resize(360, 844);
    vi.advanceTimersByTime(200);
    expect(fits.at(-1)!.padding).toBe(FIT_PADDING.resizeMobile);
  });
});
