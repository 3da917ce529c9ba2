/**
 * One editor session per page, created on first use and kept while the user visits other routes:
 * the Y.Doc that is the durable map, the store bound to it, its IndexedDB persistence, the tab
 * sync, the kept replaced maps, derived views and auto-layout. Pending writes are flushed when the
 * page is hidden or closed.
 */
import * as Y from 'yjs';
import { createInitialState } from '../../state/doc';
import { createIdbLargeStore } from '../../state/idbStore';
import { importText } from '../../state/importMap';
import { LayoutKeeper } from '../../state/layout/apply';
import type { SizeOf } from '../../state/layout/tidy';
import { editNode } from '../../state/mutations';
import { addChild } from '../../state/operations';
import type { LoadResult } from '../../state/persistence';
import { browserLocks, DocPersistence, STORAGE_SCHEMA, type LoadOutcome } from '../../state/storage/docPersistence';
import { TabSync } from '../../state/storage/tabSync';
import { MindMapStore } from '../../state/store';
import { tableGet, tableHas, tableValues } from '../../state/table';
import { VisibilityView } from '../../state/views';
import { SharedMaps } from '../../state/sync/sharedMaps';
import type { SharedMapRef } from '../../state/sync/shareLinks';
import { bindStore, type DocBinding } from '../../state/ydoc/binding';
import { decodeBuiltMap } from '../../state/ydoc/builtMap';
import { conflictNote } from '../../state/ydoc/conflictNote';
import { isEmptyDoc, mapDoc } from '../../state/ydoc/shape';
import { toDoc } from '../../state/ydoc/toDoc';
import { DB_NAME } from '../../state/storage/updateLog';
import { fetchJoinSnapshot } from './share/fetchJoinSnapshot';
import { keepWhatOthersReplace } from './share/replacedElsewhere';
import { collaboratorIdentity, VIEW_ONLY } from './share/identity';
import { SyncConnection } from './share/syncConnection';
import { KeptMaps } from './storage/keptMaps';
import { LeaveGuard } from './storage/leaveGuard';
import { NEWER_READ_ONLY } from './storage/saveText';
import { workerMerge } from './storage/mergeClient';
import { exposeForTests } from '../testHook';
import { indexedDbOrNull, localStorageOrNull, sharedDbName, takeEarlyJoin, takeEarlyRead } from '../earlyRead';
import { topicSizer } from './topicSizes';
import { afterNextPaint } from './afterPaint';
import { notifyWarning } from './notify';

/** Origin of the document a device opening a shared map for the first time fetched (stored like any change). */
const JOIN_ORIGIN = Symbol('mindflow-join');
/** Maps this big replacing the document's content are written into it in parts of this many topics. */
const WRITE_IN_PARTS_FROM = 10_000;
const WRITE_PART_TOPICS = 1_000;
/**
 * A change of this tab's touching this many topics and links (a big branch deleted or pasted) is
 * written into the document after the frame that shows it: about 75 ms for a 10k branch.
 */
const WRITE_LATER_FROM = 2_000;

export interface EditorSession {
  store: MindMapStore;
  visibility: VisibilityView;
  persistence: DocPersistence;
  binding: DocBinding;
  tabs: TabSync | null;
  kept: KeptMaps;
  /** How the stored map was read (repairs and corruption of a migrated map). */
  loaded: LoadResult;
  storage: LoadOutcome;
  /** Topic sizes as the canvas draws them, for the layouts. */
  sizeOf: SizeOf;
  /** Auto Layout, and the Layout menu's whole-map layouts made with its engine. */
  layouts: LayoutKeeper;
  /** The live connection when this is a shared map; null for the local map. */
  shared: SyncConnection | null;
  sharedRef: SharedMapRef | null;
  doc: Y.Doc;
}

let session: { key: string; promise: Promise<EditorSession> } | null = null;

function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 1000);
}

function plainLoad(): LoadResult {
  return { state: createInitialState(), repairs: [], corrupt: false, source: 'empty', backupKey: null, safeToSave: true };
}

