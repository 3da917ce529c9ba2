import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyEncoded, mergeLog } from '../../../src/state/storage/merge';
import { DOC_KEY, STORES, appendUpdates, countLogEntries, openDatabase, readDocument } from '../../../src/state/storage/updateLog';
import { freshFactory } from './fakes';

/** Makes `n` edits on one doc, appending each update to the log; returns the doc. */
async function editLog(db: IDBDatabase, n: number, doc = new Y.Doc()): Promise<Y.Doc> {
  const updates: Uint8Array[] = [];
  const listener = (u: Uint8Array) => updates.push(u);
  doc.on('update', listener);
  for (let i = 0; i < n; i++) doc.getMap('m').set(`k${i % 7}`, `v${i}`);
  doc.off('update', listener);
  await appendUpdates(db, updates);
  return doc;
}

async function loadDoc(db: IDBDatabase): Promise<Y.Doc> {
  const { snapshot, entries } = await readDocument(db);
  const doc = new Y.Doc();
  if (snapshot) applyEncoded(doc, snapshot);
  for (const e of entries) Y.applyUpdate(doc, e.update);
  return doc;
}

describe('merging the log', () => {
  it('folds every entry into the snapshot and deletes them, in one step', async () => {
    const db = await openDatabase(freshFactory());
    const doc = await editLog(db, 20);
    const result = await mergeLog(db, { schema: 1 });
    expect(result).toMatchObject({ merged: 20, conflict: false });
    expect(await countLogEntries(db)).toBe(0);
    expect((await loadDoc(db)).getMap('m').toJSON()).toEqual(doc.getMap('m').toJSON());
    // Later entries go on top of the snapshot.
    await editLog(db, 5, doc);
    expect((await readDocument(db)).entries).toHaveLength(5);
    expect((await loadDoc(db)).getMap('m').toJSON()).toEqual(doc.getMap('m').toJSON());
    expect(await mergeLog(db, { schema: 1 })).toMatchObject({ merged: 5 });
    expect((await loadDoc(db)).getMap('m').toJSON()).toEqual(doc.getMap('m').toJSON());
    db.close();
  });

  it('writes snapshots in the second encoding, and folds a snapshot stored in the first one', async () => {
    const db = await openDatabase(freshFactory());
    const doc = await editLog(db, 6);
    // A snapshot as schema 1 stored it: the first encoding, no encoding field.
    const old = new Y.Doc();
    old.getMap('m').set('from-v1', true);
    const tx = db.transaction(STORES.snapshot, 'readwrite');
    tx.objectStore(STORES.snapshot).put({ update: Y.encodeStateAsUpdate(old), upTo: 0, schema: 1 }, DOC_KEY);
    await new Promise((r) => (tx.oncomplete = r));
    expect((await readDocument(db)).snapshot?.encoding).toBe(1);
    await mergeLog(db, { schema: 2 });
    const { snapshot } = await readDocument(db);
    expect(snapshot?.encoding).toBe(2);
    const loaded = await loadDoc(db);
    expect(loaded.getMap('m').get('from-v1')).toBe(true);
    expect(loaded.getMap('m').get('k0')).toEqual(doc.getMap('m').get('k0'));
    // Read as the first encoding, the bytes are not this document.
    expect(() => {
      const wrong = new Y.Doc();
      Y.applyUpdate(wrong, snapshot!.update);
      if (wrong.getMap('m').get('from-v1') !== true) throw new Error('not the document');
    }).toThrow();
    db.close();
  });

  it('drops the content of deleted items, keeps updates whose dependencies are missing', async () => {
    const db = await openDatabase(freshFactory());
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    doc.getMap('m').set('big', 'x'.repeat(100_000));
    doc.getMap('m').delete('big');
    doc.getMap('m').set('small', 'kept');
    // An update from another replica that builds on one the log never got.
    const other = new Y.Doc();
    other.getMap('m').set('first', 1);
    const firstOnly = Y.encodeStateAsUpdate(other);
    const sv = Y.encodeStateVector(other);
    other.getMap('m').set('second', 2);
    const onlySecond = Y.encodeStateAsUpdate(other, sv);
    await appendUpdates(db, [...updates, onlySecond]);
    const result = await mergeLog(db, { schema: 1 });
    expect(result.bytes).toBeLessThan(1000);
    const loaded = await loadDoc(db);
    expect(loaded.getMap('m').toJSON()).toEqual({ small: 'kept' });
    // Once the missing update arrives, the kept one applies too.
    Y.applyUpdate(loaded, firstOnly);
    expect(loaded.getMap('m').toJSON()).toEqual({ small: 'kept', first: 1, second: 2 });
    db.close();
  });

  it('merges only up to the given key and leaves later entries', async () => {
    const db = await openDatabase(freshFactory());
    await editLog(db, 10);
    const keys = (await readDocument(db)).entries.map((e) => e.key);
    const result = await mergeLog(db, { schema: 1, upToKey: keys[5] });
    expect(result).toMatchObject({ merged: 6, upTo: keys[5] });
    expect((await readDocument(db)).entries.map((e) => e.key)).toEqual(keys.slice(6));
    db.close();
  });

  it('a merge cut off halfway loses nothing: the old snapshot and every entry stay', async () => {
    const db = await openDatabase(freshFactory());
    const doc = await editLog(db, 12);
    await mergeLog(db, { schema: 1 });
    await editLog(db, 8, doc);
    const before = await readDocument(db);
    await expect(mergeLog(db, { schema: 1, beforeWrite: (tx) => tx.abort() })).rejects.toBeTruthy();
    const after = await readDocument(db);
    expect(after.snapshot).toEqual(before.snapshot);
    expect(after.entries.map((e) => e.key)).toEqual(before.entries.map((e) => e.key));
    expect((await loadDoc(db)).getMap('m').toJSON()).toEqual(doc.getMap('m').toJSON());
    db.close();
  });

  it('a merge that finds another merge committed since its read writes nothing', async () => {
    const db = await openDatabase(freshFactory());
    const doc = await editLog(db, 6);
    const keys = (await readDocument(db)).entries.map((e) => e.key);
    let other: unknown = null;
    const first = await mergeLog(db, {
      schema: 1,
      upToKey: keys[2],
      afterRead: async () => {
        other = await mergeLog(db, { schema: 1 });
      },
    });
    expect(other).toMatchObject({ merged: 6, conflict: false });
    expect(first).toMatchObject({ merged: 0, conflict: true });
    // The snapshot of all six stays; the late, smaller one was not written over it.
    expect((await readDocument(db)).snapshot?.upTo).toBe(keys[5]);
    expect((await loadDoc(db)).getMap('m').toJSON()).toEqual(doc.getMap('m').toJSON());
    db.close();
  });
});
