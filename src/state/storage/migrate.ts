/**
 * Today's formats, read once into the new store: "mind-map-storage" in localStorage (our
 * `{version, nodes, edges, settings, rootId}`, the seed's zustand form `{state: {nodes, edges}, version}`,
 * or a pointer to the idb-keyval copy of a map too big for localStorage). Reading goes through the
 * restore pipeline (persistence.ts loadMap → restore.ts). The old value stays where it is until the
 * new store has committed the migrated map; only then is it removed (clearLegacy).
 */
import { STORAGE_KEY } from '../model';
import { loadMap, type KeyValueStorage, type LargeStore, type LoadResult } from '../persistence';

export interface LegacySource {
  storage: KeyValueStorage | null;
  large: LargeStore | null;
}

export interface LegacyMap {
  /** The map as the restore pipeline read it (repairs and corruption noted as for any load). */
  loaded: LoadResult;
  /** The raw localStorage value the map was read from (the pointer for a map kept in IndexedDB). */
  raw: string;
}

/** The map stored by today's build, or null when there is none. */
export async function readLegacy(source: LegacySource, now: () => number = Date.now): Promise<LegacyMap | null> {
  let raw: string | null;
  try {
    raw = source.storage ? source.storage.getItem(STORAGE_KEY) : null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  const loaded = await loadMap(source.storage, source.large, now);
  return { loaded, raw };
}

/**
 * Removes the old value once the new store holds the map. Leaves it when it changed since it was
 * read (an older build in another tab saved again) or when it could not be fully read and was not
 * backed up.
 */
export async function clearLegacy(source: LegacySource, legacy: LegacyMap): Promise<boolean> {
  if (!legacy.loaded.safeToSave) return false;
  try {
    if (!source.storage || source.storage.getItem(STORAGE_KEY) !== legacy.raw) return false;
    source.storage.removeItem(STORAGE_KEY);
  } catch {
    return false;
  }
  if (legacy.loaded.source === 'indexeddb' && source.large) {
    try {
      await source.large.del(STORAGE_KEY);
    } catch {
      // A stale copy left in idb-keyval costs space only; it is no longer read.
    }
  }
  return true;
}
