/**
 * How the Edit Node panel's topic came to be deleted, so its notice says what brings the topic back:
 * Undo only brings back what this tab's own history removed. A change from another tab or another
 * person arrives as an external change set that is not an undo or redo (see ChangeSet.external and
 * ydoc/binding.ts) and is not in this tab's history.
 */
import { getNode } from '../../../state/doc';
import type { ChangeSet, HistoryMove, MindMapStore } from '../../../state/store';
import { replacementKind } from '../storage/keptMaps';

/**
 * - 'edit': an edit in this tab (Delete, Import, Clear Map…): Undo brings the topic back;
 * - 'undo': this tab's Undo removed it: Redo brings it back;
 * - 'redo': this tab's Redo removed it: Undo brings it back;
 * - 'elsewhere': another tab or another person deleted it: nothing here brings it back.
 */
export type DeletionCause = 'edit' | 'undo' | 'redo' | 'elsewhere';

/** `move`: the undo or redo the store's listeners are hearing, if any (MindMapStore.historyMove). */
export function deletionCause(changes: ChangeSet, move: HistoryMove | null): DeletionCause {
  if (changes.undoRedo) return move?.kind === 'redo' ? 'redo' : 'undo';
  return changes.external ? 'elsewhere' : 'edit';
}

/** Calls `onDeleted` with the cause each time a change removes topic `id`. Returns the stop function. */
export function watchDeletion(store: MindMapStore, id: string, onDeleted: (cause: DeletionCause) => void): () => void {
  let present = getNode(store.getState(), id) !== undefined;
  return store.subscribe((changes, state) => {
    if (!changes.reset && !changes.nodes.has(id)) return;
    const was = present;
    present = getNode(state, id) !== undefined;
    if (was && !present) onDeleted(deletionCause(changes, store.historyMove));
  });
}

/**
 * Whether a change takes the map away from (+1) or brings back (-1) the one before a replacement:
 * Import, Apply Template, Clear Map and a restore replace every topic, though the new root may share
 * the old one's id; their undo brings the old map back, their redo takes it away again. A replacement
 * from elsewhere cannot be told from its undo: it only takes away.
 */
export function replacementStep(changes: ChangeSet, move: HistoryMove | null): number {
  // An undo or redo of a replacement comes as the changes it makes, not always as a reset.
  if (changes.undoRedo) {
    if (!move || replacementKind(move.label) === null) return 0;
    return move.kind === 'undo' ? -1 : 1;
  }
  return changes.reset ? 1 : 0;
}

export interface DeletedNotice {
  title: string;
  text: string;
}

export function deletedNotice(cause: DeletionCause): DeletedNotice {
  switch (cause) {
    case 'elsewhere':
      return {
        title: 'This topic was deleted in another tab or by someone else',
        text: 'Your unsaved changes to it are still below: copy what you need; Discard closes the panel.',
      };
    case 'undo':
      return {
        title: 'This topic was deleted',
        text: 'Undo removed it. Your unsaved changes to it are still below. Redo brings the topic back with them; Discard closes the panel.',
      };
    default:
      return {
        title: 'This topic was deleted',
        text: 'Your unsaved changes to it are still below. Undo brings the topic back with them; Discard closes the panel.',
      };
  }
}
