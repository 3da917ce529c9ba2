import { describe, expect, it } from 'vitest';
import { pickOverlayEdgeIds } from '../../../src/scene/overlay/overlayEdgeIds';

const ids = (n: number, prefix = 'e') => Array.from({ length: n }, (_, i) => prefix + i);

describe('pickOverlayEdgeIds', () => {
  it('with many dynamic edges, takes only the on-screen ones', () => {
    const dyn = new Set(ids(30_000));
    let asked = 0;
    const out = pickOverlayEdgeIds({
      onScreen: ['e5', 'x1', 'e17', 'e29999'],
      dyn,
      withAnimated: true,
      isAnimated: () => {
        asked++;
        return false;
      },
      tweening: [],
      walkLimit: 256,
    });
    expect(out).toEqual(['e5', 'e17', 'e29999']);
    // Only the on-screen edges outside the dynamic set were looked up.
    expect(asked).toBe(1);
  });

  it('walks a small dynamic set whole, on screen or not, each edge once', () => {
    const out = pickOverlayEdgeIds({
      onScreen: ['b', 'z'],
      dyn: new Set(['a', 'b', 'c']),
      withAnimated: false,
      isAnimated: () => true,
      tweening: [],
      walkLimit: 3,
    });
    expect(out).toEqual(['b', 'a', 'c']);
  });

  it('adds animated edges on screen only when asked, and tweening edges once', () => {
    const base = {
      onScreen: ['anim', 'plain', 'sel'],
      dyn: new Set(['sel']),
      isAnimated: (eid: string) => eid === 'anim',
      tweening: ['moving', 'sel'],
      walkLimit: 10,
    };
    expect(pickOverlayEdgeIds({ ...base, withAnimated: true })).toEqual(['anim', 'sel', 'moving']);
    expect(pickOverlayEdgeIds({ ...base, withAnimated: false })).toEqual(['sel', 'moving']);
  });

  it('draws nothing of a large off-screen dynamic set', () => {
    const out = pickOverlayEdgeIds({ onScreen: [], dyn: new Set(ids(1000)), withAnimated: true, isAnimated: () => false, tweening: [], walkLimit: 256 });
    expect(out).toEqual([]);
  });
});
