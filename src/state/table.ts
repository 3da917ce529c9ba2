/**
 * A keyed table: an immutable base (what an import or a load built) under an overlay of fixed buckets
 * (what was edited since).
 *
 * Why buckets: immer copies an object on write. A flat `Record<id, Node>` of 100,000 topics would be
 * copied whole on every edit (several ms). Split into BUCKETS small records, an edit copies only the
 * bucket array (BUCKETS references) and one bucket, so a single edit stays far below a millisecond at
 * any map size, and immer patches name the exact id that changed: path [tableKey, 'b', bucketIndex, id, ...].
 *
 * Why a base: filling 4 × 100,000 keys into thousands of growing dictionaries was most of the cost of
 * importing a big map. The base keeps what the import produced as it is (arrays by position and one
 * id → position Map shared by the node-keyed tables), so an import builds no buckets at all, and the
 * overlay stays small: a big delete copies a few small buckets instead of thousands of full ones.
 * The base is a class instance, which immer treats as an opaque value and never drafts or copies.
 *
 * Overlay values: an entry there wins over the base; `null` means "deleted from the base".
 */
import { isDraft } from 'immer';

export const BUCKETS = 4096;

export type Bucket<T> = Record<string, T | null>;

export interface Table<T> {
  /** Number of entries; kept up to date by tableSet / tableDelete. */
  n: number;
  b: Bucket<T>[];
  base: TableBase<T> | null;
}

/** What an overlay sits on. Immutable: a new version of the data is a new base. */
export abstract class TableBase<T> {
  abstract get(id: string): T | undefined;

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /**
   * The entry, where a base derives some of its fields (a laid-out table's positions) possibly
   * without them: for reads of the other fields that must not cost a copy per entry.
   */
  peek(id: string): T | undefined {
    return this.get(id);
  }

  /** Every entry once. */
  abstract forEach(fn: (value: T, id: string) => void): void;

  /** Number of present entries. */
  abstract count(): number;
}

/**
 * Entries by position: `valueAt(i)` under key `keys[i]` (absent where undefined). `at` maps a key to
 * its position; a position is trusted only if `keys[at.get(k)] === k`, so one Map can serve several
 * tables over the same keys and may hold extra, stale keys.
 */
export abstract class IndexedBase<T> extends TableBase<T> {
  private atMap: ReadonlyMap<string, number> | null;
  private makeAt: (() => ReadonlyMap<string, number>) | null;

  /**
   * `at` may be given as a function that makes it: it is then made on the first read by key (or by
   * warmTable). Why: the edge table's map of a 100k import, 100k ids hashed, held the first frame,
   * which reads edges only in order.
   */
  constructor(
    at: ReadonlyMap<string, number> | (() => ReadonlyMap<string, number>),
    readonly keys: readonly string[],
  ) {
    super();
    this.atMap = typeof at === 'function' ? null : at;
    this.makeAt = typeof at === 'function' ? at : null;
  }

  get at(): ReadonlyMap<string, number> {
    if (this.atMap === null) {
      this.atMap = this.makeAt!();
      this.makeAt = null;
    }
    return this.atMap;
  }

  abstract valueAt(i: number): T | undefined;

  get(id: string): T | undefined {
    const i = this.at.get(id);
    return i !== undefined && this.keys[i] === id ? this.valueAt(i) : undefined;
  }

  forEach(fn: (value: T, id: string) => void): void {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) {
      const v = this.valueAt(i);
      if (v !== undefined) fn(v, keys[i]);
    }
  }

  count(): number {
    let c = 0;
    for (let i = 0; i < this.keys.length; i++) if (this.valueAt(i) !== undefined) c++;
    return c;
  }
}

/** A base holding its values in an array, by position. */
export class ArrayBase<T> extends IndexedBase<T> {
  constructor(
    at: ReadonlyMap<string, number> | (() => ReadonlyMap<string, number>),
    keys: readonly string[],
    private readonly values: readonly (T | undefined)[],
  ) {
    super(at, keys);
  }

  valueAt(i: number): T | undefined {
    return this.values[i];
  }
}

/**
 * A base of string lists kept flat: entry i is `items[start[i] .. start[i + 1])`, handed out as a
 * fresh array on each read (absent when empty). Why: the edge index of a 100k map is 100k tiny
 * arrays that an import would allocate and the garbage collector copy, while few are ever read.
 */
export class ListBase extends IndexedBase<string[]> {
  constructor(
    at: ReadonlyMap<string, number>,
    keys: readonly string[],
    private readonly start: Int32Array,
    private readonly items: readonly string[],
  ) {
    super(at, keys);
  }

  valueAt(i: number): string[] | undefined {
    const from = this.start[i];
    const to = this.start[i + 1];
    return from === to ? undefined : this.items.slice(from, to);
  }
}

/** Makes now whatever a table's base makes on its first read by key (see IndexedBase). */
export function warmTable(t: Table<unknown>): void {
  if (t.base instanceof IndexedBase) void t.base.at;
}

export function bucketOf(id: string): number {
  // FNV-1a, 32 bit.
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % BUCKETS;
}

function emptyBuckets<T>(): Bucket<T>[] {
  const b: Bucket<T>[] = new Array(BUCKETS);
  for (let i = 0; i < BUCKETS; i++) b[i] = Object.create(null) as Bucket<T>;
  return b;
}

