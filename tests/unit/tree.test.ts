import { describe, expect, it } from 'vitest';
import { setSearch } from '../../src/state/operations';
import { ancestorIds, climbAncestors, computeVisibleIds, depthOf, findAncestor, isDescendantOf } from '../../src/state/tree';
import { tree } from './helpers/tree';

describe('the ancestor walk', () => {
  const store = tree('Root', ['A', ['A1', 'A11']], 'B');
  const s = () => store.getState();

  it('climbs nearest first, from the parent, and stops where asked', () => {
    expect(ancestorIds(s(), 'A11')).toEqual(['A1', 'A', 'root']);
    expect(ancestorIds(s(), 'root')).toEqual([]);
    expect(findAncestor(s(), 'A11', (a) => a === 'A')).toBe('A');
    expect(findAncestor(s(), 'A11', (a) => a === 'B')).toBeNull();
    expect(depthOf(s(), 'A11')).toBe(3);
    expect(isDescendantOf(s(), 'A11', 'A')).toBe(true);
    expect(isDescendantOf(s(), 'A', 'A')).toBe(false);
    expect(isDescendantOf(s(), 'B', 'A')).toBe(false);
  });

  it('ends on a cycle after `limit` steps instead of looping', () => {
    const parent: Record<string, string> = { a: 'b', b: 'a' };
    const seen: string[] = [];
    expect(climbAncestors((id) => parent[id], 'a', (x) => (seen.push(x), false), 5)).toBeNull();
    expect(seen).toEqual(['b', 'a', 'b', 'a', 'b']);
  });

  it('a search shows the matches and all their ancestors, each once', () => {
    const st = tree('Root', ['A', ['A1', 'A11', 'A12']], 'B');
    setSearch(st, 'A1');
    expect([...computeVisibleIds(st.getState())].sort()).toEqual(['A', 'A1', 'A11', 'A12', 'root']);
  });
});
