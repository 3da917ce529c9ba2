import { describe, expect, test } from 'vitest';
import { easeInOutCubic } from '../../../src/scene/camera/camera';
import { LayoutTween } from '../../../src/scene/anim/layoutTween';
import { nodeHitBox } from '../../../src/scene/topics/nodeLayout';
import { getNode } from '../../../src/state/doc';
import { tableGet } from '../../../src/state/table';
import { tree } from '../helpers/tree';
import { lerpPoint, planTween, PositionTween, TWEEN_MAX_TOPICS, TWEEN_MS, tweenProgress, type Move } from '../../../src/scene/anim/positionTween';

const on = { performanceMode: false, reducedMotion: false, dragging: false };
const move = (id: string, fx: number, tx: number): Move => ({ id, from: { x: fx, y: 0 }, to: { x: tx, y: 10 } });

describe('tween maths', () => {
  test('easing starts and ends at rest, symmetric around the middle', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(0.25) + easeInOutCubic(0.75)).toBeCloseTo(1);
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
    for (let t = 0; t < 1; t += 0.05) expect(easeInOutCubic(t + 0.05)).toBeGreaterThanOrEqual(easeInOutCubic(t));
  });
  test('progress over 400 ms, clamped', () => {
    expect(TWEEN_MS).toBe(400);
    expect(tweenProgress(1000, 1000, 400)).toBe(0);
    expect(tweenProgress(1200, 1000, 400)).toBeCloseTo(0.5);
    expect(tweenProgress(1400, 1000, 400)).toBe(1);
    expect(tweenProgress(5000, 1000, 400)).toBe(1);
    expect(tweenProgress(900, 1000, 400)).toBe(0);
    expect(tweenProgress(1000, 1000, 0)).toBe(1);
  });
  test('lerp', () => {
    expect(lerpPoint({ x: 0, y: 10 }, { x: 100, y: 20 }, 0.25)).toEqual({ x: 25, y: 12.5 });
  });
});

describe('when to tween', () => {
  test('a layout moving several topics tweens the ones that moved', () => {
    const list = [move('a', 0, 100), move('b', 0, 50), { id: 'c', from: { x: 5, y: 5 }, to: { x: 5, y: 5 } }];
    expect(planTween(list, 3, on).map((m) => m.id)).toEqual(['a', 'b']);
  });
  test('never in performance mode, with reduced motion, or during a drag', () => {
    const list = [move('a', 0, 100), move('b', 0, 50)];
    expect(planTween(list, 2, { ...on, performanceMode: true })).toEqual([]);
    expect(planTween(list, 2, { ...on, reducedMotion: true })).toEqual([]);
    expect(planTween(list, 2, { ...on, dragging: true })).toEqual([]);
  });
  test('a single moved topic (drag, nudge) does not tween; too many on screen do not either', () => {
    expect(planTween([move('a', 0, 100)], 1, on)).toEqual([]);
    const many = Array.from({ length: TWEEN_MAX_TOPICS + 1 }, (_, i) => move(`n${i}`, 0, 10));
    expect(planTween(many, many.length, on)).toEqual([]);
    // one on screen out of many moved still tweens
    expect(planTween([move('a', 0, 100)], 500, on)).toHaveLength(1);
  });
});

describe('PositionTween', () => {
  test('draws from old to new over the duration, then reports finished', () => {
    const t = new PositionTween(400);
    t.begin([move('a', 0, 100)], 1000);
    expect(t.active).toBe(true);
    expect(t.at('a', 1000)).toEqual({ x: 0, y: 0 });
    expect(t.at('a', 1200)!.x).toBeCloseTo(50);
    expect(t.at('a', 1400)).toEqual({ x: 100, y: 10 });
    expect(t.at('zzz', 1200)).toBeNull();
    expect(t.finished(1399)).toBe(false);
    expect(t.finished(1400)).toBe(true);
  });
  test('retargeting mid-tween continues from where the topic is drawn', () => {
    const t = new PositionTween(400);
    t.begin([move('a', 0, 100)], 0);
    const mid = t.at('a', 200)!;
    t.begin([{ id: 'a', from: { x: 100, y: 10 }, to: { x: 300, y: 10 } }, move('b', 0, 10)], 200);
    expect(t.at('a', 200)!.x).toBeCloseTo(mid.x);
    expect(t.at('a', 600)).toEqual({ x: 300, y: 10 });
    expect(t.size).toBe(2);
    t.retarget('b', { x: 20, y: 20 });
    expect(t.at('b', 600)).toEqual({ x: 20, y: 20 });
  });
  test('finishAt jumps to the targets; clear empties everything', () => {
    const t = new PositionTween(400);
    t.begin([move('a', 0, 100)], 0);
    t.edgeIds.add('e');
    t.tileEdgeIds.add('e');
    t.finishAt(100);
    expect(t.at('a', 100)).toEqual({ x: 100, y: 10 });
    t.clear();
    expect(t.active).toBe(false);
    expect(t.edgeIds.size + t.tileEdgeIds.size).toBe(0);
  });
});

describe('layout tween in the scene', () => {
  // Root with A and B; both move 300 px right in one change, on a screen that shows them.
  const store = tree('Root', 'A', 'B');
  const before = new Map(['A', 'B'].map((id) => {
    const n = getNode(store.getState(), id)!;
    return [id, nodeHitBox(n.position.x, n.position.y, 140)] as const;
  }));
  store.transact('move', (d) => {
    for (const id of ['A', 'B']) tableGet(d.nodes, id)!.position.x += 300;
  });
  const s = store.getState();
  const screen = { cam: { x: 0, y: 0, zoom: 1 }, size: { width: 2000, height: 1000 }, visible: new Set(['root', 'A', 'B']) };
  const policies = [false, true].flatMap((performanceMode) =>
    [false, true].flatMap((reducedMotion) => [false, true].map((dragging) => ({ performanceMode, reducedMotion, dragging }))),
  );

  test.each(policies)('a layout tweens exactly when the policy allows it: %o', (policy) => {
    const tween = new LayoutTween({ boxes: before, view: () => undefined, invalidateEdgeTiles: () => {}, overlayChanged: () => {} });
    tween.capture(['A', 'B'], s, { ...screen, policy });
    expect(tween.tween.active).toBe(tween.mayTween(policy));
    expect(tween.mayTween(policy)).toBe(planTween([move('A', 0, 300)], 2, policy).length > 0);
  });
});
