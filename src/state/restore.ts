/**
 * The one restore pipeline for imported files, pasted text, templates and stored maps.
 *
 * Input is treated as hostile: anything that is an object with `nodes` and `edges` arrays is repaired
 * into a valid map (one root, a tree without cycles, a tree edge for every parent link, safe values
 * everywhere) and the repairs are reported as short grouped notes. Output objects are built field by
 * field, so keys such as `__proto__` in the input never reach a prototype. Everything is O(n) and
 * iterative.
 */
import { newId } from './ids';
import { checkUrl, isStoredColor, LIMITS, normalizeColor, truncate } from './rules';
import { buildIndexedState } from './snapshot';
import type { MindMapState } from './doc';
import {
  ANIMATIONS,
  ATTACHMENT_TYPES,
  DEFAULT_ANIMATION,
  DEFAULT_COLOR,
  EDGE_WIDTH,
  MESSAGES,
  MIDDLE_EDGE_COLOR,
  NEW_TOPIC_LABEL,
  PRIORITIES,
  ROOT_ID,
  ROOT_LABEL,
  type Animation,
  type Attachment,
  type AttachmentType,
  type EdgeStyle,
  type MindEdge,
  type MindNode,
  type NodeData,
  type Position,
  type Priority,
} from './model';

export type RestoreResult =
  | {
      ok: true;
      state: MindMapState;
      count: number;
      repairs: string[];
      /** Topics that came without a position (placed at 0,0): a map made without any is laid out on import. */
      unplaced: number;
      /**
       * Repairs that dropped, cut or rewrote something the map held (LOSSY_REPAIRS), where the others
       * only fill in what it left out (a default style, an id, a missing edge of the tree).
       */
      lossy: number;
    }
  | { ok: false; error: string };

// The limits and value rules live in rules.ts, shared with every editor of a topic.
export { isSafeUrl, LIMITS, normalizeColor, truncate } from './rules';

/** At most this many repair notes are returned; the rest are summed into the last one. */
export const MAX_REPAIR_NOTES = 10;

const RESERVED_IDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const ANIMATION_SET: ReadonlySet<string> = new Set(ANIMATIONS);
const PRIORITY_SET: ReadonlySet<string> = new Set(PRIORITIES);
const ATTACHMENT_TYPE_SET: ReadonlySet<string> = new Set(ATTACHMENT_TYPES);
const MIDDLE_STROKE = MIDDLE_EDGE_COLOR.toLowerCase();

// ---------------------------------------------------------------------------------------------
// Repair notes

const REPAIR_TEXT = {
  badNodeEntry: ['node entry that is not an object dropped', 'node entries that are not objects dropped'],
  missingId: ['node without a usable id given a new id', 'nodes without a usable id given new ids'],
  numericId: ['numeric node id converted to text', 'numeric node ids converted to text'],
  unsafeId: ['unsafe node id renamed', 'unsafe node ids renamed'],
  duplicateId: ['duplicate node id renamed', 'duplicate node ids renamed'],
  idClash: ['node renamed to keep edge ids unique', 'nodes renamed to keep edge ids unique'],
  rootCreated: ['missing root node created', 'missing root nodes created'],
  extraRoot: ['extra root node moved under the root', 'extra root nodes moved under the root'],
  orphan: ['node without a parent attached to the root', 'nodes without a parent attached to the root'],
  unknownParent: ['node with an unknown parent attached to the root', 'nodes with an unknown parent attached to the root'],
  cycle: ['parent cycle broken', 'parent cycles broken'],
  nodeType: ['node type corrected', 'node types corrected'],
  connectionType: ['unknown connection type reset to standard', 'unknown connection types reset to standard'],
  connectionTypeMissing: ['node without a connection type set to standard', 'nodes without a connection type set to standard'],
  data: ['node without data given defaults', 'nodes without data given defaults'],
  label: ['invalid label replaced', 'invalid labels replaced'],
  longText: ['over-long text shortened', 'over-long texts shortened'],
  position: ['invalid position repaired', 'invalid positions repaired'],
  positionMissing: ['topic without a position placed at 0,0', 'topics without a position placed at 0,0'],
  color: ['invalid colour reset to default', 'invalid colours reset to default'],
  animation: ['unknown animation reset to pulse', 'unknown animations reset to pulse'],
  expanded: ['invalid expanded flag reset', 'invalid expanded flags reset'],
  field: ['invalid priority, notes or done flag removed', 'invalid priorities, notes or done flags removed'],
  tags: ['tag cleaned up', 'tags cleaned up'],
  attachmentDropped: ['unsafe or invalid attachment removed', 'unsafe or invalid attachments removed'],
  attachmentFixed: ['attachment type or title repaired', 'attachment types or titles repaired'],
  attachmentScheme: ['attachment address completed with https:// or mailto:', 'attachment addresses completed with https:// or mailto:'],
  badEdgeEntry: ['edge entry that is not an object dropped', 'edge entries that are not objects dropped'],
  edgeUnknown: ['edge to unknown nodes dropped', 'edges to unknown nodes dropped'],
  selfLoop: ['self-loop edge dropped', 'self-loop edges dropped'],
  duplicateEdge: ['duplicate edge dropped', 'duplicate edges dropped'],
  edgeId: ['edge id normalised', 'edge ids normalised'],
  edgeStyle: ['invalid edge style repaired', 'invalid edge styles repaired'],
  edgeStyleMissing: ['edge without a style given the default style', 'edges without a style given the default style'],
  treeEdge: ['missing parent-child edge added', 'missing parent-child edges added'],
} as const;

