import { describe, expect, it } from 'vitest';
import { createInitialState, type MindMapState } from '../../src/state/doc';
import { STORAGE_KEY } from '../../src/state/model';
import {
  backupKeyAt,
  isQuotaError,
  loadMap,
  Persistence,
  serializeMap,
  serializeMapSliced,
  SLICED_SAVE_MIN_NODES,
  type KeyValueStorage,
  type LargeStore,
  type PersistenceStatus,
  type Timers,
} from '../../src/state/persistence';
import { buildState, snapshotOf } from '../../src/state/snapshot';
import { MindMapStore } from '../../src/state/store';
import { editNode } from '../../src/state/mutations';
import { tableGet } from '../../src/state/table';
import { makeNode, mapErrors, treeSnapshot, wideSnapshot } from './helpers/mapFixtures';

// ---------------------------------------------------------------------------------------------
// Fakes

/** localStorage in memory; `failWith` makes setItem throw for values longer than `maxValue`. */
class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  writes = 0;
  maxValue = Infinity;
  failWith: () => unknown = () => quotaError('QuotaExceededError', 22);
  failReads = false;

  getItem(key: string): string | null {
    if (this.failReads) throw new Error('SecurityError: storage disabled');
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (value.length > this.maxValue) throw this.failWith();
    this.writes++;
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

function quotaError(name: string, code: number, message = 'The quota has been exceeded.'): Error {
  return Object.assign(new Error(message), { name, code });
}

/** An async store whose operations settle only when `release()` is called, when `manual` is set. */
class FakeLargeStore implements LargeStore {
  readonly data = new Map<string, string>();
  readonly log: string[] = [];
  manual = false;
  fail = false;
  private waiting: Array<() => void> = [];

  private run<T>(label: string, op: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const go = () => {
        if (this.fail) {
          reject(new Error('IndexedDB unavailable'));
          return;
        }
        this.log.push(label);
        resolve(op());
      };
      if (this.manual) this.waiting.push(go);
      else go();
    });
  }
  get(key: string): Promise<string | undefined> {
    return this.run(`get ${key}`, () => this.data.get(key));
  }
  set(key: string, value: string): Promise<void> {
    return this.run(`set ${key}`, () => void this.data.set(key, value));
  }
  del(key: string): Promise<void> {
    return this.run(`del ${key}`, () => void this.data.delete(key));
  }
  release(): void {
    const all = this.waiting;
    this.waiting = [];
    for (const go of all) go();
  }
}

/** Timers driven by hand. */
class ManualClock implements Timers {
  time = 1_000;
  private tasks = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;

  now = (): number => this.time;
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.time + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.tasks.delete(handle as number);
  }
  get pending(): number {
    return this.tasks.size;
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.tasks) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.tasks.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
    }
    this.time = end;
  }
}

function setup(options: { storage?: MemoryStorage; large?: FakeLargeStore | null; initial?: MindMapState } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const clock = new ManualClock();
  const store = new MindMapStore(options.initial ?? createInitialState());
  const persistence = new Persistence({ storage, large: options.large ?? null, timers: clock, now: clock.now });
  persistence.attach(store);
  const statuses: PersistenceStatus[] = [];
  persistence.subscribeStatus((s) => statuses.push(s));
  return { storage, clock, store, persistence, statuses };
}

function rename(store: MindMapStore, label: string): void {
  store.transact('Rename', (d) => {
    editNode(d, d.rootId)!.data.label = label;
  });
}

function storedLabel(storage: MemoryStorage): string {
  return JSON.parse(storage.data.get(STORAGE_KEY)!).nodes[0].data.label;
}

const flushMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// ---------------------------------------------------------------------------------------------

