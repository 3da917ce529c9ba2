/**
 * Keeps the map in the browser: localStorage under STORAGE_KEY, or IndexedDB (through a LargeStore)
 * when the map outgrows localStorage's quota, with a small pointer left in localStorage.
 *
 * Storage is reached only through the adapters below, so this runs in Node tests. Loading goes
 * through the same restore pipeline as import; a stored value that cannot be read is copied to a
 * backup key before anything can overwrite it.
 */
import { createInitialState, defaultSettings, type LayoutKind, type MapSettings, type MindMapState } from './doc';
import { STORAGE_KEY, type MapSnapshot } from './model';
import { restoreMap } from './restore';
import { snapshotView, snapshotViewSteps } from './snapshot';
import type { ChangeSet, MindMapStore } from './store';

/** What localStorage offers; sessionStorage or an in-memory fake fit too. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An async store for maps too big for localStorage (IndexedDB in the browser, see idbStore.ts). */
export interface LargeStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
}

export const STORAGE_VERSION = 1;

export type SaveLocation = 'local' | 'indexeddb';
export type SaveError = 'quota' | 'unavailable';

export interface PersistenceStatus {
  /** True while an IndexedDB write is in flight (localStorage writes are synchronous). */
  saving: boolean;
  /** Why the last save failed; null once a save succeeds. */
  error: SaveError | null;
  lastSavedAt: number | null;
  location: SaveLocation;
}

export interface LoadResult {
  state: MindMapState;
  /** Repair notes from the restore pipeline. */
  repairs: string[];
  /** The stored value could not be read as a map (fully or in part). */
  corrupt: boolean;
  source: 'empty' | 'local' | 'indexeddb';
  /** Where the unreadable stored value was copied; null when there was nothing to copy or copying failed. */
  backupKey: string | null;
  /** False when a stored value could neither be read nor backed up: saving would destroy it. */
  safeToSave: boolean;
}

interface StoredPointer {
  version: typeof STORAGE_VERSION;
  location: 'indexeddb';
}

const POINTER_JSON = JSON.stringify({ version: STORAGE_VERSION, location: 'indexeddb' } satisfies StoredPointer);
const LAYOUTS: ReadonlySet<string> = new Set(['free', 'right', 'balanced', 'down'] satisfies LayoutKind[]);

export function backupKeyAt(time: number): string {
  return `${STORAGE_KEY}:backup-${time}`;
}

/** Quota errors as each browser spells them (Chrome/Safari code 22, Firefox code 1014 or its own name). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    code === 1014 ||
    (typeof message === 'string' && message.toLowerCase().includes('quota'))
  );
}

/** The stored form: `{version, nodes, edges, settings, rootId}` as JSON. */
export function serializeMap(state: MindMapState): string {
  const { nodes, edges } = snapshotView(state);
  return JSON.stringify({ version: STORAGE_VERSION, nodes, edges, settings: state.settings, rootId: state.rootId });
}

/** Records serialised per slice before yielding (~5 ms of work). */
export const SERIALIZE_SLICE = 2000;

async function stringifySliced(items: readonly unknown[], pause: () => Promise<void>): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += SERIALIZE_SLICE) {
    parts.push(JSON.stringify(items.slice(i, i + SERIALIZE_SLICE)).slice(1, -1));
    await pause();
  }
  return `[${parts.join(',')}]`;
}

/**
 * The same text as serializeMap, produced in slices with a pause between them, so saving a 100k-topic
 * map never blocks the page for the ~300 ms one JSON.stringify takes. Safe because states are never
 * mutated: the snapshot being written cannot change under it.
 */
export async function serializeMapSliced(state: MindMapState, pause: () => Promise<void>): Promise<string> {
  const snapshot: MapSnapshot = { nodes: [], edges: [] };
  for (const _ of snapshotViewSteps(state, snapshot)) await pause();
  const nodeText = await stringifySliced(snapshot.nodes, pause);
  const edgeText = await stringifySliced(snapshot.edges, pause);
  return `{"version":${STORAGE_VERSION},"nodes":${nodeText},"edges":${edgeText},"settings":${JSON.stringify(state.settings)},"rootId":${JSON.stringify(state.rootId)}}`;
}