type RepairKind = keyof typeof REPAIR_TEXT;

const LOSSY_REPAIRS: ReadonlySet<RepairKind> = new Set<RepairKind>([
  'badNodeEntry',
  'duplicateId',
  'extraRoot',
  'orphan',
  'unknownParent',
  'cycle',
  'connectionType',
  'longText',
  'position',
  'field',
  'tags',
  'attachmentDropped',
  'attachmentFixed',
  'badEdgeEntry',
  'edgeUnknown',
  'selfLoop',
  'duplicateEdge',
  'edgeStyle',
]);

class RepairLog {
  private readonly counts = new Map<RepairKind, number>();
  /** Repairs that changed what the map held (see RestoreResult.lossy). */
  lossy = 0;

  /** `lossy`: the repair dropped, cut or rewrote a value the map held (not one it left out). */
  add(kind: RepairKind, n = 1, lossy = LOSSY_REPAIRS.has(kind)): void {
    if (n <= 0) return;
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
    if (lossy) this.lossy += n;
  }

  count(kind: RepairKind): number {
    return this.counts.get(kind) ?? 0;
  }

  /** Grouped notes in order of first occurrence, e.g. "2 duplicate node ids renamed". */
  notes(limit = MAX_REPAIR_NOTES): string[] {
    const entries = [...this.counts];
    const shown = entries.length > limit ? entries.slice(0, limit - 1) : entries;
    const notes = shown.map(([kind, n]) => `${n} ${REPAIR_TEXT[kind][n === 1 ? 0 : 1]}`);
    if (shown.length < entries.length) {
      let rest = 0;
      for (let i = shown.length; i < entries.length; i++) rest += entries[i][1];
      notes.push(`${rest} other ${rest === 1 ? 'repair' : 'repairs'}`);
    }
    return notes;
  }
}

// ---------------------------------------------------------------------------------------------
// Small value readers

type Rec = Record<string, unknown>;
const hasOwn = Object.prototype.hasOwnProperty;

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own properties only: an inherited `constructor` or a polluted prototype must not be read as data. */
function read(o: Rec | undefined, key: string): unknown {
  return o !== undefined && hasOwn.call(o, key) ? o[key] : undefined;
}

/** The text form of an id reference: strings as they are, finite numbers as text; else undefined. */
function refKey(v: unknown): string | undefined {
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** A coordinate: finite numbers clamped to ±1e7, anything else 0. */
function readCoordinate(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 0;
  const max = LIMITS.coordinate;
  return v > max ? max : v < -max ? -max : v + 0; // + 0 turns -0 into 0
}

/** True when readCoordinate keeps `v` as it is (NaN and ±Infinity fail both comparisons). */
function isCoordinate(v: unknown): boolean {
  return typeof v === 'number' && v >= -LIMITS.coordinate && v <= LIMITS.coordinate;
}

// Why two functions instead of one returning { value, ok }: this runs twice per topic, and the
// wrapper object was one more short-lived allocation per coordinate at 100k topics.
function readPosition(v: unknown, log: RepairLog): Position {
  const rec = isRecord(v) ? v : undefined;
  const x = read(rec, 'x');
  const y = read(rec, 'y');
  if (v === undefined) log.add('positionMissing');
  else if (!isCoordinate(x) || !isCoordinate(y)) log.add('position');
  return { x: readCoordinate(x), y: readCoordinate(y) };
}

function readText(v: string, max: number, log: RepairLog): string {
  if (v.length <= max) return v;
  log.add('longText');
  return truncate(v, max);
}

function readLabel(v: unknown, fallback: string, log: RepairLog): string {
  if (typeof v === 'string') return readText(v, LIMITS.label, log);
  log.add('label', 1, v !== undefined);
  return typeof v === 'number' ? truncate(String(v), LIMITS.label) : fallback;
}

function readTags(v: unknown, log: RepairLog): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) {
    log.add('tags');
    return undefined;
  }
  const tags: string[] = [];
  const seen = new Set<string>();
  let cleaned = 0;
  for (let i = 0; i < v.length; i++) {
    const raw: unknown = v[i];
    if (typeof raw !== 'string') {
      cleaned++;
      continue;
    }
    let tag = raw.trim();
    if (tag.length > LIMITS.tag) tag = truncate(tag, LIMITS.tag).trim();
    if (tag !== raw) cleaned++;
    if (tag === '' || seen.has(tag) || tags.length >= LIMITS.tags) {
      if (tag === raw) cleaned++;
      continue;
    }
    seen.add(tag);
    tags.push(tag);
  }
  log.add('tags', cleaned);
  return tags.length > 0 ? tags : undefined;
}

