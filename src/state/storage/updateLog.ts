/**
 * The IndexedDB side of the document store: database "mind-map-storage" with
 * - `log`: one Yjs update per entry, auto-increment keys (append only; merge.ts folds a prefix away),
 * - `snapshot`: the merged state of every log entry up to `upTo`, under the document's key,
 * - `replaced` / `replacedData`: maps replaced by Import, Apply Template or Clear Map (replacements.ts):
 *   a small summary and, under the same key, the map itself,
 * - `meta`: small values (schema version, migration record).
 *
 * Plain IndexedDB behind an injected IDBFactory, so fake-indexeddb runs it in Node. Every write
 * resolves only when its transaction has committed (`complete`), never on request success.
 */

export const DB_NAME = 'mind-map-storage';
export const DB_VERSION = 1;
export const DOC_KEY = 'main';

export const STORES = { log: 'log', snapshot: 'snapshot', replaced: 'replaced', replacedData: 'replacedData', meta: 'meta' } as const;

/** A Yjs update and its encoding (Yjs's first or second). */
export interface EncodedUpdate {
  update: Uint8Array;
  encoding: 1 | 2;
}

/**
 * A log entry. Stored as the bytes themselves for the first encoding, as `{ v2: bytes }` for the
 * second (what this build writes: Yjs encodes the keys of a change in one piece there).
 */
export interface LogEntry extends EncodedUpdate {
  key: number;
}

export interface SnapshotRecord {
  /** Yjs update holding every log entry with a key ≤ upTo. */
  update: Uint8Array;
  /**
   * The update's Yjs encoding. 2 since storage schema 2: it decodes the map keys (every topic id)
   * in one piece instead of one string at a time, a few hundred ms less to load 100k topics.
   */
  encoding: 1 | 2;
  /** Highest log key folded into `update`; 0 before any merge. */
  upTo: number;
  /** Schema of the document that wrote it. */
  schema: number;
  /**
   * The map the merged document holds, as builtMap.ts encodes it (absent in snapshots of older
   * builds, of empty documents, and where building it failed).
   */
  built?: string;
}

export interface StoredDocument {
  snapshot: SnapshotRecord | null;
  entries: LogEntry[];
}

export function requestToPromise<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves once the transaction has committed; rejects with its error on abort. */
export function transactionDone(tx: IDBTransaction): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    tx.onerror = (event) => {
      // Let onabort report: an error event is followed by the abort.
      event.preventDefault?.();
    };
  });
  // A caller that fails before awaiting it must not leave an unhandled rejection behind.
  done.catch(() => undefined);
  return done;
}

/** The bytes as a standalone Uint8Array (IndexedDB may hand back a view over a larger buffer, or an ArrayBuffer). */
export function asBytes(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return null;
}

export class StorageOpenError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'StorageOpenError';
  }
}

/**
 * How long an open may take before storage counts as blocked: some browsers (Safari 14.1 on a first
 * load, a database held by a stuck process) never answer, which would leave the page loading forever.
 */
export const OPEN_TIMEOUT_MS = 8000;

/**
 * Opens (creating or upgrading) the database. Rejects with StorageOpenError when storage is missing,
 * blocked, or does not answer within `timeoutMs` (a late answer is closed unused).
 */
export function openDatabase(factory: IDBFactory | null | undefined, name = DB_NAME, timeoutMs = OPEN_TIMEOUT_MS, version: number | null = DB_VERSION): Promise<IDBDatabase> {
  if (!factory) return Promise.reject(new StorageOpenError('IndexedDB is not available'));
  // An open of this database that never answered will not answer a second time either (the early
  // read's open, then the editor's): the page does not wait twice.
  if (hungOpens(factory).has(name)) return Promise.reject(noAnswer());
  let req: IDBOpenDBRequest;
  try {
    req = version === null ? factory.open(name) : factory.open(name, version);
  } catch (error) {
    return Promise.reject(new StorageOpenError('IndexedDB could not be opened', error));
  }
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = answerOf(req).finally(() => clearTimeout(timer));
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      hungOpens(factory).add(name);
      reject(noAnswer());
    }, timeoutMs);
  });
  answered.then(
    (db) => {
      if (timedOut) db.close();
    },
    () => undefined,
  );
  return Promise.race([answered, late]);
}