// ---------------------------------------------------------------------------------------------
// Loading

type Rec = Record<string, unknown>;

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function own(o: Rec, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

export function readSettings(v: unknown): MapSettings {
  const settings = defaultSettings();
  if (!isRecord(v)) return settings;
  const layout = own(v, 'layout');
  if (typeof layout === 'string' && LAYOUTS.has(layout)) settings.layout = layout as LayoutKind;
  const autoLayout = own(v, 'autoLayout');
  if (typeof autoLayout === 'boolean') settings.autoLayout = autoLayout;
  return settings;
}

type StoredContent =
  | { kind: 'pointer' }
  | { kind: 'corrupt' }
  /** `complete` is false when only part of the map (its nodes) could be read. */
  | { kind: 'map'; nodes: unknown[]; edges: unknown[]; settings: unknown; complete: boolean };

/**
 * Reads our format `{version, nodes, edges, settings, rootId}`, the older plain `{nodes, edges}`, and
 * the original product's zustand-persist form `{state: {nodes, edges, ...}, version}`.
 */
function readStoredValue(raw: string): StoredContent {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'corrupt' };
  }
  if (!isRecord(value)) return { kind: 'corrupt' };
  if (own(value, 'location') === 'indexeddb') return { kind: 'pointer' };
  const inner = own(value, 'state');
  const body = !Array.isArray(own(value, 'nodes')) && isRecord(inner) ? inner : value;
  const nodes = own(body, 'nodes');
  const edges = own(body, 'edges');
  if (!Array.isArray(nodes)) return { kind: 'corrupt' };
  const complete = Array.isArray(edges);
  return { kind: 'map', nodes, edges: complete ? edges : [], settings: own(body, 'settings'), complete };
}

function initialResult(source: LoadResult['source'], corrupt: boolean, backupKey: string | null, safeToSave: boolean): LoadResult {
  return { state: createInitialState(), repairs: [], corrupt, source, backupKey, safeToSave };
}

/** Copies an unreadable value aside, to localStorage if it fits, else to the large store. */
async function backUp(raw: string, storage: KeyValueStorage | null, large: LargeStore | null, key: string): Promise<string | null> {
  try {
    if (storage) {
      storage.setItem(key, raw);
      return key;
    }
  } catch {
    // Usually the quota: the copy doubles the space the map takes.
  }
  try {
    if (large) {
      await large.set(key, raw);
      return key;
    }
  } catch {
    // Nowhere left to keep it.
  }
  return null;
}

/**
 * Loads the stored map. Never writes over the stored value; a corrupt one is copied to a backup key
 * and whatever could be recovered from it is returned.
 */
export async function loadMap(
  storage: KeyValueStorage | null,
  large: LargeStore | null = null,
  now: () => number = Date.now,
): Promise<LoadResult> {
  let raw: string | null;
  try {
    raw = storage ? storage.getItem(STORAGE_KEY) : null;
  } catch {
    return initialResult('empty', true, null, false);
  }
  if (raw === null) return initialResult('empty', false, null, true);

  let source: LoadResult['source'] = 'local';
  let content = readStoredValue(raw);
  if (content.kind === 'pointer') {
    source = 'indexeddb';
    if (!large) return initialResult(source, true, null, false);
    let big: unknown;
    try {
      big = await large.get(STORAGE_KEY);
    } catch {
      return initialResult(source, true, null, false);
    }
    // The pointer outlived its map: nothing left to protect.
    if (big === undefined) return initialResult(source, true, null, true);
    // Not written by this app: keep it untouched rather than guess how to copy it.
    if (typeof big !== 'string') return initialResult(source, true, null, false);
    raw = big;
    content = readStoredValue(big);
  }

  const readable = content.kind === 'map' && content.complete;
  let backupKey: string | null = null;
  if (!readable) {
    const key = backupKeyAt(now());
    backupKey = source === 'indexeddb' ? await backUp(raw, null, large, key) : await backUp(raw, storage, large, key);
  }
  const safeToSave = readable || backupKey !== null;
  if (content.kind !== 'map') return initialResult(source, true, backupKey, safeToSave);

  const restored = restoreMap({ nodes: content.nodes, edges: content.edges });
  if (!restored.ok) return initialResult(source, true, backupKey, safeToSave);
  const state: MindMapState = { ...restored.state, settings: readSettings(content.settings) };
  return { state, repairs: restored.repairs, corrupt: !readable, source, backupKey, safeToSave };
}