function readAttachment(v: unknown, log: RepairLog): Attachment | undefined {
  if (v === undefined) return undefined;
  const rec = isRecord(v) ? v : undefined;
  const rawUrl = read(rec, 'url');
  const checked = typeof rawUrl === 'string' ? checkUrl(rawUrl) : undefined;
  if (!checked?.ok) {
    log.add('attachmentDropped');
    return undefined;
  }
  const { url } = checked;
  if (checked.completed) log.add('attachmentScheme');
  const rawType = read(rec, 'type');
  const rawTitle = read(rec, 'title');
  const typeOk = typeof rawType === 'string' && ATTACHMENT_TYPE_SET.has(rawType);
  const titleOk = typeof rawTitle === 'string' && rawTitle !== '';
  if (!typeOk || !titleOk) log.add('attachmentFixed');
  return {
    type: typeOk ? (rawType as AttachmentType) : 'link',
    url,
    title: titleOk ? readText(rawTitle as string, LIMITS.title, log) : url,
  };
}

function readNodeData(v: unknown, fallbackLabel: string, log: RepairLog): NodeData {
  if (!isRecord(v)) {
    log.add('data');
    return { label: fallbackLabel, expanded: true, color: DEFAULT_COLOR, animation: DEFAULT_ANIMATION };
  }
  const expanded = read(v, 'expanded');
  if (typeof expanded !== 'boolean') log.add('expanded', 1, expanded !== undefined);
  const rawColor = read(v, 'color');
  const color = normalizeColor(rawColor);
  if (color === null) log.add('color', 1, rawColor !== undefined);
  const animation = read(v, 'animation');
  const animationOk = typeof animation === 'string' && ANIMATION_SET.has(animation);
  if (!animationOk) log.add('animation', 1, animation !== undefined);

  const data: NodeData = {
    label: readLabel(read(v, 'label'), fallbackLabel, log),
    expanded: typeof expanded === 'boolean' ? expanded : true,
    color: color ?? DEFAULT_COLOR,
    animation: animationOk ? (animation as Animation) : DEFAULT_ANIMATION,
  };

  const priority = read(v, 'priority');
  if (typeof priority === 'string' && PRIORITY_SET.has(priority)) data.priority = priority as Priority;
  else if (priority !== undefined) log.add('field');

  const notes = read(v, 'notes');
  if (typeof notes === 'string') data.notes = readText(notes, LIMITS.notes, log);
  else if (notes !== undefined) log.add('field');

  const tags = readTags(read(v, 'tags'), log);
  if (tags) data.tags = tags;

  const attachment = readAttachment(read(v, 'attachment'), log);
  if (attachment) data.attachment = attachment;

  const done = read(v, 'done');
  if (typeof done === 'boolean') data.done = done;
  else if (done !== undefined) log.add('field');
  return data;
}

function readEdgeStyle(v: unknown, fallbackStroke: string): { style: EdgeStyle; ok: boolean } {
  const rec = isRecord(v) ? v : undefined;
  const stroke = normalizeColor(read(rec, 'stroke'));
  const width = read(rec, 'strokeWidth');
  const widthOk =
    typeof width === 'number' && Number.isFinite(width) && width >= LIMITS.strokeWidthMin && width <= LIMITS.strokeWidthMax;
  return {
    style: { stroke: stroke ?? fallbackStroke, strokeWidth: widthOk ? width : EDGE_WIDTH },
    ok: stroke !== null && widthOk,
  };
}

