/**
 * EdgeFans: with big families held in the edge tree by their own parts, what a query finds (plus the
 * families of skipped trunk edges) still draws, within the query, every point that the drawable
 * edges draw, through any sequence of adds, moves and removals; and a query beside a long trunk finds
 * only the edges with something of their own there.
 */
import { describe, expect, it } from 'vitest';
import { routeBox, type EdgeDirection, type EdgeRoute } from '../../../src/scene/edges/edgeRouting';
import type { Rect } from '../../../src/scene/geometry';
import { drawnEdges, EdgeFans, FAN_MIN } from '../../../src/scene/spatial/edgeFans';
import type { EdgeBox } from '../../../src/scene/spatial/sceneIndex';
import { pointsNotDrawn, route, seededRandom } from './routeSamples';

const overlaps = (a: Rect, b: Rect) => a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;

function edgeBox(source: string, target: string, rt: EdgeRoute, stroke = '#9b87f5', animated = false): EdgeBox {
  return { ...routeBox(rt, 24, 4), route: rt, source, target, stroke, strokeWidth: 2, animated, link: false };
}

/** The edge tree as the scene keeps it: boxes, and the rect each edge holds after every flush. */
class Model {
  readonly boxes = new Map<string, EdgeBox>();
  readonly held = new Map<string, Rect>();
  readonly fans = new EdgeFans(this.boxes);

  set(eid: string, box: EdgeBox): void {
    const old = this.boxes.get(eid);
    this.boxes.set(eid, box);
    this.fans.set(eid, box, old);
  }

  remove(eid: string): void {
    const old = this.boxes.get(eid)!;
    this.boxes.delete(eid);
    this.held.delete(eid);
    this.fans.remove(eid, old);
  }

  /** A fresh index over the same boxes (a full rebuild). */
  rebuilt(): Model {
    const m = new Model();
    for (const [eid, b] of this.boxes) m.boxes.set(eid, b);
    m.fans.reset();
    for (const [eid, b] of m.boxes) m.held.set(eid, m.fans.rectOf(eid, b));
    return m;
  }

  flush(): void {
    this.fans.flush((eid) => {
      const box = this.boxes.get(eid);
      if (box) this.held.set(eid, this.fans.rectOf(eid, box));
    });
  }

  query(r: Rect): string[] {
    return [...this.held].filter(([, h]) => overlaps(h, r)).map(([eid]) => eid);
  }
}

