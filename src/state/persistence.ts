/**
 * Today's stored formats: the map as the previous builds kept it in localStorage under STORAGE_KEY,
 * or in IndexedDB (idb-keyval, a LargeStore) with a small pointer left in localStorage. The map now
 * lives in the document store (storage/); this module is what migration (storage/migrate.ts) reads
 * it with, and the JSON text of a map (kept replaced maps).
 *
 * Storage is reached only through the adapters below, so this runs in Node tests. Loading goes
 * through the same restore pipeline as import; a stored value that cannot be read is copied to a
 * backup key before anything can overwrite it.
 */
import { createInitialState, defaultSettings, type LayoutKind, type MapSettings, type MindMapState } from './doc';
import { STORAGE_KEY, type Attachment, type EdgeStyle, type MapSnapshot, type MindEdge, type MindNode, type NodeData, type Position } from './model';
import { restoreMap } from './restore';
import { snapshotView, snapshotViewSteps } from './snapshot';

/** What localStorage offers; sessionStorage or an in-memory fake fit too. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An async store for maps too big for localStorage (IndexedDB in the browser, see idbStore.ts). */
export interface LargeStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
}

export const STORAGE_VERSION = 1;

export interface LoadResult {
  state: MindMapState;
  /** Repair notes from the restore pipeline. */
  repairs: string[];
  /** The stored value could not be read as a map (fully or in part). */
  corrupt: boolean;
  source: 'empty' | 'local' | 'indexeddb';
  /** Where the unreadable stored value was copied; null when there was nothing to copy or copying failed. */
  backupKey: string | null;
  /** False when a stored value could neither be read nor backed up: saving would destroy it. */
  safeToSave: boolean;
}

const LAYOUTS: ReadonlySet<string> = new Set(['free', 'right', 'balanced', 'down'] satisfies LayoutKind[]);

export function backupKeyAt(time: number): string {
  return `${STORAGE_KEY}:backup-${time}`;
}

/** Quota errors as each browser spells them (Chrome/Safari code 22, Firefox code 1014 or its own name). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    code === 1014 ||
    (typeof message === 'string' && message.toLowerCase().includes('quota'))
  );
}

/** The stored form: `{version, nodes, edges, settings, rootId}` as JSON. */
export function serializeMap(state: MindMapState): string {
  const { nodes, edges } = snapshotView(state);
  return JSON.stringify({ version: STORAGE_VERSION, nodes, edges, settings: state.settings, rootId: state.rootId });
}

/** Records serialised per slice before yielding (~5 ms of work). */
export const SERIALIZE_SLICE = 2000;

/**
 * Every field of a topic and an edge, in one order. Written with these as JSON.stringify's property
 * list, a map's text depends on the map alone, not on the order its records' fields were set in (an
 * edit, an import, a rebuild from the stored document each set them in their own order). The
 * records' types make the list complete: a field added to them and left out here does not compile.
 */
const TOPIC_FIELDS: Record<keyof MindNode, true> = { id: true, type: true, position: true, parentId: true, connectionType: true, data: true };
const POSITION_FIELDS: Record<keyof Position, true> = { x: true, y: true };
const DATA_FIELDS: Record<keyof NodeData, true> = {
  label: true,
  expanded: true,
  color: true,
  animation: true,
  priority: true,
  notes: true,
  tags: true,
  attachment: true,
  done: true,
};
const ATTACHMENT_FIELDS: Record<keyof Attachment, true> = { type: true, url: true, title: true };
const EDGE_FIELDS: Record<keyof MindEdge, true> = { id: true, source: true, target: true, style: true, animated: true };
const STYLE_FIELDS: Record<keyof EdgeStyle, true> = { stroke: true, strokeWidth: true };
const CANONICAL_FIELDS = [
  ...new Set(
    [TOPIC_FIELDS, POSITION_FIELDS, DATA_FIELDS, ATTACHMENT_FIELDS, EDGE_FIELDS, STYLE_FIELDS].flatMap((fields) => Object.keys(fields)),
  ),
];

async function stringifySliced(items: readonly unknown[], pause: () => Promise<void>, fields?: string[]): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += SERIALIZE_SLICE) {
    parts.push(JSON.stringify(items.slice(i, i + SERIALIZE_SLICE), fields).slice(1, -1));
    await pause();
  }
  return `[${parts.join(',')}]`;
}

/**
 * The same text as serializeMap, produced in slices with a pause between them, so saving a 100k-topic
 * map never blocks the page for the ~300 ms one JSON.stringify takes. Safe because states are never
 * mutated: the snapshot being written cannot change under it.
 */
