/**
 * The editor's map read from IndexedDB as soon as the page starts. For a 100k-topic map the read
 * takes 0.3-0.5 s, most of it inside the browser's storage with this page idle: started here, it
 * runs while the editor's code is fetched and compiled instead of after. Only for a map the editor
 * is about to open: the local map, or a shared map this device already holds.
 */
import { DB_NAME, readStoredEarly, type StoredRead } from '../state/storage/updateLog';
import { SharedMaps } from '../state/sync/sharedMaps';

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

/** The database the editor opens at this address, if it opens one this device holds. */
function databaseAt(pathname: string): string | null {
  const maps = new SharedMaps(localStorageOrNull());
  if (/^\/mindmap\/?$/.test(pathname)) {
    const current = maps.current();
    return current ? sharedDbName(current.room) : DB_NAME;
  }
  const shared = /^\/mindmap\/shared\/([^/]+)\/?$/.exec(pathname);
  return shared && maps.get(shared[1]) ? sharedDbName(shared[1]) : null;
}

export function startEarlyRead(pathname: string): void {
  const name = databaseAt(pathname);
  if (name) early = { name, read: readStoredEarly(indexedDbOrNull(), name) };
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