// ---------------------------------------------------------------------------------------------
// Saving

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PersistenceOptions {
  storage: KeyValueStorage | null;
  large?: LargeStore | null;
  /** Quiet time after the last change before saving. */
  debounceMs?: number;
  /** A save happens at most this long after the first unsaved change, even during a long drag. */
  maxWaitMs?: number;
  timers?: Timers;
  now?: () => number;
  /** Text longer than this is not offered to localStorage. */
  localMaxChars?: number;
}

export const SAVE_DEBOUNCE_MS = 500;
/** From this size on, saves are serialised in slices (smaller maps take a few ms in one go). */
export const SLICED_SAVE_MIN_NODES = 5000;
/** Browsers give localStorage about 5 million characters; bigger text goes straight to IndexedDB. */
export const LOCAL_MAX_CHARS = 5_000_000;
export const SAVE_MAX_WAIT_MS = 5000;

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Selection, search and history-only notifications do not change what is stored. */
export function changesStoredMap(changes: ChangeSet): boolean {
  return changes.reset || changes.settings || changes.nodes.size > 0 || changes.moved.length > 0 || changes.edges.size > 0 || changes.structure.size > 0;
}

/**
 * Saves the store's map after changes (debounced). Use: `await load()`, put the state into the
 * store, then `attach(store)`; call `flush({ urgent: true })` on pagehide / visibilitychange.
 */
export class Persistence {
  private readonly storage: KeyValueStorage | null;
  private readonly large: LargeStore | null;
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly localMaxChars: number;

  private status: PersistenceStatus = { saving: false, error: null, lastSavedAt: null, location: 'local' };
  private readonly statusListeners = new Set<(status: PersistenceStatus) => void>();
  private store: MindMapStore | null = null;
  private unsubscribe: (() => void) | null = null;
  private timer: unknown = null;
  /** When the oldest unsaved change happened; null when everything is saved. */
  private dirtySince: number | null = null;
  private blocked = false;
  /** Increases on every save attempt; an older IndexedDB write that finishes late is ignored. */
  private seq = 0;
  private largeQueue: Promise<void> = Promise.resolve();
  private largeWrites = 0;

  constructor(options: PersistenceOptions) {
    this.storage = options.storage;
    this.large = options.large ?? null;
    this.debounceMs = options.debounceMs ?? SAVE_DEBOUNCE_MS;
    this.maxWaitMs = options.maxWaitMs ?? SAVE_MAX_WAIT_MS;
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? Date.now;
    this.localMaxChars = options.localMaxChars ?? LOCAL_MAX_CHARS;
  }

  /** Loads the stored map; if it could be neither read nor backed up, saving stays off. */
  async load(): Promise<LoadResult> {
    const result = await loadMap(this.storage, this.large, this.now);
    this.blocked = !result.safeToSave;
    this.setStatus({
      location: result.source === 'indexeddb' ? 'indexeddb' : 'local',
      error: this.blocked ? 'unavailable' : null,
    });
    return result;
  }

  attach(store: MindMapStore): () => void {
    this.detach();
    this.store = store;
    this.unsubscribe = store.subscribe((changes) => {
      if (changesStoredMap(changes)) this.markDirty();
    });
    return () => this.detach();
  }

