/**
 * Leaving a shared map keeps a copy, and /mindmap opens the local map again. A map shared from this
 * device replaces the local map as it stands here (the local map it replaces is kept among the
 * replaced maps, so "Restore previous map" brings it back); someone else's map joined by a link is
 * kept among the replaced maps, the local map left as it is.
 */
import * as Y from 'yjs';
import type { MindMapState } from '../../../state/doc';
import type { MindMapStore } from '../../../state/store';
import { browserLocks, DocPersistence } from '../../../state/storage/docPersistence';
import { SharedMaps } from '../../../state/sync/sharedMaps';
import { fromDoc } from '../../../state/ydoc/fromDoc';
import { isEmptyDoc, mapDoc } from '../../../state/ydoc/shape';
import { sharedDbName } from '../../earlyRead';

/** Set when leaving, read by the local map's page: the room, and whether its map replaces the local one. */
export const ADOPT_SHARED_KEY = 'mindflow-adopt-shared-map';
export const KEEP_LEFT_KEY = 'mindflow-keep-left-shared-map';
export const LEAVE_LABEL = 'Keep a copy of a shared map';
/** Why a left shared map that was someone else's is among the kept maps. */
export const LEFT_REASON = 'Left shared map';

export async function leaveSharedMap(room: string): Promise<void> {
  const maps = new SharedMaps(window.localStorage);
  const sharedHere = maps.get(room)?.sharedHere === true;
  maps.leave();
  sessionStorage.setItem(sharedHere ? ADOPT_SHARED_KEY : KEEP_LEFT_KEY, room);
  window.location.assign('/mindmap');
}

/**
 * On the local map's page, after leaving a shared map. The map shared from here becomes the local
 * map again (a copy of it as it stands: the local map it replaces is kept among the replaced maps);
 * someone else's map leaves the local map as it is and is kept among the replaced maps (`keepCopy`),
 * for "Restore previous map". Returns what was done, or null.
 */
export async function adoptLeftSharedMap(
  store: MindMapStore,
  keepCopy: (state: MindMapState, reason: string) => void,
): Promise<'adopted' | 'kept' | null> {
  const adopt = sessionStorage.getItem(ADOPT_SHARED_KEY);
  const keep = sessionStorage.getItem(KEEP_LEFT_KEY);
  sessionStorage.removeItem(ADOPT_SHARED_KEY);
  sessionStorage.removeItem(KEEP_LEFT_KEY);
  const room = adopt ?? keep;
  if (!room) return null;
  const state = await readSharedCopy(room);
  if (!state) return null;
  if (adopt) {
    store.replace(LEAVE_LABEL, state);
    return 'adopted';
  }
  keepCopy(state, LEFT_REASON);
  return 'kept';
}

/** The shared map as this device stored it, or null when it holds none. */
async function readSharedCopy(room: string): Promise<MindMapState | null> {
  const doc = new Y.Doc();
  const persistence = new DocPersistence({
    doc,
    factory: typeof indexedDB === 'undefined' ? null : indexedDB,
    dbName: sharedDbName(room),
    seed: () => {},
    withLock: browserLocks(),
  });
  await persistence.load();
  const d = mapDoc(doc);
  if (isEmptyDoc(d)) return null;
  return fromDoc(d).state;
}
