/**
 * What this device remembers about shared maps: the links it joined (so a reload, or /mindmap,
 * reopens the shared map it was on) and the name this person goes by. Kept in a small
 * key-value store (localStorage in the browser).
 */
import type { KeyValueStorage } from '../persistence';
import { ROOM_ID_PATTERN, type SharedMapRef } from './shareLinks';

export const SHARED_MAPS_KEY = 'mindflow-shared-maps';
export const COLLABORATOR_KEY = 'mindflow-collaborator';
export const MAX_NAME_LENGTH = 40;

export interface RememberedMap extends SharedMapRef {
  joinedAt: number;
}

interface SharedMapsRecord {
  /** The shared map /mindmap opens; null when the local map is the current one. */
  current: string | null;
  maps: Record<string, RememberedMap>;
}

function read(storage: KeyValueStorage | null): SharedMapsRecord {
  try {
    const raw = storage?.getItem(SHARED_MAPS_KEY);
    if (!raw) return { current: null, maps: {} };
    const v = JSON.parse(raw) as Partial<SharedMapsRecord>;
    const maps: Record<string, RememberedMap> = {};
    for (const [room, m] of Object.entries(v.maps ?? {})) {
      if (ROOM_ID_PATTERN.test(room) && m && typeof m.token === 'string' && (m.access === 'edit' || m.access === 'view')) maps[room] = m;
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

  /** Remembers a joined map and makes it the one /mindmap opens. An edit link is never downgraded by a view link. */
  join(ref: SharedMapRef, now = Date.now()): RememberedMap {
    const r = read(this.storage);
    const known = r.maps[ref.room];
    const keepEdit = known?.access === 'edit' && ref.access === 'view';
    const entry: RememberedMap = {
      ...(keepEdit ? known : ref),
      viewToken: ref.viewToken ?? known?.viewToken,
      joinedAt: known?.joinedAt ?? now,
    };
    r.maps[ref.room] = entry;
    r.current = ref.room;
    write(this.storage, r);
    return entry;
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
