/**
 * The shape of a map as a Yjs document, and the conversions between its records and the in-memory
 * topics and edges.
 *
 * Four flat top-level Y.Maps keyed by id, each value a record replaced whole per change (no
 * children arrays, no nested Y.Map per topic: a Y.Map per topic costs about 5x the memory at 100k).
 * A record is stored as its JSON text: Yjs encodes a plain object field by field, one string decode
 * per key and value (about 25 per topic), which made loading a 100k map 2.5x slower in Chromium than
 * one JSON.parse per record (schema 2). Since schema 3 that text is stored as UTF-8 bytes: Yjs keeps
 * bytes as they are in the update, where it decodes a string value one TextDecoder call at a time
 * (a third of applying a stored 100k map), so a load decodes a record only when something reads it.
 * Schema 1 documents (records as objects) and schema 2 ones (records as text) are still read, and a
 * record is rewritten as bytes when it changes (RecordMap):
 * - `tree`:  topic id -> { parent, order, edge }. `order` is a fractional key (orderKeys.ts); siblings
 *            sort by (order, id). `edge` is the style of the tree edge from the parent (its id is
 *            always `e-{parent}-{id}`), or null when the topic has none.
 * - `topic`: topic id -> { type, connectionType, data, position }. `position` is where the topic was
 *            last placed by hand (or by Tidy Up); while meta says auto-layout is on, each replica
 *            lays the map out from the tree instead and never writes the positions it computes.
 * - `link`:  edge id -> { source, target, style, animated } for every edge that is not a tree edge.
 * - `meta`:  keys `schemaVersion`, `rootId`, `layout`, `autoLayout`.
 * A topic exists when it has both a `tree` and a `topic` record. Selection and search are not in
 * the document: they belong to each tab.
 *
 * Forward compatibility: a record may carry fields a newer build added. This build keeps them when
 * it rewrites the record (withUnknownKept), and a document whose schemaVersion is newer than
 * SCHEMA_VERSION is opened read-only.
 */
import * as Y from 'yjs';
import type { LayoutKind } from '../doc';
import {
  ANIMATIONS,
  ATTACHMENT_TYPES,
  DEFAULT_ANIMATION,
  DEFAULT_COLOR,
  EDGE_WIDTH,
  MIDDLE_EDGE_COLOR,
  PRIORITIES,
  type MindEdge,
  type MindNode,
  type NodeData,
} from '../model';

export const SCHEMA_VERSION = 3;

export interface EdgeLook {
  style: { stroke: string; strokeWidth: number };
  animated: boolean;
}

export interface TreeRecord {
  parent: string | null;
  order: string;
  edge: EdgeLook | null;
  [unknown: string]: unknown;
}

export interface TopicRecord {
  type: MindNode['type'];
  connectionType: MindNode['connectionType'];
  data: NodeData & Record<string, unknown>;
  position: { x: number; y: number };
  [unknown: string]: unknown;
}

export interface LinkRecord extends EdgeLook {
  source: string;
  target: string;
  [unknown: string]: unknown;
}

/**
 * `filling`: the number of topics of a map being written into the document in parts (see
 * MapFill), set with the first part and removed with the last; still there later, the writing was
 * cut off (the page closed or crashed) and the document holds only the first parts.
 */
export const META = { schemaVersion: 'schemaVersion', rootId: 'rootId', layout: 'layout', autoLayout: 'autoLayout', filling: 'filling' } as const;

/** How many topics the map being written in parts will have, while that is under way (or was cut off). */
export function fillingOf(d: MapDoc): number | null {
  const v = d.meta.get(META.filling);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

// ignoreBOM: a byte-order mark stays in the text (and fails JSON.parse) wherever it stands, the same
// whether a record is decoded alone or with others (decodeAll).
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const utf8Encoder = new TextEncoder();

function asRecord<R>(v: unknown): R | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array) ? (v as R) : undefined;
}

/**
 * A stored record as an object: UTF-8 JSON (schema 3) or JSON text (schema 2) parsed, an object
 * (schema 1) as it is, else nothing.
 */
export function decodeRecord<R>(value: unknown): R | undefined {
  if (value instanceof Uint8Array || typeof value === 'string') {
    try {
      return asRecord<R>(JSON.parse(typeof value === 'string' ? value : utf8Decoder.decode(value)));
    } catch {
      return undefined;
    }
  }
  return asRecord<R>(value);
}

