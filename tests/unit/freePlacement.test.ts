import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds } from '../../src/state/doc';
import { setIdGenerator } from '../../src/state/ids';
import { DEFAULT_TOPIC_SIZE } from '../../src/state/layout/tidy';
import { addChild, addMiddleChild, addSibling, addTaskList, type SpotTaken } from '../../src/state/operations';
import type { MindMapStore } from '../../src/state/store';
import { tableValues } from '../../src/state/table';
import { node, tree } from './helpers/tree';

let counter = 0;
beforeEach(() => {
  counter = 0;
  setIdGenerator(() => `id${++counter}`);
});
afterEach(() => setIdGenerator(null));

/** What the canvas answers: any topic's card (the default size) overlapping the area. */
function cards(store: MindMapStore): SpotTaken {
  return (a) =>
    tableValues(store.getState().nodes).some(
      (n) => n.position.x < a.x + a.width && n.position.x + DEFAULT_TOPIC_SIZE.width > a.x && n.position.y < a.y + a.height && n.position.y + DEFAULT_TOPIC_SIZE.height > a.y,
    );
}

// A at (200, 0) and B at (200, 70), each with one child at x 400: A's second child's spec place,
// 70 below A1, is B1's.
const cousins = () => tree('Root', ['A', 'A1'], ['B', 'B1']);

describe('new topics clear of the topics shown', () => {
  it('a child goes below a cousin that takes its spec place', () => {
    const store = cousins();
    expect(node(store, addChild(store, 'A', undefined, cards(store))!)!.position).toEqual({ x: 400, y: 140 });
  });

  it('keeps the spec place when nothing says what is shown there', () => {
    const store = cousins();
    expect(node(store, addChild(store, 'A')!)!.position).toEqual({ x: 400, y: 70 });
  });

  it('a sibling goes below a cousin in its place', () => {
    const store = cousins();
    const id = addSibling(store, 'A1', cards(store))!;
    expect(childIds(store.getState(), 'A')).toEqual(['A1', id]);
    expect(node(store, id)!.position).toEqual({ x: 400, y: 140 });
  });

  it('the hover "+" topic goes below the topics its spec place overlaps, and below an earlier one', () => {
    const store = tree('Root', 'A', 'B');
    const first = addMiddleChild(store, 'root', cards(store))!;
    // 50 right and 100 below overlaps B (200..380 × 70..126).
    expect(node(store, first)!.position).toEqual({ x: 50, y: 170 });
    // Without the canvas the spec place again (clear of the first), then never on either of them.
    const second = addMiddleChild(store, 'root')!;
    expect(node(store, second)!.position).toEqual({ x: 50, y: 100 });
    const third = addMiddleChild(store, 'root')!;
    expect(node(store, third)!.position).toEqual({ x: 50, y: 240 });
  });

  it('a task list goes where the list and its tasks all have room', () => {
    // B's children stand where the tasks (200 right of the list) would go.
    const store = tree('Root', 'A', ['B', 'B1', 'B2', 'B3']);
    const list = addTaskList(store, 'root', cards(store))!;
    expect(node(store, list)!.position).toEqual({ x: 200, y: 280 });
    const tasks = childIds(store.getState(), list).map((id) => node(store, id)!.position);
    expect(tasks).toEqual([{ x: 400, y: 280 }, { x: 400, y: 350 }, { x: 400, y: 420 }]);
  });

  it('stops looking after a bounded number of steps on a column with no room', () => {
    const store = tree('Root', 'A');
    const id = addChild(store, 'A', undefined, () => true)!;
    expect(node(store, id)!.position.x).toBe(400);
    expect(node(store, id)!.position.y).toBe(200 * 70);
  });
});
