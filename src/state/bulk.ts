/**
 * Big edits (deleting a 10k branch) without immer drafts.
 *
 * Why: through immer every visited record becomes a proxy and every removed key a patch, about
 * 20 µs per topic. A TableWriter copies each touched bucket once and records one bucket-level
 * 'replace' patch (and its inverse), so a big edit costs a plain object copy per bucket, and undo
 * swaps the buckets back. The store's change set diffs the old and new bucket to name the ids.
 */
import type { Patch } from 'immer';
import type { MindMapState } from './doc';
import type { MindEdge } from './model';
import type { BulkPatch } from './store';
import { bucketOf, removeFromBucket, valueIn, type Bucket, type Table } from './table';

type TableKey = 'nodes' | 'edges' | 'kids' | 'adj';
export class TableWriter<T> {
  /** Per touched bucket: its copy and the ids written to it (one Map lookup per write). */
  private copies = new Map<number, { bucket: Bucket<T>; ids: string[] }>();
  private n: number;

  constructor(
    private readonly key: TableKey,
    private readonly table: Table<T>,
  ) {
    this.n = table.n;
  }

  private copyOf(bi: number): { bucket: Bucket<T>; ids: string[] } {
    let copy = this.copies.get(bi);
    if (!copy) {
      copy = { bucket: Object.assign(Object.create(null) as Bucket<T>, this.table.b[bi]), ids: [] };
      this.copies.set(bi, copy);
    }
    return copy;
  }

  get(id: string): T | undefined {
    const bi = bucketOf(id);
    return valueIn(this.table, this.copies.get(bi)?.bucket ?? this.table.b[bi], id);
  }

  set(id: string, value: T): void {
    const copy = this.copyOf(bucketOf(id));
    if (valueIn(this.table, copy.bucket, id) === undefined) this.n++;
    copy.ids.push(id);
    copy.bucket[id] = value;
  }

  delete(id: string): void {
    this.takeAt(bucketOf(id), id);
  }

  /** delete, given the id's bucket (tables keyed by topic share it: one hash for all three). */
  deleteAt(bi: number, id: string): void {
    this.takeAt(bi, id);
  }

  /** Removes `id` and hands back what it held (undefined, changing nothing, when absent). */
  take(id: string): T | undefined {
    return this.takeAt(bucketOf(id), id);
  }

  private takeAt(bi: number, id: string): T | undefined {
    const copy = this.copies.get(bi);
    const value = valueIn(this.table, copy?.bucket ?? this.table.b[bi], id);
    if (value === undefined) return undefined;
    const c = copy ?? this.copyOf(bi);
    c.ids.push(id);
    removeFromBucket(this.table, c.bucket, id);
    this.n--;
    return value;
  }

  /** The new table (the old one if nothing changed), appending patches for what changed. */
  finish(patches: Patch[], inverse: Patch[]): Table<T> {
    if (this.copies.size === 0) return this.table;
    const b = this.table.b.slice();
    for (const [bi, { bucket, ids }] of this.copies) {
      // The ids let the store name what changed without diffing the buckets.
      patches.push({ op: 'replace', path: [this.key, 'b', bi], value: bucket, ids } as BulkPatch);
      inverse.push({ op: 'replace', path: [this.key, 'b', bi], value: this.table.b[bi], ids } as BulkPatch);
      b[bi] = bucket;
    }
    if (this.n !== this.table.n) {
      patches.push({ op: 'replace', path: [this.key, 'n'], value: this.n });
      inverse.push({ op: 'replace', path: [this.key, 'n'], value: this.table.n });
    }
    return { n: this.n, b, base: this.table.base };
  }
}

export interface BulkEdit {
  nodes: TableWriter<MindMapState['nodes'] extends Table<infer T> ? T : never>;
  edges: TableWriter<MindMapState['edges'] extends Table<infer T> ? T : never>;
  kids: TableWriter<string[]>;
  adj: TableWriter<string[]>;
}

export function beginBulk(s: MindMapState): BulkEdit {
  return {
    nodes: new TableWriter('nodes', s.nodes),
    edges: new TableWriter('edges', s.edges),
    kids: new TableWriter('kids', s.kids),
    adj: new TableWriter('adj', s.adj),
  };
}

export function finishBulk(s: MindMapState, w: BulkEdit): { state: MindMapState; patches: Patch[]; inverse: Patch[] } {
  const patches: Patch[] = [];
  const inverse: Patch[] = [];
  const state: MindMapState = {
    ...s,
    nodes: w.nodes.finish(patches, inverse),
    edges: w.edges.finish(patches, inverse),
    kids: w.kids.finish(patches, inverse),
    adj: w.adj.finish(patches, inverse),
  };
  return { state, patches, inverse };
}

/**
 * Edge inserts and deletes on a bulk edit, with each topic's adjacency list written once at the end.
 * Why: appending edge by edge copies the list each time, and an undo that brings back 10,000
 * children of one topic would copy its list 10,000 times. The result is what inserting and deleting
 * one by one gives: a deleted id leaves its list, an inserted one goes to its end.
 */
export class EdgeBatch {
  private readonly lists = new Map<string, { gone: Set<string>; added: string[]; live: Set<string> }>();

  constructor(private readonly w: BulkEdit) {}

  private at(key: string) {
    let l = this.lists.get(key);
    if (!l) {
      l = { gone: new Set(), added: [], live: new Set() };
      this.lists.set(key, l);
    }
    return l;
  }

  get(id: string): MindEdge | undefined {
    return this.w.edges.get(id);
  }

  insert(edge: MindEdge): void {
    this.w.edges.set(edge.id, edge);
    for (const end of edge.source === edge.target ? [edge.source] : [edge.source, edge.target]) {
      const l = this.at(end);
      l.added.push(edge.id);
      l.live.add(edge.id);
    }
  }

  delete(id: string): void {
    const edge = this.w.edges.get(id);
    if (!edge) return;
    this.w.edges.delete(id);
    for (const end of [edge.source, edge.target]) {
      const l = this.at(end);
      l.live.delete(id);
      l.gone.add(id);
    }
  }

  /** Writes the adjacency lists. */
  finish(): void {
    for (const [key, l] of this.lists) {
      const cur = this.w.adj.get(key) ?? [];
      const next = cur.filter((id) => !l.gone.has(id) && !l.live.has(id));
      // An id inserted more than once goes where its last insert put it.
      const last = new Map<string, number>();
      l.added.forEach((id, i) => last.set(id, i));
      l.added.forEach((id, i) => {
        if (l.live.has(id) && last.get(id) === i) next.push(id);
      });
      if (next.length === cur.length && next.every((v, i) => v === cur[i])) continue;
      if (next.length) this.w.adj.set(key, Object.freeze(next) as string[]);
      else this.w.adj.delete(key);
    }
    this.lists.clear();
  }
}
