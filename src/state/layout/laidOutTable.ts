/**
 * A topics table whose positions come from a layout: the topics as they were, each placed where a
 * PositionSnapshot says. Why: an auto-layout moves nearly every topic, and writing 100k topic
 * records (and their undo records) cost ~400 ms; laying a snapshot over the table costs nothing
 * until a topic is read, and a topic read is copied with its new position once.
 */
import type { MindNode } from '../model';
import {
  BUCKETS,
  bucketUntouched,
  removeFromBucket,
  tableForEach,
  tableGet,
  tableHas,
  tableOnBase,
  TableBase,
  type Bucket,
  type Table,
} from '../table';
import type { PositionSnapshot } from './engine';

export class LaidOutBase extends TableBase<MindNode> {
  /** Topics handed out by get(), so a topic read twice is the same object (React and diffs rely on it). */
  private memo = new Map<string, MindNode>();

  constructor(
    /** The topics; never itself over a LaidOutBase (see laidOutTable). */
    readonly data: Table<MindNode>,
    readonly positions: PositionSnapshot,
  ) {
    super();
  }

  get(id: string): MindNode | undefined {
    const kept = this.memo.get(id);
    if (kept) return kept;
    const v = tableGet(this.data, id);
    return v === undefined ? undefined : this.placed(v, id, true);
  }

  has(id: string): boolean {
    return tableHas(this.data, id);
  }

  /** The topic as the table under the layout holds it: its position is not the layout's. */
  peek(id: string): MindNode | undefined {
    return this.memo.get(id) ?? tableGet(this.data, id);
  }

  forEach(fn: (value: MindNode, id: string) => void): void {
    // Whole-map reads (save, export) copy without keeping: the memo is for single reads.
    tableForEach(this.data, (v, id) => fn(this.memo.get(id) ?? this.placed(v, id, false), id));
  }

  count(): number {
    return this.data.n;
  }

  /** Drops the kept copies: this version is history now, and must not pin a copy of every topic. */
  forget(): void {
    this.memo = new Map();
  }

  private placed(v: MindNode, id: string, keep: boolean): MindNode {
    const p = this.positions;
    const slot = p.slot(id);
    if (slot < 0) return v;
    const x = p.x[slot];
    const y = p.y[slot];
    if (v.position?.x === x && v.position?.y === y) return v;
    const moved: MindNode = { ...v, position: { x, y } };
    if (keep) this.memo.set(id, moved);
    return moved;
  }
}

/** `under` with the overlay of `over` (a table over a LaidOutBase of `under`) written into it. */
function mergeOverlay(under: Table<MindNode>, over: Table<MindNode>): Table<MindNode> {
  let b: Bucket<MindNode>[] | null = null;
  for (let bi = 0; bi < BUCKETS; bi++) {
    const top = over.b[bi];
    if (bucketUntouched(top)) continue;
    for (const id in top) {
      b ??= under.b.slice();
      if (b[bi] === under.b[bi]) b[bi] = Object.assign(Object.create(null) as Bucket<MindNode>, under.b[bi]);
      const v = top[id];
      if (v !== null) b[bi][id] = v;
      else removeFromBucket(under, b[bi], id);
    }
  }
  return { n: over.n, b: b ?? under.b, base: under.base };
}

/**
 * `t` with every topic the snapshot placed at its new position. Laying out a table that is itself
 * laid out replaces the old snapshot instead of stacking a new one on it, so reads stay one level deep.
 */
export function laidOutTable(t: Table<MindNode>, positions: PositionSnapshot): Table<MindNode> {
  let data = t;
  if (t.base instanceof LaidOutBase) {
    data = mergeOverlay(t.base.data, t);
    t.base.forget();
  }
  return tableOnBase(new LaidOutBase(data, positions), t.n);
}

/**
 * Every topic of `t` with its place, for whole-map reads that need the place and fields other than
 * it (the scene's boxes): a topic a layout moved comes as stored under the layout, with the layout's
 * place beside it, instead of as a copy made to carry that place (100,000 copies after a layout of
 * a 100k map, a third of the scene's rebuild of its boxes).
 */
export function forEachPlaced(t: Table<MindNode>, fn: (node: MindNode, id: string, x: number | undefined, y: number | undefined) => void): void {
  const base = t.base;
  if (!(base instanceof LaidOutBase)) {
    tableForEach(t, (n, id) => fn(n, id, n.position?.x, n.position?.y));
    return;
  }
  let over: Set<string> | null = null;
  for (const bucket of t.b) {
    if (bucketUntouched(bucket)) continue;
    for (const id in bucket) (over ??= new Set()).add(id);
  }
  const p = base.positions;
  tableForEach(base.data, (v, id) => {
    if (over !== null && over.has(id)) return;
    const slot = p.slot(id);
    if (slot < 0) fn(v, id, v.position?.x, v.position?.y);
    else fn(v, id, p.x[slot], p.y[slot]);
  });
  for (const bucket of t.b) {
    if (bucketUntouched(bucket)) continue;
    for (const id in bucket) {
      const v = bucket[id];
      if (v !== null) fn(v, id, v.position?.x, v.position?.y);
    }
  }
}
