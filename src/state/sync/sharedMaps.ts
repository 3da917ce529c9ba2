/**
 * What this device remembers about shared maps: the links it joined (so a reload, or /mindmap,
 * reopens the shared map it was on) and the name this person goes by. Kept in a small
 * key-value store (localStorage in the browser).
 */
import type { KeyValueStorage } from '../persistence';
import { ROOM_ID_PATTERN, type SharedMapRef } from './shareLinks';

export const SHARED_MAPS_KEY = 'mindflow-shared-maps';
export const COLLABORATOR_KEY = 'mindflow-collaborator';
export const PERSON_KEY = 'mindflow-person';
export const MAX_NAME_LENGTH = 40;

export interface RememberedMap extends SharedMapRef {
  joinedAt: number;
  /**
   * The link this device used for the map before `token`, kept until the server accepts `token`:
   * a link the server refuses (cut short, mistyped) never costs the device one that works.
   */
  previous?: SharedMapRef;
  /**
   * The shared map /mindmap opened before this map's link was first followed (absent: the local
   * map), until the server accepts a link of it: a refused first link gives that place back.
   */
  openedFrom?: string;
  /**
   * This device's local map became this shared map (Share pressed here), as against a link followed
   * to someone else's map: leaving takes it back as the local map, and other tabs of the local map
   * stop taking edits when it is shared.
   */
  sharedHere?: true;
}

interface SharedMapsRecord {
  /** The shared map /mindmap opens; null when the local map is the current one. */
  current: string | null;
  maps: Record<string, RememberedMap>;
}

function refOf(m: SharedMapRef): SharedMapRef {
  return { room: m.room, token: m.token, access: m.access, ...(m.viewToken ? { viewToken: m.viewToken } : {}) };
}

function isAccess(v: unknown): v is SharedMapRef['access'] {
  return v === 'edit' || v === 'view';
}

function isRef(room: string, v: unknown): v is SharedMapRef {
  if (!v || typeof v !== 'object') return false;
  const m = v as Partial<SharedMapRef>;
  return m.room === room && typeof m.token === 'string' && isAccess(m.access);
}

function readEntry(room: string, v: unknown): RememberedMap | null {
  if (!ROOM_ID_PATTERN.test(room) || !v || typeof v !== 'object') return null;
  const m = v as Partial<RememberedMap>;
  if (typeof m.token !== 'string' || !isAccess(m.access)) return null;
  const entry: RememberedMap = { room, token: m.token, access: m.access, joinedAt: typeof m.joinedAt === 'number' ? m.joinedAt : 0 };
  if (typeof m.viewToken === 'string') entry.viewToken = m.viewToken;
  if (isRef(room, m.previous)) entry.previous = refOf(m.previous);
  if (typeof m.openedFrom === 'string') entry.openedFrom = m.openedFrom;
  if (m.sharedHere === true) entry.sharedHere = true;
  return entry;
}

function read(storage: KeyValueStorage | null): SharedMapsRecord {
  try {
    const raw = storage?.getItem(SHARED_MAPS_KEY);
    if (!raw) return { current: null, maps: {} };
    const v = JSON.parse(raw) as Partial<SharedMapsRecord>;
    const maps: Record<string, RememberedMap> = {};
    for (const [room, m] of Object.entries(v.maps ?? {})) {
      const entry = readEntry(room, m);
      if (entry) maps[room] = entry;
    }
    const current = typeof v.current === 'string' && maps[v.current] ? v.current : null;
    return { current, maps };
  } catch {
    return { current: null, maps: {} };
  }
}

