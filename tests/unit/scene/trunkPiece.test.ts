import { describe, expect, it } from 'vitest';
import { clipPolyline } from '../../../src/scene/edges/clipPolyline';
import { routedPolyline, sharedPieceKey, trunkPiece, type EdgeDirection, type EdgeStyle } from '../../../src/scene/edges/edgeRouting';
import { SMOOTH_STEP_RADIUS } from '../../../src/scene/constants';
import type { Rect } from '../../../src/scene/geometry';

const MARGIN = SMOOTH_STEP_RADIUS + 1;

/** A piece as a direction-free string, to 1/100 unit. */
const norm = (p: readonly number[]) => {
  const a = p.map((v) => Math.round(v * 100) / 100).join(',');
  const r: number[] = [];
  for (let i = p.length - 2; i >= 0; i -= 2) r.push(p[i], p[i + 1]);
  const b = r.map((v) => Math.round(v * 100) / 100).join(',');
  return a < b ? a : b;
};

describe('the trunk piece of an edge', () => {
  it('is what cutting the whole routed edge to the rect gives, whenever it answers', () => {
    let seed = 11;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const r: Rect = { minX: 0, minY: 0, maxX: 1000, maxY: 1000 };
    let answered = 0;
    let pieces = 0;
    for (let i = 0; i < 4000; i++) {
      const dir = (['right', 'left', 'down', 'up'] as EdgeDirection[])[Math.floor(rnd() * 4)];
      const style = (['smoothstep', 'step'] as EdgeStyle[])[Math.floor(rnd() * 2)];
      const route = { sx: rnd() * 3000 - 1000, sy: rnd() * 3000 - 1000, tx: rnd() * 3000 - 1000, ty: rnd() * 3000 - 1000, dir };
      const got = trunkPiece(route, style, r, MARGIN);
      if (got === undefined) continue;
      answered++;
      const cut = clipPolyline(routedPolyline(route, style), r).filter((p) => p.length >= 4);
      if (got === null) expect(cut).toEqual([]);
      else {
        pieces++;
        expect(cut.map(norm)).toEqual([norm(got)]);
      }
    }
    // The test means something only if both answers came up often.
    expect(answered).toBeGreaterThan(400);
    expect(pieces).toBeGreaterThan(100);
  });

  it('leaves straight edges, flat steps and targets behind their source to the caller', () => {
    const r: Rect = { minX: 0, minY: 0, maxX: 100, maxY: 100 };
    expect(trunkPiece({ sx: 0, sy: -500, tx: 50, ty: 500, dir: 'right' }, 'straight', r, MARGIN)).toBeUndefined();
    expect(trunkPiece({ sx: -500, sy: -500, tx: 500, ty: -500, dir: 'right' }, 'smoothstep', r, MARGIN)).toBeUndefined();
    expect(trunkPiece({ sx: 500, sy: -500, tx: -500, ty: 500, dir: 'right' }, 'smoothstep', r, MARGIN)).toBeUndefined();
    expect(trunkPiece({ sx: -40, sy: -500, tx: 140, ty: 500, dir: 'right' }, 'smoothstep', r, MARGIN)).toEqual([50, 0, 50, 100]);
  });
});

describe('siblings sharing their piece', () => {
  it('draw the same piece in the rect whenever they get the same name', () => {
    let seed = 5;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const r: Rect = { minX: 0, minY: 0, maxX: 1000, maxY: 1000 };
    const byKey = new Map<string, string>();
    let shared = 0;
    for (let i = 0; i < 3000; i++) {
      const dir = (['right', 'left', 'down', 'up'] as EdgeDirection[])[Math.floor(rnd() * 4)];
      const style = (['smoothstep', 'step'] as EdgeStyle[])[Math.floor(rnd() * 2)];
      // Few sources and few target columns, many targets: the siblings of a big family.
      const s = [100, 500, 900][Math.floor(rnd() * 3)];
      const t = [s - 300, s + 300][Math.floor(rnd() * 2)];
      const b = rnd() * 5000 - 2000;
      const along = dir === 'right' || dir === 'left';
      const route = along ? { sx: s, sy: 500, tx: t, ty: b, dir } : { sx: 500, sy: s, tx: b, ty: t, dir };
      const key = sharedPieceKey(route, style, r, MARGIN);
      if (key === undefined) continue;
      const drawn = clipPolyline(routedPolyline(route, style), r)
        .filter((p) => p.length >= 4)
        .map(norm)
        .join(' ');
      const first = byKey.get(key);
      if (first === undefined) byKey.set(key, drawn);
      else {
        shared++;
        expect(drawn).toBe(first);
      }
    }
    expect(shared).toBeGreaterThan(500);
  });
});
