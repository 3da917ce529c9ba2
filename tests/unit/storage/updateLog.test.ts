import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendUpdates, countLogEntries, openDatabase, readDocument, STORES, StorageOpenError, writeInitial } from '../../../src/state/storage/updateLog';
import { freshFactory } from './fakes';

const update = (label: string) => {
  const doc = new Y.Doc();
  doc.clientID = 42;
  doc.getMap('m').set('k', label);
  return Y.encodeStateAsUpdate(doc);
};

describe('update log', () => {
  it('creates the database "mind-map-storage" with its object stores', async () => {
    const factory = freshFactory();
    const db = await openDatabase(factory);
    expect(db.name).toBe('mind-map-storage');
    expect([...db.objectStoreNames].sort()).toEqual(Object.values(STORES).sort());
    db.close();
  });

  it('appends entries with increasing keys and reads them back in order', async () => {
    const db = await openDatabase(freshFactory());
    const first = await appendUpdates(db, [update('a'), update('b')]);
    const second = await appendUpdates(db, [update('c')]);
    expect(first[1]).toBeGreaterThan(first[0]);
    expect(second[0]).toBeGreaterThan(first[1]);
    const stored = await readDocument(db);
    expect(stored.snapshot).toBeNull();
    expect(stored.entries.map((e) => e.key)).toEqual([...first, ...second]);
    expect(stored.entries[2].update).toEqual(update('c'));
    expect(await readDocument(db, first[1])).toMatchObject({ entries: [{ key: first[0] }, { key: first[1] }] });
    db.close();
  });

  it("keeps each entry's encoding: bare bytes are the first, { v2 } the second; anything else is refused", async () => {
    const db = await openDatabase(freshFactory());
    const v2 = Y.convertUpdateFormatV1ToV2(update('two'));
    const keys = await appendUpdates(db, [update('one'), { update: v2, encoding: 2 }, { update: update('three'), encoding: 1 }]);
    const stored = await readDocument(db);
    expect(stored.entries.map((e) => e.encoding)).toEqual([1, 2, 1]);
    expect(stored.entries[1].update).toEqual(v2);
    const doc = new Y.Doc();
    Y.applyUpdateV2(doc, stored.entries[1].update);
    expect(doc.getMap('m').get('k')).toBe('two');

    const tx = db.transaction(STORES.log, 'readwrite');
    tx.objectStore(STORES.log).put({ v3: v2 }, keys[2]);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    await expect(readDocument(db)).rejects.toThrow('is not an update');
    db.close();
  });

  it('writes the initial state only into an empty database', async () => {
    const db = await openDatabase(freshFactory());
    await writeInitial(db, update('first'), 1);
    await expect(writeInitial(db, update('second'), 1)).rejects.toThrow('not empty');
    expect(await countLogEntries(db)).toBe(1);
    db.close();
  });

  it('reports missing or throwing IndexedDB as StorageOpenError', async () => {
    await expect(openDatabase(null)).rejects.toBeInstanceOf(StorageOpenError);
    const throwing = { open: () => { throw new DOMException('blocked', 'SecurityError'); } } as unknown as IDBFactory;
    await expect(openDatabase(throwing)).rejects.toBeInstanceOf(StorageOpenError);
  });
});
