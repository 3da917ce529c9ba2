/**
 * Reads the editor's store from React. Components subscribe to the store's version counter and derive
 * what they show with a selector; a selector must return a primitive or an object the state already
 * holds (immer keeps unchanged objects identical), so unrelated changes do not re-render.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { MindMapState } from '../../state/doc';
import type { MindMapStore } from '../../state/store';

export function useEditorSelector<T>(store: MindMapStore, selector: (state: MindMapState, store: MindMapStore) => T): T {
  const get = useCallback(() => selector(store.getState(), store), [store, selector]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** Common selectors: module-level so their identity is stable. */
export const selectSearchQuery = (s: MindMapState): string => s.searchQuery;
