/**
 * Topics added under one parent at the same moment on two replicas land on one spot: after the
 * change from elsewhere they are moved apart, the same way on every replica.
 */
import { describe, expect, it } from 'vitest';
import { childIds, getNode } from '../../../src/state/doc';
import { keepAddsApart, movesApart } from '../../../src/state/keepApart';
import { addChild, addTaskList } from '../../../src/state/operations';
import { editNode } from '../../../src/state/mutations';
import { tree } from '../helpers/tree';
import { canon, replica, syncAll } from './helpers';

const settle = async (replicas: Parameters<typeof syncAll>[0]) => {
  for (let i = 0; i < 3; i++) {
    syncAll(replicas);
    await Promise.resolve();
  }
  syncAll(replicas);
};

describe('topics added at the same moment', () => {
  it('stand apart on both replicas, the smaller id where both were put', async () => {
    const a = replica(undefined, tree('Root', 'X', 'Y'));
    const b = replica(a.doc);
    keepAddsApart(a.store);
    keepAddsApart(b.store);
    const fromA = addChild(a.store, 'root', 'From A')!;
    const fromB = addChild(b.store, 'root', 'From B')!;
    const spot = getNode(a.store.getState(), fromA)!.position;
    expect(getNode(b.store.getState(), fromB)!.position).toEqual(spot);
    await settle([a, b]);
    const [stays, moves] = [fromA, fromB].sort();
    for (const r of [a, b]) {
      const s = r.store.getState();
      expect(getNode(s, stays)!.position).toEqual(spot);
      expect(getNode(s, moves)!.position).toEqual({ x: spot.x, y: spot.y + 70 });
    }
    expect(canon(a.store.getState())).toEqual(canon(b.store.getState()));
    // Not an undo step: the side whose topic stayed takes its add back with one undo.
    const [owner, gone] = stays === fromA ? [a, fromA] : [b, fromB];
    expect(owner.store.undo()).toBe(true);
    expect(getNode(owner.store.getState(), gone)).toBeUndefined();
  });

  it('a task list moves with its tasks', async () => {
    const a = replica(undefined, tree('Root', 'X'));
    const b = replica(a.doc);
    keepAddsApart(a.store);
    keepAddsApart(b.store);
    const lists = [addTaskList(a.store, 'root')!, addTaskList(b.store, 'root')!].sort();
    await settle([a, b]);
    const s = a.store.getState();
    const top = getNode(s, lists[0])!.position;
    expect(getNode(s, lists[1])!.position).toEqual({ x: top.x, y: top.y + 70 });
    for (const list of lists) {
      const p = getNode(s, list)!.position;
      childIds(s, list).forEach((t, i) => expect(getNode(s, t)!.position).toEqual({ x: p.x + 200, y: p.y + 70 * i }));
    }
    expect(canon(a.store.getState())).toEqual(canon(b.store.getState()));
  });

  it('moves every topic but one off a shared spot, below the others in their column', () => {
    const store = tree('Root', 'A', 'B', 'C');
    // B and C put on A's spot (200, 0); the column's next free place is 70 lower, then 210.
    store.transact('stack', (d) => {
      editNode(d, 'B')!.position = { x: 200, y: 0 };
      editNode(d, 'C')!.position = { x: 200, y: 0 };
    });
    const extra = tree('Root', 'A', 'B');
    expect(movesApart(extra.getState(), ['A', 'B']).size).toBe(0);
    expect(movesApart(store.getState(), ['C'])).toEqual(
      new Map([
        ['B', { x: 200, y: 70 }],
        ['C', { x: 200, y: 140 }],
      ]),
    );
  });
});