/**
 * The UTF-8 values among `values` decoded with one TextDecoder call (undefined where a value is
 * not bytes), or null when it would not pay or a value holds a line feed. Why: a call per record
 * was most of reading 100k topics' records. Records are joined by line feeds, which JSON.stringify
 * never writes, so the decoded text splits back into exactly one string per record; a UTF-8
 * sequence cut short at a record's end ends before the line feed, as it would on its own.
 */
function decodeAll(values: readonly unknown[]): (string | undefined)[] | null {
  let count = 0;
  let total = 0;
  for (const v of values) {
    if (!(v instanceof Uint8Array)) continue;
    if (v.indexOf(0x0a) !== -1) return null;
    count++;
    total += v.length + 1;
  }
  if (count < 2) return null;
  const joined = new Uint8Array(total);
  let at = 0;
  for (const v of values) {
    if (!(v instanceof Uint8Array)) continue;
    joined.set(v, at);
    at += v.length;
    joined[at++] = 0x0a;
  }
  const parts = utf8Decoder.decode(joined.subarray(0, total - 1)).split('\n');
  if (parts.length !== count) return null;
  const out: (string | undefined)[] = new Array(values.length);
  let k = 0;
  for (let i = 0; i < values.length; i++) if (values[i] instanceof Uint8Array) out[i] = parts[k++];
  return out;
}

/** A record as this schema stores it. */
export function encodeRecord(rec: object): Uint8Array {
  return utf8Encoder.encode(JSON.stringify(rec));
}

/**
 * One of the record maps (tree, topic, link): reads records whatever schema stored them, writes
 * them as UTF-8 JSON. `y` is the Y.Map itself, for observers, transactions' changed keys and undo.
 * A value that is not a record reads as absent.
 */
export class RecordMap<R extends object> {
  /**
   * Records already parsed, by id: an add under a topic with 50,000 children reads every sibling's
   * order key. Dropped for each key a transaction changes (the observer runs before the binding
   * reads) and on each set here; read-only to callers, like every record get() returns.
   */
  private parsed = new Map<string, R>();
  /** Writes held back by batch(), by id, in order. */
  private held: Map<string, { text: string; rec: R }> | null = null;

  /** `watch` false: nothing is attached to `y`, for one read in one go (see unwatchedMapDoc). */
  constructor(
    readonly y: Y.Map<unknown>,
    watch = true,
  ) {
    if (!watch) return;
    y.observe((e) => {
      for (const k of e.keysChanged) this.parsed.delete(k);
    });
  }

  get(id: string): R | undefined {
    const held = this.held?.get(id);
    if (held !== undefined) return held.rec;
    const hit = this.parsed.get(id);
    if (hit !== undefined) return hit;
    const v = this.y.get(id);
    const rec = v === undefined ? undefined : decodeRecord<R>(v);
    if (rec !== undefined) {
      if (this.parsed.size >= PARSED_LIMIT) this.parsed.clear();
      this.parsed.set(id, rec);
    }
    return rec;
  }

  set(id: string, rec: R): void {
    this.parsed.delete(id);
    if (this.held) this.held.set(id, { text: JSON.stringify(rec), rec });
    else this.y.set(id, encodeRecord(rec));
  }

  has(id: string): boolean {
    return this.held?.has(id) === true || this.y.has(id);
  }

  delete(id: string): void {
    this.parsed.delete(id);
    this.held?.delete(id);
    this.y.delete(id);
  }

  /**
   * Runs fn with this map's writes held back, then writes them all, their bytes from one
   * TextEncoder call (each record a view into the result). Why: one call per record cost about 1 s
   * for 100k topics in Chromium, more than the JSON itself. Inside fn, get and has see the held
   * writes; size, keys and forEach do not.
   */
  batch<T>(fn: () => T): T {
    if (this.held) return fn();
    const held = (this.held = new Map());
    try {
      return fn();
    } finally {
      this.held = null;
      this.writeAll(held);
    }
  }

  private writeAll(held: Map<string, { text: string }>): void {
    if (held.size === 0) return;
    // JSON.stringify escapes every line feed, so it only ever stands between two records; a UTF-8
    // byte 0x0A is always a line feed.
    const bytes = utf8Encoder.encode(Array.from(held.values(), (h) => h.text).join('\n'));
    let start = 0;
    for (const id of held.keys()) {
      let end = bytes.indexOf(0x0a, start);
      if (end < 0) end = bytes.length;
      this.y.set(id, bytes.subarray(start, end));
      start = end + 1;
    }
  }

  get size(): number {
    return this.y.size;
  }

  keys(): IterableIterator<string> {
    return this.y.keys();
  }

