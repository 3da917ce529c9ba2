import { describe, expect, test } from 'vitest';
import { EDGE_PAN_MARGIN_PX as M, EDGE_PAN_MAX_SPEED as MAX, edgePanVelocity } from '../../../src/scene/input/gestures';

describe('edge scroll of a drag', () => {
  test('nothing away from the edges', () => {
    expect(edgePanVelocity(640, 400, 1280, 800)).toEqual({ vx: 0, vy: 0 });
    expect(edgePanVelocity(M, 800 - M, 1280, 800)).toEqual({ vx: 0, vy: 0 });
  });

  test('towards each edge, faster the closer, full speed at and past it', () => {
    expect(edgePanVelocity(M / 2, 400, 1280, 800)).toEqual({ vx: -MAX / 2, vy: 0 });
    expect(edgePanVelocity(1280 - M / 4, 400, 1280, 800).vx).toBeCloseTo((MAX * 3) / 4);
    expect(edgePanVelocity(640, 0, 1280, 800)).toEqual({ vx: 0, vy: -MAX });
    expect(edgePanVelocity(640, 900, 1280, 800)).toEqual({ vx: 0, vy: MAX });
    expect(edgePanVelocity(-300, 810, 1280, 800)).toEqual({ vx: -MAX, vy: MAX });
  });

  test('a canvas too small for its margins does not scroll along that axis', () => {
    expect(edgePanVelocity(5, 5, 100, 800)).toEqual({ vx: 0, vy: -MAX * ((M - 5) / M) });
    expect(edgePanVelocity(Number.NaN, 400, 1280, 800)).toEqual({ vx: 0, vy: 0 });
  });
});
