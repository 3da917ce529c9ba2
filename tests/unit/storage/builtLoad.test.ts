import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createInitialState, getNode } from '../../../src/state/doc';
import { addChild, renameNode } from '../../../src/state/operations';
import { BUILT_TAIL_LIMIT_BYTES, DocPersistence } from '../../../src/state/storage/docPersistence';
import { appendUpdates, openDatabase, readDocument } from '../../../src/state/storage/updateLog';
import { MindMapStore } from '../../../src/state/store';
import { bindStore } from '../../../src/state/ydoc/binding';
import { decodeBuiltMap } from '../../../src/state/ydoc/builtMap';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { toDoc } from '../../../src/state/ydoc/toDoc';
import { canon } from '../ydoc/helpers';
import { freshFactory } from './fakes';

/** What the editor does on open: load, bind from the built map when there is one, then the log's tail. */
async function openMap(factory: IDBFactory, before?: (doc: Y.Doc) => void) {
  const doc = new Y.Doc();
  const p = new DocPersistence({ doc, factory, seed: (d) => toDoc(d, createInitialState()), deferTail: true });
  await p.load();
  before?.(doc);
  const built = p.builtMap();
  const store = new MindMapStore();
  const binding = bindStore(store, doc, { prebuilt: built === null ? null : decodeBuiltMap(built, doc) });
  p.applyTail();
  return { doc, p, store, binding, usedBuilt: built !== null };
}

const labelOf = (store: MindMapStore, id: string) => getNode(store.getState(), id)?.data.label;

describe('reload from the map built with the snapshot', () => {
  it('starts from the built map, receives the log after the snapshot as a change from elsewhere, and keeps saving', async () => {
    const factory = freshFactory();
    const first = await openMap(factory);
    expect(first.usedBuilt).toBe(false);
    const a = addChild(first.store, first.store.getState().rootId, 'A')!;
    const b = addChild(first.store, a, 'B')!;
    await first.p.flush();
    await first.p.mergeNow();
    renameNode(first.store, b, 'B after the merge');
    addChild(first.store, a, 'C');
    await first.p.close();

    const db = await openDatabase(factory);
    const stored = await readDocument(db);
    db.close();
    expect(typeof stored.snapshot?.built).toBe('string');
    expect(stored.entries.length).toBeGreaterThan(0);

    const second = await openMap(factory);
    expect(second.usedBuilt).toBe(true);
    expect(labelOf(second.store, b)).toBe('B after the merge');
    expect(canon(second.store.getState())).toEqual(canon(fromDoc(second.doc).state));
    // The tail came from storage, not from this tab's edits: nothing to undo.
    expect(second.store.canUndo()).toBe(false);
    renameNode(second.store, a, 'A renamed');
    expect(second.store.canUndo()).toBe(true);
    await second.p.close();

    const third = await openMap(factory);
    expect(labelOf(third.store, a)).toBe('A renamed');
    expect(labelOf(third.store, b)).toBe('B after the merge');
    expect(canon(third.store.getState())).toEqual(canon(second.store.getState()));
    await third.p.close();
  });

  it('reads the whole document instead when the log after the snapshot is large, or the doc changed meanwhile', async () => {
    const factory = freshFactory();
    const first = await openMap(factory);
    addChild(first.store, first.store.getState().rootId, 'A');
    await first.p.flush();
    await first.p.mergeNow();
    await first.p.close();

    const touched = await openMap(factory, (doc) => doc.getMap('meta').set('note', 'from elsewhere'));
    expect(touched.usedBuilt).toBe(false);
    expect(canon(touched.store.getState())).toEqual(canon(fromDoc(touched.doc).state));
    await touched.p.close();

    // A big update after the snapshot (an unknown meta key, as a newer build could write).
    const other = new Y.Doc();
    other.getMap('meta').set('big', 'x'.repeat(BUILT_TAIL_LIMIT_BYTES + 1));
    const db = await openDatabase(factory);
    await appendUpdates(db, [Y.encodeStateAsUpdate(other)]);
    db.close();
    const big = await openMap(factory);
    expect(big.usedBuilt).toBe(false);
    expect(big.doc.getMap('meta').get('big')).toHaveLength(BUILT_TAIL_LIMIT_BYTES + 1);
    expect(canon(big.store.getState())).toEqual(canon(fromDoc(big.doc).state));
    await big.p.close();
  });
});
