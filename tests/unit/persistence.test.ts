import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../src/state/doc';
import { STORAGE_KEY } from '../../src/state/model';
import {
  backupKeyAt,
  isQuotaError,
  loadMap,
  serializeMap,
  serializeMapSliced,
  type KeyValueStorage,
  type LargeStore,
} from '../../src/state/persistence';
import { buildState, snapshotOf } from '../../src/state/snapshot';
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

// ---------------------------------------------------------------------------------------------

describe('quota errors', () => {
  const variants: Array<[string, () => unknown]> = [
    ['QuotaExceededError (Chrome, Safari)', () => quotaError('QuotaExceededError', 22)],
    ['NS_ERROR_DOM_QUOTA_REACHED (old Firefox)', () => quotaError('NS_ERROR_DOM_QUOTA_REACHED', 1014, 'Persistent storage maximum size reached')],
    ['code 22 only', () => ({ code: 22 })],
    ['code 1014 only', () => ({ code: 1014 })],
    ['message mentions the quota', () => new Error("Failed to execute 'setItem' on 'Storage': exceeded the quota.")],
  ];

  it('isQuotaError recognises the variants and nothing else', () => {
    for (const [, make] of variants) expect(isQuotaError(make())).toBe(true);
    expect(isQuotaError(new Error('SecurityError'))).toBe(false);
    expect(isQuotaError({ name: 'NotFoundError', code: 8 })).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('the stored text', () => {
  it('is {version: 1, nodes, edges, settings, rootId}', () => {
    const state = buildState(wideSnapshot(50), 'root', { layout: 'right', autoLayout: true });
    const stored = JSON.parse(serializeMap(state));
    expect(Object.keys(stored)).toEqual(['version', 'nodes', 'edges', 'settings', 'rootId']);
    expect(stored).toMatchObject({ version: 1, rootId: 'root', settings: { layout: 'right', autoLayout: true } });
    expect(stored.nodes).toEqual(snapshotOf(state).nodes);
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

  it('canonical text: one map gives one text whatever order its fields were set in, and keeps every field', async () => {
    const full = {
      label: 'Every field',
      expanded: false,
      color: '#3b82f6',
      animation: 'glow',
      priority: 'high',
      notes: 'A note',
      tags: ['a', 'b'],
      attachment: { type: 'link', url: 'https://example.com', title: 'Example' },
      done: true,
    } as const;
    const reversed = Object.fromEntries(Object.entries(full).reverse());
    const mapWith = (data: object) => {
      const root = makeNode('root', null);
      const topic = { data, connectionType: 'middle', parentId: 'root', position: { y: 70, x: 200 }, type: 'child', id: 'a' };
      const edge = { animated: true, style: { strokeWidth: 2, stroke: '#6366f1' }, target: 'a', source: 'root', id: 'e-root-a' };
      return buildState({ nodes: [root, topic as never], edges: [edge] }, 'root');
    };
    const pause = async () => {};
    const a = await serializeMapSliced(mapWith(full), pause, { canonical: true });
    const b = await serializeMapSliced(mapWith(reversed), pause, { canonical: true });
    expect(a).toBe(b);
    expect(await serializeMapSliced(mapWith(full), pause)).not.toBe(await serializeMapSliced(mapWith(reversed), pause));
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, a);
    const restored = await loadMap(storage);
    expect(restored.repairs).toEqual([]);
    expect(snapshotOf(restored.state)).toEqual(snapshotOf(mapWith(full)));
  });

  it('a map kept in the large store behind a pointer loads from there', async () => {
    const storage = new MemoryStorage();
    const large = new FakeLargeStore();
    const state = buildState(wideSnapshot(200), 'root');
    storage.data.set(STORAGE_KEY, JSON.stringify({ version: 1, location: 'indexeddb' }));
    large.data.set(STORAGE_KEY, serializeMap(state));
    const loaded = await loadMap(storage, large);
    expect(loaded).toMatchObject({ source: 'indexeddb', corrupt: false, repairs: [], safeToSave: true });
    expect(snapshotOf(loaded.state)).toEqual(snapshotOf(state));
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

  it('a corrupt value is backed up, left in place, and the initial map is used', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, '{"nodes": [ broken');
    const loaded = await loadMap(storage, null, () => 1000);
    const key = backupKeyAt(1000);
    expect(loaded).toMatchObject({ corrupt: true, source: 'local', backupKey: key, safeToSave: true });
    expect(key).toBe('mind-map-storage:backup-1000');
    expect(storage.data.get(key)).toBe('{"nodes": [ broken');
    expect(storage.data.get(STORAGE_KEY)).toBe('{"nodes": [ broken');
    expect(snapshotOf(loaded.state)).toEqual(snapshotOf(createInitialState()));
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

  it('a corrupt value that cannot be backed up anywhere is not safe to replace', async () => {
    const storage = new MemoryStorage();
    storage.data.set(STORAGE_KEY, 'x'.repeat(100));
    storage.maxValue = 50;
    const loaded = await loadMap(storage, null, () => 3);
    expect(loaded).toMatchObject({ corrupt: true, backupKey: null, safeToSave: false });
    expect(storage.data.get(STORAGE_KEY)).toBe('x'.repeat(100));
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
});
