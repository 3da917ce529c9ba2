/**
 * The editor's map asked for as soon as the page starts, while the editor's code is fetched and
 * compiled instead of after: read from IndexedDB (0.3-0.5 s for a 100k-topic map, most of it inside
 * the browser's storage) for the local map or a shared map this device already holds, or fetched
 * from the server (share/fetchJoinSnapshot.ts) for a shared map opened from its link for the first
 * time on this device.
 */
import { DB_NAME, readStoredEarly, type StoredRead } from '../state/storage/updateLog';
import type { JoinSnapshot } from '../state/sync/joinSnapshot';
import { SharedMaps } from '../state/sync/sharedMaps';
import { parseShareFragment } from '../state/sync/shareLinks';
import { fetchJoinSnapshotOffThread } from './editor/share/fetchJoinSnapshot';

/** Each shared map has its own database on this device; the local map keeps the seed's name. */
export function sharedDbName(room: string): string {
  return `mind-map-storage:shared:${room}`;
}

export function indexedDbOrNull(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null;
  }
}

export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked by the browser's privacy settings
  }
}

let early: { name: string; read: Promise<StoredRead | null> } | null = null;
let earlyJoin: { room: string; answer: Promise<JoinSnapshot | null> } | null = null;

export function startEarlyRead(pathname: string, hash: string): void {
  const maps = new SharedMaps(localStorageOrNull());
  let name: string | null = null;
  if (/^\/mindmap\/?$/.test(pathname)) {
    const current = maps.current();
    name = current ? sharedDbName(current.room) : DB_NAME;
  }
  const room = /^\/mindmap\/shared\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
  const held = room !== null && maps.get(room) !== null;
  if (held) name = sharedDbName(room);
  if (name) early = { name, read: readStoredEarly(indexedDbOrNull(), name) };
  // A link this device has not opened before: it holds none of the map, which the server sends.
  const link = room !== null && !held ? parseShareFragment(room, hash) : null;
  if (link) earlyJoin = { room: link.room, answer: fetchJoinSnapshotOffThread(link) };
}

/** The server's answer fetched for shared map `room` as the page started, once; null when none was. */
export function takeEarlyJoin(room: string): Promise<JoinSnapshot | null> | null {
  const taken = earlyJoin;
  earlyJoin = null;
  return taken && taken.room === room ? taken.answer : null;
}

/** The read started for database `name`, once; null when none was. Any other read is let go. */
export function takeEarlyRead(name: string): Promise<StoredRead | null> | null {
  const taken = early;
  early = null;
  if (!taken) return null;
  if (taken.name === name) return taken.read;
  void taken.read.then((read) => read?.db.close());
  return null;
}
