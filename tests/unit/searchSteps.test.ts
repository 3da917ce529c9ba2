import { describe, expect, it } from 'vitest';
import { nextMatch } from '../../src/state/searchSteps';
import { tree } from './helpers/tree';
import { moveNode } from '../../src/state/operations';

describe('stepping through search matches', () => {
  it('goes top to bottom, then left to right, wrapping around; Shift goes back', () => {
    const store = tree('Root', 'A', 'B', 'C');
    moveNode(store, 'A', { x: 300, y: 100 });
    moveNode(store, 'B', { x: 100, y: 100 });
    moveNode(store, 'C', { x: 0, y: -50 });
    const s = store.getState();
    const matches = new Set(['A', 'B', 'C']);
    expect(nextMatch(s, matches, null)).toBe('C');
    expect(nextMatch(s, matches, 'C')).toBe('B');
    expect(nextMatch(s, matches, 'B')).toBe('A');
    expect(nextMatch(s, matches, 'A')).toBe('C');
    expect(nextMatch(s, matches, null, true)).toBe('A');
    expect(nextMatch(s, matches, 'C', true)).toBe('A');
    expect(nextMatch(s, matches, 'A', true)).toBe('B');
  });

  it('starts from the selected topic even when it is no match, and answers null without matches', () => {
    const store = tree('Root', 'A', 'B');
    moveNode(store, 'A', { x: 0, y: 100 });
    moveNode(store, 'B', { x: 0, y: 200 });
    const s = store.getState();
    expect(nextMatch(s, new Set(['B']), 'A')).toBe('B');
    expect(nextMatch(s, new Set(), 'A')).toBeNull();
    expect(nextMatch(s, new Set(['gone', 'A']), 'root')).toBe('A');
  });
});
