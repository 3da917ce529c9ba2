/**
 * Which map a page of the editor opens: /mindmap/shared/<room> opens that shared map with the link's
 * token (or the one this device remembers); /mindmap opens the shared map this device is on, if
 * any, else the local map.
 */
import { SharedMaps } from '../../../state/sync/sharedMaps';
import { parseShareFragment, sharedMapPath, type SharedMapRef } from '../../../state/sync/shareLinks';

export type MapTarget =
  | { kind: 'local'; ref: null }
  | { kind: 'shared'; ref: SharedMapRef }
  | { kind: 'redirect'; path: string }
  | { kind: 'missing'; message: string };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function resolveSharedMap(room: string | null, hash: string): MapTarget {
  const maps = new SharedMaps(storage());
  if (room === null) {
    const current = maps.current();
    return current ? { kind: 'redirect', path: sharedMapPath(current.room) } : { kind: 'local', ref: null };
  }
  const fromLink = hash ? parseShareFragment(room, hash) : null;
  if (fromLink) {
    const remembered = maps.join(fromLink);
    // The token stays on this device; the address bar no longer shows it.
    window.history.replaceState(window.history.state, '', sharedMapPath(room));
    return { kind: 'shared', ref: remembered };
  }
  const remembered = maps.get(room);
  if (remembered) {
    maps.join(remembered);
    return { kind: 'shared', ref: remembered };
  }
  return { kind: 'missing', message: 'This shared map opens with its link. Ask the person who shared it for the edit or view link.' };
}
