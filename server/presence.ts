/**
 * Drops presence that stopped being renewed. Every client re-sends its awareness state at least
 * every 15–18 s (y-protocols renews after 15 s, checking every 3 s). A client whose connection died
 * without a close (a cut network, a frozen or killed process) keeps its state on the server, and
 * y-protocols' own timeout only drops it 30–33 s after its last renewal, and Hocuspocus's ping only
 * closes such a socket after 30–60 s. Sweeping states older than STALE_PRESENCE_MS every second
 * removes them 24–25 s after the last renewal, and the removal reaches every other client at once.
 * A live client that was swept by mistake (a long pause) puts its state back: y-protocols answers a
 * removal of its own state by renewing it.
 */
import type { Hocuspocus } from '@hocuspocus/server';
import { removeAwarenessStates, type Awareness } from 'y-protocols/awareness';

export const STALE_PRESENCE_MS = 24_000;
export const PRESENCE_SWEEP_MS = 1_000;

/** Other clients' states in this awareness not renewed for `staleMs` at `now`. */
export function staleClients(awareness: Awareness, now: number, staleMs = STALE_PRESENCE_MS): number[] {
  const out: number[] = [];
  for (const [clientId, meta] of awareness.meta) {
    if (clientId !== awareness.clientID && awareness.states.has(clientId) && now - meta.lastUpdated >= staleMs) out.push(clientId);
  }
  return out;
}

/** Removes stale presence from every open map; the removals are sent to the map's clients. */
export function sweepPresence(hocuspocus: Hocuspocus, now = Date.now(), staleMs = STALE_PRESENCE_MS): number {
  let removed = 0;
  for (const document of hocuspocus.documents.values()) {
    const stale = staleClients(document.awareness, now, staleMs);
    if (stale.length === 0) continue;
    removeAwarenessStates(document.awareness, stale, 'stale');
    removed += stale.length;
  }
  return removed;
}
