/** The frame bench's pure parts: its map shapes and how a row's numbers are read from the recorded frames. */
import { describe, expect, it } from 'vitest';
import { chainMap, flatMap, parseShape } from '../../bench/frameShapes.mjs';
import { readRow } from '../../bench/frameRecorder.mjs';

interface Node {
  id: string;
  parentId: string | null;
  position: { x: number; y: number };
}

describe('frame bench shapes', () => {
  it('reads shape names and refuses unknown ones', () => {
    expect(parseShape('100k')).toMatchObject({ name: '100k', kind: 'generated', topics: 100_000 });
    expect(parseShape('flat')).toMatchObject({ kind: 'flat', topics: 50_001 });
    expect(parseShape('chain:300')).toMatchObject({ kind: 'chain', topics: 300 });
    expect(() => parseShape('tree')).toThrow(/unknown shape "tree"/);
    expect(() => parseShape('chain:1')).toThrow(/at least 2/);
  });

  it('builds a flat map: one root, every other topic its child', () => {
    const m = flatMap(1000);
    expect(m.nodes).toHaveLength(1001);
    expect(m.edges).toHaveLength(1000);
    expect(m.nodes.filter((n: Node) => n.parentId === 'root')).toHaveLength(1000);
  });

  it('builds a chain: each topic the only child of the one before', () => {
    const m = chainMap(500);
    const kids = new Map<string, number>();
    for (const n of m.nodes as Node[]) if (n.parentId) kids.set(n.parentId, (kids.get(n.parentId) ?? 0) + 1);
    expect(m.nodes).toHaveLength(500);
    expect([...kids.values()].every((k) => k === 1)).toBe(true);
    expect(kids.size).toBe(499);
  });

  it('keeps a long chain inside the coordinates the app keeps (±10,000,000), no two topics on one spot', () => {
    const m = chainMap(100_000);
    const spots = new Set<string>();
    for (const n of m.nodes as Node[]) {
      expect(Math.abs(n.position.x)).toBeLessThanOrEqual(1e7);
      expect(Math.abs(n.position.y)).toBeLessThanOrEqual(1e7);
      spots.add(`${n.position.x},${n.position.y}`);
    }
    expect(spots.size).toBe(100_000);
  });
});

describe('frame bench rows', () => {
  // [rAF time, callback time, rendered time, WebGL draws so far]
  const frame = (t: number, draws: number) => [t, t + 1, t + 5, draws];

  it('times the first frame the scene drew after the input, and the p95 up to its last drawing frame', () => {
    const raw = {
      input: { type: 'keydown', at: 100, seen: 101, draws: 10 },
      frames: [frame(84, 10), frame(117, 10), frame(200, 12), frame(216, 14), frame(233, 14), frame(250, 14)],
      started: 80,
      ended: 300,
      longTasks: [
        [20, 70],
        [120, 80],
      ],
    };
    const row = readRow(raw);
    expect(row.firstFrameMs).toBe(105); // rendered at 205, the first frame with draws
    expect(row.sceneFrames).toBe(2);
    expect(row.p95Ms).toBe(83); // intervals 33, 83, 16 up to the last drawing frame
    expect(row.longestTaskMs).toBe(80); // the task that ended before the input is not counted
    expect(row.met).toBe(false);
  });

  it("times an answer in the page (a typed character) by the first rendered frame, keeping the scene's first frame beside it", () => {
    const raw = {
      input: { type: 'keydown', at: 100, seen: 101, draws: 10 },
      frames: [frame(84, 10), frame(117, 10), frame(150, 10), frame(166, 12)],
      started: 80,
      ended: 300,
      longTasks: [],
    };
    expect(readRow(raw)).toMatchObject({ firstFrameMs: 71, firstSceneFrameMs: 71 });
    expect(readRow(raw, { response: 'page' })).toMatchObject({ firstFrameMs: 22, firstSceneFrameMs: 71, response: 'page' });
  });

  it('records a window without any frame as a first frame of at least the window, not met', () => {
    const row = readRow({ input: { type: 'keydown', at: 100, seen: 100, draws: 0 }, frames: [frame(90, 0)], started: 80, ended: 5100, longTasks: [] });
    expect(row).toMatchObject({ firstFrameMs: 5000, noFrameInWindow: true, met: false });
  });

  it('says when the input never arrived', () => {
    expect(readRow({ input: null, frames: [], started: 0, ended: 10, longTasks: [] }).error).toMatch(/never arrived/);
  });
});
