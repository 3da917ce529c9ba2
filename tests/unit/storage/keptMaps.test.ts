import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createInitialState } from '../../../src/state/doc';
import { importText } from '../../../src/state/importMap';
import { addChild, clearMap, renameNode, updateSettings } from '../../../src/state/operations';
import { keepLaidOut } from '../../../src/state/layout/apply';
import { getNode } from '../../../src/state/doc';
import { serializeMap } from '../../../src/state/persistence';
import { buildState, snapshotOf } from '../../../src/state/snapshot';
import { DocPersistence } from '../../../src/state/storage/docPersistence';
import { MindMapStore } from '../../../src/state/store';
import { bindStore } from '../../../src/state/ydoc/binding';
import { toDoc } from '../../../src/state/ydoc/toDoc';
import { KeptMaps, RESTORE_LABEL, restoredMessage } from '../../../src/ui/editor/storage/keptMaps';
import { treeSnapshot } from '../helpers/mapFixtures';
import { freshFactory } from './fakes';
import { replica, syncAll, type Replica } from '../ydoc/helpers';

const planMap = () => buildState(treeSnapshot([['root', null], ['a', 'root'], ['b', 'root']]), 'root');

async function session(factory: IDBFactory, initial = planMap(), { autoLayout = false } = {}) {
  const doc = new Y.Doc();
  const persistence = new DocPersistence({ doc, factory, seed: (d) => toDoc(d, initial) });
  await persistence.load();
  const store = new MindMapStore();
  // Subscribed first, as in the editor: it lays a map out while the change that brought it is heard.
  if (autoLayout) keepLaidOut(store);
  const binding = bindStore(store, doc);
  if (autoLayout) updateSettings(store, { autoLayout: true, layout: 'right' });
  const kept = new KeptMaps(store, persistence);
  return { store, persistence, kept, binding };
}

