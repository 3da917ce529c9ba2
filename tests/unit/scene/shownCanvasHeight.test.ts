import { describe, expect, it } from 'vitest';
import { shownCanvasHeight } from '../../../src/scene/a11y/treeAndEditor';

describe('shownCanvasHeight', () => {
  it('is what the visual viewport shows of the canvas: all of it, the part above a keyboard, or none', () => {
    expect(shownCanvasHeight(0, 800, null)).toBe(800);
    expect(shownCanvasHeight(0, 800, { offsetTop: 0, height: 800 })).toBe(800);
    expect(shownCanvasHeight(50, 794, { offsetTop: 0, height: 420 })).toBe(370);
    // The page scrolled inside the visual viewport (iOS): its offset counts.
    expect(shownCanvasHeight(50, 794, { offsetTop: 100, height: 420 })).toBe(470);
    expect(shownCanvasHeight(500, 300, { offsetTop: 0, height: 420 })).toBe(0);
  });
});