describe('saving', () => {
  it('debounces: one write 500 ms after the last change', () => {
    const { storage, clock, store } = setup();
    rename(store, 'A');
    clock.advance(300);
    rename(store, 'B');
    clock.advance(499);
    expect(storage.writes).toBe(0);
    clock.advance(1);
    expect(storage.writes).toBe(1);
    expect(storedLabel(storage)).toBe('B');
  });

  it('saves at least every 5 s during a long stream of changes', () => {
    const { storage, clock, store } = setup();
    for (let i = 0; i < 20; i++) {
      rename(store, `L${i}`);
      clock.advance(300);
    }
    expect(storage.writes).toBeGreaterThanOrEqual(1);
    expect(storage.writes).toBeLessThanOrEqual(2);
  });

  it('ignores selection, search and history-only notifications', () => {
    const { storage, clock, store } = setup();
    store.transact('Select', (d) => void (d.selectedNodeId = 'root'), { history: false });
    store.transact('Search', (d) => void (d.searchQuery = 'x'), { history: false });
    store.beginMark('Drag');
    store.commitMark();
    clock.advance(10_000);
    expect(clock.pending).toBe(0);
    expect(storage.writes).toBe(0);
  });

  it('flush writes pending changes at once and cancels the timer; with nothing pending it writes nothing', async () => {
    const { storage, clock, store, persistence } = setup();
    await persistence.flush();
    expect(storage.writes).toBe(0);
    rename(store, 'Now');
    void persistence.flush(); // synchronous part: the localStorage write
    expect(storage.writes).toBe(1);
    expect(storedLabel(storage)).toBe('Now');
    expect(clock.pending).toBe(0);
    expect(persistence.hasUnsavedChanges).toBe(false);
    clock.advance(1000);
    expect(storage.writes).toBe(1);
  });

  it('writes {version: 1, nodes, edges, settings, rootId} and reports the time', () => {
    const state = buildState(wideSnapshot(50), 'root', { layout: 'right', autoLayout: true });
    const { storage, clock, store, persistence } = setup({ initial: state });
    rename(store, 'Stored');
    void persistence.flush();
    const stored = JSON.parse(storage.data.get(STORAGE_KEY)!);
    expect(Object.keys(stored)).toEqual(['version', 'nodes', 'edges', 'settings', 'rootId']);
    expect(stored).toMatchObject({ version: 1, rootId: 'root', settings: { layout: 'right', autoLayout: true } });
    expect(stored.nodes).toEqual(snapshotOf(store.getState()).nodes);
    expect(persistence.getStatus()).toEqual({ saving: false, error: null, lastSavedAt: clock.time, location: 'local' });
  });

  it('detach stops saving', () => {
    const { storage, clock, store, persistence } = setup();
    persistence.detach();
    rename(store, 'x');
    clock.advance(1000);
    expect(storage.writes).toBe(0);
  });
});

