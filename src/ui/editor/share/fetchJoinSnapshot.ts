/** Fetches what a device opening a shared map for the first time starts from (state/sync/joinSnapshot.ts). */
import { decodeJoinSnapshot, type JoinSnapshot } from '../../../state/sync/joinSnapshot';
import type { SharedMapRef } from '../../../state/sync/shareLinks';

/**
 * The shared map's document and built map as the server holds them now, or null when it cannot give
 * them (a server without this route, a refused link, no answer in time): the socket's first sync
 * then brings the map, as it would without this.
 */
export async function fetchJoinSnapshot(ref: SharedMapRef, timeoutMs = 30_000): Promise<JoinSnapshot | null> {
  const bytes = await fetchJoinBytes(ref, timeoutMs);
  return bytes ? decodeJoinSnapshot(new Uint8Array(bytes)) : null;
}

/** The answer's bytes, or null (see fetchJoinSnapshot); also run in joinFetchWorker.ts. */
export async function fetchJoinBytes(ref: Pick<SharedMapRef, 'room' | 'token'>, timeoutMs = 30_000): Promise<ArrayBuffer | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(ref.room)}/snapshot`, {
      headers: { Authorization: `Bearer ${ref.token}` },
      cache: 'no-store',
      signal: controller.signal,
    });
    return res.ok ? await res.arrayBuffer() : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * fetchJoinSnapshot run in a worker: the page, busy starting the editor as it loads, takes a 10 MB
 * body in only when its main thread is free (1.1-1.5 s after navigation where the worker has it by
 * about 0.5 s). On the page where there are no workers, or the worker fails.
 */
export function fetchJoinSnapshotOffThread(ref: SharedMapRef): Promise<JoinSnapshot | null> {
  if (typeof Worker === 'undefined') return fetchJoinSnapshot(ref);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./joinFetchWorker.ts', import.meta.url), { type: 'module', name: 'mindflow-join' });
    } catch {
      resolve(fetchJoinSnapshot(ref));
      return;
    }
    worker.onmessage = (e: MessageEvent<ArrayBuffer | null>) => {
      worker.terminate();
      resolve(e.data ? decodeJoinSnapshot(new Uint8Array(e.data)) : null);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(fetchJoinSnapshot(ref));
    };
    worker.postMessage({ room: ref.room, token: ref.token });
  });
}