describe('big families held by their own parts', () => {
  it('draw, in every query, every point the drawable edges draw, through adds, moves and removals', () => {
    const rnd = seededRandom(5);
    let checked = 0;
    let culled = 0;
    for (let round = 0; round < 8; round++) {
      const dir = (['right', 'left', 'down', 'up'] as EdgeDirection[])[round % 4];
      const m = new Model();
      const sources = [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 40, y: 3000 },
      ];
      const child = (s: { id: string; x: number; y: number }, i: number) => {
        const ahead = rnd() < 0.1 ? 60 + Math.round(rnd() * 100) : 140;
        const across = Math.round((rnd() - 0.5) * 5000);
        const stroke = rnd() < 0.1 ? '#ff0000' : '#9b87f5';
        return edgeBox(s.id, `${s.id}${i}`, route(dir, s.x, s.y, ahead, across), stroke, rnd() < 0.03);
      };
      let next = 0;
      const count = 20 + Math.round(rnd() * 200);
      for (let i = 0; i < count; i++) {
        const s = sources[i % 2];
        m.set(`${s.id}-${next}`, child(s, next));
        next++;
      }
      m.flush();
      for (let step = 0; step < 30; step++) {
        // Some edits, then a flush, then queries with some edges hidden or drawn elsewhere.
        for (let k = Math.round(rnd() * 40); k > 0; k--) {
          const ids = [...m.boxes.keys()];
          const op = rnd();
          if (op < 0.4 || ids.length === 0) {
            const s = sources[Math.floor(rnd() * 2)];
            m.set(`${s.id}-${next}`, child(s, next));
            next++;
          } else if (op < 0.6) m.remove(ids[Math.floor(rnd() * ids.length)]);
          else if (op < 0.75) {
            // The edge reaching farthest from a source moves in, or goes.
            const s = sources[Math.floor(rnd() * 2)];
            const mine = ids.filter((eid) => m.boxes.get(eid)!.source === s.id);
            if (mine.length === 0) continue;
            const reach = (eid: string) => {
              const r = m.boxes.get(eid)!.route;
              return Math.abs(r.dir === 'right' || r.dir === 'left' ? r.ty - r.sy : r.tx - r.sx);
            };
            const far = mine.reduce((a, b) => (reach(b) > reach(a) ? b : a));
            if (rnd() < 0.3) m.remove(far);
            else m.set(far, child(s, 0));
          } else {
            // Moved, now and then to the other source (a connection drawn anew).
            const eid = ids[Math.floor(rnd() * ids.length)];
            const b = m.boxes.get(eid)!;
            const to = rnd() < 0.1 ? sources.find((s) => s.id !== b.source)! : sources.find((s) => s.id === b.source)!;
            m.set(eid, child(to, 0));
          }
        }
        m.flush();
        // Every fifth step, the same boxes indexed from scratch, as a full rebuild does.
        const idx = step % 5 === 4 ? m.rebuilt() : m;
        const hidden = new Set([...m.boxes.values()].filter(() => rnd() < 0.08).map((b) => b.target));
        const dynamic = new Set([...m.boxes.keys()].filter(() => rnd() < 0.05));
        const src = {
          edgeBoxes: m.boxes,
          isVisible: (id: string) => !hidden.has(id),
          isDynamicEdgeId: (id: string, animated: boolean) => animated || dynamic.has(id),
          skippedFar: (eid: string) => idx.fans.skippedFar(eid),
        };
        const drawableBoxes = [...m.boxes].filter(([eid, b]) => !hidden.has(b.target) && !src.isDynamicEdgeId(eid, b.animated)).map(([, b]) => b);
        for (let v = 0; v < 4; v++) {
          // Anywhere, or along a source's trunk.
          const s = sources[v % 2];
          const trunk = v >= 2;
          const cx = trunk ? s.x + (rnd() - 0.5) * 400 : (rnd() - 0.5) * 5000;
          const cy = trunk ? s.y + (rnd() - 0.5) * 5000 : (rnd() - 0.5) * 5000 + 1500;
          const q = trunk ? { minX: cx - 200, minY: cy - 100, maxX: cx + 200, maxY: cy + 100 } : { minX: cx - 400, minY: cy - 300, maxX: cx + 400, maxY: cy + 300 };
          const found = idx.query(q);
          const drawn = drawnEdges(found, src, []);
          culled += drawableBoxes.filter((b) => overlaps(b, q)).length - drawn.length;
          const r = pointsNotDrawn(drawableBoxes, drawn, q);
          checked += r.checked;
          expect(r.missing.slice(0, 3), 'points drawn by no edge found').toEqual([]);
        }
      }
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(culled).toBeGreaterThan(500);
  });

  it('finds, beside the trunk of 10,000 children, only the trunk edge and the children there', () => {
    const m = new Model();
    for (let i = 0; i < 10_000; i++) m.set(`e${i}`, edgeBox('root', `t${i}`, route('right', 0, 0, 150, (i - 5000) * 60)));
    m.flush();
    const q = { minX: 0, minY: 1000, maxX: 500, maxY: 1500 };
    const found = m.query(q);
    expect(found.length).toBeLessThan(20);
    // Above and below the source: one edge draws each half of the trunk.
    const whole = [...m.held].filter(([eid, h]) => h.maxY - h.minY === m.boxes.get(eid)!.maxY - m.boxes.get(eid)!.minY && h.maxY - h.minY > 1000);
    expect(whole.map(([eid]) => eid).sort()).toEqual(['e0', 'e9999']);
  });

  it('holds every edge whole while edges are drawn straight (they share no trunk)', () => {
    const m = new Model();
    for (let i = 0; i < 200; i++) m.set(`e${i}`, edgeBox('root', `t${i}`, route('right', 0, 0, 150, (i - 100) * 60)));
    m.flush();
    const whole = (eid: string) => m.fans.rectOf(eid, m.boxes.get(eid)!) === m.boxes.get(eid);
    // The farthest each way, and the few too close to the source to have a trunk of their own.
    const stepped = [...m.boxes.keys()].filter(whole).length;
    expect(stepped).toBeLessThan(10);
    m.fans.shared = false;
    expect([...m.boxes.keys()].every(whole)).toBe(true);
    expect([...m.boxes.keys()].some((eid) => m.fans.skippedFar(eid) !== null)).toBe(false);
    m.fans.shared = true;
    expect([...m.boxes.keys()].filter(whole).length).toBe(stepped);
  });

  it('gives small families their whole boxes, and a family that shrinks gets them back', () => {
    const m = new Model();
    for (let i = 0; i < FAN_MIN - 1; i++) m.set(`e${i}`, edgeBox('root', `t${i}`, route('right', 0, 0, 150, (i + 1) * 60)));
    m.flush();
    for (const [eid, h] of m.held) expect(h).toEqual(expect.objectContaining({ minY: m.boxes.get(eid)!.minY, maxY: m.boxes.get(eid)!.maxY }));
    m.set('big', edgeBox('root', 'tbig', route('right', 0, 0, 150, FAN_MIN * 60)));
    m.flush();
    const shrunk = [...m.held].filter(([eid, h]) => h.minY !== m.boxes.get(eid)!.minY);
    expect(shrunk.length).toBe(FAN_MIN - 1);
    for (let i = 0; i < FAN_MIN / 2 + 1; i++) m.remove(`e${i}`);
    m.flush();
    for (const [eid, h] of m.held) expect(h).toEqual(expect.objectContaining({ minY: m.boxes.get(eid)!.minY, maxY: m.boxes.get(eid)!.maxY }));
  });
});
