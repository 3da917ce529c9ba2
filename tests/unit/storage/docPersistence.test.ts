import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { STORAGE_KEY } from '../../../src/state/model';
import { DocPersistence, RETRY_DELAYS_MS, STORAGE_SCHEMA } from '../../../src/state/storage/docPersistence';
import { countLogEntries, OPEN_TIMEOUT_MS, openDatabase, readDocument, readStoredEarly, setMeta } from '../../../src/state/storage/updateLog';
import { freshFactory, labels, ManualTimers, seedTopics, settle, topics } from './fakes';

const open = async (factory: IDBFactory | null, extra: Partial<ConstructorParameters<typeof DocPersistence>[0]> = {}) => {
  const doc = new Y.Doc();
  const p = new DocPersistence({ doc, factory, seed: seedTopics, ...extra });
  const outcome = await p.load();
  return { doc, p, outcome };
};

/** A fresh database holding a map with topic a, "Alpha", written and closed. */
const storedAlpha = async () => {
  const factory = freshFactory();
  const first = await open(factory);
  topics(first.doc).set('a', 'Alpha');
  await first.p.close();
  return factory;
};

afterEach(() => vi.restoreAllMocks());

/** A newer build opens the database at its own version (5), adding a store of its own. */
function upgradeByNewerBuild(factory: IDBFactory): Promise<void> {
  return new Promise<void>((resolve) => {
    const req = factory.open('mind-map-storage', 5);
    req.onupgradeneeded = () => req.result.createObjectStore('future');
    req.onsuccess = () => {
      req.result.close();
      resolve();
    };
  });
}

