/**
 * Under a topic with many children, an add writes only the new topic's records and a change from
 * elsewhere places only what arrived (writeInsertedChildren, mergeByOrder), with the same result as
 * writing and sorting every sibling.
 */
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { childIds } from '../../../src/state/doc';
import { addChild, addSibling, deleteNode, moveAmongSiblings, updateSettings } from '../../../src/state/operations';
import { keepLaidOut } from '../../../src/state/layout/apply';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { mergeByOrder } from '../../../src/state/ydoc/binding';
import { compareOrder } from '../../../src/state/ydoc/orderKeys';
import { tree } from '../helpers/tree';
import { canon, replica, syncAll } from './helpers';

const kids = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

/** The keys of the tree records each transaction of `doc` wrote, from now on. */
function treeWrites(doc: Y.Doc): string[][] {
  const out: string[][] = [];
  doc.on('afterTransaction', (tr: Y.Transaction) => {
    const tree = doc.getMap('tree');
    out.push([...(tr.changed.get(tree as never) ?? [])].map(String));
  });
  return out;
}

describe('many siblings', () => {
  it('an add writes the new topic alone, at the end, at the start and in the middle', () => {
    const a = replica(undefined, tree('Root', ['P', ...kids(300)]));
    const writes = treeWrites(a.doc);
    const last = addChild(a.store, 'P')!;
    expect(writes.at(-1)).toEqual([last]);
    const middle = addSibling(a.store, 'k150')!;
    expect(writes.at(-1)).toEqual([middle]);
    const first = addSibling(a.store, 'k0')!;
    expect(writes.at(-1)).toEqual([first]);
    const order = childIds(a.store.getState(), 'P');
    expect(order.indexOf(middle)).toBe(order.indexOf('k150') + 1);
    expect(order.at(-1)).toBe(last);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
  });

  it('with Auto Layout on, an add (whose layout pass reaches the document first) is written with its key', () => {
    // As in the editor: the layout listens before the binding does, so its pass is delivered first.
    const store = tree('Root', ['A', 'A1', 'A2'], 'B', 'C');
    keepLaidOut(store);
    const a = replica(undefined, store);
    updateSettings(a.store, { layout: 'balanced', autoLayout: true });
    const n = a.store.getState().nodes.n;
    const x = addChild(a.store, 'root')!;
    expect(fromDoc(a.doc).state.nodes.n).toBe(n + 1);
    a.store.undo();
    const y = addChild(a.store, 'A')!;
    // (Places are the layout's, derived on every replica and not stored: compare the tree.)
    const stored = fromDoc(a.doc).state;
    for (const p of ['root', 'A', 'B', 'C']) expect(childIds(stored, p)).toEqual(childIds(a.store.getState(), p));
    expect(childIds(stored, 'A')).toContain(y);
    expect(childIds(fromDoc(a.doc).state, 'root')).not.toContain(x);
  });

  it('a reorder among many siblings still writes the keys it needs', () => {
    const a = replica(undefined, tree('Root', ['P', ...kids(200)]));
    moveAmongSiblings(a.store, 'k100', -1);
    moveAmongSiblings(a.store, 'k0', 1);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
    expect(childIds(a.store.getState(), 'P').slice(0, 2)).toEqual(['k1', 'k0']);
  });

  it('another replica places adds, deletes, moves and their undo among many siblings in the same order', () => {
    const a = replica(undefined, tree('Root', ['P', ...kids(400)], 'Q'));
    const b = replica(a.doc);
    const x = addSibling(a.store, 'k10')!;
    const y = addChild(b.store, 'P')!;
    deleteNode(a.store, 'k200');
    moveAmongSiblings(b.store, 'k300', -1);
    syncAll([a, b]);
    expect(canon(b.store.getState())).toEqual(canon(a.store.getState()));
    expect(canon(fromDoc(b.doc).state)).toEqual(canon(b.store.getState()));
    expect(childIds(b.store.getState(), 'P')).toContain(x);
    expect(childIds(a.store.getState(), 'P')).toContain(y);
    a.store.undo(); // the delete comes back in its place
    a.store.undo(); // the add goes
    syncAll([a, b]);
    expect(canon(b.store.getState())).toEqual(canon(a.store.getState()));
    expect(childIds(b.store.getState(), 'P').indexOf('k200')).toBe(childIds(b.store.getState(), 'P').indexOf('k199') + 1);
  });
});

describe('mergeByOrder', () => {
  it('gives what sorting everything gives', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 50; round++) {
      const keyOf = new Map<string, string>();
      const ids = Array.from({ length: 1 + Math.floor(rnd() * 60) }, (_, i) => {
        const id = `n${round}-${i}`;
        // Few distinct keys: ties are broken by id, as replicas that chose the same key do.
        keyOf.set(id, `a${Math.floor(rnd() * 20).toString(36)}`);
        return id;
      });
      const order = (id: string) => keyOf.get(id)!;
      const all = [...ids].sort((p, q) => compareOrder(order(p), p, order(q), q));
      const arrive = all.filter(() => rnd() < 0.3);
      const stay = all.filter((id) => !arrive.includes(id));
      expect(mergeByOrder(stay, [...arrive].reverse(), order)).toEqual(all);
    }
  });
});
