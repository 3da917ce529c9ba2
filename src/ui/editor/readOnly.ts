/**
 * A read-only map (a view link, a map saved by a newer build): the store refuses every change and its
 * refusal listeners tell the user why (share/ReadOnlyNotice.tsx, "View only"). Actions that would only
 * be refused are disabled up front with that reason, and no success is announced for a refused change.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { MindMapStore } from '../../state/store';
import { useEditor } from './EditorContext';
import { VIEW_ONLY } from './share/identity';

/** How a read-only reason is titled: "View only" for a view link, "Read-only" for any other. */
export function readOnlyTitle(reason: string): string {
  return reason === VIEW_ONLY ? 'View only' : 'Read-only';
}

/** Why the map cannot be changed, or null when it can. */
export function useReadOnlyReason(): string | null {
  const { session } = useEditor();
  const { store, shared } = session;
  // The store's reason follows the shared map's connection (access granted, view link, denied).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopStore = store.subscribe(onChange);
      const stopShared = shared?.subscribe(onChange);
      return () => {
        stopStore();
        stopShared?.();
      };
    },
    [store, shared],
  );
  const reason = useCallback(() => store.readOnly, [store]);
  return useSyncExternalStore(subscribe, reason, reason);
}

/**
 * Runs `change` and returns what it returned, or null when the store refused it (a read-only map;
 * the store's refusal listeners tell the user why).
 */
export function unlessRefused<T>(store: MindMapStore, change: () => T): { value: T } | null {
  let refused = false;
  const stop = store.onRefused(() => {
    refused = true;
  });
  try {
    const value = change();
    return refused ? null : { value };
  } finally {
    stop();
  }
}