// ---------------------------------------------------------------------------------------------
// Input objects that need no repair
//
// Why: an import of 100k topics used to build half a million fresh objects (topic, position, data,
// edge, style), and allocating and promoting them was a large part of its time. An input object that
// the readers above would copy unchanged is kept instead. "Unchanged" includes having no other keys,
// so nothing unknown (e.g. an own `__proto__` key) enters the map. Input objects are never modified.
// Fields are read directly, not through read(): a field that is not an own key reads as undefined
// (and fails its check) or as a non-enumerable inherited value, and then the own keys fall short of
// the exact count.

/** False when something added enumerable keys to Object.prototype: then every input object is copied. */
function prototypeIsClean(): boolean {
  for (const key in Object.prototype) if (key !== undefined) return false;
  return true;
}

let keepInputObjects = true;

/**
 * True when `o` is a plain object with exactly `n` own enumerable keys. With a clean Object.prototype
 * (checked per restore) for-in visits exactly those keys.
 */
function keyCountIs(o: object, n: number): boolean {
  if (!keepInputObjects) return false;
  const proto: unknown = Object.getPrototypeOf(o);
  if (proto !== Object.prototype && proto !== null) return false;
  let count = 0;
  for (const key in o) {
    if (++count > n || key === '') return false;
  }
  return count === n;
}

function isKeptPosition(v: unknown): v is Position {
  if (!isRecord(v)) return false;
  const x = v.x;
  const y = v.y;
  return isCoordinate(x) && isCoordinate(y) && !Object.is(x, -0) && !Object.is(y, -0) && keyCountIs(v, 2);
}

function isKeptTags(v: unknown): v is string[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > LIMITS.tags) return false;
  for (let i = 0; i < v.length; i++) {
    const tag: unknown = v[i];
    if (typeof tag !== 'string' || tag === '' || tag.length > LIMITS.tag || tag.trim() !== tag) return false;
    for (let k = 0; k < i; k++) if (v[k] === tag) return false;
  }
  return true;
}

/** A URL that the attachment rule keeps exactly as it is. */
function isKeptUrl(url: string): boolean {
  const checked = checkUrl(url);
  return checked.ok && !checked.completed;
}

function isKeptAttachment(v: unknown): v is Attachment {
  if (!isRecord(v)) return false;
  const url = v.url;
  const type = v.type;
  const title = v.title;
  return (
    typeof url === 'string' &&
    url !== '' &&
    url.length <= LIMITS.url &&
    url.trim() === url &&
    typeof type === 'string' &&
    ATTACHMENT_TYPE_SET.has(type) &&
    typeof title === 'string' &&
    title !== '' &&
    title.length <= LIMITS.title &&
    keyCountIs(v, 3) &&
    isKeptUrl(url)
  );
}

function isKeptData(v: unknown): v is NodeData {
  if (!isRecord(v)) return false;
  const label = v.label;
  const color = v.color;
  const animation = v.animation;
  if (
    typeof label !== 'string' ||
    label.length > LIMITS.label ||
    typeof v.expanded !== 'boolean' ||
    typeof color !== 'string' ||
    !isStoredColor(color) ||
    typeof animation !== 'string' ||
    !ANIMATION_SET.has(animation)
  ) {
    return false;
  }
  let keys = 4;
  const priority = v.priority;
  if (priority !== undefined) {
    if (typeof priority !== 'string' || !PRIORITY_SET.has(priority)) return false;
    keys++;
  }
  const notes = v.notes;
  if (notes !== undefined) {
    if (typeof notes !== 'string' || notes.length > LIMITS.notes) return false;
    keys++;
  }
  const tags = v.tags;
  if (tags !== undefined) {
    if (!isKeptTags(tags)) return false;
    keys++;
  }
  const done = v.done;
  if (done !== undefined) {
    if (typeof done !== 'boolean') return false;
    keys++;
  }
  const attachment = v.attachment;
  if (attachment !== undefined) {
    if (!isKeptAttachment(attachment)) return false;
    keys++;
  }
  return keyCountIs(v, keys);
}

/** `raw` as the topic itself when the pipeline would rebuild it unchanged, else undefined. */
function keptNode(raw: Rec, id: string, isRoot: boolean, parentId: string | null): MindNode | undefined {
  const connection = raw.connectionType;
  const kept =
    raw.id === id &&
    raw.type === (isRoot ? 'root' : 'child') &&
    raw.parentId === parentId &&
    (connection === 'standard' || connection === 'middle') &&
    isKeptPosition(raw.position) &&
    isKeptData(raw.data) &&
    keyCountIs(raw, 6);
  return kept ? (raw as unknown as MindNode) : undefined;
}