describe('kept replaced maps', () => {
  it('says "saving" and busy until the replaced map is written, and tells when it could not be kept', async () => {
    const a = await session(freshFactory());
    let failures = 0;
    a.kept.onKeepFailed(() => failures++);
    clearMap(a.store);
    expect(a.kept.busy).toBe(true);
    expect(a.persistence.getStatus().saving).toBe(true);
    await a.kept.whenIdle();
    expect(a.kept.busy).toBe(false);
    await a.persistence.flush();
    expect(a.persistence.getStatus().saving).toBe(false);
    expect(failures).toBe(0);

    // Storage refuses the copy: the user hears of it.
    a.store.undo();
    await a.kept.whenIdle();
    const refuse = vi.spyOn(a.persistence, 'keepReplaced').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    clearMap(a.store);
    await a.kept.whenIdle();
    expect(failures).toBe(1);
    expect(a.kept.lastError).not.toBeNull();
    expect(a.kept.busy).toBe(false);
    refuse.mockRestore();
    vi.restoreAllMocks();
  });

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
    expect(outcome).toEqual({ ok: true, count: 3, keptReplaced: true });
    expect(snapshotOf(b.store.getState())).toEqual(before);
    expect(b.store.undoLabel()).toBe(RESTORE_LABEL);
    await b.kept.whenIdle();
    // The map the restore replaced is kept in turn: kept already (by Clear Map before the reload), its
    // entry moves up with the restore as its reason.
    expect((await b.kept.list()).map((k) => [k.reason, k.title])).toEqual([
      [RESTORE_LABEL, 'r'],
      ['Import', 'root'],
    ]);
    await b.persistence.close();
  });

  it('keeps what an import replaces, and what its undo takes away, with Auto Layout on', async () => {
    const a = await session(freshFactory(), planMap(), { autoLayout: true });
    await a.kept.whenIdle();
    // Three topics piled on one place: the layout moves them as the import is heard.
    const piled = buildState(treeSnapshot([['r', null], ['x', 'r'], ['y', 'r']]), 'r');
    expect(importText(a.store, serializeMap(piled)).ok).toBe(true);
    await a.kept.whenIdle();
    expect((await a.kept.list()).map((k) => [k.reason, k.title, k.topics])).toEqual([['Import', 'root', 3]]);
    a.store.undo();
    await a.kept.whenIdle();
    expect((await a.kept.list()).map((k) => [k.reason, k.title])).toEqual([
      ['Undo Import', 'r'],
      ['Import', 'root'],
    ]);
    await a.persistence.close();
  });

  it('says so when a kept map is gone', async () => {
    const s = await session(freshFactory());
    expect(await s.kept.restore(12345)).toEqual({ ok: false, error: 'That map is no longer kept in this browser.' });
  });

  it('keeps the map the undo of a replacement takes away, with what another tab did in it', async () => {
    const a = await session(freshFactory());
    const outbox: Uint8Array[] = [];
    a.persistence.doc.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin !== 'remote') outbox.push(u);
    });
    const tabA: Replica = { doc: a.persistence.doc, store: a.store, binding: a.binding, outbox };
    const tabB = replica(a.persistence.doc);
    const imported = buildState(treeSnapshot([['r', null], ['i1', 'r'], ['i2', 'r']]), 'r');
    expect(importText(a.store, serializeMap(imported)).ok).toBe(true);
    syncAll([tabA, tabB]);
    addChild(tabB.store, 'i1', 'Work from the other tab');
    renameNode(tabB.store, 'i2', 'Renamed in the other tab');
    syncAll([tabA, tabB]);
    expect(getNode(a.store.getState(), 'i2')?.data.label).toBe('Renamed in the other tab');

    a.store.undo();
    await a.kept.whenIdle();
    const list = await a.kept.list();
    expect(list.map((k) => [k.reason, k.topics])).toEqual([
      ['Undo Import', 4],
      ['Import', 3],
    ]);
    const text = (await a.persistence.readReplaced(list[0].id))!;
    expect(text).toContain('Work from the other tab');
    expect(text).toContain('Renamed in the other tab');

    // Undoing an ordinary step keeps nothing.
    const count = list.length;
    renameNode(a.store, 'r', 'Renamed root');
    a.store.undo();
    await a.kept.whenIdle();
    expect((await a.kept.list()).length).toBe(count);
    await a.persistence.close();
  });

  it('keeps a map once across reloads: a map still kept moves up with what last replaced it', async () => {
    const factory = freshFactory();
    const a = await session(factory);
    expect(importText(a.store, serializeMap(buildState(treeSnapshot([['r', null]]), 'r'))).ok).toBe(true);
    await a.kept.whenIdle();
    await a.persistence.flush();
    await a.persistence.close();

    const b = await session(factory, createInitialState());
    const planId = (await b.kept.list())[0].id;
    expect((await b.kept.restore(planId)).ok).toBe(true);
    await b.kept.whenIdle();
    // The plan is the current map again; clearing it keeps no second copy: its entry comes first, as
    // replaced by Clear Map (what a user looking for the cleared map reads).
    clearMap(b.store);
    await b.kept.whenIdle();
    expect((await b.kept.list()).map((k) => [k.reason, k.topics])).toEqual([
      ['Clear Map', 3],
      [RESTORE_LABEL, 1],
    ]);
    await b.persistence.close();
  });

  it('keeps each map once when a replacement is undone and redone again and again', async () => {
    const a = await session(freshFactory());
    expect(importText(a.store, serializeMap(buildState(treeSnapshot([['r', null], ['i1', 'r']]), 'r'))).ok).toBe(true);
    for (const move of ['undo', 'redo', 'undo', 'redo', 'undo'] as const) {
      a.store[move]();
      await a.kept.whenIdle();
    }
    const list = await a.kept.list();
    expect(list.map((k) => [k.reason, k.topics])).toEqual([
      ['Undo Import', 2],
      ['Redo Import', 3],
    ]);
    await a.persistence.close();
  });
});

describe('restoredMessage', () => {
  it('writes the count as the Restore dialog does', () => {
    expect(restoredMessage('Big map', 10002, false)).toBe('"Big map" is back (10,002 topics).');
    expect(restoredMessage('', 1, true)).toBe('"Untitled" is back (1 topic). The map it replaced is kept, so you can restore that one too.');
  });
});
