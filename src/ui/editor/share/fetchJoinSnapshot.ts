/** Fetches what a device opening a shared map for the first time starts from (state/sync/joinSnapshot.ts). */
import { decodeJoinSnapshot, type JoinSnapshot } from '../../../state/sync/joinSnapshot';
import type { SharedMapRef } from '../../../state/sync/shareLinks';

/**
 * The shared map's document and built map as the server holds them now, or null when it cannot give
 * them (a server without this route, a refused link, no answer in time): the socket's first sync
 * then brings the map, as it would without this.
 */
export async function fetchJoinSnapshot(ref: SharedMapRef, timeoutMs = 30_000): Promise<JoinSnapshot | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(ref.room)}/snapshot`, {
      headers: { Authorization: `Bearer ${ref.token}` },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!res.ok) return null;
    return decodeJoinSnapshot(new Uint8Array(await res.arrayBuffer()));
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
