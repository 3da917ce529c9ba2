/**
 * ownStepRect: outside the part it names, an edge draws nothing that a sibling sharing its trunk
 * does not draw too, so tiles outside it need no rebuild when the edge comes or goes.
 */
import { describe, expect, it } from 'vitest';
import { ownStepRect, routedPolyline, sharedTrunkReach, type EdgeDirection, type EdgeStyle } from '../../../src/scene/edges/edgeRouting';
import { along, distanceTo, route, seededRandom } from './routeSamples';

describe('the part of a stepped edge its siblings do not draw', () => {
  it('holds every point of the edge that a sibling sharing its trunk does not also draw', () => {
    const rnd = seededRandom(3);
    let checked = 0;
    let narrowed = 0;
    for (let i = 0; i < 600; i++) {
      const dir = (['right', 'left', 'down', 'up'] as EdgeDirection[])[Math.floor(rnd() * 4)];
      const style = (['smoothstep', 'step'] as EdgeStyle[])[Math.floor(rnd() * 2)];
      const sx = Math.round(rnd() * 2000 - 1000);
      const sy = Math.round(rnd() * 2000 - 1000);
      const ahead = 40 + Math.round(rnd() * 200);
      const side = rnd() < 0.5 ? -1 : 1;
      const mine = route(dir, sx, sy, ahead, side * Math.round(rnd() * 600));
      // Mostly a sibling on the same side with the same trunk; sometimes one that shares nothing.
      const otherSide = rnd() < 0.15 ? -side : side;
      const otherAhead = rnd() < 0.15 ? ahead + 30 : ahead;
      const sibling = route(dir, sx, sy, otherAhead, otherSide * Math.round(rnd() * 600));
      const reach = sharedTrunkReach(mine, sibling);
      if (otherSide !== side || otherAhead !== ahead) expect(reach).toBe(0);
      const rect = ownStepRect(mine, reach);
      if (!rect) continue;
      narrowed++;
      const mineLine = routedPolyline(mine, style);
      const theirs = routedPolyline(sibling, style);
      for (const [x, y] of along(mineLine)) {
        if (x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY) continue;
        checked++;
        expect(distanceTo(theirs, x, y)).toBeLessThan(1e-6);
      }
    }
    // The test means something only if the part was often narrower than the whole edge.
    expect(narrowed).toBeGreaterThan(200);
    expect(checked).toBeGreaterThan(5_000);
  });

  it('names no part when no sibling shares the trunk', () => {
    const mine = route('right', 0, 0, 100, 300);
    expect(ownStepRect(mine, 0)).toBeNull();
    expect(sharedTrunkReach(mine, route('right', 0, 0, 100, -300))).toBe(0);
    expect(sharedTrunkReach(mine, route('right', 0, 0, 120, 300))).toBe(0);
    expect(sharedTrunkReach(mine, route('right', 0, 0, 100, 500))).toBeGreaterThan(300);
  });
});
