/**
 * Undo and redo of the newest step put back the state the store held (stepMemo.ts) instead of
 * reading the document, only while that is exactly what the document now holds.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { getNode } from '../../../src/state/doc';
import {
  addChild,
  connect,
  deleteNode,
  moveAmongSiblings,
  moveNode,
  moveToParent,
  renameNode,
  toggleExpanded,
  updateSettings,
} from '../../../src/state/operations';
import { keepLaidOut } from '../../../src/state/layout/apply';
import { tableForEach } from '../../../src/state/table';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { tree, type Spec } from '../helpers/tree';
import { canon, replica, type Replica } from './helpers';

/** Root with branches A (A1, A2, A3), B (B1) and C. */
const small = () => tree('Root', ['A', 'A1', 'A2', 'A3'], ['B', 'B1'], 'C');

/** Counts the undos and redos answered from the memo. */
function watch(r: Replica) {
  return vi.spyOn(r.store, 'applyExternalChanges');
}

/** The store shows what its document builds (positions included unless a layout places them). */
function expectMirrors(r: Replica, positions = true) {
  expect(canon(r.store.getState(), positions)).toEqual(canon(fromDoc(r.doc).state, positions));
}

function ids(r: Replica): string[] {
  const out: string[] = [];
  tableForEach(r.store.getState().nodes, (_, id) => out.push(id));
  return out.sort();
}

describe('undo from the step memo', () => {
  it('puts a deleted branch back, and deletes it again on redo, without reading the document', () => {
    const leaves: Spec[] = Array.from({ length: 200 }, (_, i) => `L${i}`);
    const r = replica(undefined, tree('Root', ['Big', ...leaves] as Spec, ['S', 'S1']));
    const before = canon(r.store.getState());
    const big = ids(r).find((id) => getNode(r.store.getState(), id)?.data.label === 'Big')!;
    deleteNode(r.store, big);
    const after = canon(r.store.getState());
    const memo = watch(r);
    r.store.undo();
    expect(memo).toHaveBeenCalledTimes(1);
    expect(canon(r.store.getState())).toEqual(before);
    expectMirrors(r);
    r.store.redo();
    expect(memo).toHaveBeenCalledTimes(2);
    expect(canon(r.store.getState())).toEqual(after);
    expectMirrors(r);
    r.store.undo();
    expect(memo).toHaveBeenCalledTimes(3);
    expect(canon(r.store.getState())).toEqual(before);
  });

  it('reads the document when a change from elsewhere came in after the step', () => {
    const a = replica(undefined, small());
    const b = replica(a.doc);
    const id = (r: Replica, label: string) => ids(r).find((x) => getNode(r.store.getState(), x)?.data.label === label)!;
    deleteNode(a.store, id(a, 'A'));
    renameNode(b.store, id(b, 'C'), 'C renamed elsewhere');
    for (const u of b.outbox.splice(0)) Y.applyUpdate(a.doc, u, 'remote');
    const memo = watch(a);
    a.store.undo();
    expect(memo).not.toHaveBeenCalled();
    expect(getNode(a.store.getState(), id(a, 'A1'))).toBeDefined();
    expect(getNode(a.store.getState(), id(a, 'C renamed elsewhere'))).toBeDefined();
    expectMirrors(a);
    a.store.redo();
    expect(memo).not.toHaveBeenCalled();
    expect(ids(a).some((x) => getNode(a.store.getState(), x)?.data.label === 'A')).toBe(false);
    expectMirrors(a);
  });

  it('answers the undo of a drag (a mark) when nothing came in during it', () => {
    const r = replica(undefined, small());
    const a = ids(r).find((x) => getNode(r.store.getState(), x)?.data.label === 'A')!;
    const start = getNode(r.store.getState(), a)!.position;
    r.store.beginMark('Move topic');
    for (let i = 1; i <= 5; i++) moveNode(r.store, a, { x: start.x + i * 10, y: start.y });
    r.store.commitMark();
    const memo = watch(r);
    r.store.undo();
    expect(memo).toHaveBeenCalledTimes(1);
    expect(getNode(r.store.getState(), a)!.position).toEqual(start);
    expectMirrors(r);
  });

  it('is not used across an auto-layout pass, whose moves no change set of the step names', () => {
    // As in the editor: the layout hears each change before the binding does.
    const store = small();
    keepLaidOut(store);
    const r = replica(undefined, store);
    updateSettings(r.store, { layout: 'balanced', autoLayout: true });
    const memo = watch(r);
    const laidOut = canon(r.store.getState());
    addChild(r.store, r.store.getState().rootId);
    r.store.undo();
    expect(memo).not.toHaveBeenCalled();
    expect(canon(r.store.getState())).toEqual(laidOut);
    expectMirrors(r, false);
  });

  it('leaves every undo and redo showing what the document holds, whatever came before', () => {
    let answered = 0;
    fc.assert(
      fc.property(
        fc.array(fc.record({ op: fc.nat(9), a: fc.nat(), b: fc.nat(), remote: fc.boolean() }), { maxLength: 40 }),
        (steps) => {
          const r = replica(undefined, small());
          const other = replica(r.doc);
          const memo = watch(r);
          let label = 0;
          for (const step of steps) {
            const target = step.remote && step.op < 6 ? other : r;
            const s = target.store;
            const list = ids(target);
            const x = list[step.a % list.length];
            const y = list[step.b % list.length];
            switch (step.op) {
              case 0:
                addChild(s, x);
                break;
              case 1:
                renameNode(s, x, `t${++label}`);
                break;
              case 2:
                deleteNode(s, x);
                break;
              case 3:
                moveToParent(s, x, y);
                break;
              case 4:
                toggleExpanded(s, x);
                break;
              case 5:
                if (step.b % 2) connect(s, x, y);
                else moveAmongSiblings(s, x, step.a % 2 ? 1 : -1);
                break;
              case 6:
              case 7:
                r.store.undo();
                expectMirrors(r);
                break;
              default:
                r.store.redo();
                expectMirrors(r);
            }
            // The other replica's changes reach this one at once, this one's reach it too.
            for (const u of other.outbox.splice(0)) Y.applyUpdate(r.doc, u, 'remote');
            for (const u of r.outbox.splice(0)) Y.applyUpdate(other.doc, u, 'remote');
          }
          expectMirrors(r);
          answered += memo.mock.calls.length;
        },
      ),
      { numRuns: 150 },
    );
    // The property above is about the memo: it must have answered some of them (about 30–60 in 150
    // random runs; a broken memo answers none).
    expect(answered).toBeGreaterThan(10);
  });
});