const hung = new WeakMap<IDBFactory, Set<string>>();

function hungOpens(factory: IDBFactory): Set<string> {
  let names = hung.get(factory);
  if (!names) hung.set(factory, (names = new Set()));
  return names;
}

function noAnswer(): StorageOpenError {
  return new StorageOpenError('IndexedDB did not answer', new DOMException('IndexedDB did not answer in time', 'TimeoutError'));
}

function answerOf(req: IDBOpenDBRequest): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORES.log)) db.createObjectStore(STORES.log, { autoIncrement: true });
      if (!db.objectStoreNames.contains(STORES.snapshot)) db.createObjectStore(STORES.snapshot);
      if (!db.objectStoreNames.contains(STORES.replaced)) db.createObjectStore(STORES.replaced, { autoIncrement: true });
      if (!db.objectStoreNames.contains(STORES.replacedData)) db.createObjectStore(STORES.replacedData);
      if (!db.objectStoreNames.contains(STORES.meta)) db.createObjectStore(STORES.meta);
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab of a newer build upgrading the database: let it, and stop writing here.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(new StorageOpenError('IndexedDB could not be opened', req.error));
    req.onblocked = () => reject(new StorageOpenError('IndexedDB is blocked by another tab of an older version'));
  });
}

/** What loading a map reads: the stored schema version and the document (snapshot and log). */
export interface StoredRead {
  db: IDBDatabase;
  schema: unknown;
  stored: StoredDocument;
}

/** Reads the schema version and the document, each in one transaction (the two run side by side). */
export async function readStored(db: IDBDatabase): Promise<StoredRead> {
  const [schema, stored] = await Promise.all([getMeta<unknown>(db, 'schema'), readDocument(db)]);
  return { db, schema, stored };
}

/** What a read made a while ago lacks: the log entries appended since (another tab's edits). */
export async function catchUp(read: StoredRead): Promise<StoredRead> {
  const { entries, snapshot } = read.stored;
  const last = entries.length > 0 ? entries[entries.length - 1].key : (snapshot?.upTo ?? 0);
  const later = await readLogAfter(read.db, last);
  return later.length === 0 ? read : { ...read, stored: { snapshot, entries: [...entries, ...later] } };
}

/**
 * Opens the database and reads it, for a page that reads its map before the editor's code has
 * arrived; null on any failure (the editor then opens and reads it as usual, and reports it).
 */
export async function readStoredEarly(factory: IDBFactory | null | undefined, name = DB_NAME): Promise<StoredRead | null> {
  try {
    return await readStored(await openDatabase(factory, name));
  } catch {
    return null;
  }
}

/**
 * Appends updates in one transaction (bare bytes: the first encoding); resolves with their keys once
 * committed.
 */
export async function appendUpdates(db: IDBDatabase, updates: readonly (Uint8Array | EncodedUpdate)[]): Promise<number[]> {
  const tx = db.transaction(STORES.log, 'readwrite');
  const done = transactionDone(tx);
  const log = tx.objectStore(STORES.log);
  const stored = (u: Uint8Array | EncodedUpdate) => (u instanceof Uint8Array ? u : u.encoding === 2 ? { v2: u.update } : u.update);
  const keys: Promise<IDBValidKey>[] = updates.map((u) => requestToPromise(log.add(stored(u))));
  // Read after `done`: should the transaction fail, the requests fail with it, heard here so their
  // rejections do not go unhandled (the caller hears the transaction's).
  const allKeys = Promise.all(keys);
  allKeys.catch(() => undefined);
  // Committed now, not when this page's task ends: a page closing right after an edit (or during a
  // big import's parts) still has it committed.
  tx.commit?.();
  await done;
  return (await allKeys) as number[];
}

