import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createInitialState } from '../../../src/state/doc';
import { importText } from '../../../src/state/importMap';
import { clearMap } from '../../../src/state/operations';
import { serializeMap } from '../../../src/state/persistence';
import { buildState, snapshotOf } from '../../../src/state/snapshot';
import { DocPersistence } from '../../../src/state/storage/docPersistence';
import { MindMapStore } from '../../../src/state/store';
import { bindStore } from '../../../src/state/ydoc/binding';
import { toDoc } from '../../../src/state/ydoc/toDoc';
import { KeptMaps, RESTORE_LABEL } from '../../../src/ui/editor/storage/keptMaps';
import { treeSnapshot } from '../helpers/mapFixtures';
import { freshFactory } from './fakes';

const planMap = () => buildState(treeSnapshot([['root', null], ['a', 'root'], ['b', 'root']]), 'root');

async function session(factory: IDBFactory, initial = planMap()) {
  const doc = new Y.Doc();
  const persistence = new DocPersistence({ doc, factory, seed: (d) => toDoc(d, initial) });
  await persistence.load();
  const store = new MindMapStore();
  const binding = bindStore(store, doc);
  const kept = new KeptMaps(store, persistence);
  return { store, persistence, kept, binding };
}

describe('kept replaced maps', () => {
  it('keeps what Import and Clear Map replace, and restores it after a reload', async () => {
    const factory = freshFactory();
    const a = await session(factory);
    const before = snapshotOf(a.store.getState());
    expect(importText(a.store, serializeMap(buildState(treeSnapshot([['r', null]]), 'r'))).ok).toBe(true);
    await a.kept.whenIdle();
    clearMap(a.store);
    await a.kept.whenIdle();
    // Undo is not a replacement to keep.
    a.store.undo();
    await a.kept.whenIdle();
    const list = await a.kept.list();
    expect(list.map((k) => [k.reason, k.topics])).toEqual([
      ['Clear Map', 1],
      ['Import', 3],
    ]);
    await a.persistence.flush();
    await a.persistence.close();

    // "After a reload": a new session on the same database.
    const b = await session(factory, createInitialState());
    const kept = await b.kept.list();
    const outcome = await b.kept.restore(kept.find((k) => k.reason === 'Import')!.id);
    expect(outcome).toEqual({ ok: true, count: 3 });
    expect(snapshotOf(b.store.getState())).toEqual(before);
    expect(b.store.undoLabel()).toBe(RESTORE_LABEL);
    await b.kept.whenIdle();
    // The map the restore replaced is kept in turn.
    expect((await b.kept.list())[0]).toMatchObject({ reason: RESTORE_LABEL, title: 'r' });
    await b.persistence.close();
  });

  it('says so when a kept map is gone', async () => {
    const s = await session(freshFactory());
    expect(await s.kept.restore(12345)).toEqual({ ok: false, error: 'That map is no longer kept in this browser.' });
  });
});
