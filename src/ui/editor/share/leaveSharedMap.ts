/**
 * Leaving a shared map keeps a copy: this device's local map is replaced by the shared map as it
 * stands here (the local map it replaces is kept among the replaced maps, so "Restore previous map"
 * brings it back), and /mindmap opens the local map again.
 */
import * as Y from 'yjs';
import type { MindMapStore } from '../../../state/store';
import { browserLocks, DocPersistence } from '../../../state/storage/docPersistence';
import { SharedMaps } from '../../../state/sync/sharedMaps';
import { fromDoc } from '../../../state/ydoc/fromDoc';
import { isEmptyDoc, mapDoc } from '../../../state/ydoc/shape';
import { sharedDbName } from '../../earlyRead';

/** Set when leaving, read by the local map's page. */
export const ADOPT_SHARED_KEY = 'mindflow-adopt-shared-map';
export const LEAVE_LABEL = 'Keep a copy of a shared map';

export async function leaveSharedMap(room: string): Promise<void> {
  new SharedMaps(window.localStorage).leave();
  sessionStorage.setItem(ADOPT_SHARED_KEY, room);
  window.location.assign('/mindmap');
}

/** On the local map's page: takes in the shared map just left, if any. Returns its name when it did. */
export async function adoptLeftSharedMap(store: MindMapStore): Promise<string | null> {
  const room = sessionStorage.getItem(ADOPT_SHARED_KEY);
  if (!room) return null;
  sessionStorage.removeItem(ADOPT_SHARED_KEY);
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
  const { state } = fromDoc(d);
  store.replace(LEAVE_LABEL, { ...state, settings: state.settings });
  return room;
}
