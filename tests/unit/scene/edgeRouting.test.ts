import { describe, expect, test } from 'vitest';
import { edgeDirection, routeBox, routedPolyline, routedStepPoints, routeEdge } from '../../../src/scene/edges/edgeRouting';

// Cards: 100 wide, 40 high.
const W = 100;
const H = 40;

function axisAligned(p: number[]): boolean {
  for (let i = 2; i < p.length; i += 2) if (p[i] !== p[i - 2] && p[i + 1] !== p[i - 1]) return false;
  return true;
}

describe('edge direction from layout and positions', () => {
  test('free layout always runs source right → target left, even backwards', () => {
    expect(edgeDirection('free', 0, 0, W, H, 300, 100, W, H)).toBe('right');
    expect(edgeDirection('free', 0, 0, W, H, -300, 100, W, H)).toBe('right');
    expect(edgeDirection(undefined, 0, 0, W, H, -300, 100, W, H)).toBe('right');
  });

  test('balanced: a child entirely left of its parent is joined leftwards', () => {
    expect(edgeDirection('balanced', 0, 0, W, H, 200, 50, W, H)).toBe('right');
    expect(edgeDirection('balanced', 0, 0, W, H, -160, 50, W, H)).toBe('left');
    // touching exactly counts as left of it; overlapping does not
    expect(edgeDirection('balanced', 0, 0, W, H, -100, 50, W, H)).toBe('left');
    expect(edgeDirection('balanced', 0, 0, W, H, -99, 50, W, H)).toBe('right');
    expect(edgeDirection('right', 0, 0, W, H, -160, 50, W, H)).toBe('left');
  });

  test('down: vertical unless the two cards overlap vertically', () => {
    expect(edgeDirection('down', 0, 0, W, H, 150, 100, W, H)).toBe('down');
    expect(edgeDirection('down', 0, 0, W, H, -300, 40, W, H)).toBe('down');
    expect(edgeDirection('down', 0, 100, W, H, 0, 0, W, H)).toBe('up');
    expect(edgeDirection('down', 0, 0, W, H, 200, 10, W, H)).toBe('right');
    expect(edgeDirection('down', 0, 0, W, H, -200, 10, W, H)).toBe('left');
  });
});

describe('anchor points', () => {
  test('right: source right-middle → target left-middle', () => {
    expect(routeEdge('right', 0, 0, W, H, 200, 100, W, H)).toEqual({ sx: 100, sy: 20, tx: 200, ty: 120, dir: 'right' });
  });
  test('left: source left-middle → target right-middle', () => {
    expect(routeEdge('balanced', 0, 0, W, H, -200, 100, W, H)).toEqual({ sx: 0, sy: 20, tx: -100, ty: 120, dir: 'left' });
  });
  test('down: source bottom-centre → target top-centre', () => {
    expect(routeEdge('down', 0, 0, W, H, 200, 100, 60, H)).toEqual({ sx: 50, sy: 40, tx: 230, ty: 100, dir: 'down' });
  });
  test('up: source top-centre → target bottom-centre', () => {
    expect(routeEdge('down', 0, 200, W, H, 0, 0, W, H)).toEqual({ sx: 50, sy: 200, tx: 50, ty: 40, dir: 'up' });
  });
});

describe('routed smooth-step shapes', () => {
  test('rightward is the classic smooth step', () => {
    expect(routedStepPoints({ sx: 0, sy: 0, tx: 200, ty: 100, dir: 'right' })).toEqual([0, 0, 100, 0, 100, 100, 200, 100]);
  });
  test('leftward is its mirror image: leaves to the left, enters from the right', () => {
    expect(routedStepPoints({ sx: 0, sy: 0, tx: -200, ty: 100, dir: 'left' })).toEqual([0, 0, -100, 0, -100, 100, -200, 100]);
  });
  test('downward is its transpose: leaves down, runs across at mid-height, enters from above', () => {
    expect(routedStepPoints({ sx: 0, sy: 0, tx: 100, ty: 200, dir: 'down' })).toEqual([0, 0, 0, 100, 100, 100, 100, 200]);
  });
  test('upward leaves up and enters from below', () => {
    const p = routedStepPoints({ sx: 0, sy: 200, tx: 100, ty: 0, dir: 'up' });
    expect(p).toEqual([0, 200, 0, 100, 100, 100, 100, 0]);
  });
  test('backwards targets step out and around, axis-aligned, in every direction', () => {
    for (const dir of ['right', 'left', 'down', 'up'] as const) {
      const p = routedStepPoints({ sx: 0, sy: 0, tx: 0, ty: 0 + 5, dir }, 20);
      expect(axisAligned(p)).toBe(true);
      expect(p.slice(0, 2)).toEqual([0, 0]);
    }
    const p = routedStepPoints({ sx: 0, sy: 0, tx: 30, ty: 100, dir: 'left' }, 20);
    expect(p.slice(0, 4)).toEqual([0, 0, -20, 0]);
    expect(p.slice(-4)).toEqual([50, 100, 30, 100]);
  });
  test('level and aligned edges are straight', () => {
    expect(routedStepPoints({ sx: 0, sy: 0, tx: -300, ty: 0, dir: 'left' })).toEqual([0, 0, -300, 0]);
    expect(routedStepPoints({ sx: 10, sy: 0, tx: 10, ty: 300, dir: 'down' })).toEqual([10, 0, 10, 300]);
  });
  test('straight style joins the same anchors; rounded keeps the ends', () => {
    const r = routeEdge('down', 0, 0, W, H, 200, 100, W, H);
    expect(routedPolyline(r, 'straight')).toEqual([50, 40, 250, 100]);
    const p = routedPolyline(r, 'smoothstep');
    expect(p.slice(0, 2)).toEqual([50, 40]);
    expect(p.slice(-2)).toEqual([250, 100]);
    expect(routedPolyline(r, 'step')).toEqual([50, 40, 50, 70, 250, 70, 250, 100]);
  });
  test('the box holds the whole drawn path', () => {
    for (const r of [
      routeEdge('balanced', 0, 0, W, H, -200, 100, W, H),
      routeEdge('down', 0, 0, W, H, 200, 100, W, H),
      routeEdge('down', 0, 0, W, H, 0, 45, W, H),
      routeEdge('right', 0, 0, W, H, 50, 100, W, H),
    ]) {
      const b = routeBox(r);
      const p = routedPolyline(r, 'smoothstep');
      for (let i = 0; i < p.length; i += 2) {
        expect(p[i]).toBeGreaterThanOrEqual(b.minX);
        expect(p[i]).toBeLessThanOrEqual(b.maxX);
        expect(p[i + 1]).toBeGreaterThanOrEqual(b.minY);
        expect(p[i + 1]).toBeLessThanOrEqual(b.maxY);
      }
    }
  });
});