function isKeptStyle(v: unknown): v is EdgeStyle {
  if (!isRecord(v)) return false;
  const stroke = v.stroke;
  const width = v.strokeWidth;
  return (
    typeof stroke === 'string' &&
    isStoredColor(stroke) &&
    typeof width === 'number' &&
    width >= LIMITS.strokeWidthMin &&
    width <= LIMITS.strokeWidthMax &&
    keyCountIs(v, 2)
  );
}

/** `raw` as the edge itself when it is already exactly {id, source, target, style, animated}, else undefined. */
function keptEdge(raw: Rec, id: string, source: string, target: string): MindEdge | undefined {
  const kept =
    raw.id === id &&
    raw.source === source &&
    raw.target === target &&
    typeof raw.animated === 'boolean' &&
    isKeptStyle(raw.style) &&
    keyCountIs(raw, 5);
  return kept ? (raw as unknown as MindEdge) : undefined;
}

// ---------------------------------------------------------------------------------------------
// The pipeline

function edgeIdOf(source: string, target: string): string {
  return `e-${source}-${target}`;
}

/** True when `id` is exactly `e-{source}-{target}`, checked without building that string. */
function isEdgeIdOf(id: string, source: string, target: string): boolean {
  return (
    id.length === source.length + target.length + 3 &&
    id.charCodeAt(0) === 0x65 && // "e"
    id.charCodeAt(1) === 0x2d && // "-"
    id.charCodeAt(2 + source.length) === 0x2d &&
    id.startsWith(source, 2) &&
    id.endsWith(target)
  );
}

/**
 * The edge id for source -> target. Why reuse the input's string when it is already right: a
 * concatenation is a rope that the edge table must flatten and copy before it can be a key, and at
 * 100k edges that copy (and the garbage it leaves) is a noticeable part of an import.
 */
function edgeIdFor(rawId: unknown, source: string, target: string): string {
  return typeof rawId === 'string' && isEdgeIdOf(rawId, source, target) ? rawId : edgeIdOf(source, target);
}

/**
 * Node ids and the map from id references (the text form of `id` fields) to node index.
 * `direct[i]` is 1 when `ids[i]` is itself a reference to node i, i.e. `keyToIndex.get(ids[i]) === i`;
 * that allows resolving a reference by comparing it with a guessed node's id (see `resolve`).
 */
interface NodeRefs {
  ids: string[];
  keyToIndex: Map<string, number>;
  direct: Uint8Array;
}

/** Pass 1: node entries with their final ids, and the map from id references to node index. */
function collectNodes(input: readonly unknown[], log: RepairLog): NodeRefs & { raws: Rec[] } {
  const raws: Rec[] = [];
  const ids: string[] = [];
  const keyToIndex = new Map<string, number>();
  // One more slot for a created root.
  const direct = new Uint8Array(input.length + 1);
  for (let i = 0; i < input.length; i++) {
    const raw = input[i];
    if (!isRecord(raw)) {
      log.add('badNodeEntry');
      continue;
    }
    const index = raws.length;
    const rawId = read(raw, 'id');
    const key = refKey(rawId);
    let id: string;
    if (key === undefined) {
      log.add('missingId');
      id = newId();
    } else if (keyToIndex.has(key)) {
      log.add('duplicateId'); // references to this id keep meaning its first holder
      id = newId();
    } else {
      keyToIndex.set(key, index);
      if (RESERVED_IDS.has(key) || key.length > LIMITS.id) {
        log.add('unsafeId');
        id = newId();
      } else {
        if (typeof rawId === 'number') log.add('numericId');
        id = key;
        direct[index] = 1;
      }
    }
    raws.push(raw);
    ids.push(id);
  }
  return { raws, ids, keyToIndex, direct };
}

function resolveRef(v: unknown, keyToIndex: Map<string, number>): number | undefined {
  const key = refKey(v);
  return key === undefined ? undefined : keyToIndex.get(key);
}

/**
 * resolveRef with a guess. Why: hashing every reference into the map was a large part of an import,
 * yet in files as exported (and as most tools write them) the answer is predictable: a node's parent
 * is its previous sibling's parent or the node just before it, and an edge's target follows the
 * previous edge's target. A right guess costs one string comparison; a wrong one falls back to the map.
 */