  /** Every record that reads as one, with its id (the bytes of all of them decoded at once). */
  forEach(fn: (rec: R, id: string) => void): void {
    const ids: string[] = [];
    const values: unknown[] = [];
    this.y.forEach((v, id) => {
      ids.push(id);
      values.push(v);
    });
    const texts = decodeAll(values);
    for (let i = 0; i < ids.length; i++) {
      const rec = decodeRecord<R>(texts?.[i] ?? values[i]);
      if (rec !== undefined) fn(rec, ids[i]);
    }
  }
}

export interface MapDoc {
  doc: Y.Doc;
  tree: RecordMap<TreeRecord>;
  topic: RecordMap<TopicRecord>;
  link: RecordMap<LinkRecord>;
  meta: Y.Map<unknown>;
}

/** Parsed records a RecordMap keeps at most (then it starts again). */
const PARSED_LIMIT = 200_000;

const mapDocs = new WeakMap<Y.Doc, MapDoc>();

/** The four maps of a document (created on first use, as Yjs does for top-level types); one per document. */
/** Runs fn with the writes of the three record maps held back and written together (RecordMap.batch). */
export function batchWrites<T>(d: MapDoc, fn: () => T): T {
  return d.tree.batch(() => d.topic.batch(() => d.link.batch(fn)));
}

export function mapDoc(doc: Y.Doc): MapDoc {
  let d = mapDocs.get(doc);
  if (!d) {
    d = {
      doc,
      tree: new RecordMap<TreeRecord>(doc.getMap('tree')),
      topic: new RecordMap<TopicRecord>(doc.getMap('topic')),
      link: new RecordMap<LinkRecord>(doc.getMap('link')),
      meta: doc.getMap<unknown>('meta'),
    };
    mapDocs.set(doc, d);
  }
  return d;
}

/**
 * The four maps of `doc` for one synchronous read, attaching nothing to it (a server reading a
 * document it serves, which mapDoc would watch for as long as the document lives).
 */
export function unwatchedMapDoc(doc: Y.Doc): MapDoc {
  return {
    doc,
    tree: new RecordMap<TreeRecord>(doc.getMap('tree'), false),
    topic: new RecordMap<TopicRecord>(doc.getMap('topic'), false),
    link: new RecordMap<LinkRecord>(doc.getMap('link'), false),
    meta: doc.getMap<unknown>('meta'),
  };
}

/** The document's schema version; 0 for a document nothing was written to yet. */
export function schemaVersionOf(d: MapDoc): number {
  const v = d.meta.get(META.schemaVersion);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  // Content without a version would be a bug of this build's first writer: read it as version 1.
  return d.tree.size > 0 || d.topic.size > 0 ? 1 : 0;
}

export function isEmptyDoc(d: MapDoc): boolean {
  return d.tree.size === 0 && d.topic.size === 0 && d.link.size === 0 && !d.meta.has(META.rootId);
}

const LAYOUTS: readonly LayoutKind[] = ['free', 'right', 'balanced', 'down'];

export function layoutOf(value: unknown): LayoutKind {
  return LAYOUTS.includes(value as LayoutKind) ? (value as LayoutKind) : 'free';
}

const TREE_KEYS = new Set(['parent', 'order', 'edge']);
const TOPIC_KEYS = new Set(['type', 'connectionType', 'data', 'position']);
const DATA_KEYS = new Set(['label', 'expanded', 'color', 'animation', 'priority', 'notes', 'tags', 'attachment', 'done']);
const LINK_KEYS = new Set(['source', 'target', 'style', 'animated']);

/** `fresh` with the fields of `old` this build does not know (those it knows are `fresh`'s to say). */
function keepUnknown<T extends Record<string, unknown>>(fresh: T, old: unknown, known: ReadonlySet<string>): T {
  if (old === null || typeof old !== 'object') return fresh;
  for (const k of Object.keys(old)) {
    if (!known.has(k) && !(k in fresh)) (fresh as Record<string, unknown>)[k] = (old as Record<string, unknown>)[k];
  }
  return fresh;
}

export function treeRecordKeeping(fresh: TreeRecord, old: unknown): TreeRecord {
  return keepUnknown(fresh, old, TREE_KEYS);
}

export function topicRecordKeeping(fresh: TopicRecord, old: unknown): TopicRecord {
  const oldData = old !== null && typeof old === 'object' ? (old as { data?: unknown }).data : undefined;
  keepUnknown(fresh.data, oldData, DATA_KEYS);
  return keepUnknown(fresh, old, TOPIC_KEYS);
}

