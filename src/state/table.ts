/**
 * A keyed table split into fixed buckets.
 *
 * Why: immer copies an object on write. A flat `Record<id, Node>` of 100,000 topics would be copied
 * whole on every edit (several ms). Split into BUCKETS small records, an edit copies only the
 * bucket array (BUCKETS references) and one bucket (~n / BUCKETS entries), so a single edit stays
 * far below a millisecond at any map size, and immer patches name the exact id that changed:
 * path [tableKey, 'b', bucketIndex, id, ...].
 */
export const BUCKETS = 4096;

export interface Table<T> {
  /** Number of entries; kept up to date by tableSet / tableDelete. */
  n: number;
  b: Record<string, T>[];
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

export function emptyTable<T>(): Table<T> {
  const b: Record<string, T>[] = new Array(BUCKETS);
  for (let i = 0; i < BUCKETS; i++) b[i] = Object.create(null) as Record<string, T>;
  return { n: 0, b };
}

const own = Object.prototype.hasOwnProperty;

export function tableHas<T>(t: Table<T>, id: string): boolean {
  return own.call(t.b[bucketOf(id)], id);
}

export function tableGet<T>(t: Table<T>, id: string): T | undefined {
  const bucket = t.b[bucketOf(id)];
  return own.call(bucket, id) ? bucket[id] : undefined;
}

/** Works on plain tables and on immer drafts. */
export function tableSet<T>(t: Table<T>, id: string, value: T): void {
  const bucket = t.b[bucketOf(id)];
  if (!own.call(bucket, id)) t.n++;
  bucket[id] = value;
}

export function tableDelete<T>(t: Table<T>, id: string): boolean {
  const bucket = t.b[bucketOf(id)];
  if (!own.call(bucket, id)) return false;
  delete bucket[id];
  t.n--;
  return true;
}

export function tableForEach<T>(t: Table<T>, fn: (value: T, id: string) => void): void {
  for (let i = 0; i < t.b.length; i++) {
    const bucket = t.b[i];
    for (const id in bucket) fn(bucket[id], id);
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

/** Builds a table in one pass, outside immer (import, load, templates). */
export function tableFrom<T>(entries: Iterable<[string, T]>): Table<T> {
  const t = emptyTable<T>();
  for (const [id, v] of entries) tableSet(t, id, v);
  return t;
}
