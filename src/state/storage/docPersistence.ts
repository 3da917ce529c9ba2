/**
 * Keeps a Y.Doc in IndexedDB as an append-only log (updateLog.ts), one writer per document per tab.
 *
 * - load(): under a lock shared by the tabs, reads snapshot + log into the doc. An empty database is
 *   seeded once (migrated map or a new one) and that first state is committed before the lock is
 *   released, so two tabs opening at once cannot each create a map. Nothing is appended on an
 *   ordinary open.
 * - Every update made in this tab is written at once (batched per microtask: same frame), except those
 *   whose origin is in `remoteOrigins` (tabs relay theirs; their own tab writes them).
 * - The status says "saved" only when IndexedDB has committed everything. A failed write keeps its
 *   updates, is retried with backoff, and the error stays until a write succeeds.
 * - Storage missing or blocked: the doc lives in memory, status 'unavailable' for good.
 * - A load that fails refuses every write; data of a newer schema opens read-only and is never written.
 */
import * as Y from 'yjs';
import { isQuotaError } from '../persistence';
import { applyEncoded, mergeLog, type MergeResult } from './merge';
import { clearLegacy, readLegacy, type LegacyMap, type LegacySource } from './migrate';
import { keepReplaced, listReplaced, readReplaced, type ReplacedData, type ReplacedSummary } from './replacements';
import { appendUpdates, catchUp, OPEN_TIMEOUT_MS, openDatabase, readDocument, readStored, writeInitial, type EncodedUpdate, type StoredRead } from './updateLog';

/**
 * The schema of the stored document this build reads and writes. 2: snapshots in Yjs's second
 * encoding (updateLog.ts), documents with records as JSON text; 3: records as UTF-8 JSON bytes
 * (ydoc/shape.ts). Data of schemas 1 and 2 is read as it is; an older build finds schema 3 newer
 * than itself and opens it read-only.
 */
export const STORAGE_SCHEMA = 3;

/** Backoff between retries of a failed write (the last one repeats). */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15000, 30000];
/** Ask for a merge after this many entries or bytes in the log. */
export const MERGE_AFTER_ENTRIES = 300;
export const MERGE_AFTER_BYTES = 2_000_000;
/**
 * A reload takes the map built with the snapshot (builtMap.ts) when the log after the snapshot is
 * at most this many bytes; past it, applying those entries one by one would cost more than reading
 * the whole document.
 */
export const BUILT_TAIL_LIMIT_BYTES = 1_000_000;

export type SaveError =
  /** IndexedDB missing or blocked: the map lives in memory only. */
  | 'unavailable'
  /** A write failed; it is being retried. */
  | 'write'
  /** The browser's storage quota is full. */
  | 'quota'
  /** The stored map could not be read: writing is refused so it is not overwritten. */
  | 'load'
  /** Written by a newer version of MindFlow: opened read-only. */
  | 'newer';