export function linkRecordKeeping(fresh: LinkRecord, old: unknown): LinkRecord {
  return keepUnknown(fresh, old, LINK_KEYS);
}

export function edgeLook(edge: MindEdge): EdgeLook {
  return { style: { stroke: edge.style.stroke, strokeWidth: edge.style.strokeWidth }, animated: edge.animated };
}

/** The topic record for a node (every own field but id and parentId, which the tree record holds). */
export function topicRecord(node: MindNode): TopicRecord {
  const rec: Record<string, unknown> = {};
  for (const k of Object.keys(node)) {
    if (k === 'id' || k === 'parentId' || k === 'data' || k === 'position') continue;
    rec[k] = (node as unknown as Record<string, unknown>)[k];
  }
  const data: Record<string, unknown> = {};
  for (const k of Object.keys(node.data)) {
    const v = (node.data as unknown as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (k === 'tags' && Array.isArray(v)) data[k] = v.slice();
    else if (k === 'attachment' && v && typeof v === 'object') data[k] = { ...v };
    else data[k] = v;
  }
  rec.data = data;
  rec.position = { x: node.position.x, y: node.position.y };
  return rec as TopicRecord;
}

export function linkRecord(edge: MindEdge): LinkRecord {
  return { source: edge.source, target: edge.target, ...edgeLook(edge) };
}

function str(v: unknown, fallback: string): string {
  return typeof v === 'string' ? v : fallback;
}

function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** A topic from its records, with only the fields this build knows, each checked (records may come from anywhere). */
export function nodeFromRecords(id: string, parentId: string | null, rec: TopicRecord, isRoot: boolean): MindNode {
  const raw = (rec.data ?? {}) as Record<string, unknown>;
  const data: NodeData = {
    label: str(raw.label, ''),
    expanded: typeof raw.expanded === 'boolean' ? raw.expanded : true,
    color: str(raw.color, DEFAULT_COLOR),
    animation: ANIMATIONS.includes(raw.animation as never) ? (raw.animation as NodeData['animation']) : DEFAULT_ANIMATION,
  };
  if (PRIORITIES.includes(raw.priority as never)) data.priority = raw.priority as NodeData['priority'];
  if (typeof raw.notes === 'string') data.notes = raw.notes;
  if (Array.isArray(raw.tags)) data.tags = raw.tags.filter((t): t is string => typeof t === 'string');
  const att = raw.attachment as Record<string, unknown> | undefined;
  if (att && typeof att === 'object' && ATTACHMENT_TYPES.includes(att.type as never) && typeof att.url === 'string') {
    data.attachment = { type: att.type as NonNullable<NodeData['attachment']>['type'], url: att.url, title: str(att.title, att.url) };
  }
  if (typeof raw.done === 'boolean') data.done = raw.done;
  const pos = (rec.position ?? {}) as Record<string, unknown>;
  return {
    id,
    type: isRoot ? 'root' : 'child',
    position: { x: num(pos.x, 0), y: num(pos.y, 0) },
    parentId,
    connectionType: rec.connectionType === 'middle' ? 'middle' : 'standard',
    data,
  };
}

function lookOf(raw: unknown): EdgeLook {
  const r = (raw ?? {}) as Record<string, unknown>;
  const style = (r.style ?? {}) as Record<string, unknown>;
  return {
    style: { stroke: str(style.stroke, DEFAULT_COLOR), strokeWidth: num(style.strokeWidth, EDGE_WIDTH) },
    animated: r.animated === true,
  };
}

/**
 * The tree edge from `parent` to `child`. Every topic but the root has one; a record without a look
 * (or a topic moved under another parent by a repair) gets the one a new topic would get.
 */
export function treeEdgeFromRecord(parent: string, child: string, rec: TreeRecord, parentColor: string, middle: boolean): MindEdge {
  const look: EdgeLook =
    rec.edge !== null && typeof rec.edge === 'object'
      ? lookOf(rec.edge)
      : { style: { stroke: middle ? MIDDLE_EDGE_COLOR : parentColor, strokeWidth: EDGE_WIDTH }, animated: middle };
  return { id: `e-${parent}-${child}`, source: parent, target: child, style: look.style, animated: look.animated };
}

export function linkFromRecord(id: string, rec: LinkRecord): MindEdge | null {
  if (typeof rec.source !== 'string' || typeof rec.target !== 'string' || rec.source === rec.target) return null;
  const look = lookOf(rec);
  return { id, source: rec.source, target: rec.target, style: look.style, animated: look.animated };
}

/** Structural equality of plain JSON-like values (records are small: a topic is a few dozen fields). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], bb[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