describe('DocPersistence', () => {
  it('seeds a new map once, writes each edit at once, and says saved only after the commit', async () => {
    const factory = freshFactory();
    const { doc, p, outcome } = await open(factory);
    expect(outcome.source).toBe('new');
    expect(p.getStatus()).toMatchObject({ error: null, saving: false });

    topics(doc).set('a', 'Alpha');
    // Queued for this frame's microtask: not yet committed, so not "saved".
    expect(p.getStatus().saving).toBe(true);
    await p.flush();
    expect(p.getStatus()).toMatchObject({ saving: false, unsaved: 0, error: null });
    topics(doc).set('b', 'Beta');
    await p.flush();
    await p.close();

    const again = await open(factory);
    expect(again.outcome.source).toBe('stored');
    expect(labels(again.doc)).toEqual({ a: 'Alpha', b: 'Beta', root: 'Main Topic' });
    await again.p.close();
  });

  it('says saving while changes are held on their way into the document, until they are committed', async () => {
    const { doc, p } = await open(freshFactory());
    const release = p.holdSaving();
    expect(p.getStatus().saving).toBe(true);
    topics(doc).set('a', 'Alpha');
    await p.flush();
    // Committed, but more is on its way.
    expect(p.getStatus().saving).toBe(true);
    topics(doc).set('b', 'Beta');
    release();
    release();
    expect(p.getStatus().saving).toBe(true);
    await p.flush();
    expect(p.getStatus()).toMatchObject({ saving: false, unsaved: 0 });
    await p.close();
  });

  it("writes each edit in Yjs's second encoding, which a reload reads", async () => {
    const factory = freshFactory();
    const { doc, p } = await open(factory);
    topics(doc).set('a', 'Alpha');
    await p.close();
    const db = await openDatabase(factory);
    const { entries } = await readDocument(db);
    db.close();
    expect(entries.map((e) => e.encoding)).toEqual([1, 2]);
    const again = await open(factory);
    expect(labels(again.doc)).toEqual({ a: 'Alpha', root: 'Main Topic' });
    await again.p.close();
  });

  it('loads from a read made before it (the page reads its map early), and reads an empty database again under the lock', async () => {
    const factory = freshFactory();
    const locks: string[] = [];
    const withLock = async <T,>(name: string, fn: () => Promise<T>) => {
      locks.push(name);
      return fn();
    };
    // Nothing stored yet: the early read finds nothing, and the first map is written under the lock.
    const first = await open(factory, { early: readStoredEarly(factory), withLock });
    expect(first.outcome.source).toBe('new');
    expect(locks).toHaveLength(1);
    topics(first.doc).set('a', 'Alpha');
    await first.p.close();

    const early = readStoredEarly(factory);
    // A change stored after the early read (another tab's edit) is read too.
    const other = await open(factory);
    topics(other.doc).set('b', 'Beta');
    await other.p.close();
    const again = await open(factory, { early, withLock });
    expect(again.outcome).toMatchObject({ source: 'stored', error: null });
    expect(locks).toHaveLength(1);
    expect(labels(again.doc)).toEqual({ a: 'Alpha', b: 'Beta', root: 'Main Topic' });
    // The early read's database is the one it writes to.
    topics(again.doc).set('c', 'Gamma');
    await again.p.close();
    const last = await open(factory);
    expect(labels(last.doc)).toEqual({ a: 'Alpha', b: 'Beta', c: 'Gamma', root: 'Main Topic' });
    await last.p.close();
  });

  it('opens as usual when the early read failed', async () => {
    const factory = await storedAlpha();
    const again = await open(factory, { early: readStoredEarly(null) });
    expect(again.outcome.source).toBe('stored');
    expect(labels(again.doc)).toEqual({ a: 'Alpha', root: 'Main Topic' });
    await again.p.close();
  });

  it('appends nothing on an ordinary open', async () => {
    const factory = await storedAlpha();
    const db = await openDatabase(factory);
    const before = await countLogEntries(db);
    db.close();
    for (let i = 0; i < 3; i++) await (await open(factory)).p.close();
    const db2 = await openDatabase(factory);
    expect(await countLogEntries(db2)).toBe(before);
    db2.close();
  });

  it('does not write updates of remote origins (another tab writes its own)', async () => {
    const factory = freshFactory();
    const remote = { tab: true };
    const { doc, p } = await open(factory, { remoteOrigins: [remote] });
    const db = await openDatabase(factory);
    const before = await countLogEntries(db);
    doc.transact(() => topics(doc).set('x', 'from elsewhere'), remote);
    await settle();
    await p.flush();
    expect(await countLogEntries(db)).toBe(before);
    db.close();
    await p.close();
  });

  it('opens data of a newer schema read-only and never writes to it', async () => {
    const factory = await storedAlpha();
    const db = await openDatabase(factory);
    await setMeta(db, 'schema', STORAGE_SCHEMA + 1);
    const before = await readDocument(db);

    const { doc, p, outcome } = await open(factory);
    expect(outcome.error).toBe('newer');
    expect(p.canWrite).toBe(false);
    expect(p.getStatus().error).toBe('newer');
    expect(labels(doc)).toMatchObject({ a: 'Alpha' });
    topics(doc).set('b', 'Not stored');
    await settle();
    await p.flush();
    const after = await readDocument(db);
    expect(after.entries.map((e) => e.key)).toEqual(before.entries.map((e) => e.key));
    db.close();
    await p.close();
  });

  it('a load that fails refuses every write', async () => {
    const factory = freshFactory();
    const first = await open(factory);
    await first.p.close();
    const db = await openDatabase(factory);
    // A damaged snapshot.
    const tx = db.transaction('snapshot', 'readwrite');
    tx.objectStore('snapshot').put({ update: new Uint8Array([9, 9, 9, 9]), upTo: 0, schema: 1 }, 'main');
    await new Promise((r) => (tx.oncomplete = r));
    const count = await countLogEntries(db);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const { doc, p, outcome } = await open(factory);
    expect(outcome.error).toBe('load');
    expect(p.getStatus().error).toBe('load');
    topics(doc).set('a', 'typed after a failed load');
    await settle();
    await p.flush();
    expect(await countLogEntries(db)).toBe(count);
    db.close();
    await p.close();
  });

  it('without IndexedDB the map lives in memory, migrated from localStorage when it can be', async () => {
    const storage = new Map<string, string>();
    const kv = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    kv.setItem(STORAGE_KEY, JSON.stringify({ state: { nodes: [{ id: 'root', type: 'root', position: { x: 0, y: 0 }, data: { label: 'Kept' } }], edges: [] }, version: 0 }));
    const blocked = { open: () => { throw new DOMException('blocked', 'SecurityError'); } } as unknown as IDBFactory;
    const { doc, p, outcome } = await open(blocked, { legacy: { storage: kv, large: null } });
    expect(outcome.source).toBe('memory');
    expect(p.getStatus()).toMatchObject({ error: 'unavailable', location: 'memory' });
    expect(labels(doc)).toEqual({ root: 'Kept' });
    topics(doc).set('a', 'still editable');
    await p.flush();
    expect(labels(doc).a).toBe('still editable');
    // The old value is not touched when nothing new holds it.
    expect(storage.has(STORAGE_KEY)).toBe(true);
  });

  it('a database a newer build upgraded is left alone: nothing is read or written', async () => {
    // Its document cannot be read here (it has no store of ours): said in the console.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const factory = freshFactory();
    await upgradeByNewerBuild(factory);
    const { p, outcome } = await open(factory);
    expect(outcome).toMatchObject({ source: 'memory', error: 'newer' });
    expect(p.getStatus()).toMatchObject({ error: 'newer', location: 'memory' });
    expect(p.canWrite).toBe(false);
    const check = await new Promise<IDBDatabase>((resolve) => {
      const req = factory.open('mind-map-storage');
      req.onsuccess = () => resolve(req.result);
    });
    expect(check.version).toBe(5);
    expect([...check.objectStoreNames]).toEqual(['future']);
    check.close();
  });

  it('a map stored by a newer build is shown as it is, read-only, and never written', async () => {
    const factory = await storedAlpha();
    // A newer build upgraded the database and kept the document's stores.
    await upgradeByNewerBuild(factory);
    const { doc, p, outcome } = await open(factory);
    expect(outcome).toMatchObject({ error: 'newer' });
    expect(labels(doc)).toMatchObject({ a: 'Alpha' });
    expect(p.canWrite).toBe(false);
    topics(doc).set('b', 'Beta');
    await p.flush();
    const again = await open(factory);
    expect(labels(again.doc).b).toBeUndefined();
  });

  it('a browser whose IndexedDB never answers: the map opens in memory after a while, not never', async () => {
    vi.useFakeTimers();
    try {
      const hung = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory;
      // The page's early read waits first, then the editor: once, not twice, in all.
      const opening = open(hung, { early: readStoredEarly(hung) });
      await vi.advanceTimersByTimeAsync(OPEN_TIMEOUT_MS);
      const { p, outcome } = await opening;
      expect(outcome).toMatchObject({ source: 'memory', error: 'unavailable' });
      expect(p.getStatus().location).toBe('memory');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a database deleted under the page (site data cleared) is made again with the whole map, and saving goes on', async () => {
    const factory = freshFactory();
    const { doc, p } = await open(factory);
    topics(doc).set('a', 'Alpha');
    await p.flush();
    await new Promise<void>((resolve, reject) => {
      const req = factory.deleteDatabase('mind-map-storage');
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
    });
    await vi.waitFor(() => expect(p.database).not.toBeNull());
    topics(doc).set('b', 'Beta');
    await p.flush();
    await vi.waitFor(() => expect(p.getStatus()).toMatchObject({ error: null, saving: false, unsaved: 0 }));
    await p.close();
    const again = await open(factory);
    expect(labels(again.doc)).toMatchObject({ a: 'Alpha', b: 'Beta' });
    await again.p.close();
  });

  it('a newer build upgrading the database under the page stops the writes here and says why', async () => {
    const factory = freshFactory();
    const { doc, p } = await open(factory);
    topics(doc).set('a', 'Alpha');
    await p.flush();
    await upgradeByNewerBuild(factory);
    expect(p.canWrite).toBe(false);
    expect(p.getStatus().error).toBe('newer');
  });

  it('retries a failed write with backoff, keeps the warning until one succeeds, and loses nothing', async () => {
    const factory = freshFactory();
    const timers = new ManualTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { doc, p } = await open(factory, { timers, now: () => timers.now });
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    topics(doc).set('a', 'Alpha');
    await p.flush();
    expect(p.getStatus()).toMatchObject({ error: 'quota', attempts: 1, unsaved: 1, retryAt: RETRY_DELAYS_MS[0] });

    // A new edit's write fails too, but does not push the next retry further out: only retries back off.
    topics(doc).set('b', 'Beta');
    await p.flush();
    expect(p.getStatus()).toMatchObject({ error: 'quota', attempts: 1, unsaved: 2 });
    topics(doc).set('c', 'Gamma');
    await p.flush();
    expect(p.getStatus()).toMatchObject({ attempts: 1, unsaved: 3, retryAt: timers.now + RETRY_DELAYS_MS[0] });
    // Nothing is retried before its time.
    timers.advance(RETRY_DELAYS_MS[0] - 1);
    await settle();
    expect(p.getStatus().attempts).toBe(1);
    timers.advance(1);
    await settle();
    expect(p.getStatus()).toMatchObject({ error: 'quota', attempts: 2, unsaved: 3 });
    timers.advance(RETRY_DELAYS_MS[1]);
    await settle();
    expect(p.getStatus()).toMatchObject({ error: 'quota', attempts: 3, unsaved: 3 });

    add.mockRestore();
    timers.advance(RETRY_DELAYS_MS[2]);
    await settle();
    expect(p.getStatus()).toMatchObject({ error: null, attempts: 0, unsaved: 0, saving: false });
    await p.close();
    const again = await open(factory);
    expect(labels(again.doc)).toMatchObject({ a: 'Alpha', b: 'Beta', c: 'Gamma' });
    await again.p.close();
  });

  it('asks for persistent storage after the first edit and reports the answer and size', async () => {
    const persist = vi.fn(async () => true);
    const storageManager = { persisted: async () => false, persist, estimate: async () => ({ usage: 12_345, quota: 1e9 }) };
    const { doc, p } = await open(freshFactory(), { storageManager });
    expect(persist).not.toHaveBeenCalled();
    topics(doc).set('a', 'Alpha');
    await p.flush();
    await settle();
    expect(persist).toHaveBeenCalledTimes(1);
    expect(p.getStatus()).toMatchObject({ persisted: true, usage: 12_345, quota: 1e9 });
    await p.close();
  });

  it('two tabs opening an empty database at once make one map, not two', async () => {
    const factory = freshFactory();
    let chain = Promise.resolve();
    const withLock = <T,>(_: string, fn: () => Promise<T>) => {
      const run = chain.then(fn);
      chain = run.then(() => undefined, () => undefined);
      return run;
    };
    const [a, b] = await Promise.all([open(factory, { withLock }), open(factory, { withLock })]);
    expect([a.outcome.source, b.outcome.source].sort()).toEqual(['new', 'stored']);
    const db = await openDatabase(factory);
    expect(await countLogEntries(db)).toBe(1);
    db.close();
    await a.p.close();
    await b.p.close();
  });
});
