/**
 * Each connection changes only its own presence. y-protocols applies any awareness entry with a
 * higher clock, so without this anyone in a map, a viewer too, could rename another person, move
 * their ring, or take their presence away. Clients also send back the entries they received (the
 * provider relays every change it hears): those are no-ops here, and dropping them changes nothing.
 */
import type { Connection, Document } from '@hocuspocus/server';
import { awarenessFrameOf, keepPresenceEntries, type PresenceEntry } from './frames';

/** More presences than one connection needs (one per open map): a cap on ids made up by a client. */
export const MAX_PRESENCES_PER_CONNECTION = 4;

/**
 * The entries a connection may apply: the presences it brought (Hocuspocus records them per
 * connection), and new ones up to the cap. Anyone else's presence shown in the map (on this process
 * or, through Redis, on another) is not its to change.
 */
export function ownPresenceEntries(document: Document, connection: Connection, entries: PresenceEntry[]): PresenceEntry[] {
  const mine = document.connections.get(connection.webSocket)?.clients ?? new Set<number>();
  const others = new Set<number>();
  for (const [socket, { clients }] of document.connections) {
    if (socket !== connection.webSocket) for (const id of clients) others.add(id);
  }
  let count = mine.size;
  return entries.filter((e) => {
    if (mine.has(e.clientId)) return true;
    if (others.has(e.clientId) || document.awareness.states.has(e.clientId) || e.removes) return false;
    if (count >= MAX_PRESENCES_PER_CONNECTION) return false;
    count++;
    return true;
  });
}

/** Drops from an awareness frame, before Hocuspocus applies it, every entry not the connection's own. */
export function guardPresence(document: Document, connection: Connection, data: Uint8Array): void {
  const frame = awarenessFrameOf(data);
  if (!frame) return;
  const kept = ownPresenceEntries(document, connection, frame.entries);
  if (kept.length !== frame.entries.length) keepPresenceEntries(data, frame, kept);
}