describe('quota and storage errors', () => {
  const variants: Array<[string, () => unknown]> = [
    ['QuotaExceededError (Chrome, Safari)', () => quotaError('QuotaExceededError', 22)],
    ['NS_ERROR_DOM_QUOTA_REACHED (old Firefox)', () => quotaError('NS_ERROR_DOM_QUOTA_REACHED', 1014, 'Persistent storage maximum size reached')],
    ['code 22 only', () => ({ code: 22 })],
    ['code 1014 only', () => ({ code: 1014 })],
    ['message mentions the quota', () => new Error("Failed to execute 'setItem' on 'Storage': exceeded the quota.")],
  ];

  it.each(variants)('%s: keeps the map, sets the quota flag, clears it after a later save', (_name, makeError) => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, serializeMap(createInitialState()));
    const { clock, store, persistence, statuses } = setup({ storage });
    storage.maxValue = 10;
    storage.failWith = makeError;
    rename(store, 'Too big');
    const before = store.getState();
    clock.advance(500);
    expect(persistence.getStatus().error).toBe('quota');
    expect(store.getState()).toBe(before);
    expect(tableGet(store.getState().nodes, 'root')!.data.label).toBe('Too big');
    expect(storedLabel(storage)).toBe('Main Topic'); // the previous save is intact
    expect(persistence.hasUnsavedChanges).toBe(true);

    storage.maxValue = Infinity;
    void persistence.flush();
    expect(persistence.getStatus().error).toBeNull();
    expect(storedLabel(storage)).toBe('Too big');
    expect(statuses.map((s) => s.error)).toEqual(['quota', null]);
  });

  it('other errors set the unavailable flag', () => {
    const storage = new MemoryStorage();
    const { clock, store, persistence } = setup({ storage });
    storage.maxValue = 0;
    storage.failWith = () => Object.assign(new Error('The operation is insecure.'), { name: 'SecurityError', code: 18 });
    rename(store, 'x');
    clock.advance(500);
    expect(persistence.getStatus().error).toBe('unavailable');
  });

  it('isQuotaError recognises the variants and nothing else', () => {
    for (const [, make] of variants) expect(isQuotaError(make())).toBe(true);
    expect(isQuotaError(new Error('SecurityError'))).toBe(false);
    expect(isQuotaError({ name: 'NotFoundError', code: 8 })).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('IndexedDB fallback', () => {
  it('writes a map too big for localStorage to the large store, leaving a pointer; loads it back', async () => {
    const storage = new MemoryStorage();
    const large = new FakeLargeStore();
    const initial = buildState(wideSnapshot(200), 'root');
    const { clock, store, persistence, statuses } = setup({ storage, large, initial });
    storage.maxValue = 1000;
    rename(store, 'Big');
    clock.advance(500);
    expect(persistence.getStatus().saving).toBe(true);
    await persistence.flush();

    expect(JSON.parse(storage.data.get(STORAGE_KEY)!)).toEqual({ version: 1, location: 'indexeddb' });
    expect(JSON.parse(large.data.get(STORAGE_KEY)!).nodes).toHaveLength(200);
    expect(persistence.getStatus()).toMatchObject({ saving: false, error: null, location: 'indexeddb' });
    expect(statuses.some((s) => s.saving)).toBe(true);

    const loaded = await loadMap(storage, large);
    expect(loaded).toMatchObject({ source: 'indexeddb', corrupt: false, repairs: [], safeToSave: true });
    expect(snapshotOf(loaded.state)).toEqual(snapshotOf(store.getState()));
  });

  it('serialises big maps in slices, yielding between them, to the same text', async () => {
    const state = buildState(wideSnapshot(5000), 'root');
    let pauses = 0;
    const sliced = await serializeMapSliced(state, async () => {
      pauses++;
    });
    expect(sliced).toBe(serializeMap(state));
    expect(pauses).toBeGreaterThanOrEqual(3);
  });

  it('an urgent flush (pagehide) of a big map writes localStorage before returning', () => {
    const storage = new MemoryStorage();
    const store = new MindMapStore(buildState(wideSnapshot(SLICED_SAVE_MIN_NODES), 'root'));
    const persistence = new Persistence({ storage });
    persistence.attach(store);
    rename(store, 'Leaving');
    void persistence.flush({ urgent: true });
    expect(storedLabel(storage)).toBe('Leaving');
    persistence.detach();
  });

  it('a routine save of a big map is serialised in the background, then lands in localStorage', async () => {
    const storage = new MemoryStorage();
    const store = new MindMapStore(buildState(wideSnapshot(SLICED_SAVE_MIN_NODES), 'root'));
    const persistence = new Persistence({ storage });
    persistence.attach(store);
    rename(store, 'Routine');
    const done = persistence.flush();
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
    expect(persistence.getStatus().saving).toBe(true);
    await done;
    expect(storedLabel(storage)).toBe('Routine');
    expect(persistence.getStatus()).toMatchObject({ saving: false, error: null, location: 'local' });
    persistence.detach();
  });

  it('saves a map too big for localStorage straight to IndexedDB, serialised in slices', async () => {
    const storage = new MemoryStorage();
    const large = new FakeLargeStore();
    const store = new MindMapStore(buildState(wideSnapshot(SLICED_SAVE_MIN_NODES), 'root'));
    const persistence = new Persistence({ storage, large, localMaxChars: 1000 });
    persistence.attach(store);
    storage.maxValue = 1000;
    // Were the whole map offered to localStorage, this non-quota failure would show as an error.
    storage.failWith = () => new Error('unexpected write');
    rename(store, 'Bigger');
    await persistence.flush();
    expect(persistence.getStatus().error).toBeNull();
    expect(JSON.parse(large.data.get(STORAGE_KEY)!).nodes[0].data.label).toBe('Bigger');
    persistence.detach();
  });

  it('moves back to localStorage when the map fits again, dropping the large copy', async () => {
    const storage = new MemoryStorage();
    const large = new FakeLargeStore();
    const { store, persistence } = setup({ storage, large, initial: buildState(wideSnapshot(200), 'root') });
    storage.maxValue = 5000;
    rename(store, 'Big');
    await persistence.flush();
    expect(persistence.getStatus().location).toBe('indexeddb');

    store.replace('Clear', createInitialState());
    await persistence.flush();
    expect(persistence.getStatus().location).toBe('local');
    expect(storedLabel(storage)).toBe('Main Topic');
    expect(large.data.has(STORAGE_KEY)).toBe(false);
  });

  it.each([
    ['before it starts', false],
    ['while it is writing', true],
  ])('a large write overtaken %s by a newer local save does not replace that save', async (_when, started) => {
    const storage = new MemoryStorage();
    const large = new FakeLargeStore();
    large.manual = true;
    const { store, persistence } = setup({ storage, large, initial: buildState(wideSnapshot(200), 'root') });
    storage.maxValue = 5000;
    rename(store, 'Big');
    const slow = persistence.flush();
    if (started) await flushMicrotasks();
    store.replace('Clear', createInitialState());
    void persistence.flush(); // small: goes to localStorage synchronously
    for (let i = 0; i < 3; i++) {
      large.release();
      await flushMicrotasks();
    }
    await slow;
    expect(large.log).toEqual(started ? ['set mind-map-storage'] : []);
    expect(storedLabel(storage)).toBe('Main Topic');
    expect(persistence.getStatus()).toMatchObject({ location: 'local', saving: false, error: null });
  });

  it('sets the quota flag when the large store fails too, keeping the old save', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, serializeMap(createInitialState()));
    const large = new FakeLargeStore();
    large.fail = true;
    const { store, persistence } = setup({ storage, large });
    storage.maxValue = 10;
    rename(store, 'x');
    await persistence.flush();
    expect(persistence.getStatus()).toMatchObject({ error: 'quota', saving: false, location: 'local' });
    expect(storedLabel(storage)).toBe('Main Topic');
  });
});

