/**
 * DynFan: the dynamic edges it keeps for a view draw, within that view, every point that all of the
 * dynamic edges draw (in the same look), and a big fan keeps only a few.
 */
import { describe, expect, it } from 'vitest';
import { routeBox, type EdgeDirection, type EdgeRoute } from '../../../src/scene/edges/edgeRouting';
import { DynFan } from '../../../src/scene/overlay/dynFan';
import type { EdgeBox } from '../../../src/scene/spatial/sceneIndex';
import { pointsNotDrawn, route, seededRandom } from './routeSamples';

function edgeBox(target: string, rt: EdgeRoute, stroke = '#9b87f5'): EdgeBox {
  return { ...routeBox(rt), route: rt, source: 'src', target, stroke, strokeWidth: 2, animated: false, link: false };
}


describe('the dynamic edges that show something of their own on screen', () => {
  it('keep, in every view, every point the whole set draws there, look by look', () => {
    const rnd = seededRandom(11);
    let checked = 0;
    let culled = 0;
    for (let round = 0; round < 24; round++) {
      const dir = (['right', 'left', 'down', 'up'] as EdgeDirection[])[round % 4];
      const boxes = new Map<string, EdgeBox>();
      // One source, mostly one trunk; a few children elsewhere, close by, or in another colour.
      for (let i = 0; i < 120; i++) {
        const ahead = rnd() < 0.1 ? 60 + Math.round(rnd() * 100) : 120;
        const across = Math.round((rnd() - 0.5) * 4000) * (rnd() < 0.05 ? 0.001 : 1);
        const stroke = rnd() < 0.1 ? '#ff0000' : '#9b87f5';
        boxes.set(`e${i}`, edgeBox(`t${i}`, route(dir, 0, 0, ahead, across), stroke));
      }
      const fan = new DynFan();
      fan.build(boxes.keys(), (eid) => boxes.get(eid), true);
      for (let v = 0; v < 6; v++) {
        const cx = (rnd() - 0.5) * 3000;
        const cy = (rnd() - 0.5) * 3000;
        const view = { minX: cx - 300, minY: cy - 200, maxX: cx + 300, maxY: cy + 200 };
        const kept = fan.onScreen(view, []).map((eid) => boxes.get(eid)!);
        culled += boxes.size - kept.length;
        const r = pointsNotDrawn(boxes.values(), kept, view);
        checked += r.checked;
        expect(r.missing.slice(0, 3), 'points drawn by no kept edge').toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(culled).toBeGreaterThan(10_000);
  });

  it('keeps a 10,000-child fan seen at its source down to the edges of the children on screen', () => {
    const boxes = new Map<string, EdgeBox>();
    for (let i = 0; i < 10_000; i++) boxes.set(`e${i}`, edgeBox(`t${i}`, route('right', 0, 0, 150, (i - 5000) * 60)));
    const fan = new DynFan();
    fan.build(boxes.keys(), (eid) => boxes.get(eid), true);
    const kept = fan.onScreen({ minX: -400, minY: -300, maxX: 400, maxY: 300 }, []);
    // The two outermost draw the trunk; about 600 / 60 children have their turn in view.
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThan(20);
    expect(kept).toContain('e0');
    expect(kept).toContain('e9999');
  });

  it('keeps every edge whole when edges are straight', () => {
    const boxes = new Map<string, EdgeBox>();
    for (let i = 0; i < 50; i++) boxes.set(`e${i}`, edgeBox(`t${i}`, route('right', 0, 0, 150, (i - 25) * 60)));
    const fan = new DynFan();
    fan.build(boxes.keys(), (eid) => boxes.get(eid), false);
    expect(fan.onScreen({ minX: -10, minY: -10, maxX: 10, maxY: 10 }, []).length).toBe(50);
  });
});