export interface SaveStatus {
  /** True while updates are pending or in flight. */
  saving: boolean;
  error: SaveError | null;
  /** Updates not yet committed. */
  unsaved: number;
  /** Failed attempts in a row (0 once one succeeds). */
  attempts: number;
  /** When the next retry runs (ms since the epoch), while one is scheduled. */
  retryAt: number | null;
  lastSavedAt: number | null;
  /** navigator.storage.persist()'s answer; null until asked. */
  persisted: boolean | null;
  /** navigator.storage.estimate(), bytes. */
  usage: number | null;
  quota: number | null;
  /** Where the map lives. */
  location: 'indexeddb' | 'memory';
  /** Bytes written to the log since load (this tab). */
  bytesWritten: number;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StorageManagerLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

export interface LoadOutcome {
  /** What the map came from. */
  source: 'stored' | 'migrated' | 'new' | 'memory';
  /** The migrated map (its repairs and corruption notes), when there was one. */
  legacy: LegacyMap | null;
  /** Why it is not saved, when it is not (same as the status' error). */
  error: SaveError | null;
  /** Log entries read on load. */
  entries: number;
}

/**
 * The map built with the stored snapshot, while the doc holds the snapshot alone: the log entries
 * after it wait for applyTail(), so the binding can start from this map and receive them as changes.
 */
interface BuiltLoad {
  text: string;
  tail: EncodedUpdate[];
  /** Something other than the snapshot reached the doc since (the text may no longer describe it). */
  touched: boolean;
  /** Stops listening for that. */
  untouch: () => void;
}

export interface DocPersistenceOptions {
  doc: Y.Doc;
  factory: IDBFactory | null | undefined;
  /** Fills an empty doc: from the migrated map when there is one, else a new map. Must not throw. */
  seed(doc: Y.Doc, legacy: LegacyMap | null): void;
  legacy?: LegacySource | null;
  /** Updates with these origins are not written (they come from other tabs). */
  remoteOrigins?: readonly unknown[];
  dbName?: string;
  timers?: Timers;
  now?: () => number;
  /** Web Locks in the browser; runs fn directly where there are none. */
  withLock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  storageManager?: StorageManagerLike | null;
  /**
   * When the snapshot has its built map, leave the log entries after it for applyTail() (see
   * builtMap()). The caller must then call applyTail() once the store is bound.
   */
  deferTail?: boolean;
  /**
   * The database already opened and read (readStoredEarly, started with the page): used when it
   * holds a map, which loading then need not read again (only what was appended since). An empty
   * one is read again under the load lock, as two tabs must not both write a first map.
   */
  early?: Promise<StoredRead | null> | null;
  /** Runs a merge of the log (the worker in the browser, which opens the database itself). Default: merge here. */
  merge?: ((db: IDBDatabase) => Promise<MergeResult | null>) | null;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const LOAD_LOCK = 'mind-map-storage:load';

const runDirectly = <T>(_name: string, fn: () => Promise<T>) => fn();

/** Web Locks where the browser has them. */
export function browserLocks(): (<T>(name: string, fn: () => Promise<T>) => Promise<T>) | undefined {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return undefined;
  return <T>(name: string, fn: () => Promise<T>) => locks.request(name, fn) as Promise<T>;
}

export class DocPersistence {
  readonly doc: Y.Doc;
  private readonly opts: DocPersistenceOptions;
  private readonly timers: Timers;
  private readonly now: () => number;
  private db: IDBDatabase | null = null;
  /** Writes are allowed (load succeeded, schema not newer, storage there). */
  private writable = false;
  private pending: EncodedUpdate[] = [];
  private inFlight = 0;
  private flushQueued = false;
  private reconnecting = false;
  /** Whether the write in flight was started by the retry timer. */
  private retryWrite = false;
  private retryTimer: unknown = null;
  private settleWaiters: (() => void)[] = [];
  /** Changes the document does not hold yet (a map written into it in parts): not saved either. */
  private held = 0;
  private status: SaveStatus = {
    saving: false,
    error: null,
    unsaved: 0,
    attempts: 0,
    retryAt: null,
    lastSavedAt: null,
    persisted: null,
    usage: null,
    quota: null,
    location: 'indexeddb',
    bytesWritten: 0,
  };
  private readonly listeners = new Set<(s: SaveStatus) => void>();
  private readonly remote: Set<unknown>;
  private readonly commitListeners = new Set<(batch: readonly Uint8Array[]) => void>();
  private askedPersist = false;
  private logEntries = 0;
  private logBytes = 0;
  private merging: Promise<void> | null = null;
  private lastEstimateAt = 0;
  private built: BuiltLoad | null = null;
  /** Main-thread time the last write took to start (the rest runs inside IndexedDB), for the bench. */
  lastWriteCostMs = 0;

  constructor(options: DocPersistenceOptions) {
    this.opts = options;
    this.doc = options.doc;
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? Date.now;
    this.remote = new Set(options.remoteOrigins ?? []);
  }

  /** Treat updates of this origin as remote (not written here). */
  addRemoteOrigin(origin: unknown): void {
    this.remote.add(origin);
  }

