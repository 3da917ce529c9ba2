import { describe, expect, test } from 'vitest';
import { gridLevel, lodForZoom, usesNodeViews, LOD_SHAPE_BELOW, LOD_FULL_FROM } from '../../../src/scene/render/lod';
import { animationFrame, normalizeAnimation, REST, seedOf } from '../../../src/scene/anim/animations';
import { ANIMATIONS } from '../../../src/state/model';

describe('level of detail', () => {
  test('bands by zoom', () => {
    expect(lodForZoom(0.2)).toBe('shape');
    expect(lodForZoom(LOD_SHAPE_BELOW - 0.01)).toBe('shape');
    expect(lodForZoom(LOD_SHAPE_BELOW)).toBe('label');
    expect(lodForZoom(LOD_FULL_FROM)).toBe('full');
    expect(lodForZoom(2)).toBe('full');
  });

  test('no per-topic objects far out', () => {
    expect(usesNodeViews('shape')).toBe(false);
    expect(usesNodeViews('label')).toBe(true);
  });

  test('grid drops dots far out so they stay apart', () => {
    expect(gridLevel(1)).toBe(1);
    expect(gridLevel(0.2)).toBe(4);
    for (const z of [0.2, 0.3, 0.5, 1, 2]) expect(24 * gridLevel(z) * z).toBeGreaterThanOrEqual(18);
  });
});

describe('animations', () => {
  test('every named animation moves something over time; none rests', () => {
    const out = { ...REST };
    for (const a of ANIMATIONS) {
      const frames = [0, 137, 420, 777, 1300].map((t) => JSON.stringify(animationFrame(a, t, 0, out)));
      const distinct = new Set(frames).size;
      if (a === 'none') expect(distinct).toBe(1);
      else expect(distinct).toBeGreaterThan(1);
    }
    expect(animationFrame('none', 500, 3, out)).toEqual(REST);
  });

  test('unknown animation names fall back to none', () => {
    expect(normalizeAnimation('wobble')).toBe('none');
    expect(normalizeAnimation(undefined)).toBe('none');
    expect(normalizeAnimation('glow')).toBe('glow');
  });

  test('seeds are stable and bounded', () => {
    expect(seedOf('abc')).toBe(seedOf('abc'));
    expect(seedOf('abc')).toBeLessThan(1000);
  });
});
