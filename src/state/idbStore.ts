/** The IndexedDB-backed LargeStore for maps too big for localStorage. Imported by the UI only. */
import { del, get, set } from 'idb-keyval';
import type { LargeStore } from './persistence';

/** Characters encoded per task when turning the saved text into a Blob. */
export const BLOB_CHUNK_CHARS = 1 << 20;

/**
 * The text as a Blob, encoded a chunk per task. Why: IndexedDB copies a string value synchronously
 * when it is put (about 300 ms for a 100k-topic map, a visible freeze), while a Blob is handed over at
 * once; building the Blob chunk by chunk keeps each task short too.
 */
export async function textToBlob(text: string, pause: () => Promise<void>, chunkChars = BLOB_CHUNK_CHARS): Promise<Blob> {
  const parts: Blob[] = [];
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + chunkChars);
    // Never between the two halves of a surrogate pair: each half alone would be encoded as U+FFFD.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end = end - 1 > i ? end - 1 : end + 1;
    parts.push(new Blob([text.slice(i, end)]));
    i = end;
    await pause();
  }
  return new Blob(parts, { type: 'application/json' });
}

// A hidden page (switched away, or closing) gets its timers throttled or never run: encode at once there.
const nextTask = () =>
  typeof document !== 'undefined' && document.visibilityState === 'hidden'
    ? Promise.resolve()
    : new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Null where IndexedDB does not exist (Node, some locked-down browsers). */
export function createIdbLargeStore(): LargeStore | null {
  if (typeof indexedDB === 'undefined') return null;
  return {
    // Maps saved before Blobs were used are plain strings.
    get: async (key) => {
      const value = await get<string | Blob>(key);
      return value instanceof Blob ? value.text() : value;
    },
    set: async (key, value) => set(key, await textToBlob(value, nextTask)),
    del: (key) => del(key),
  };
}