describe('loading', () => {
  it('nothing stored: the initial map', async () => {
    const loaded = await loadMap(new MemoryStorage());
    expect(loaded).toMatchObject({ source: 'empty', corrupt: false, repairs: [], backupKey: null, safeToSave: true });
    expect(snapshotOf(loaded.state)).toEqual(snapshotOf(createInitialState()));
  });

  it('round-trips a saved map with its settings', async () => {
    const storage = new MemoryStorage();
    const state = buildState(wideSnapshot(100), 'root', { layout: 'balanced', autoLayout: true });
    storage.setItem(STORAGE_KEY, serializeMap(state));
    const loaded = await loadMap(storage);
    expect(loaded).toMatchObject({ source: 'local', corrupt: false, repairs: [] });
    expect(loaded.state.settings).toEqual({ layout: 'balanced', autoLayout: true });
    expect(snapshotOf(loaded.state)).toEqual(snapshotOf(state));
  });

  it('invalid settings fall back to the defaults', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, ...treeSnapshot([['root', null]]), settings: { layout: 'spiral', autoLayout: 'yes' } }));
    const loaded = await loadMap(storage);
    expect(loaded.state.settings).toEqual({ layout: 'free', autoLayout: false });
  });

  it('loads the original zustand-persist shape', async () => {
    const storage = new MemoryStorage();
    const { nodes, edges } = treeSnapshot([
      ['root', null],
      ['a', 'root'],
    ]);
    storage.setItem(STORAGE_KEY, JSON.stringify({ state: { nodes, edges, selectedNodeId: 'a', searchQuery: 'q' }, version: 0 }));
    const loaded = await loadMap(storage);
    expect(loaded).toMatchObject({ source: 'local', corrupt: false, repairs: [] });
    expect(loaded.state.nodes.n).toBe(2);
    expect(loaded.state.selectedNodeId).toBeNull();
    expect(loaded.state.searchQuery).toBe('');
  });

  it('loads the older plain {nodes, edges} value, repairing it through the restore pipeline', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ nodes: [makeNode('root', null), { ...makeNode('a', 'root'), data: { label: 'A', color: 'red' } }], edges: [] }));
    const loaded = await loadMap(storage);
    expect(loaded.corrupt).toBe(false);
    expect(loaded.repairs).toContain('1 missing parent-child edge added');
    expect(loaded.repairs).toContain('1 invalid colour reset to default');
    expect(mapErrors(loaded.state)).toEqual([]);
  });

  it('a corrupt value is backed up, never overwritten before that, and the initial map is used', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, '{"nodes": [ broken');
    const clock = new ManualClock();
    const persistence = new Persistence({ storage, timers: clock, now: clock.now });
    const loaded = await persistence.load();
    const key = backupKeyAt(clock.time);
    expect(loaded).toMatchObject({ corrupt: true, source: 'local', backupKey: key, safeToSave: true });
    expect(key).toBe(`mind-map-storage:backup-${clock.time}`);
    expect(storage.data.get(key)).toBe('{"nodes": [ broken');
    expect(storage.data.get(STORAGE_KEY)).toBe('{"nodes": [ broken');
    expect(snapshotOf(loaded.state)).toEqual(snapshotOf(createInitialState()));

    const store = new MindMapStore(loaded.state);
    persistence.attach(store);
    rename(store, 'Fresh');
    void persistence.flush();
    expect(storedLabel(storage)).toBe('Fresh');
    expect(storage.data.get(key)).toBe('{"nodes": [ broken');
  });

  it('a value with readable nodes but no edges is backed up and its nodes recovered', async () => {
    const storage = new MemoryStorage();
    const { nodes } = treeSnapshot([
      ['root', null],
      ['a', 'root'],
    ]);
    const raw = JSON.stringify({ version: 1, nodes });
    storage.data.set(STORAGE_KEY, raw);
    const loaded = await loadMap(storage, null, () => 42);
    expect(loaded).toMatchObject({ corrupt: true, backupKey: backupKeyAt(42), safeToSave: true });
    expect(storage.data.get(backupKeyAt(42))).toBe(raw);
    expect(loaded.state.nodes.n).toBe(2);
    expect(mapErrors(loaded.state)).toEqual([]);
  });

  it('other non-map values are corrupt', async () => {
    for (const raw of ['[1,2]', '"text"', 'null', '{"state": 5}', '{"nodes": 3, "edges": []}']) {
      const storage = new MemoryStorage();
      storage.data.set(STORAGE_KEY, raw);
      const loaded = await loadMap(storage, null, () => 7);
      expect(loaded.corrupt).toBe(true);
      expect(storage.data.get(backupKeyAt(7))).toBe(raw);
    }
  });

  it('a corrupt value too big to copy in localStorage is backed up to the large store', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, 'x'.repeat(100));
    storage.maxValue = 50;
    const large = new FakeLargeStore();
    const loaded = await loadMap(storage, large, () => 9);
    expect(loaded).toMatchObject({ corrupt: true, backupKey: backupKeyAt(9), safeToSave: true });
    expect(large.data.get(backupKeyAt(9))).toBe('x'.repeat(100));
  });

  it('a corrupt value that cannot be backed up anywhere blocks saving, so it is never overwritten', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, 'x'.repeat(100));
    storage.maxValue = 50;
    const clock = new ManualClock();
    const persistence = new Persistence({ storage, timers: clock, now: clock.now });
    const loaded = await persistence.load();
    expect(loaded).toMatchObject({ corrupt: true, backupKey: null, safeToSave: false });
    expect(persistence.getStatus().error).toBe('unavailable');

    const store = new MindMapStore(loaded.state);
    persistence.attach(store);
    rename(store, 'y');
    clock.advance(1000);
    await persistence.flush();
    expect(storage.data.get(STORAGE_KEY)).toBe('x'.repeat(100));
    expect(persistence.getStatus().error).toBe('unavailable');
  });

  it('unreadable localStorage: the initial map and no saving', async () => {
    const storage = new MemoryStorage();
    storage.failReads = true;
    const loaded = await loadMap(storage);
    expect(loaded).toMatchObject({ corrupt: true, safeToSave: false, source: 'empty' });
  });

  it('a pointer without a large store, or with a failing one, blocks saving; a dangling pointer does not', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, JSON.stringify({ version: 1, location: 'indexeddb' }));
    expect(await loadMap(storage)).toMatchObject({ source: 'indexeddb', corrupt: true, safeToSave: false });

    const failing = new FakeLargeStore();
    failing.fail = true;
    expect(await loadMap(storage, failing)).toMatchObject({ source: 'indexeddb', corrupt: true, safeToSave: false });

    const empty = new FakeLargeStore();
    const dangling = await loadMap(storage, empty);
    expect(dangling).toMatchObject({ source: 'indexeddb', corrupt: true, safeToSave: true });
    expect(dangling.state.nodes.n).toBe(1);
  });

  it('a corrupt map in the large store is backed up there', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, JSON.stringify({ version: 1, location: 'indexeddb' }));
    const large = new FakeLargeStore();
    large.data.set(STORAGE_KEY, 'not json');
    const loaded = await loadMap(storage, large, () => 5);
    expect(loaded).toMatchObject({ source: 'indexeddb', corrupt: true, backupKey: backupKeyAt(5), safeToSave: true });
    expect(large.data.get(backupKeyAt(5))).toBe('not json');
  });

  it('Persistence.load reports where the map lives', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, JSON.stringify({ version: 1, location: 'indexeddb' }));
    const large = new FakeLargeStore();
    large.data.set(STORAGE_KEY, serializeMap(createInitialState()));
    const persistence = new Persistence({ storage, large });
    const loaded = await persistence.load();
    expect(loaded.corrupt).toBe(false);
    expect(persistence.getStatus()).toMatchObject({ location: 'indexeddb', error: null });
  });
});