async function open(sharedRef: SharedMapRef | null): Promise<EditorSession> {
  const doc = new Y.Doc();
  const dbName = sharedRef ? sharedDbName(sharedRef.room) : undefined;
  const merge = workerMerge(STORAGE_SCHEMA, dbName);
  const persistence = new DocPersistence({
    doc,
    factory: indexedDbOrNull(),
    dbName,
    legacy: sharedRef ? null : { storage: localStorageOrNull(), large: createIdbLargeStore() },
    // An empty store: the map from today's format when there is one, else a new map. A shared map
    // first seen on this device starts empty and is filled by the server.
    seed: (d, legacy) => {
      if (!sharedRef) toDoc(d, legacy?.loaded.state ?? createInitialState());
    },
    withLock: browserLocks(),
    storageManager: typeof navigator !== 'undefined' ? (navigator.storage ?? null) : null,
    merge: merge ? () => merge() : null,
    deferTail: true,
    early: takeEarlyRead(dbName ?? DB_NAME),
  });
  // Marks for the storage bench (reload to interactive, per phase).
  performance.mark('mindflow:load-start');
  const storage = await persistence.load();
  performance.mark('mindflow:stored-read');
  // A shared map this device has never held: its document and the map built from it, fetched in
  // one go before the socket connects (whose first sync then brings only later changes).
  let joinedBuilt: string | null = null;
  const fetched = sharedRef ? takeEarlyJoin(sharedRef.room) : null;
  if (sharedRef && isEmptyDoc(mapDoc(doc))) {
    const joined = await (fetched ?? fetchJoinSnapshot(sharedRef));
    performance.mark('mindflow:join-answer');
    if (joined) {
      Y.applyUpdateV2(doc, joined.update, JOIN_ORIGIN);
      joinedBuilt = joined.built;
    }
  }
  let shared: SyncConnection | null = null;
  if (sharedRef) {
    shared = new SyncConnection(doc, sharedRef, collaboratorIdentity(new SharedMaps(localStorageOrNull())));
    // Binding an empty document would write a new map into it, over the one the server holds.
    if (isEmptyDoc(mapDoc(doc))) await shared.whenSynced();
  }
  const store = new MindMapStore();
  const sizeOf = topicSizer(store);
  // Before binding: the stored map arrives as an external change and is laid out like any other
  // (auto-layout positions are derived, not stored).
  const layouts = new LayoutKeeper(store, sizeOf);
  const built = persistence.builtMap() ?? joinedBuilt;
  const binding = bindStore(store, doc, {
    prebuilt: built === null ? null : decodeBuiltMap(built, doc),
    // A big import is drawn first and written into the document over the next tasks.
    writeInParts: { from: WRITE_IN_PARTS_FROM, part: WRITE_PART_TOPICS },
    writeLater: { from: WRITE_LATER_FROM, schedule: (run) => afterNextPaint(run) },
  });
  // Until a map written in parts (or a big change) is all in the document: "Saving…", and leaving
  // the page asks first; so it does while changes fail to be stored.
  const leave = new LeaveGuard();
  let releaseSaving: (() => void) | null = null;
  binding.onConflict((conflicts) => {
    const note = conflictNote(conflicts);
    if (note) notifyWarning(note.title, note.message, 12_000);
  });
  binding.onWriting((writing) => {
    releaseSaving?.();
    releaseSaving = writing ? persistence.holdSaving() : null;
    leave.set('writing', writing);
  });
  persistence.subscribeStatus((st) => {
    leave.set('failing', (st.error === 'write' || st.error === 'quota') && (st.unsaved > 0 || st.saving));
    // A newer build took the database over while this page was open: edits here could no longer be kept.
    if (st.error === 'newer') store.setReadOnly(NEWER_READ_ONLY);
  });
  // What was logged after the snapshot arrives as a change from elsewhere (not an undo step).
  binding.catchUp(() => persistence.applyTail());
  if (sharedRef && shared) {
    const connection = shared;
    const applyAccess = () => {
      const st = connection.getStatus();
      store.setReadOnly(st.state === 'denied' ? (st.deniedReason ?? VIEW_ONLY) : st.readOnly ? VIEW_ONLY : null);
    };
    applyAccess();
    connection.subscribe(applyAccess);
    store.subscribe((changes, state) => {
      if (changes.selection) connection.setSelection(state.selectedNodeId);
    });
  }
  performance.mark('mindflow:bound');
  if (binding.readOnly || storage.error === 'newer') {
    // Data from a newer build: shown as it is, never written, edits refused with the reason.
    if (persistence.canWrite) persistence.refuseWrites('newer');
    store.setReadOnly(NEWER_READ_ONLY);
  }
  // Another tab's update is written here only if its own tab does not confirm it as stored in time.
  const tabs = TabSync.open(doc, dbName, { onOrphan: (update, encoding) => persistence.writeRemote(update, encoding) });
  if (tabs) {
    persistence.addRemoteOrigin(tabs);
    persistence.onCommitted((batch) => tabs.confirm(batch));
  }
  const kept = new KeptMaps(store, persistence);
  kept.subscribe(() => leave.set('keeping', kept.busy));
  if (sharedRef) keepWhatOthersReplace(store, kept, (title, message) => notifyWarning(title, message, 15_000));
  const visibility = new VisibilityView(store);
  // The search index is not needed to show the map or draw a change: built, and brought up to date
  // after changes, once the page has nothing else to do.
  let searchQueued = false;
  const prepareSearchWhenIdle = () => {
    if (searchQueued || !visibility.searchBehind) return;
    searchQueued = true;
    whenIdle(() => {
      searchQueued = false;
      visibility.prepareSearch();
    });
  };
  prepareSearchWhenIdle();
  store.subscribe(prepareSearchWhenIdle);

  const flush = () => {
    binding.settle();
    void persistence.flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // Test and benchmark hook: drives the same store and import the UI uses.
  exposeForTests({
    store,
    visibility,
    persistence,
    doc,
    binding,
    kept,
    tabs,
    sizeOf,
    shared,
    importText: (text: string) => importText(store, text),
    addChild: (parentId: string | null, label?: string) => addChild(store, parentId, label),
    // Reads and edits without knowing how the tables are stored.
    node: (id: string) => tableGet(store.getState().nodes, id) ?? null,
    hasEdge: (id: string) => tableHas(store.getState().edges, id),
    kids: (id: string) => tableGet(store.getState().kids, id) ?? [],
    allNodes: () => tableValues(store.getState().nodes),
    editNode,
  });
  return {
    store,
    visibility,
    persistence,
    binding,
    tabs,
    kept,
    loaded: storage.legacy?.loaded ?? plainLoad(),
    storage,
    sizeOf,
    layouts,
    shared,
    sharedRef,
    doc,
  };
}

/**
 * The page's one editor session: the local map, or the shared map `sharedRef` names. A page holds
 * one map's session (its tab channel, storage and connection); asking for another map loads the
 * page anew on it.
 */
export function getEditorSession(sharedRef: SharedMapRef | null = null): Promise<EditorSession> {
  const key = sharedRef ? `shared:${sharedRef.room}` : 'local';
  if (session && session.key !== key) {
    window.location.reload();
    return new Promise(() => {});
  }
  session ??= { key, promise: open(sharedRef) };
  return session.promise;
}