export function emptyTable<T>(): Table<T> {
  return { n: 0, b: emptyBuckets<T>(), base: null };
}

// Shared by every slot of a fresh overlay. Frozen: immer and bulk edits copy a bucket before writing,
// and a direct write (a bug) throws instead of changing every table at once.
const EMPTY_BUCKET: Bucket<never> = Object.freeze(Object.create(null) as Bucket<never>);

/** Whether an overlay bucket is still the one tableOnBase put there (nothing written to it since). */
export function bucketUntouched<T>(bucket: Bucket<T>): boolean {
  return bucket === EMPTY_BUCKET;
}

/** A table over a base, with an empty overlay. */
export function tableOnBase<T>(base: TableBase<T>, n = base.count()): Table<T> {
  return { n, b: new Array<Bucket<T>>(BUCKETS).fill(EMPTY_BUCKET), base };
}

const own = Object.prototype.hasOwnProperty;

/** The entry for `id` given its overlay bucket: the overlay's if it has one, else the base's. */
export function valueIn<T>(t: Table<T>, bucket: Bucket<T>, id: string): T | undefined {
  if (own.call(bucket, id)) return bucket[id] ?? undefined;
  return t.base === null ? undefined : t.base.get(id);
}

export function tableHas<T>(t: Table<T>, id: string): boolean {
  return valueIn(t, t.b[bucketOf(id)], id) !== undefined;
}

/**
 * The entry for `id`. On an immer draft, an entry that lives in the base comes back as the base's own
 * object, not a draft: read it, never change it (see tableEdit).
 */
export function tableGet<T>(t: Table<T>, id: string): T | undefined {
  return valueIn(t, t.b[bucketOf(id)], id);
}

/** tableGet without the fields a base derives (TableBase.peek). */
export function tablePeek<T>(t: Table<T>, id: string): T | undefined {
  return peekIn(t, t.b[bucketOf(id)], id);
}

/** tablePeek given the id's overlay bucket (as valueIn is to tableGet). */
export function peekIn<T>(t: Table<T>, bucket: Bucket<T>, id: string): T | undefined {
  if (own.call(bucket, id)) return bucket[id] ?? undefined;
  return t.base === null ? undefined : t.base.peek(id);
}

/**
 * The entry for `id`, ready to be changed in place inside an immer recipe. An entry still in the base
 * is first copied (with `copy`, deep enough for the caller's changes) into the overlay: immer does not
 * draft the base, and a value assigned during the recipe is handed back as it is.
 */
export function tableEdit<T>(t: Table<T>, id: string, copy: (value: T) => T): T | undefined {
  const bucket = t.b[bucketOf(id)];
  if (own.call(bucket, id)) return bucket[id] ?? undefined;
  const value = t.base === null ? undefined : t.base.get(id);
  if (value === undefined) return undefined;
  if (!isDraft(t)) throw new Error('tableEdit needs an immer draft');
  const fresh = copy(value);
  bucket[id] = fresh;
  return fresh;
}

/** Works on plain tables and on immer drafts. */
export function tableSet<T>(t: Table<T>, id: string, value: T): void {
  const bucket = t.b[bucketOf(id)];
  if (valueIn(t, bucket, id) === undefined) t.n++;
  bucket[id] = value;
}

/** Removes `id` through its (writable) overlay bucket: a base entry is hidden by a null, an overlay-only one deleted. */
export function removeFromBucket<T>(t: Table<T>, bucket: Bucket<T>, id: string): void {
  if (t.base !== null && t.base.has(id)) bucket[id] = null;
  else delete bucket[id];
}

export function tableDelete<T>(t: Table<T>, id: string): boolean {
  const bucket = t.b[bucketOf(id)];
  if (valueIn(t, bucket, id) === undefined) return false;
  removeFromBucket(t, bucket, id);
  t.n--;
  return true;
}

/**
 * The ids the overlay holds (deletions included), or null when it holds none. Why a set: a walk of
 * the base skips what the overlay replaced, and asking a set, whose ids keep their hash, cost a
 * fraction of hashing every id of the base into its bucket (45 characters for an edge id) after
 * any edit of a big map.
 */
function overlayIds<T>(t: Table<T>): Set<string> | null {
  let ids: Set<string> | null = null;
  for (let i = 0; i < t.b.length; i++) {
    const bucket = t.b[i];
    if (bucket === EMPTY_BUCKET) continue;
    for (const id in bucket) (ids ??= new Set()).add(id);
  }
  return ids;
}

/** Every entry once: the base's in position order (unless the overlay replaced them), then the overlay's. */
export function tableForEach<T>(t: Table<T>, fn: (value: T, id: string) => void): void {
  if (t.base !== null) {
    const over = overlayIds(t);
    // Nothing over the base (a map just imported or loaded): no id needs looking up.
    if (over === null) t.base.forEach(fn);
    else {
      t.base.forEach((v, id) => {
        if (!over.has(id)) fn(v, id);
      });
    }
  }
  for (let i = 0; i < t.b.length; i++) {
    const bucket = t.b[i];
    for (const id in bucket) {
      const v = bucket[id];
      if (v !== null) fn(v, id);
    }
  }
}

export function tableValues<T>(t: Table<T>): T[] {
  const out: T[] = new Array(t.n);
  let k = 0;
  tableForEach(t, (v) => {
    out[k++] = v;
  });
  out.length = k;
  return out;
}
