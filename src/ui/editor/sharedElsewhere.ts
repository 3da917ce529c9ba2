/**
 * Hears when another tab of this browser changes which map /mindmap opens (it shared the local map,
 * or left a shared one): the 'storage' event, which fires only in the other tabs.
 */
import { SHARED_MAPS_KEY, SharedMaps } from '../../state/sync/sharedMaps';

/** Calls `onChange` with the shared map /mindmap now opens (null: the local map). Returns a stop. */
export function watchSharedElsewhere(onChange: (room: string | null) => void, target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'localStorage'> = window): () => void {
  let last = new SharedMaps(target.localStorage).current()?.room ?? null;
  const listener = (e: StorageEvent) => {
    if (e.key !== SHARED_MAPS_KEY && e.key !== null) return;
    const room = new SharedMaps(target.localStorage).current()?.room ?? null;
    if (room === last) return;
    last = room;
    onChange(room);
  };
  target.addEventListener('storage', listener as EventListener);
  return () => target.removeEventListener('storage', listener as EventListener);
}