function resolve(v: unknown, refs: NodeRefs, guess: number, guess2 = -1): number | undefined {
  if (typeof v === 'string') {
    if (guess >= 0 && refs.direct[guess] === 1 && refs.ids[guess] === v) return guess;
    if (guess2 >= 0 && refs.direct[guess2] === 1 && refs.ids[guess2] === v) return guess2;
  }
  return resolveRef(v, refs.keyToIndex);
}

/** The root's index: the first node typed "root", else the first without a usable parent, else -1. */
function pickRoot(raws: readonly Rec[], keyToIndex: Map<string, number>): number {
  for (let i = 0; i < raws.length; i++) if (read(raws[i], 'type') === 'root') return i;
  for (let i = 0; i < raws.length; i++) if (resolveRef(read(raws[i], 'parentId'), keyToIndex) === undefined) return i;
  return -1;
}

/** A node's parent index; undefined (attach to the root) for extra roots, orphans and unknown parents. */
function parentOf(raw: Rec, refs: NodeRefs, guess: number, guess2: number, log: RepairLog): number | undefined {
  if (read(raw, 'type') === 'root') {
    log.add('extraRoot');
    return undefined;
  }
  const rawParent = read(raw, 'parentId');
  const p = resolve(rawParent, refs, guess, guess2);
  if (p === undefined) log.add(rawParent === undefined || rawParent === null || rawParent === '' ? 'orphan' : 'unknownParent');
  return p;
}

/** Parent index of every node, -1 for the root. A created root has index raws.length. */
function resolveParents(raws: readonly Rec[], root: number, refs: NodeRefs, log: RepairLog): Int32Array {
  const parent = new Int32Array(Math.max(raws.length, root + 1));
  for (let i = 0; i < parent.length; i++) {
    // Guesses: the previous node's parent (a sibling), else the previous node (a first child).
    parent[i] = i === root ? -1 : (parentOf(raws[i], refs, i > 0 ? parent[i - 1] : -1, i - 1, log) ?? root);
  }
  return parent;
}

/**
 * Re-attaches to the root the node that closes each parent cycle. Each node is walked once: a walk
 * goes up until it meets a node already settled (no cycle) or one on its own path (a cycle).
 */
function breakCycles(parent: Int32Array, root: number, log: RepairLog): void {
  const NEW = 0;
  const ON_PATH = 1;
  const SETTLED = 2;
  const mark = new Uint8Array(parent.length);
  const path = new Int32Array(parent.length);
  mark[root] = SETTLED;
  for (let start = 0; start < parent.length; start++) {
    if (mark[start] !== NEW) continue;
    let len = 0;
    let v = start;
    while (mark[v] === NEW) {
      mark[v] = ON_PATH;
      path[len++] = v;
      v = parent[v];
    }
    if (mark[v] === ON_PATH) {
      parent[path[len - 1]] = root;
      log.add('cycle');
    }
    for (let k = 0; k < len; k++) mark[path[k]] = SETTLED;
  }
}

/**
 * Edge ids `e-{a}-{b}` of two different pairs can only be equal when some node id is another node id
 * followed by "-" (a + b-c vs a-b + c). Checking that first spares a set of every edge id. Only
 * prefixes as long as some known id are looked up: with ids of one length (as generated ids are) that
 * is none, so the check neither slices nor hashes.
 */
function edgeIdsMayClash(ids: readonly string[], keyToIndex: Map<string, number>, rootId: string): boolean {
  // Prefixes are shorter than an id, and ids are at most LIMITS.id long (longer ones were renamed).
  const knownLength = new Uint8Array(LIMITS.id + 1);
  for (const key of keyToIndex.keys()) if (key.length <= LIMITS.id) knownLength[key.length] = 1;
  if (rootId.length <= LIMITS.id) knownLength[rootId.length] = 1;
  for (const id of ids) {
    for (let p = id.indexOf('-'); p > 0; p = id.indexOf('-', p + 1)) {
      if (knownLength[p] === 1) {
        const prefix = id.slice(0, p);
        if (keyToIndex.has(prefix) || prefix === rootId) return true;
      }
    }
  }
  return false;
}

/**
 * Every tree edge id, when two could clash (else null: then distinct pairs have distinct ids). A child
 * whose tree edge id clashes gets a fresh random id; the pass repeats since its children's ids change.
 */
function treeEdgeIdSet(refs: NodeRefs, parent: Int32Array, root: number, log: RepairLog): Set<string> {
  const { ids } = refs;
  for (;;) {
    const all = new Set<string>();
    let renamed = false;
    for (let i = 0; i < ids.length; i++) {
      if (i === root) continue;
      const id = edgeIdOf(ids[parent[i]], ids[i]);
      if (all.has(id)) {
        ids[i] = newId();
        refs.direct[i] = 0;
        log.add('idClash');
        renamed = true;
      } else {
        all.add(id);
      }
    }
    if (!renamed) return all;
  }
}

