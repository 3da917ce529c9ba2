/**
 * A big change of this tab's (BindOptions.writeLater) is written into the document after the page
 * has drawn it, as one undo step; anything that needs the document first writes it at once.
 */
import { describe, expect, it } from 'vitest';
import { getNode } from '../../../src/state/doc';
import { deleteSubtree } from '../../../src/state/mutations';
import { addChild, deleteNode, renameNode } from '../../../src/state/operations';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { mapDoc } from '../../../src/state/ydoc/shape';
import { tree, type Spec } from '../helpers/tree';
import { canon, deliver, replica, syncAll, type Replica } from './helpers';

/** Root with a branch "Big" of `n` leaves and a small branch "S" (S1). */
function withBigBranch(n: number) {
  const leaves: Spec[] = Array.from({ length: n }, (_, i) => `L${i}`);
  return tree('Root', ['Big', ...leaves] as Spec, ['S', 'S1']);
}

/** A replica whose deferred writes wait in `queue` until the test runs them. */
function laterReplica(n = 30) {
  const queue: (() => void)[] = [];
  const r = replica(undefined, withBigBranch(n), { writeLater: { from: 20, schedule: (run) => queue.push(run) } });
  return { ...r, queue };
}

const inDoc = (r: Replica, id: string) => mapDoc(r.doc).topic.has(id);
const runAll = (queue: (() => void)[]) => {
  while (queue.length) queue.shift()!();
};

describe('binding: a big change written after it is drawn', () => {
  it('writes a big delete in a later task, as one undo step, saying meanwhile that it is writing', () => {
    const a = laterReplica();
    const writing: boolean[] = [];
    a.binding.onWriting((w) => writing.push(w));
    a.outbox.length = 0;
    deleteNode(a.store, 'Big');
    expect(getNode(a.store.getState(), 'Big')).toBeUndefined();
    expect(inDoc(a, 'Big')).toBe(true);
    expect(a.outbox).toEqual([]);
    expect(a.binding.writing).toBe(true);
    expect(a.store.canUndo()).toBe(true);
    expect(a.store.undoLabel()).toBe('Delete topic');
    runAll(a.queue);
    expect(inDoc(a, 'Big')).toBe(false);
    expect(inDoc(a, 'L7')).toBe(false);
    expect(a.outbox).toHaveLength(1);
    expect(writing).toEqual([true, false]);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
    a.store.undo();
    expect(getNode(a.store.getState(), 'L7')).toBeDefined();
    expect(inDoc(a, 'L7')).toBe(true);
  });

  it('writes a small change at once', () => {
    const a = laterReplica();
    deleteNode(a.store, 'S');
    expect(inDoc(a, 'S')).toBe(false);
    expect(a.queue).toEqual([]);
    expect(a.binding.writing).toBe(false);
  });

  it('writes the waiting change first on undo, on a new change, or when settled', () => {
    const a = laterReplica();
    deleteNode(a.store, 'Big');
    // Undo before the write: the delete is written, then undone.
    a.store.undo();
    expect(getNode(a.store.getState(), 'L3')).toBeDefined();
    expect(inDoc(a, 'L3')).toBe(true);
    expect(a.store.canRedo()).toBe(true);
    runAll(a.queue);
    expect(getNode(a.store.getState(), 'L3')).toBeDefined();

    const b = laterReplica();
    deleteNode(b.store, 'Big');
    const added = addChild(b.store, 'S')!;
    expect(inDoc(b, 'Big')).toBe(false);
    expect(inDoc(b, added)).toBe(true);
    // Two steps, in order.
    b.store.undo();
    expect(getNode(b.store.getState(), added)).toBeUndefined();
    expect(getNode(b.store.getState(), 'Big')).toBeUndefined();
    b.store.undo();
    expect(getNode(b.store.getState(), 'Big')).toBeDefined();

    const c = laterReplica();
    deleteNode(c.store, 'Big');
    c.binding.settle();
    expect(inDoc(c, 'Big')).toBe(false);
    expect(c.binding.writing).toBe(false);
  });

  it('writes the waiting change before reading one from elsewhere, and both replicas converge', () => {
    const a = laterReplica();
    const b = replica(a.doc);
    a.outbox.length = 0;
    deleteNode(a.store, 'Big');
    // Meanwhile the other replica renames a topic in the deleted branch and one outside it.
    renameNode(b.store, 'L4', 'Renamed there');
    renameNode(b.store, 'S1', 'Kept');
    for (const u of b.outbox.splice(0)) deliver(u, a);
    expect(inDoc(a, 'Big')).toBe(false);
    syncAll([a, b]);
    runAll(a.queue);
    syncAll([a, b]);
    expect(getNode(a.store.getState(), 'L4')).toBeUndefined();
    expect(getNode(a.store.getState(), 'S1')?.data.label).toBe('Kept');
    expect(canon(a.store.getState())).toEqual(canon(b.store.getState()));
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
  });

  it("writes a big change made during a drag outside the history before the drag's own step", () => {
    const a = laterReplica();
    a.store.beginMark('Move topic');
    const cut = deleteSubtree(a.store.getState(), 'Big')!;
    a.store.commit('Drop a branch', cut.state, cut.patches, cut.inverse, { history: false });
    expect(getNode(a.store.getState(), 'Big')).toBeUndefined();
    expect(inDoc(a, 'Big')).toBe(true);
    renameNode(a.store, 'S1', 'Renamed in the drag');
    a.store.commitMark();
    expect(inDoc(a, 'Big')).toBe(false);
    expect(canon(fromDoc(a.doc).state)).toEqual(canon(a.store.getState()));
    // The drag's step is the rename alone: undoing it leaves the branch gone.
    a.store.undo();
    expect(getNode(a.store.getState(), 'S1')?.data.label).toBe('S1');
    expect(getNode(a.store.getState(), 'Big')).toBeUndefined();
  });
});
