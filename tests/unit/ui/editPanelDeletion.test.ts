/**
 * The Edit Node panel's notice for a topic deleted under unsaved changes promises Undo only when this
 * tab's own history removed it: a deletion from another tab or person is not in that history.
 */
import { describe, expect, it } from 'vitest';
import { getNode } from '../../../src/state/doc';
import { addChild, clearMap, deleteNode } from '../../../src/state/operations';
import { deletedNotice, replacementStep, watchDeletion, type DeletionCause } from '../../../src/ui/editor/EditNodePanel/deletionCause';
import { replica, syncAll, type Replica } from '../ydoc/helpers';

function twoTabs(): { here: Replica; there: Replica; id: string } {
  const here = replica();
  const there = replica(here.doc);
  syncAll([here, there]);
  const id = addChild(here.store, null, 'Shared topic')!;
  syncAll([here, there]);
  expect(getNode(there.store.getState(), id)).toBeDefined();
  return { here, there, id };
}

function causes(r: Replica, id: string): DeletionCause[] {
  const seen: DeletionCause[] = [];
  watchDeletion(r.store, id, (cause) => seen.push(cause));
  return seen;
}

describe('how the panel\'s topic was deleted', () => {
  it('a deletion in this tab is an edit: Undo brings the topic back', () => {
    const { here, id } = twoTabs();
    const seen = causes(here, id);
    deleteNode(here.store, id);
    expect(seen).toEqual(['edit']);
    here.store.undo();
    expect(getNode(here.store.getState(), id)).toBeDefined();
    expect(deletedNotice('edit').text).toContain('Undo brings the topic back');
  });

  it('a deletion from another tab or person is from elsewhere, and this tab\'s Undo does not bring it back', () => {
    const { here, there, id } = twoTabs();
    const seen = causes(here, id);
    deleteNode(there.store, id);
    syncAll([here, there]);
    expect(getNode(here.store.getState(), id)).toBeUndefined();
    expect(seen).toEqual(['elsewhere']);
    // What Undo here does: this tab's own last step (adding the topic), not the other tab's deletion.
    here.store.undo();
    expect(getNode(here.store.getState(), id)).toBeUndefined();

    const notice = deletedNotice('elsewhere');
    expect(notice.title).toBe('This topic was deleted in another tab or by someone else');
    expect(notice.text).toBe('Your unsaved changes to it are still below: copy what you need; Discard closes the panel.');
    expect(`${notice.title} ${notice.text}`).not.toMatch(/undo/i);
  });

  it('Undo of the topic\'s creation removes it: Redo brings it back; a Redo that deletes it: Undo does', () => {
    const { here, id } = twoTabs();
    const seen = causes(here, id);
    here.store.undo();
    expect(seen).toEqual(['undo']);
    expect(deletedNotice('undo').text).toContain('Redo brings the topic back');
    here.store.redo();
    deleteNode(here.store, id);
    here.store.undo();
    here.store.redo();
    expect(seen).toEqual(['undo', 'edit', 'redo']);
    expect(deletedNotice('redo').text).toContain('Undo brings the topic back');
  });

  it('stops listening when asked', () => {
    const { here, id } = twoTabs();
    const seen: DeletionCause[] = [];
    const stop = watchDeletion(here.store, id, (cause) => seen.push(cause));
    stop();
    deleteNode(here.store, id);
    expect(seen).toEqual([]);
  });
});

describe('a replacement of the whole map', () => {
  it('takes the draft\'s topic away even where the new root has its id; its undo brings it back, its redo takes it again', () => {
    const { here } = twoTabs();
    let away = 0;
    here.store.subscribe((changes) => (away += replacementStep(changes, here.store.historyMove)));
    const rootId = here.store.getState().rootId;
    clearMap(here.store);
    // The new map's root has the old one's id, but it is another topic.
    expect(here.store.getState().rootId).toBe(rootId);
    expect(away).toBe(1);
    here.store.undo();
    expect(away).toBe(0);
    here.store.redo();
    expect(away).toBe(1);
    here.store.undo();
    // Edits that are not replacements do not count.
    addChild(here.store, null, 'Another');
    here.store.undo();
    expect(away).toBe(0);
  });
});