  async load(): Promise<LoadOutcome> {
    const early = (await this.opts.early) ?? null;
    try {
      this.db = early?.db ?? (await openDatabase(this.opts.factory, this.opts.dbName));
    } catch (error) {
      // A database upgraded by a newer build cannot be opened at our version: never touch it.
      const cause = (error as { cause?: { name?: string } }).cause;
      return cause?.name === 'VersionError' ? this.loadNewer() : this.loadIntoMemory('unavailable');
    }
    const db = this.db;
    this.watch(db);
    const withLock = this.opts.withLock ?? runDirectly;
    let outcome: LoadOutcome;
    try {
      const lock = this.opts.dbName ? `${LOAD_LOCK}:${this.opts.dbName}` : LOAD_LOCK;
      const held = early !== null && (early.stored.snapshot !== null || early.stored.entries.length > 0);
      outcome = held ? await this.loadRead(await catchUp(early)) : await withLock(lock, async () => this.loadRead(await readStored(db)));
    } catch (error) {
      console.warn('The stored map could not be read; saving is off to protect it', error);
      this.setStatus({ error: 'load', location: 'indexeddb' });
      return { source: 'stored', legacy: null, error: 'load', entries: 0 };
    }
    if (outcome.error === null) {
      this.writable = true;
      this.doc.on('updateV2', this.onUpdate);
      if (this.logEntries >= MERGE_AFTER_ENTRIES || this.logBytes >= MERGE_AFTER_BYTES) this.requestMerge();
    }
    return outcome;
  }

  private async loadRead({ db, schema, stored }: StoredRead): Promise<LoadOutcome> {
    const newer = (typeof schema === 'number' && schema > STORAGE_SCHEMA) || (stored.snapshot?.schema ?? 0) > STORAGE_SCHEMA;
    const empty = stored.snapshot === null && stored.entries.length === 0;
    if (empty && !newer) {
      const legacy = this.opts.legacy ? await readLegacy(this.opts.legacy, this.now) : null;
      this.doc.transact(() => this.opts.seed(this.doc, legacy), this);
      const first = Y.encodeStateAsUpdate(this.doc);
      await writeInitial(db, first, STORAGE_SCHEMA, legacy ? { migratedAt: this.now() } : {});
      this.logEntries = 1;
      this.logBytes = first.byteLength;
      this.setStatus({ lastSavedAt: this.now(), bytesWritten: first.byteLength });
      if (legacy && this.opts.legacy) await clearLegacy(this.opts.legacy, legacy);
      return { source: legacy ? 'migrated' : 'new', legacy, error: null, entries: 0 };
    }
    const tailBytes = stored.entries.reduce((n, e) => n + e.update.byteLength, 0);
    const text = stored.snapshot?.built;
    const built = this.opts.deferTail && !newer && text !== undefined && tailBytes <= BUILT_TAIL_LIMIT_BYTES ? text : null;
    // Applying may throw on damaged bytes: load() turns that into a refusal to write.
    this.doc.transact(() => {
      if (stored.snapshot) applyEncoded(this.doc, stored.snapshot, this);
      if (built === null) for (const e of stored.entries) applyEncoded(this.doc, e, this);
    }, this);
    if (built !== null) {
      const load: BuiltLoad = { text: built, tail: stored.entries, touched: false, untouch: () => this.doc.off('updateV2', touch) };
      const touch = () => {
        load.touched = true;
        load.untouch();
      };
      this.doc.on('updateV2', touch);
      this.built = load;
    }
    this.logEntries = stored.entries.length;
    this.logBytes = tailBytes;
    if (newer) {
      this.setStatus({ error: 'newer' });
      return { source: 'stored', legacy: null, error: 'newer', entries: stored.entries.length };
    }
    return { source: 'stored', legacy: null, error: null, entries: stored.entries.length };
  }

