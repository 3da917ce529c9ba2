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
import { keepLaidOut } from '../../state/layout/apply';
import type { SizeOf } from '../../state/layout/tidy';
import { editNode } from '../../state/mutations';
import { addChild } from '../../state/operations';
import type { LoadResult } from '../../state/persistence';
import { browserLocks, DocPersistence, STORAGE_SCHEMA, type LoadOutcome } from '../../state/storage/docPersistence';
import { TabSync } from '../../state/storage/tabSync';
import { MindMapStore } from '../../state/store';
import { tableGet, tableHas, tableValues } from '../../state/table';
import { VisibilityView } from '../../state/views';
import { bindStore, type DocBinding } from '../../state/ydoc/binding';
import { toDoc } from '../../state/ydoc/toDoc';
import { KeptMaps } from './storage/keptMaps';
import { workerMerge } from './storage/mergeClient';
import { topicSizer } from './topicSizes';

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
}

let session: Promise<EditorSession> | null = null;

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked by the browser's privacy settings
  }
}

function indexedDbOrNull(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null;
  }
}

function plainLoad(): LoadResult {
  return { state: createInitialState(), repairs: [], corrupt: false, source: 'empty', backupKey: null, safeToSave: true };
}

async function open(): Promise<EditorSession> {
  const doc = new Y.Doc();
  const merge = workerMerge(STORAGE_SCHEMA);
  const persistence = new DocPersistence({
    doc,
    factory: indexedDbOrNull(),
    legacy: { storage: localStorageOrNull(), large: createIdbLargeStore() },
    // An empty store: the map from today's format when there is one, else a new map.
    seed: (d, legacy) => toDoc(d, legacy?.loaded.state ?? createInitialState()),
    withLock: browserLocks(),
    storageManager: typeof navigator !== 'undefined' ? (navigator.storage ?? null) : null,
    merge: merge ? () => merge() : null,
  });
  // Marks for the storage bench (reload to interactive, per phase).
  performance.mark('mindflow:load-start');
  const storage = await persistence.load();
  performance.mark('mindflow:stored-read');
  const store = new MindMapStore();
  const sizeOf = topicSizer(store);
  // Before binding: the stored map arrives as an external change and is laid out like any other
  // (auto-layout positions are derived, not stored).
  keepLaidOut(store, sizeOf);
  const binding = bindStore(store, doc);
  performance.mark('mindflow:bound');
  if (binding.readOnly && persistence.canWrite) persistence.refuseWrites('newer');
  const tabs = TabSync.open(doc);
  if (tabs) persistence.addRemoteOrigin(tabs);
  const kept = new KeptMaps(store, persistence);
  const visibility = new VisibilityView(store);

  const flush = () => void persistence.flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // Test and benchmark hook: drives the same store and import the UI uses.
  (window as unknown as { __mindflow?: unknown }).__mindflow = {
    store,
    visibility,
    persistence,
    doc,
    kept,
    tabs,
    sizeOf,
    importText: (text: string) => importText(store, text),
    addChild: (parentId: string | null, label?: string) => addChild(store, parentId, label),
    // Reads and edits without knowing how the tables are stored.
    node: (id: string) => tableGet(store.getState().nodes, id) ?? null,
    hasEdge: (id: string) => tableHas(store.getState().edges, id),
    kids: (id: string) => tableGet(store.getState().kids, id) ?? [],
    allNodes: () => tableValues(store.getState().nodes),
    editNode,
  };
  return { store, visibility, persistence, binding, tabs, kept, loaded: storage.legacy?.loaded ?? plainLoad(), storage, sizeOf };
}

export function getEditorSession(): Promise<EditorSession> {
  session ??= open();
  return session;
}
