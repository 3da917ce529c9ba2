import { describe, expect, it } from 'vitest';
import { edgeId, getEdge } from '../../src/state/doc';
import { decodeMapText, encodeMapText, orderedMap } from '../../src/state/mapText';
import { connect, moveAmongSiblings, moveToParent } from '../../src/state/operations';
import { tableSet } from '../../src/state/table';
import { tree } from './helpers/tree';
import { canon } from './ydoc/helpers';

function sample() {
  const store = tree('Root', ['A', 'A1', 'A2'], 'B', ['C', 'C1']);
  connect(store, 'A1', 'C1');
  // Table order no longer depth first: C1 moves under B, A2 before A1.
  moveToParent(store, 'C1', 'B');
  moveAmongSiblings(store, 'A2', -1);
  return store;
}

describe('a built map as compact text', () => {
  it('comes back as the same map, order of children, links and settings included', () => {
    const s = sample().getState();
    const text = encodeMapText(orderedMap(s)!);
    expect(text).not.toBeNull();
    const back = decodeMapText(text)!;
    expect(back).not.toBeNull();
    expect(canon(back.state)).toEqual(canon(s));
    expect(back.state.settings).toEqual(s.settings);
  });

  it('keeps the fields given beside the map', () => {
    const s = sample().getState();
    const back = decodeMapText(encodeMapText(orderedMap(s)!, { sizes: [1, 2, 3, 4], note: 'x' }));
    expect(back?.extra.sizes).toEqual([1, 2, 3, 4]);
    expect(back?.extra.note).toBe('x');
  });

  it('gives no text for a tree edge carrying more than its look (the caller sends the map another way)', () => {
    const store = sample();
    store.transact('label edge', (d) => {
      const id = edgeId('root', 'A');
      tableSet(d.edges, id, { ...getEdge(store.getState(), id)!, label: 'extra' } as never);
    });
    expect(encodeMapText(orderedMap(store.getState())!)).toBeNull();
  });

  it('refuses text that does not hold together', () => {
    const good = JSON.parse(encodeMapText(orderedMap(sample().getState())!)!);
    const variants: unknown[] = [
      'not json',
      42,
      { ...good, format: 99 },
      { ...good, nodes: [] },
      { ...good, treeLooks: good.treeLooks.slice(1) },
      // A parent after its child.
      { ...good, nodes: good.nodes.map((n: { parentId: number }, i: number) => (i === 1 ? { ...n, parentId: 3 } : n)) },
      // Two topics with one id.
      { ...good, nodes: good.nodes.map((n: { id: string }, i: number) => (i === 2 ? { ...n, id: good.nodes[1].id } : n)) },
      // A link to a topic that is not there.
      { ...good, links: [{ ...good.links[0], target: 'nowhere' }] },
      { ...good, treeLooks: good.treeLooks.map(() => 7) },
    ];
    for (const v of variants) expect(decodeMapText(typeof v === 'string' ? v : JSON.stringify(v))).toBeNull();
    expect(decodeMapText(undefined)).toBeNull();
  });
});