  /**
   * A database a newer build upgraded: read at whatever version it has, never written, and shown as
   * it is when its document can still be read here; else a new map in memory, with the same notice.
   */
  private async loadNewer(): Promise<LoadOutcome> {
    let db: IDBDatabase | null = null;
    try {
      db = await openDatabase(this.opts.factory, this.opts.dbName, OPEN_TIMEOUT_MS, null);
      const stored = await readDocument(db);
      if (!stored.snapshot && stored.entries.length === 0) return this.loadIntoMemory('newer');
      // Read whole into a scratch document first: a part this build cannot read leaves nothing half-applied.
      const scratch = new Y.Doc();
      if (stored.snapshot) applyEncoded(scratch, stored.snapshot, this);
      for (const e of stored.entries) applyEncoded(scratch, e, this);
      Y.applyUpdate(this.doc, Y.encodeStateAsUpdate(scratch), this);
      this.setStatus({ error: 'newer', location: 'memory' });
      return { source: 'stored', legacy: null, error: 'newer', entries: stored.entries.length };
    } catch (error) {
      console.warn('The map a newer version of MindFlow stored could not be read here', error);
      return this.loadIntoMemory('newer');
    } finally {
      db?.close();
    }
  }

  /**
   * No IndexedDB (or one only a newer build can open): the map still opens, migrated from
   * localStorage when it can be, and lives in memory.
   */
  private async loadIntoMemory(error: 'unavailable' | 'newer'): Promise<LoadOutcome> {
    let legacy: LegacyMap | null = null;
    try {
      legacy = this.opts.legacy && error === 'unavailable' ? await readLegacy(this.opts.legacy, this.now) : null;
    } catch {
      legacy = null;
    }
    this.doc.transact(() => this.opts.seed(this.doc, legacy), this);
    this.setStatus({ error, location: 'memory' });
    return { source: 'memory', legacy, error, entries: 0 };
  }

  /**
   * The map built with the snapshot (builtMap.ts decodes it against the doc), while nothing but the
   * snapshot has reached the doc; null otherwise. Bind the store from it, then call applyTail().
   */
  builtMap(): string | null {
    const b = this.built;
    return b && !b.touched ? b.text : null;
  }

  /**
   * Applies the log entries read after the snapshot, when load() left them for later (see builtMap),
   * as one transaction a bound store receives as a change from elsewhere. Damaged entries stop all
   * writes, as they do when load() meets them.
   */
  applyTail(): void {
    const b = this.built;
    if (!b) return;
    this.built = null;
    b.touched = true;
    b.untouch();
    if (b.tail.length === 0) return;
    try {
      this.doc.transact(() => {
        for (const u of b.tail) applyEncoded(this.doc, u, this);
      }, this);
    } catch (error) {
      console.warn('The stored map could not be read; saving is off to protect it', error);
      this.refuseWrites('load');
    }
  }

  /**
   * Why Yjs's second encoding: in the first, Yjs encodes each changed key (a topic id) with its own
   * TextEncoder call, 0.4 s or more for an import of 100k topics; the second encodes them in one.
   */
  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this || this.remote.has(origin)) return;
    this.queue({ update, encoding: 2 });
  };

  /**
   * Writes an update that came from elsewhere (another tab's update its own tab did not confirm as
   * stored). Yjs ignores what it already has, so a second copy in the log is harmless.
   */
  writeRemote(update: Uint8Array, encoding: 1 | 2): void {
    this.queue({ update, encoding });
  }

