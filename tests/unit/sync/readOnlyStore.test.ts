import { describe, expect, it } from 'vitest';
import { addChild, renameNode, select } from '../../../src/state/operations';
import { tree } from '../helpers/tree';

describe('a read-only store (a view link)', () => {
  it('refuses edits, undo and redo but still selects, and says why', () => {
    const store = tree('Root', 'A');
    const root = store.getState().rootId;
    addChild(store, root);
    const before = store.getState();
    const refused: string[] = [];
    store.onRefused((r) => refused.push(r));
    store.setReadOnly('This map is view-only');

    expect(addChild(store, root)).toBeNull();
    renameNode(store, root, 'Renamed');
    expect(store.undo()).toBe(false);
    expect(store.getState().nodes).toBe(before.nodes);
    expect(refused).toEqual(['This map is view-only', 'This map is view-only', 'This map is view-only']);

    select(store, root);
    expect(store.getState().selectedNodeId).toBe(root);

    store.setReadOnly(null);
    expect(store.undo()).toBe(true);
    expect(store.getState().nodes.n).toBe(before.nodes.n - 1);
  });
});

describe('an edit about to start on a read-only map', () => {
  it('is refused at once, with the reason told to the refusal listeners', () => {
    const store = tree('Root', 'A');
    const heard: string[] = [];
    store.onRefused((r) => heard.push(r));
    expect(store.refusesEdits()).toBe(false);
    store.setReadOnly('View only here');
    expect(store.refusesEdits()).toBe(true);
    expect(heard).toEqual(['View only here']);
  });
});
