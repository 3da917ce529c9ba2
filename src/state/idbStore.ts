/** The IndexedDB-backed LargeStore for maps too big for localStorage. Imported by the UI only. */
import { del, get, set } from 'idb-keyval';
import type { LargeStore } from './persistence';

/** Null where IndexedDB does not exist (Node, some locked-down browsers). */
export function createIdbLargeStore(): LargeStore | null {
  if (typeof indexedDB === 'undefined') return null;
  return {
    get: (key) => get<string>(key),
    set: (key, value) => set(key, value),
    del: (key) => del(key),
  };
}