  /** Stops listening. Unsaved changes stay pending until flush(). */
  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.cancelTimer();
  }

  getStatus = (): PersistenceStatus => this.status;

  subscribeStatus = (listener: (status: PersistenceStatus) => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  get hasUnsavedChanges(): boolean {
    return this.dirtySince !== null;
  }

  /**
   * Saves pending changes now; the promise settles when the write is done. Big maps are serialised in
   * slices in the background; `urgent` (pagehide) serialises at once, so the localStorage write
   * happens before this returns.
   */
  flush(options: { urgent?: boolean } = {}): Promise<void> {
    this.cancelTimer();
    if (this.dirtySince === null || !this.store) return this.largeQueue;
    this.dirtySince = null;
    return this.write(this.store.getState(), options.urgent ?? false);
  }

  private markDirty(): void {
    const now = this.now();
    if (this.dirtySince === null) this.dirtySince = now;
    this.cancelTimer();
    const delay = Math.max(0, Math.min(this.debounceMs, this.dirtySince + this.maxWaitMs - now));
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private write(state: MindMapState, urgent: boolean): Promise<void> {
    if (this.blocked || !this.storage) return this.fail('unavailable');
    const seq = ++this.seq;
    if (!urgent && state.nodes.n >= SLICED_SAVE_MIN_NODES) return this.queue(() => this.writeSliced(state, seq));
    let json: string;
    try {
      json = serializeMap(state);
    } catch {
      return this.fail('unavailable');
    }
    return this.place(json, seq, (write) => this.queue(write));
  }

  /**
   * Puts serialised text where it fits: localStorage (synchronously, so a pagehide flush lands), or
   * IndexedDB with a pointer left in localStorage. `runLarge` decides how the async write is run.
   */
  private place(json: string, seq: number, runLarge: (write: () => Promise<void>) => Promise<void>): Promise<void> {
    const storage = this.storage!;
    if (json.length <= this.localMaxChars) {
      try {
        storage.setItem(STORAGE_KEY, json);
        const wasLarge = this.status.location === 'indexeddb';
        this.succeed('local');
        if (wasLarge) this.dropLargeCopy();
        return Promise.resolve();
      } catch (error) {
        if (!isQuotaError(error)) return this.fail('unavailable');
      }
    }
    const large = this.large;
    if (!large) return this.fail('quota');
    return runLarge(() => this.writeLarge(large, storage, seq, json));
  }

  /** Serialises in slices (inside the queue), then places the text. */
  private async writeSliced(state: MindMapState, seq: number): Promise<void> {
    if (seq !== this.seq) return; // a newer save replaces this one
    const pause = () => new Promise<void>((resolve) => this.timers.setTimeout(resolve, 0));
    const json = await serializeMapSliced(state, pause);
    if (seq !== this.seq) return;
    await this.place(json, seq, (write) => write());
  }

  private async writeLarge(large: LargeStore, storage: KeyValueStorage, seq: number, json: string): Promise<void> {
    if (seq !== this.seq) return;
    try {
      await large.set(STORAGE_KEY, json);
      if (seq !== this.seq) return;
      storage.setItem(STORAGE_KEY, POINTER_JSON);
      this.succeed('indexeddb');
    } catch {
      // Whatever failed, the map did not fit where it could go.
      if (seq === this.seq) void this.fail('quota');
    }
  }

  /** Runs async saves one after another, with `saving` true while any is pending. */
  private queue(task: () => Promise<void>): Promise<void> {
    this.largeWrites++;
    this.setStatus({ saving: true });
    this.largeQueue = this.largeQueue.then(task).finally(() => {
      if (--this.largeWrites === 0) this.setStatus({ saving: false });
    });
    return this.largeQueue;
  }

  /** The map is back in localStorage; the IndexedDB copy is stale. */
  private dropLargeCopy(): void {
    const large = this.large;
    if (!large) return;
    this.largeQueue = this.largeQueue.then(() => large.del(STORAGE_KEY)).catch(() => undefined);
  }

  private succeed(location: SaveLocation): void {
    this.setStatus({ error: null, lastSavedAt: this.now(), location });
  }

  /** The store's map is untouched; the changes stay unsaved so the next flush tries again. */
  private fail(error: SaveError): Promise<void> {
    if (this.dirtySince === null) this.dirtySince = this.now();
    this.setStatus({ error });
    return Promise.resolve();
  }

  private setStatus(patch: Partial<PersistenceStatus>): void {
    const prev = this.status;
    const next = { ...prev, ...patch };
    if (
      next.saving === prev.saving &&
      next.error === prev.error &&
      next.lastSavedAt === prev.lastSavedAt &&
      next.location === prev.location
    ) {
      return;
    }
    this.status = next;
    for (const listener of this.statusListeners) listener(next);
  }
}
