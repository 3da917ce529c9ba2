/**
 * Which map a page of the editor opens: /mindmap/shared/<room> opens that shared map with the link's
 * token (or the one this device remembers); /mindmap opens the shared map this device is on, if
 * any, else the local map.
 */
import { SharedMaps } from '../../../state/sync/sharedMaps';
import { parseShareFragment, ROOM_ID_PATTERN, sharedMapPath, type SharedMapRef } from '../../../state/sync/shareLinks';
import { localStorageOrNull } from '../../earlyRead';

export type MapTarget =
  | { kind: 'local'; ref: null }
  | { kind: 'shared'; ref: SharedMapRef }
  | { kind: 'redirect'; path: string }
  | { kind: 'missing'; message: string };

/** A shared map's address without a link, on a device that has none for it. */
export const NEEDS_LINK_MESSAGE = 'This shared map opens with its link. Ask the person who shared it for the edit or view link.';
/** An address that is not a whole share link: a room id or token cut short, or a fragment of something else. */
export const INCOMPLETE_LINK_MESSAGE = 'This link is not a complete MindFlow share link: ask the person who shared it to copy it again.';

export function resolveSharedMap(room: string | null, hash: string): MapTarget {
  const maps = new SharedMaps(localStorageOrNull());
  if (room === null) {
    const current = maps.current();
    return current ? { kind: 'redirect', path: sharedMapPath(current.room) } : { kind: 'local', ref: null };
  }
  if (!ROOM_ID_PATTERN.test(room)) return { kind: 'missing', message: INCOMPLETE_LINK_MESSAGE };
  const fragment = hash.replace(/^#/, '');
  const fromLink = fragment ? parseShareFragment(room, fragment) : null;
  // A fragment that is no link leaves the link this device has for the map as it is.
  const ref = fromLink ?? maps.get(room);
  if (!ref) return { kind: 'missing', message: fragment ? INCOMPLETE_LINK_MESSAGE : NEEDS_LINK_MESSAGE };
  // The token stays on this device; the address bar no longer shows it.
  if (fragment) window.history.replaceState(window.history.state, '', sharedMapPath(room));
  return { kind: 'shared', ref: maps.join(ref) };
}

/** Leaves a shared map that has not opened (no server answers) for the map /mindmap opened before. */
export function setAsideSharedMap(room: string): void {
  new SharedMaps(localStorageOrNull()).setAside(room);
}

/**
 * Another link of a shared map put into the address bar while the map is open changes only the
 * address's fragment: the page is opened again so the link is taken as if it had been followed.
 * Returns the function that stops watching.
 */
export function reopenOnNewLink(): () => void {
  const onHashChange = () => {
    if (window.location.hash.length > 1) window.location.reload();
  };
  window.addEventListener('hashchange', onHashChange);
  return () => window.removeEventListener('hashchange', onHashChange);
}

/** The server refused the link (wrong token, or no such map on it) and this device holds nothing of the map. */
export const REFUSED_LINK_MESSAGE =
  'This link does not open a map on this server: it may be cut short, or the map may be on another server. Ask the person who shared it to copy the link again.';
