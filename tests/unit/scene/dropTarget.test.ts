import { describe, expect, test } from 'vitest';
import { decideDrop, dropZone, isInBranch, type DropContext } from '../../../src/scene/input/dropTarget';

// root ─ a ─ a1 ─ a1x
//      │    └ a2
//      ├ b
//      └ c
const parent: Record<string, string | null> = { root: null, a: 'root', a1: 'a', a1x: 'a1', a2: 'a', b: 'root', c: 'root' };
const kids: Record<string, string[]> = { root: ['a', 'b', 'c'], a: ['a1', 'a2'], a1: ['a1x'] };

function ctx(dragId: string, over: Partial<DropContext> = {}): DropContext {
  return {
    dragId,
    layout: 'right',
    autoLayout: true,
    parentOf: (id) => parent[id],
    childrenOf: (id) => kids[id] ?? [],
    ...over,
  };
}

describe('drop zones', () => {
  test('thirds along the stacking axis', () => {
    expect(dropZone(0, 0, 100, 60, 50, 10, false)).toBe('before');
    expect(dropZone(0, 0, 100, 60, 50, 30, false)).toBe('child');
    expect(dropZone(0, 0, 100, 60, 50, 50, false)).toBe('after');
    // top-down: siblings side by side, so left/right thirds
    expect(dropZone(0, 0, 90, 60, 10, 5, true)).toBe('before');
    expect(dropZone(0, 0, 90, 60, 45, 5, true)).toBe('child');
    expect(dropZone(0, 0, 90, 60, 80, 55, true)).toBe('after');
  });
});

describe('drop decisions', () => {
  test('over the middle of another topic: becomes its last child', () => {
    expect(decideDrop(ctx('b'), 'a1', 'child')).toEqual({ kind: 'child', targetId: 'a1', parentId: 'a1' });
  });
  test('nothing under the pointer, or itself: nothing', () => {
    expect(decideDrop(ctx('b'), null, 'child')).toEqual({ kind: 'none' });
    expect(decideDrop(ctx('b'), 'b', 'child')).toEqual({ kind: 'none' });
  });
  test('onto its own descendant: refused, in every zone', () => {
    expect(isInBranch(ctx('a'), 'a1x', 'a')).toBe(true);
    expect(isInBranch(ctx('a'), 'b', 'a')).toBe(false);
    for (const zone of ['before', 'child', 'after'] as const) {
      expect(decideDrop(ctx('a'), 'a1x', zone)).toEqual({ kind: 'refused', targetId: 'a1x' });
      expect(decideDrop(ctx('a'), 'a2', zone)).toEqual({ kind: 'refused', targetId: 'a2' });
    }
  });
  test('the root is never reparented', () => {
    expect(decideDrop(ctx('root'), 'b', 'child')).toEqual({ kind: 'none' });
  });
  test('upper/lower third of a sibling reorders (auto-layout on)', () => {
    // c before b: index among root's children without c
    expect(decideDrop(ctx('c'), 'b', 'before')).toEqual({ kind: 'before', targetId: 'b', parentId: 'root', index: 1 });
    expect(decideDrop(ctx('c'), 'a', 'before')).toEqual({ kind: 'before', targetId: 'a', parentId: 'root', index: 0 });
    // a after c (a removed first: [b, c] → insert at 2)
    expect(decideDrop(ctx('a'), 'c', 'after')).toEqual({ kind: 'after', targetId: 'c', parentId: 'root', index: 2 });
    // into another parent's list
    expect(decideDrop(ctx('b'), 'a2', 'before')).toEqual({ kind: 'before', targetId: 'a2', parentId: 'a', index: 1 });
  });
  test('a drop that would leave it where it is does nothing', () => {
    expect(decideDrop(ctx('b'), 'a', 'after')).toEqual({ kind: 'none' });
    expect(decideDrop(ctx('b'), 'c', 'before')).toEqual({ kind: 'none' });
    // already the last child of the target
    expect(decideDrop(ctx('c'), 'root', 'child')).toEqual({ kind: 'unchanged' });
    expect(decideDrop(ctx('a'), 'root', 'child')).toEqual({ kind: 'child', targetId: 'root', parentId: 'root' });
  });
  test('without auto-layout (or in free layout) the whole card means "child"', () => {
    expect(decideDrop(ctx('c', { autoLayout: false }), 'b', 'before')).toEqual({ kind: 'child', targetId: 'b', parentId: 'b' });
    expect(decideDrop(ctx('c', { layout: 'free' }), 'b', 'after')).toEqual({ kind: 'child', targetId: 'b', parentId: 'b' });
  });
  test('the root has no siblings: its thirds all mean "child"', () => {
    expect(decideDrop(ctx('a1'), 'root', 'before')).toEqual({ kind: 'child', targetId: 'root', parentId: 'root' });
  });
  test('siblings drawn in reverse (balanced left side) swap before and after', () => {
    const rev = ctx('a1', { layout: 'balanced', drawnReversed: (id) => id === 'b' });
    expect(decideDrop(rev, 'b', 'before')).toEqual({ kind: 'after', targetId: 'b', parentId: 'root', index: 2 });
    expect(decideDrop(rev, 'b', 'after')).toEqual({ kind: 'before', targetId: 'b', parentId: 'root', index: 1 });
  });
});
