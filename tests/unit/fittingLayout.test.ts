/** A layout is applied only where it keeps every topic within the coordinates a map may hold. */
import { describe, expect, it } from 'vitest';
import { fittingLayout } from '../../src/state/layout/apply';
import { chain, tree } from './helpers/tree';

describe('fittingLayout', () => {
  it('fits an ordinary map in every layout', () => {
    const s = tree('Root', ['A', 'A1', 'A2'], ['B', 'B1']).getState();
    for (const kind of ['right', 'balanced', 'down'] as const) expect(fittingLayout(s, kind)).not.toBeNull();
  });

  it('refuses a rightward layout of a chain deeper than the coordinates reach, and allows a shallower one', () => {
    // Each level is a topic and a gap to the right: 50,000 levels reach past 10,000,000 units.
    expect(fittingLayout(chain(50_000).getState(), 'right')).toBeNull();
    expect(fittingLayout(chain(2_000).getState(), 'right')).not.toBeNull();
  });
});
