import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { STORAGE_KEY } from '../../../src/state/model';
import { serializeMap, type KeyValueStorage, type LargeStore } from '../../../src/state/persistence';
import { buildState } from '../../../src/state/snapshot';
import { DocPersistence } from '../../../src/state/storage/docPersistence';
import { readLegacy } from '../../../src/state/storage/migrate';
import { treeSnapshot } from '../helpers/mapFixtures';
import { freshFactory, labels, seedTopics } from './fakes';

class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

class MemoryLarge implements LargeStore {
  readonly data = new Map<string, string>();
  get = async (k: string) => this.data.get(k);
  set = async (k: string, v: string) => void this.data.set(k, v);
  del = async (k: string) => void this.data.delete(k);
}

const sample = () => buildState(treeSnapshot([['root', null], ['a', 'root'], ['b', 'root'], ['a1', 'a']]), 'root');

async function migrate(storage: KeyValueStorage, large: LargeStore | null, factory = freshFactory()) {
  const doc = new Y.Doc();
  const p = new DocPersistence({ doc, factory, seed: seedTopics, legacy: { storage, large } });
  const outcome = await p.load();
  return { doc, p, outcome, factory };
}

describe('migration from today\'s formats', () => {
  it('reads our localStorage format, then removes it once the new store has committed', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, serializeMap(sample()));
    const { doc, p, outcome, factory } = await migrate(storage, null);
    expect(outcome.source).toBe('migrated');
    expect(outcome.legacy?.loaded.corrupt).toBe(false);
    expect(Object.keys(labels(doc)).sort()).toEqual(['a', 'a1', 'b', 'root']);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    await p.close();
    // Only once: the next open reads the new store.
    storage.setItem(STORAGE_KEY, serializeMap(buildState(treeSnapshot([['root', null]]), 'root')));
    const again = new Y.Doc();
    const p2 = new DocPersistence({ doc: again, factory, seed: seedTopics, legacy: { storage, large: null } });
    expect((await p2.load()).source).toBe('stored');
    expect(Object.keys(labels(again)).sort()).toEqual(['a', 'a1', 'b', 'root']);
    await p2.close();
  });

  it('follows the pointer to a big map kept in IndexedDB (idb-keyval) by the previous build', async () => {
    const storage = new MemoryStorage();
    const large = new MemoryLarge();
    // What the previous build wrote for a map over localStorage's limit.
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, location: 'indexeddb' }));
    large.data.set(STORAGE_KEY, serializeMap(sample()));

    const { doc, p, outcome } = await migrate(storage, large);
    expect(outcome.source).toBe('migrated');
    expect(Object.keys(labels(doc)).sort()).toEqual(['a', 'a1', 'b', 'root']);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(large.data.has(STORAGE_KEY)).toBe(false);
    await p.close();
  });

  it('reads the seed\'s zustand form', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: {
          nodes: [
            { id: 'root', type: 'root', position: { x: 0, y: 0 }, data: { label: 'Plan' } },
            { id: 'k1', type: 'child', position: { x: 200, y: 0 }, parentId: 'root', data: { label: 'Goals' } },
          ],
          edges: [{ id: 'e-root-k1', source: 'root', target: 'k1' }],
        },
        version: 0,
      }),
    );
    const legacy = await readLegacy({ storage, large: null });
    expect(legacy?.loaded.corrupt).toBe(false);
    const { doc, p } = await migrate(storage, null);
    expect(labels(doc)).toEqual({ k1: 'Goals', root: 'Plan' });
    await p.close();
  });

  it('leaves the old value in place when the new store could not commit', async () => {
    const storage = new MemoryStorage();
    const raw = serializeMap(sample());
    storage.setItem(STORAGE_KEY, raw);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { p, outcome } = await migrate(storage, null);
    add.mockRestore();
    expect(outcome.error).toBe('load');
    expect(p.canWrite).toBe(false);
    expect(storage.getItem(STORAGE_KEY)).toBe(raw);
    vi.restoreAllMocks();
  });

  it('keeps an unreadable old value where it is and backs it up', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, '{"nodes": [broken');
    const { p, outcome } = await migrate(storage, null);
    expect(outcome.legacy?.loaded.corrupt).toBe(true);
    expect(outcome.legacy?.loaded.backupKey).toMatch(/^mind-map-storage:backup-/);
    // Backed up, so the original may go; the backup stays.
    expect(storage.getItem(outcome.legacy!.loaded.backupKey!)).toBe('{"nodes": [broken');
    await p.close();
  });
});
