import { describe, expect, it } from 'vitest';
import { integrityProblems, tree } from '../helpers/tree';
import { moveNodes, moveToParent, renameNode } from '../../../src/state/operations';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { canon, replica, syncAll, type Replica } from './helpers';
import * as Y from 'yjs';

function expectSame(...rs: Replica[]): void {
  for (const r of rs) {
    expect(integrityProblems(r.store.getState())).toEqual([]);
    expect(canon(r.store.getState())).toEqual(canon(fromDoc(r.doc).state));
  }
  for (const r of rs.slice(1)) {
    expect(Y.encodeStateVector(r.doc)).toEqual(Y.encodeStateVector(rs[0].doc));
    expect(canon(r.store.getState())).toEqual(canon(rs[0].store.getState()));
  }
}

describe('cycle repair with three replicas', () => {
  it('converges when replicas see a cycle at different times and edit on top of the repair', () => {
    const a = replica(undefined, tree('Root', ['A', 'A1', 'A2'], 'B', 'C', 'D'));
    const b = replica(a.doc);
    const c = replica(a.doc);
    renameNode(b.store, 'B', 'B renamed');
    expect(moveToParent(b.store, 'D', 'A2').ok).toBe(true);
    expect(moveToParent(c.store, 'A', 'D').ok).toBe(true);
    // a hears b and c first, then edits on top of what it sees.
    Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc));
    Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(c.doc));
    moveNodes(a.store, new Map([['A', { x: 10, y: 10 }], ['B', { x: 20, y: 20 }], ['C', { x: 30, y: 30 }]]));
    syncAll([a, b, c]);
    expectSame(a, b, c);
  });
});
