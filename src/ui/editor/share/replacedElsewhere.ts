/**
 * Someone else in a shared map imports a file, applies a template or clears the map: everyone's
 * map is replaced at once. The person who did it can bring the map back ("Restore previous map"
 * keeps it on their device); everyone else is told, and keeps the map as it was on their device
 * too, so "Restore previous map" brings it back there as well.
 */
import type { MindMapState } from '../../../state/doc';
import type { ChangeSet, MindMapStore } from '../../../state/store';
import { tableForEach, tableHas } from '../../../state/table';
import type { KeptMaps } from '../storage/keptMaps';

export const REPLACED_ELSEWHERE_REASON = 'Someone else';
export const REPLACED_ELSEWHERE_TITLE = 'The shared map was replaced';
export const REPLACED_ELSEWHERE_MESSAGE =
  'Someone else removed most of this map at once (an import, a template, Clear Map or a big branch deleted). The map as it was is kept on this device: "Restore previous map" brings it back.';

/** Whether a change from elsewhere took away at least half of the map before it (two topics or more). */
export function mostlyRemoved(prev: MindMapState, state: MindMapState, changes: ChangeSet): boolean {
  if (!changes.external || changes.undoRedo || prev.nodes === state.nodes) return false;
  let gone = 0;
  if (changes.reset) {
    tableForEach(prev.nodes, (_, id) => {
      if (!tableHas(state.nodes, id)) gone++;
    });
  } else {
    for (const id of changes.nodes) if (tableHas(prev.nodes, id) && !tableHas(state.nodes, id)) gone++;
  }
  return gone >= 2 && gone * 2 >= prev.nodes.n;
}

export function keepWhatOthersReplace(store: MindMapStore, kept: Pick<KeptMaps, 'keepCopy'>, tell: (title: string, message: string) => void): () => void {
  return store.subscribe((changes, state, prev) => {
    if (!mostlyRemoved(prev, state, changes)) return;
    kept.keepCopy(prev, REPLACED_ELSEWHERE_REASON);
    tell(REPLACED_ELSEWHERE_TITLE, REPLACED_ELSEWHERE_MESSAGE);
  });
}