export async function serializeMapSliced(state: MindMapState, pause: () => Promise<void>, options: { canonical?: boolean } = {}): Promise<string> {
  const snapshot: MapSnapshot = { nodes: [], edges: [] };
  for (const _ of snapshotViewSteps(state, snapshot)) await pause();
  // Canonical: the model's fields only, in one order, so one map always gives the same text.
  const fields = options.canonical ? CANONICAL_FIELDS : undefined;
  const nodeText = await stringifySliced(snapshot.nodes, pause, fields);
  const edgeText = await stringifySliced(snapshot.edges, pause, fields);
  return `{"version":${STORAGE_VERSION},"nodes":${nodeText},"edges":${edgeText},"settings":${JSON.stringify(state.settings)},"rootId":${JSON.stringify(state.rootId)}}`;
}

// ---------------------------------------------------------------------------------------------
// Loading

type Rec = Record<string, unknown>;

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function own(o: Rec, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

export function readSettings(v: unknown): MapSettings {
  const settings = defaultSettings();
  if (!isRecord(v)) return settings;
  const layout = own(v, 'layout');
  if (typeof layout === 'string' && LAYOUTS.has(layout)) settings.layout = layout as LayoutKind;
  const autoLayout = own(v, 'autoLayout');
  if (typeof autoLayout === 'boolean') settings.autoLayout = autoLayout;
  return settings;
}

type StoredContent =
  | { kind: 'pointer' }
  | { kind: 'corrupt' }
  /** `complete` is false when only part of the map (its nodes) could be read. */
  | { kind: 'map'; nodes: unknown[]; edges: unknown[]; settings: unknown; complete: boolean };

/**
 * Reads our format `{version, nodes, edges, settings, rootId}`, the older plain `{nodes, edges}`, and
 * the original product's zustand-persist form `{state: {nodes, edges, ...}, version}`.
 */
function readStoredValue(raw: string): StoredContent {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'corrupt' };
  }
  if (!isRecord(value)) return { kind: 'corrupt' };
  if (own(value, 'location') === 'indexeddb') return { kind: 'pointer' };
  const inner = own(value, 'state');
  const body = !Array.isArray(own(value, 'nodes')) && isRecord(inner) ? inner : value;
  const nodes = own(body, 'nodes');
  const edges = own(body, 'edges');
  if (!Array.isArray(nodes)) return { kind: 'corrupt' };
  const complete = Array.isArray(edges);
  return { kind: 'map', nodes, edges: complete ? edges : [], settings: own(body, 'settings'), complete };
}

function initialResult(source: LoadResult['source'], corrupt: boolean, backupKey: string | null, safeToSave: boolean): LoadResult {
  return { state: createInitialState(), repairs: [], corrupt, source, backupKey, safeToSave };
}

/** Copies an unreadable value aside, to localStorage if it fits, else to the large store. */
async function backUp(raw: string, storage: KeyValueStorage | null, large: LargeStore | null, key: string): Promise<string | null> {
  try {
    if (storage) {
      storage.setItem(key, raw);
      return key;
    }
  } catch {
    // Usually the quota: the copy doubles the space the map takes.
  }
  try {
    if (large) {
      await large.set(key, raw);
      return key;
    }
  } catch {
    // Nowhere left to keep it.
  }
  return null;
}

/**
 * Loads the stored map. Never writes over the stored value; a corrupt one is copied to a backup key
 * and whatever could be recovered from it is returned.
 */
export async function loadMap(
  storage: KeyValueStorage | null,
  large: LargeStore | null = null,
  now: () => number = Date.now,
): Promise<LoadResult> {
  let raw: string | null;
  try {
    raw = storage ? storage.getItem(STORAGE_KEY) : null;
  } catch {
    return initialResult('empty', true, null, false);
  }
  if (raw === null) return initialResult('empty', false, null, true);

  let source: LoadResult['source'] = 'local';
  let content = readStoredValue(raw);
  if (content.kind === 'pointer') {
    source = 'indexeddb';
    if (!large) return initialResult(source, true, null, false);
    let big: unknown;
    try {
      big = await large.get(STORAGE_KEY);
    } catch {
      return initialResult(source, true, null, false);
    }
    // The pointer outlived its map: nothing left to protect.
    if (big === undefined) return initialResult(source, true, null, true);
    // Not written by this app: keep it untouched rather than guess how to copy it.
    if (typeof big !== 'string') return initialResult(source, true, null, false);
    raw = big;
    content = readStoredValue(big);
  }

  const readable = content.kind === 'map' && content.complete;
  let backupKey: string | null = null;
  if (!readable) {
    const key = backupKeyAt(now());
    backupKey = source === 'indexeddb' ? await backUp(raw, null, large, key) : await backUp(raw, storage, large, key);
  }
  const safeToSave = readable || backupKey !== null;
  if (content.kind !== 'map') return initialResult(source, true, backupKey, safeToSave);

  const restored = restoreMap({ nodes: content.nodes, edges: content.edges });
  if (!restored.ok) return initialResult(source, true, backupKey, safeToSave);
  const state: MindMapState = { ...restored.state, settings: readSettings(content.settings) };
  return { state, repairs: restored.repairs, corrupt: !readable, source, backupKey, safeToSave };
}