function restoreNodes(raws: readonly Rec[], ids: readonly string[], parent: Int32Array, root: number, log: RepairLog): MindNode[] {
  const nodes: MindNode[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const raw = raws[i] as Rec | undefined;
    const isRoot = i === root;
    if (!raw) {
      nodes[i] = createdRoot(ids[i]);
      continue;
    }
    const kept = keptNode(raw, ids[i], isRoot, isRoot ? null : ids[parent[i]]);
    if (kept) {
      nodes[i] = kept;
      continue;
    }
    const rawType = read(raw, 'type');
    // A demoted extra root was already reported.
    if (rawType !== (isRoot ? 'root' : 'child') && rawType !== 'root') log.add('nodeType', 1, rawType !== undefined);
    const connection = read(raw, 'connectionType');
    const connectionOk = connection === 'standard' || connection === 'middle';
    if (!connectionOk) log.add(connection === undefined ? 'connectionTypeMissing' : 'connectionType');
    nodes[i] = {
      id: ids[i],
      type: isRoot ? 'root' : 'child',
      position: readPosition(read(raw, 'position'), log),
      parentId: isRoot ? null : ids[parent[i]],
      connectionType: connectionOk ? connection : 'standard',
      data: readNodeData(read(raw, 'data'), isRoot ? ROOT_LABEL : NEW_TOPIC_LABEL, log),
    };
  }
  return nodes;
}

function createdRoot(id: string): MindNode {
  return {
    id,
    type: 'root',
    position: { x: 0, y: 0 },
    parentId: null,
    connectionType: 'standard',
    data: { label: ROOT_LABEL, expanded: true, color: DEFAULT_COLOR, animation: DEFAULT_ANIMATION },
  };
}

function treeEdge(id: string, parentNode: MindNode, child: MindNode, rawStyle: unknown, rawAnimated: unknown, log: RepairLog): MindEdge {
  const middle = child.connectionType === 'middle';
  const { style, ok } = readEdgeStyle(rawStyle, middle ? MIDDLE_STROKE : parentNode.data.color);
  logEdgeStyle(rawStyle, ok, rawAnimated, log);
  return { id, source: parentNode.id, target: child.id, style, animated: typeof rawAnimated === 'boolean' ? rawAnimated : middle };
}

/** A style or animated flag that is there but wrong is repaired; one that is not there is filled in. */
function logEdgeStyle(rawStyle: unknown, styleOk: boolean, rawAnimated: unknown, log: RepairLog): void {
  const invalid = (rawStyle !== undefined && !styleOk) || (rawAnimated !== undefined && typeof rawAnimated !== 'boolean');
  if (invalid) log.add('edgeStyle');
  else if (!styleOk || typeof rawAnimated !== 'boolean') log.add('edgeStyleMissing');
}

/** Restored edges, with each edge's source and target node index at the same position. */
interface EdgeList {
  edges: MindEdge[];
  source: Int32Array;
  target: Int32Array;
}

