/** A change a read-only map refuses is told apart from one that went through, so no success is announced for it. */
import { describe, expect, it } from 'vitest';
import { addChild } from '../../../src/state/operations';
import { MindMapStore } from '../../../src/state/store';
import { readOnlyTitle, unlessRefused } from '../../../src/ui/editor/readOnly';
import { VIEW_ONLY } from '../../../src/ui/editor/share/identity';

describe('unlessRefused', () => {
  it('is null for a change a read-only map refuses, and the store still tells its own listeners why', () => {
    const store = new MindMapStore();
    const told: string[] = [];
    store.onRefused((reason) => told.push(reason));
    store.setReadOnly('This map is view-only: you opened it with a view link');
    expect(unlessRefused(store, () => addChild(store, null, 'Refused'))).toBeNull();
    expect(store.getState().nodes.n).toBe(1);
    expect(told).toEqual(['This map is view-only: you opened it with a view link']);
  });

  it('returns what a change that goes through returned; one that writes nothing is not refused', () => {
    const store = new MindMapStore();
    const added = unlessRefused(store, () => addChild(store, null, 'Kept'));
    expect(added?.value).toBe(store.getState().selectedNodeId);
    expect(store.getState().nodes.n).toBe(2);
    // A change that writes nothing is not refused, even on a read-only map.
    store.setReadOnly('read-only');
    expect(unlessRefused(store, () => 'nothing written')).toEqual({ value: 'nothing written' });
  });
});

describe('the title of a read-only reason', () => {
  it('is "View only" for a view link and "Read-only" for any other reason', () => {
    expect(readOnlyTitle(VIEW_ONLY)).toBe('View only');
    expect(readOnlyTitle('This map was saved by a newer version of MindFlow, so it is open read-only.')).toBe('Read-only');
  });
});
