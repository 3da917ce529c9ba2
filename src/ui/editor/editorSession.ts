/**
 * One editor session per page: the store, its derived views and persistence, created on first use
 * and kept while the user visits other routes (so leaving the editor never drops unsaved work).
 * Saves are flushed when the page is hidden or closed.
 */
import { createIdbLargeStore } from '../../state/idbStore';
import { importText } from '../../state/importMap';
import { keepLaidOut } from '../../state/layout/apply';
import { editNode } from '../../state/mutations';
import type { SizeOf } from '../../state/layout/tidy';
import { Persistence, type LoadResult } from '../../state/persistence';
import { MindMapStore } from '../../state/store';
import { tableGet, tableHas, tableValues } from '../../state/table';
import { VisibilityView } from '../../state/views';
import { topicSizer } from './topicSizes';

export interface EditorSession {
  store: MindMapStore;
  visibility: VisibilityView;
  persistence: Persistence;
  loaded: LoadResult;
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

async function open(): Promise<EditorSession> {
  const persistence = new Persistence({ storage: localStorageOrNull(), large: createIdbLargeStore() });
  const loaded = await persistence.load();
  const store = new MindMapStore(loaded.state);
  persistence.attach(store);
  const visibility = new VisibilityView(store);
  const sizeOf = topicSizer(store);
  keepLaidOut(store, sizeOf);
  const flush = () => void persistence.flush({ urgent: true });
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // Test and benchmark hook: drives the same store and import the UI uses.
  (window as unknown as { __mindflow?: unknown }).__mindflow = {
    store,
    visibility,
    persistence,
    sizeOf,
    importText: (text: string) => importText(store, text),
    // Reads and edits without knowing how the tables are stored.
    node: (id: string) => tableGet(store.getState().nodes, id) ?? null,
    hasEdge: (id: string) => tableHas(store.getState().edges, id),
    kids: (id: string) => tableGet(store.getState().kids, id) ?? [],
    allNodes: () => tableValues(store.getState().nodes),
    editNode,
  };
  return { store, visibility, persistence, loaded, sizeOf };
}

export function getEditorSession(): Promise<EditorSession> {
  session ??= open();
  return session;
}