function restoreEdges(
  input: readonly unknown[],
  nodes: readonly MindNode[],
  parent: Int32Array,
  treeIds: Set<string> | null,
  refs: NodeRefs,
  log: RepairLog,
): EdgeList {
  const n = nodes.length;
  const edges: MindEdge[] = [];
  // At most every input edge plus one added tree edge per node.
  const source = new Int32Array(input.length + n);
  const target = new Int32Array(input.length + n);
  const hasTreeEdge = new Uint8Array(n);
  const otherPairs = new Set<number>();
  const otherIds = new Set<string>();
  let lastTarget = -1;
  for (let k = 0; k < input.length; k++) {
    const raw = input[k];
    if (!isRecord(raw)) {
      log.add('badEdgeEntry');
      continue;
    }
    const t = resolve(read(raw, 'target'), refs, lastTarget + 1);
    // Guess: the target's parent (a tree edge, the usual case).
    const s = resolve(read(raw, 'source'), refs, t === undefined ? -1 : parent[t]);
    if (s === undefined || t === undefined) {
      log.add('edgeUnknown');
      continue;
    }
    lastTarget = t;
    if (s === t) {
      log.add('selfLoop');
      continue;
    }
    const rawId = read(raw, 'id');
    let edge: MindEdge;
    if (parent[t] === s) {
      if (hasTreeEdge[t]) {
        log.add('duplicateEdge');
        continue;
      }
      hasTreeEdge[t] = 1;
      const id = edgeIdFor(rawId, nodes[s].id, nodes[t].id);
      edge =
        keptEdge(raw, id, nodes[s].id, nodes[t].id) ??
        treeEdge(id, nodes[s], nodes[t], read(raw, 'style'), read(raw, 'animated'), log);
    } else {
      const pair = Math.min(s, t) * n + Math.max(s, t);
      const id = edgeIdFor(rawId, nodes[s].id, nodes[t].id);
      // A reversed tree edge counts as a duplicate of the tree edge.
      const idTaken = treeIds !== null && (treeIds.has(id) || otherIds.has(id));
      if (parent[s] === t || otherPairs.has(pair) || idTaken) {
        log.add('duplicateEdge');
        continue;
      }
      otherPairs.add(pair);
      if (treeIds) otherIds.add(id);
      const kept = keptEdge(raw, id, nodes[s].id, nodes[t].id);
      if (kept) {
        edge = kept;
      } else {
        const { style, ok } = readEdgeStyle(read(raw, 'style'), nodes[s].data.color);
        const animated = read(raw, 'animated');
        logEdgeStyle(read(raw, 'style'), ok, animated, log);
        edge = { id, source: nodes[s].id, target: nodes[t].id, style, animated: animated === true };
      }
    }
    if (rawId !== edge.id) log.add('edgeId');
    source[edges.length] = s;
    target[edges.length] = t;
    edges.push(edge);
  }
  let added = 0;
  for (let i = 0; i < n; i++) {
    if (parent[i] < 0 || hasTreeEdge[i]) continue;
    const child = nodes[i];
    const middle = child.connectionType === 'middle';
    source[edges.length] = parent[i];
    target[edges.length] = i;
    edges.push({
      id: edgeIdOf(nodes[parent[i]].id, child.id),
      source: nodes[parent[i]].id,
      target: child.id,
      style: { stroke: middle ? MIDDLE_STROKE : nodes[parent[i]].data.color, strokeWidth: EDGE_WIDTH },
      animated: middle,
    });
    added++;
  }
  log.add('treeEdge', added);
  return { edges, source: source.subarray(0, edges.length), target: target.subarray(0, edges.length) };
}

function restoreArrays(nodeInput: readonly unknown[], edgeInput: readonly unknown[]): RestoreResult {
  const log = new RepairLog();
  keepInputObjects = prototypeIsClean();
  const refs = collectNodes(nodeInput, log);
  const { raws, ids, keyToIndex } = refs;

  let root = pickRoot(raws, keyToIndex);
  if (root < 0) {
    root = raws.length;
    ids.push(keyToIndex.has(ROOT_ID) ? newId() : ROOT_ID);
    log.add('rootCreated');
  }
  const parent = resolveParents(raws, root, refs, log);
  breakCycles(parent, root, log);
  const rootId = ids[root];
  const mayClash = edgeIdsMayClash(ids, keyToIndex, rootId);
  const treeIds = mayClash ? treeEdgeIdSet(refs, parent, root, log) : null;
  const nodes = restoreNodes(raws, ids, parent, root, log);
  const { edges, source, target } = restoreEdges(edgeInput, nodes, parent, treeIds, refs, log);

  // The id -> position map for the tables: the references map already has every id that was kept.
  const at = keyToIndex;
  for (let i = 0; i < ids.length; i++) if (refs.direct[i] !== 1) at.set(ids[i], i);
  // A created root sits last in `nodes`; order there matters only among siblings.
  const state = buildIndexedState({ nodes, edges }, { parent, source, target, at }, rootId);
  return { ok: true, state, count: nodes.length, repairs: log.notes(), unplaced: log.count('positionMissing'), lossy: log.lossy };
}

const INVALID: RestoreResult = { ok: false, error: MESSAGES.importInvalid };

/** Restores an already parsed value: an object with `nodes` and `edges` arrays, repaired as needed. */
export function restoreMap(value: unknown): RestoreResult {
  try {
    if (!isRecord(value)) return INVALID;
    const nodes = read(value, 'nodes');
    const edges = read(value, 'edges');
    if (!Array.isArray(nodes) || !Array.isArray(edges)) return INVALID;
    return restoreArrays(nodes, edges);
  } catch {
    // Only exotic values (throwing getters, proxies) get here; JSON never does.
    return INVALID;
  }
}

/** Restores pasted or file text. A leading byte-order mark (common in files saved on Windows) is ignored. */
export function parseMapText(text: string): RestoreResult {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return INVALID;
  }
  return restoreMap(value);
}
