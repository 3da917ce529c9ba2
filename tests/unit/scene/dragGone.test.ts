import { describe, expect, it } from 'vitest';
import { deleteNode } from '../../../src/state/operations';
import type { InputDeps, SceneInput } from '../../../src/scene/input/sceneInput';
import { node, tree } from '../helpers/tree';

// pixi.js (the drop indicator) reads navigator as it loads: Node 20 has none.
(globalThis as { navigator?: unknown }).navigator ??= { userAgent: 'node' };
const { DRAGGED_TOPIC_GONE, SceneInput: Input } = await import('../../../src/scene/input/sceneInput');

/** A SceneInput over a store, with what a drag does not reach left out. */
function input(store: ReturnType<typeof tree>, errors: string[]): SceneInput {
  const deps = {
    element: { style: { cursor: '' } },
    store,
    onError: (m: string) => errors.push(m),
    snapToGrid: () => false,
    dragStarted: () => {},
    dragEnded: () => {},
    request: () => {},
  } as unknown as InputDeps;
  return new Input(deps);
}

describe('dragging a topic deleted meanwhile', () => {
  it('says so once, moves nothing, and the drag still ends', () => {
    const store = tree('Root', 'A', 'B');
    const errors: string[] = [];
    const scene = input(store, errors);
    scene.beginDrag('A');
    scene.dragTo('A', 300, 40);
    expect(node(store, 'A')!.position).toEqual({ x: 300, y: 40 });
    // Gone from the map while the pointer still holds it (as a change from elsewhere would).
    store.commitMark();
    deleteNode(store, 'A');
    store.beginMark('Move topic');
    scene.dragTo('A', 320, 60);
    scene.dragTo('A', 340, 80);
    expect(errors).toEqual([DRAGGED_TOPIC_GONE]);
    expect(node(store, 'A')).toBeUndefined();
    scene.endDrag(true);
    expect(node(store, 'B')).toBeDefined();
  });
});