  /** Hears each committed batch (the tab sync tells the other tabs). */
  onCommitted(listener: (batch: readonly Uint8Array[]) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  private queue(update: EncodedUpdate): void {
    if (!this.writable) return;
    this.pending.push(update);
    this.setStatus({ saving: true, unsaved: this.pending.length });
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        this.writePending();
      });
    }
  }

  /** Starts a write of everything pending (in one transaction); `retry`: the retry timer's write. */
  private writePending(retry = false): void {
    const db = this.db;
    if (!db || !this.writable || this.pending.length === 0) return;
    if (this.retryTimer !== null) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    const batch = this.pending;
    this.pending = [];
    this.inFlight++;
    this.retryWrite = retry;
    let written: Promise<number[]>;
    const t0 = performance.now();
    try {
      written = appendUpdates(db, batch);
    } catch (error) {
      written = Promise.reject(error);
    }
    this.lastWriteCostMs = performance.now() - t0;
    written.then(
      () => this.onWritten(batch),
      (error: unknown) => this.onWriteFailed(batch, error),
    );
  }

  private onWritten(batch: EncodedUpdate[]): void {
    this.inFlight--;
    if (this.commitListeners.size > 0) {
      const updates = batch.map((u) => u.update);
      for (const l of this.commitListeners) l(updates);
    }
    const bytes = batch.reduce((n, u) => n + u.update.byteLength, 0);
    this.logEntries += batch.length;
    this.logBytes += bytes;
    const clearError = this.status.error === 'write' || this.status.error === 'quota';
    this.setStatus({
      lastSavedAt: this.now(),
      bytesWritten: this.status.bytesWritten + bytes,
      attempts: this.pending.length === 0 ? 0 : this.status.attempts,
      ...(clearError && this.pending.length === 0 ? { error: null, retryAt: null } : {}),
    });
    this.settle();
    if (!this.askedPersist) {
      this.askedPersist = true;
      void this.askPersist();
    } else if (this.now() - this.lastEstimateAt > 10_000) {
      void this.refreshEstimate();
    }
    if (this.logEntries >= MERGE_AFTER_ENTRIES || this.logBytes >= MERGE_AFTER_BYTES) this.requestMerge();
  }

  private onWriteFailed(batch: EncodedUpdate[], error: unknown): void {
    this.inFlight--;
    // The connection was closed under this page (its close event may not have come yet).
    if (this.db && (error as { name?: string } | null)?.name === 'InvalidStateError') this.lost(this.db);
    // Keep them first: the next write carries them with whatever came since.
    this.pending = batch.concat(this.pending);
    // Only retries back off further: a write a new edit started while failing keeps the delay.
    const attempts = this.status.attempts === 0 || this.retryWrite ? this.status.attempts + 1 : this.status.attempts;
    const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)];
    const quota = isQuotaError(error);
    // A warning, not an error: the status shows it to the user, and it is retried.
    console.warn(quota ? 'Browser storage is full' : 'Saving to IndexedDB failed', error);
    this.setStatus({ error: quota ? 'quota' : 'write', attempts, retryAt: this.now() + delay, unsaved: this.pending.length });
    if (quota) void this.refreshEstimate();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.writePending(true);
    }, delay);
    this.settle();
  }

  /**
   * Watches the open database. A connection the browser closes under the page (site data cleared,
   * storage evicted, the database deleted) is opened again, and an empty database gets the whole map
   * written anew: the page holds all of it. One closed for a newer build's upgrade is left to it.
   */
  private watch(db: IDBDatabase): void {
    db.onclose = () => this.lost(db);
    db.onversionchange = (e: IDBVersionChangeEvent) => {
      db.close();
      if (e.newVersion === null) this.lost(db);
      else if (this.db === db) {
        this.db = null;
        this.refuseWrites('newer');
      }
    };
  }

  private lost(db: IDBDatabase): void {
    if (this.db !== db || !this.writable) return;
    this.db = null;
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    if (this.reconnecting || !this.writable) return;
    this.reconnecting = true;
    try {
      const db = await openDatabase(this.opts.factory, this.opts.dbName);
      if (!this.writable) {
        db.close();
        return;
      }
      this.watch(db);
      const whole = Y.encodeStateAsUpdate(this.doc);
      try {
        await writeInitial(db, whole, STORAGE_SCHEMA);
        this.logEntries = 1;
        this.logBytes = whole.byteLength;
      } catch {
        // Not empty: what it holds is still there, and what is pending follows.
      }
      this.db = db;
      if (this.pending.length > 0) this.writePending();
      else if (this.inFlight === 0) this.setStatus({ error: null, attempts: 0, retryAt: null, lastSavedAt: this.now() });
    } catch (error) {
      const cause = (error as { cause?: { name?: string } }).cause;
      if (cause?.name === 'VersionError') {
        this.refuseWrites('newer');
        return;
      }
      console.warn('IndexedDB could not be opened again', error);
      const attempts = this.status.attempts + 1;
      const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)];
      this.setStatus({ error: 'write', attempts, retryAt: this.now() + delay });
      this.timers.setTimeout(() => void this.reconnect(), delay);
    } finally {
      this.reconnecting = false;
    }
  }

  /**
   * Says that changes are still on their way into the document: the status says "saving" until
   * the returned release is called and what they bring is committed.
   */
  holdSaving(): () => void {
    this.held++;
    this.settle();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      this.settle();
    };
  }

  private settle(): void {
    const saving = this.pending.length > 0 || this.inFlight > 0 || this.held > 0;
    this.setStatus({ saving, unsaved: this.pending.length });
    if (this.inFlight === 0) {
      const waiters = this.settleWaiters;
      this.settleWaiters = [];
      for (const w of waiters) w();
    }
  }

  /**
   * Writes whatever is pending now (pagehide, visibilitychange) and resolves when no write is in
   * flight. Resolves even if the write failed: the status says so.
   */
  flush(): Promise<void> {
    if (this.flushQueued || this.pending.length > 0) this.writePending();
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.settleWaiters.push(resolve));
  }

  /** Stops all writes for good (the document turned out to be from a newer build). */
  refuseWrites(reason: 'newer' | 'load'): void {
    this.writable = false;
    this.doc.off('updateV2', this.onUpdate);
    this.pending = [];
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.setStatus({ error: reason, saving: this.inFlight > 0, unsaved: 0, retryAt: null });
  }

  get canWrite(): boolean {
    return this.writable;
  }

  get database(): IDBDatabase | null {
    return this.db;
  }

  getStatus = (): SaveStatus => this.status;

  subscribeStatus = (listener: (s: SaveStatus) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Folds the log into the snapshot (in the worker, when one is given). One at a time per tab. */
  requestMerge(): void {
    void this.mergeNow();
  }

  /** As requestMerge, resolving when the merge is done (or was not needed). */
  mergeNow(): Promise<void> {
    const db = this.db;
    if (this.merging) return this.merging;
    if (!db || !this.writable) return Promise.resolve();
    const run = this.opts.merge ?? ((d: IDBDatabase) => mergeLog(d, { schema: STORAGE_SCHEMA }));
    this.merging = run(db)
      .then((result) => {
        if (result && !result.conflict) {
          this.logEntries = Math.max(0, this.logEntries - result.merged);
          this.logBytes = 0;
        }
      })
      .catch((error: unknown) => console.error('Merging the stored log failed; the log is kept as it is', error))
      .finally(() => {
        this.merging = null;
      });
    return this.merging;
  }

  /** Keeps a map that is about to be replaced (Import, Apply Template, Clear Map). */
  async keepReplaced(summary: Omit<ReplacedSummary, 'id'>, data: ReplacedData): Promise<number | null> {
    if (!this.db || !this.writable) return null;
    return keepReplaced(this.db, summary, data);
  }

  async listReplaced(): Promise<ReplacedSummary[]> {
    if (!this.db) return [];
    return listReplaced(this.db);
  }

  async readReplaced(id: number): Promise<string | null> {
    if (!this.db) return null;
    return readReplaced(this.db, id);
  }

  private async askPersist(): Promise<void> {
    const sm = this.opts.storageManager;
    if (!sm) return;
    try {
      const already = sm.persisted ? await sm.persisted() : false;
      const persisted = already || (sm.persist ? await sm.persist() : false);
      this.setStatus({ persisted });
    } catch {
      this.setStatus({ persisted: false });
    }
    await this.refreshEstimate();
  }

  private async refreshEstimate(): Promise<void> {
    const sm = this.opts.storageManager;
    if (!sm?.estimate) return;
    this.lastEstimateAt = this.now();
    try {
      const { usage, quota } = await sm.estimate();
      this.setStatus({ usage: usage ?? null, quota: quota ?? null });
    } catch {
      // The tooltip then shows no size.
    }
  }

  /** Stops writing (the page is going away or the session ends); pending updates are flushed first. */
  async close(): Promise<void> {
    this.doc.off('updateV2', this.onUpdate);
    await this.flush();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.writable = false;
    this.db?.close();
  }

  private setStatus(patch: Partial<SaveStatus>): void {
    const prev = this.status;
    let changed = false;
    for (const k of Object.keys(patch) as (keyof SaveStatus)[]) {
      if (prev[k] !== patch[k]) {
        changed = true;
        break;
      }
    }
    if (!changed) return;
    this.status = { ...prev, ...patch };
    for (const l of this.listeners) l(this.status);
  }
}