/** The snapshot and every log entry after it, read in one transaction (a consistent view). */
export async function readDocument(db: IDBDatabase, upToKey = Infinity): Promise<StoredDocument> {
  const tx = db.transaction([STORES.snapshot, STORES.log], 'readonly');
  const done = transactionDone(tx);
  const raw = await requestToPromise(tx.objectStore(STORES.snapshot).get(DOC_KEY));
  const snapshot = readSnapshot(raw);
  const lower = snapshot ? snapshot.upTo : 0;
  const range = upToKey === Infinity ? IDBKeyRange.lowerBound(lower, true) : IDBKeyRange.bound(lower, upToKey, true, false);
  const entries = await readEntries(tx.objectStore(STORES.log), range);
  await done;
  return { snapshot, entries };
}

/** The log entries after `key` (an earlier read's last: what was appended since). */
async function readLogAfter(db: IDBDatabase, key: number): Promise<LogEntry[]> {
  const tx = db.transaction(STORES.log, 'readonly');
  const done = transactionDone(tx);
  const entries = await readEntries(tx.objectStore(STORES.log), IDBKeyRange.lowerBound(key, true));
  await done;
  return entries;
}

async function readEntries(log: IDBObjectStore, range: IDBKeyRange): Promise<LogEntry[]> {
  const [keys, values] = await Promise.all([requestToPromise(log.getAllKeys(range)), requestToPromise(log.getAll(range))]);
  const entries: LogEntry[] = [];
  for (let i = 0; i < keys.length; i++) {
    const raw: unknown = values[i];
    const v2 = raw !== null && typeof raw === 'object' && 'v2' in raw ? asBytes(raw.v2) : null;
    const update = v2 ?? asBytes(raw);
    if (!update) throw new Error(`Log entry ${String(keys[i])} is not an update`);
    entries.push({ key: keys[i] as number, update, encoding: v2 ? 2 : 1 });
  }
  return entries;
}

function readSnapshot(raw: unknown): SnapshotRecord | null {
  if (raw === undefined) return null;
  const rec = raw as Partial<SnapshotRecord> | null;
  const update = asBytes(rec?.update);
  if (!rec || !update || typeof rec.upTo !== 'number' || typeof rec.schema !== 'number') {
    throw new Error('The stored snapshot is not readable');
  }
  const snapshot: SnapshotRecord = { update, encoding: rec.encoding === 2 ? 2 : 1, upTo: rec.upTo, schema: rec.schema };
  if (typeof rec.built === 'string') snapshot.built = rec.built;
  return snapshot;
}

export async function countLogEntries(db: IDBDatabase): Promise<number> {
  const tx = db.transaction(STORES.log, 'readonly');
  const done = transactionDone(tx);
  const n = await requestToPromise(tx.objectStore(STORES.log).count());
  await done;
  return n;
}

export async function getMeta<T>(db: IDBDatabase, key: string): Promise<T | undefined> {
  const tx = db.transaction(STORES.meta, 'readonly');
  const done = transactionDone(tx);
  const value = await requestToPromise(tx.objectStore(STORES.meta).get(key));
  await done;
  return value as T | undefined;
}

export async function setMeta(db: IDBDatabase, key: string, value: unknown): Promise<void> {
  const tx = db.transaction(STORES.meta, 'readwrite');
  const done = transactionDone(tx);
  tx.objectStore(STORES.meta).put(value, key);
  await done;
}

/**
 * The first write of a new document: its full state as log entry, and the schema, in one
 * transaction. Only for an empty database (a fresh map or a migration), never on an ordinary open.
 */
export async function writeInitial(db: IDBDatabase, update: Uint8Array, schema: number, meta: Record<string, unknown> = {}): Promise<void> {
  const tx = db.transaction([STORES.log, STORES.snapshot, STORES.meta], 'readwrite');
  const done = transactionDone(tx);
  const existing = await requestToPromise(tx.objectStore(STORES.log).count());
  const snap = await requestToPromise(tx.objectStore(STORES.snapshot).count());
  if (existing > 0 || snap > 0) {
    tx.abort();
    await done.catch(() => undefined);
    throw new Error('The database is not empty');
  }
  tx.objectStore(STORES.log).add(update);
  tx.objectStore(STORES.meta).put(schema, 'schema');
  for (const [k, v] of Object.entries(meta)) tx.objectStore(STORES.meta).put(v, k);
  await done;
}