function write(storage: KeyValueStorage | null, record: SharedMapsRecord): void {
  try {
    storage?.setItem(SHARED_MAPS_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked or full: the map stays shared for this page; a reload asks for the link again.
  }
}

export class SharedMaps {
  constructor(private readonly storage: KeyValueStorage | null) {}

  current(): RememberedMap | null {
    const r = read(this.storage);
    return r.current ? r.maps[r.current] : null;
  }

  get(room: string): RememberedMap | null {
    return read(this.storage).maps[room] ?? null;
  }

  /**
   * Remembers a followed link (`sharedHere`: the link Share made of this device's local map) and makes
   * its map the one /mindmap opens. An edit link is never downgraded by a view link. A link with
   * another token is tried first, with the one it replaces kept as `previous` until the server
   * accepts it (see accepted and refused).
   */
  join(ref: SharedMapRef, now = Date.now(), sharedHere = false): RememberedMap {
    const r = read(this.storage);
    const known = r.maps[ref.room];
    let entry: RememberedMap;
    if (!known) {
      entry = { ...refOf(ref), joinedAt: now };
      if (r.current) entry.openedFrom = r.current;
      if (sharedHere) entry.sharedHere = true;
    } else if (known.token === ref.token || (known.access === 'edit' && ref.access === 'view')) {
      entry = { ...known, viewToken: known.viewToken ?? ref.viewToken };
    } else {
      // While `known` is itself untried, its own `previous` is the link last known to work.
      const previous = known.previous ?? refOf(known);
      entry = { ...refOf(ref), viewToken: ref.viewToken ?? known.viewToken, joinedAt: known.joinedAt, previous };
      if (known.openedFrom !== undefined) entry.openedFrom = known.openedFrom;
    }
    if (known?.sharedHere) entry.sharedHere = true;
    r.maps[ref.room] = entry;
    r.current = ref.room;
    write(this.storage, r);
    return entry;
  }

  /** The server accepted `token` for `room`: it is the link this device uses from now on. */
  accepted(room: string, token: string): void {
    const r = read(this.storage);
    const entry = r.maps[room];
    if (!entry || entry.token !== token || (entry.previous === undefined && entry.openedFrom === undefined)) return;
    r.maps[room] = { ...refOf(entry), joinedAt: entry.joinedAt };
    write(this.storage, r);
  }

  /**
   * The server refused `token` for `room`. Returns the link to try instead: the one the device used
   * before (now remembered again as the map's link), or null when it has none.
   */
  refused(room: string, token: string): RememberedMap | null {
    const r = read(this.storage);
    const entry = r.maps[room];
    if (!entry) return null;
    if (entry.token !== token) return entry;
    if (!entry.previous) return null;
    const back: RememberedMap = { ...refOf(entry.previous), joinedAt: entry.joinedAt };
    r.maps[room] = back;
    write(this.storage, r);
    return back;
  }

  /**
   * Forgets a map this device holds nothing of (its link was refused): /mindmap opens again what it
   * opened before that link was followed.
   */
  forget(room: string): void {
    const r = read(this.storage);
    const entry = r.maps[room];
    if (!entry) return;
    delete r.maps[room];
    if (r.current === room) {
      const before = entry.openedFrom;
      r.current = before && r.maps[before] ? before : null;
    }
    write(this.storage, r);
  }

  /**
   * /mindmap opens again what it opened before the link of `room` was followed (a map that has not
   * opened yet: its server does not answer); the link stays remembered for the map's own address.
   */
  setAside(room: string): void {
    const r = read(this.storage);
    const entry = r.maps[room];
    if (!entry || r.current !== room) return;
    const before = entry.openedFrom;
    r.current = before && r.maps[before] ? before : null;
    write(this.storage, r);
  }

  /** The local map becomes the current one again; the shared map stays remembered. */
  leave(): void {
    const r = read(this.storage);
    r.current = null;
    write(this.storage, r);
  }

  name(): string | null {
    try {
      const raw = this.storage?.getItem(COLLABORATOR_KEY);
      const name = raw ? (JSON.parse(raw) as { name?: unknown }).name : null;
      return typeof name === 'string' && name.trim() ? name.trim().slice(0, MAX_NAME_LENGTH) : null;
    } catch {
      return null;
    }
  }

  /**
   * This browser profile's person id in shared maps (made on first use): every tab sends it, so one
   * person with several tabs is counted and listed once. `make` gives a new random id.
   */
  personId(make: () => string): string {
    try {
      const known = this.storage?.getItem(PERSON_KEY);
      if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
      const id = make();
      this.storage?.setItem(PERSON_KEY, id);
      return id;
    } catch {
      return make();
    }
  }

  setName(name: string): string {
    const clean = name.trim().slice(0, MAX_NAME_LENGTH);
    try {
      this.storage?.setItem(COLLABORATOR_KEY, JSON.stringify({ name: clean }));
    } catch {
      // Kept for this page only.
    }
    return clean;
  }
}
