/**
 * The tidy layouts' engine: every topic of the tree gets a slot in typed arrays (sizes, block
 * extents, offset from the parent's centre), so a structural edit re-stacks only the edited topics
 * and their ancestors and then places every topic in one flat pass over the arrays.
 *
 * Why: with parents centred on their children one added topic moves nearly every other topic, so an
 * auto-layout always produces a whole map of new positions. Computing them from the arrays costs
 * about a millisecond at 100k topics; flattening the map out of the state tables again costs ~100.
 * The positions come out as a PositionSnapshot (per-version arrays), which laidOutTable.ts lays over
 * the topics table without writing 100k topic records.
 *
 * The block model (see tidy.ts) is the same for a full build and an update, and both run the same
 * arithmetic in the same order, so an update gives exactly the positions a full build would.
 */
import { childIds, getNode, rootNode, type MindMapState } from '../doc';
import type { Position } from '../model';
import type { ChangeSet } from '../store';
import { bucketOf, bucketUntouched, peekIn, tableGet, valueIn } from '../table';
import { LaidOutBase } from './laidOutTable';
import { balancedSplit, crossSize, DEFAULT_TOPIC_SIZE, LAYOUT_GAPS, mainSize, stack, type SizeOf, type TidyLayout } from './tidy';

/**
 * Where a layout put each topic: top-left positions by slot. `slotOf` and `ids` are shared with the
 * engine and only ever appended to; `count` bounds what this snapshot knows. Never changed once made.
 */
export class PositionSnapshot {
  constructor(
    private readonly slotOf: ReadonlyMap<string, number>,
    private readonly ids: readonly string[],
    readonly count: number,
    readonly x: Float64Array,
    readonly y: Float64Array,
  ) {}

  /** Whether these slots are the ones `slotOf` numbers. */
  numberedBy(slotOf: ReadonlyMap<string, number>): boolean {
    return this.slotOf === slotOf;
  }

  /** The topic's slot, or -1 when this layout did not place it. */
  slot(id: string): number {
    const s = this.slotOf.get(id);
    return s !== undefined && s < this.count && this.ids[s] === id && !Number.isNaN(this.x[s]) ? s : -1;
  }

  forEach(fn: (id: string, x: number, y: number) => void): void {
    for (let s = 0; s < this.count; s++) if (!Number.isNaN(this.x[s])) fn(this.ids[s], this.x[s], this.y[s]);
  }
}

export interface LayoutRun {
  positions: PositionSnapshot;
  /** Topics whose position differs from the state the run was given. */
  moved: string[];
}

/** Above this many noted ids an update is no cheaper than a rebuild. */
const MAX_PENDING = 20_000;
/** Changed topics sizeChanged measures one by one; past this many it answers yes. */
const MAX_SIZE_CHECKS = 256;

const NO_KIDS: readonly string[] = [];
const F64 = Float64Array;
type F64 = Float64Array;

function grown<A extends Float64Array | Int32Array | Int8Array | Uint8Array>(a: A, size: number): A {
  const b = new (a.constructor as new (n: number) => A)(size);
  b.set(a);
  return b;
}

export class LayoutEngine {
  private kind: TidyLayout;
  private valid = false;
  /** An undo or redo happened since the last run: the positions to compare with are the state's. */
  private restored = false;
  private pendingNodes = new Set<string>();
  private pendingStructure = new Set<string>();
  private pendingChildren = new Set<string>();

  private slotOf = new Map<string, number>();
  private ids: string[] = [];
  private count = 0;
  private alive = 0;
  private rootSlot = 0;
  private last: PositionSnapshot | null = null;

  // By slot.
  private parent = new Int32Array(0);
  private depth = new Int32Array(0);
  private live = new Uint8Array(0);
  private expanded = new Uint8Array(0);
  private dir = new Int8Array(0);
  private width: F64 = new F64(0);
  private height: F64 = new F64(0);
  private cross: F64 = new F64(0);
  private main: F64 = new F64(0);
  private before: F64 = new F64(0);
  private after: F64 = new F64(0);
  private offset: F64 = new F64(0);
  private centre: F64 = new F64(0);
  private edge: F64 = new F64(0);
  private kidSlots = new Int32Array(16);
  private readonly extent = new F64(2);

  constructor(
    kind: TidyLayout,
    private readonly sizeOf: SizeOf = () => DEFAULT_TOPIC_SIZE,
  ) {
    this.kind = kind;
  }

  /** Forget the map: the next run lays it out from scratch. */
  invalidate(): void {
    this.valid = false;
    this.restored = false;
    this.pendingNodes.clear();
    this.pendingStructure.clear();
    this.pendingChildren.clear();
  }

  /**
   * Follows a change made after the last run (not by it). Edits to topics are remembered for the
   * next run; positions moved by anything else (Tidy Up, an import) make the engine start over.
   */
  note(c: ChangeSet): void {
    if (!this.valid) return;
    if (c.reset || (!c.undoRedo && c.moved.length > 0)) return this.invalidate();
    // Undo and redo put back a table this engine laid out earlier; run() resumes from its snapshot.
    if (c.undoRedo) this.restored = true;
    for (const id of c.nodes) this.pendingNodes.add(id);
    for (const id of c.structure) this.pendingStructure.add(id);
    for (const id of c.children) this.pendingChildren.add(id);
    if (this.pendingNodes.size + this.pendingStructure.size + this.pendingChildren.size > MAX_PENDING) this.invalidate();
  }

  /**
   * Whether a topic of `ids` (changed since the last run: a new title, say) would now be measured at
   * another size than the last run laid it out with. Past a few hundred ids, with no run to compare
   * with, or after an undo or redo since that run, it answers yes (the run then finds out).
   */
  sizeChanged(ids: ReadonlySet<string>): boolean {
    if (ids.size === 0) return false;
    // After an undo or redo the sizes the last run measured may not be the map's (see resumeFrom).
    if (!this.valid || this.restored || ids.size > MAX_SIZE_CHECKS) return true;
    for (const id of ids) {
      const slot = this.liveSlot(id);
      if (slot < 0) continue;
      const size = this.sizeOf(id);
      if (size.width !== this.width[slot] || size.height !== this.height[slot]) return true;
    }
    return false;
  }

  /** Whether the map is as the last run of `kind` left it, as far as this engine has been told (nothing noted since). */
  current(kind: TidyLayout): boolean {
    return this.valid && !this.restored && kind === this.kind && this.pendingNodes.size + this.pendingStructure.size + this.pendingChildren.size === 0;
  }

  /** A full layout of `s`, without comparing it with the map (see layoutTree). */
  layOutAll(s: MindMapState): PositionSnapshot {
    this.build(s);
    return this.place(s);
  }

  /**
   * Lays out `s`: an update of the last run when every change since was noted, else a full build.
   * Afterwards the engine assumes `s` with the returned positions is the map (see note()).
   */
  run(s: MindMapState, kind: TidyLayout = this.kind): LayoutRun {
    const previous = this.restored ? this.resumeFrom(s) : this.last;
    const incremental = this.valid && kind === this.kind && previous !== null && this.update(s);
    if (!incremental) {
      this.kind = kind;
      this.build(s);
    }
    const positions = this.place(s);
    const moved: string[] = [];
    if (incremental) {
      this.movedSince(previous!, positions, moved);
      this.addEdited(s, previous!, positions, moved);
    } else {
      this.addUnlike(s, positions, moved);
    }
    this.last = positions;
    this.valid = true;
    this.restored = false;
    this.pendingNodes.clear();
    this.pendingStructure.clear();
    this.pendingChildren.clear();
    return { positions, moved };
  }

  /**
   * After an undo or redo: the snapshot under the restored topics table, if this engine made it (its
   * slots are this engine's); topics edited on top of it are checked like any edited topic.
   */
  private resumeFrom(s: MindMapState): PositionSnapshot | null {
    const base = s.nodes.base;
    if (!(base instanceof LaidOutBase) || !base.positions.numberedBy(this.slotOf)) return null;
    const b = s.nodes.b;
    for (let bi = 0; bi < b.length; bi++) {
      if (bucketUntouched(b[bi])) continue;
      for (const id in b[bi]) this.pendingNodes.add(id);
    }
    return base.positions;
  }

  // ───────────────────────────── slots ─────────────────────────────

  private ensureCapacity(size: number): void {
    if (size <= this.parent.length) return;
    const cap = Math.max(size, this.parent.length * 2, 64);
    this.parent = grown(this.parent, cap);
    this.depth = grown(this.depth, cap);
    this.live = grown(this.live, cap);
    this.expanded = grown(this.expanded, cap);
    this.dir = grown(this.dir, cap);
    this.width = grown(this.width, cap);
    this.height = grown(this.height, cap);
    this.cross = grown(this.cross, cap);
    this.main = grown(this.main, cap);
    this.before = grown(this.before, cap);
    this.after = grown(this.after, cap);
    this.offset = grown(this.offset, cap);
    this.centre = grown(this.centre, cap);
    this.edge = grown(this.edge, cap);
  }

  private measure(slot: number, id: string, label?: string): boolean {
    const size = this.sizeOf(id, label);
    if (size.width === this.width[slot] && size.height === this.height[slot]) return false;
    this.width[slot] = size.width;
    this.height[slot] = size.height;
    this.cross[slot] = crossSize(size, this.kind);
    this.main[slot] = mainSize(size, this.kind);
    return true;
  }

  /** Appends a slot for `id` under `parentSlot` (-1 for the root), measured unless `measure` is false. */
  private allocate(id: string, parentSlot: number, expanded: boolean, measure = true): number {
    const slot = this.count++;
    this.ensureCapacity(this.count);
    this.slotOf.set(id, slot);
    this.ids[slot] = id;
    this.parent[slot] = parentSlot;
    this.depth[slot] = parentSlot < 0 ? 0 : this.depth[parentSlot] + 1;
    this.live[slot] = 1;
    this.expanded[slot] = expanded ? 1 : 0;
    this.dir[slot] = 1;
    this.width[slot] = NaN;
    if (measure) this.measure(slot, id);
    this.alive++;
    return slot;
  }

  /** The live slot of `id`, or -1. */
  private liveSlot(id: string): number {
    const s = this.slotOf.get(id);
    return s !== undefined && this.ids[s] === id && this.live[s] === 1 ? s : -1;
  }

  // ───────────────────────────── full build ─────────────────────────────

  /** Slots in breadth-first order, children of a topic contiguous; blocks children first. */
  private build(s: MindMapState): void {
    this.slotOf = new Map();
    this.ids = [];
    this.count = 0;
    this.alive = 0;
    // Room for the adds that follow: the first add past a tight fit copied all fourteen arrays
    // (about 20 ms at 100k topics, inside that add's frame).
    this.ensureCapacity(s.nodes.n + (s.nodes.n >> 3) + 64);
    const root = rootNode(s);
    const first = new Int32Array(s.nodes.n);
    const kidCount = new Int32Array(s.nodes.n);
    this.rootSlot = this.allocate(root.id, -1, root.data.expanded, false);
    for (let i = 0; i < this.count; i++) {
      const id = this.ids[i];
      // The topics and their children are keyed alike: one hash of the id finds both, and the topic
      // is read without a laid-out copy (its place is not needed).
      const bi = bucketOf(id);
      const node = peekIn(s.nodes, s.nodes.b[bi], id);
      this.measure(i, id, node?.data.label);
      const kids = valueIn(s.kids, s.kids.b[bi], id) ?? NO_KIDS;
      first[i] = this.count;
      kidCount[i] = kids.length;
      // Only a topic with children needs its expanded flag (a leaf's block is its own size).
      if (kids.length > 0) this.expanded[i] = node?.data.expanded ? 1 : 0;
      for (const kid of kids) this.allocate(kid, i, true, false);
    }
    // Children of a slot are contiguous slots: an identity list lets a range be passed as a slot list.
    const order = new Int32Array(this.count);
    for (let i = 0; i < order.length; i++) order[i] = i;
    for (let i = this.count - 1; i >= 0; i--) this.blockOf(i, order, first[i], kidCount[i]);
    this.splitRoot(s);
  }

  // ───────────────────────────── update ─────────────────────────────

  /** Applies the noted changes; false when only a full build can follow them (reparent, re-added id…). */
  private update(s: MindMapState): boolean {
    if (tableGet(s.nodes, s.rootId) === undefined || this.liveSlot(s.rootId) !== this.rootSlot) return false;
    if (this.count - this.alive > 1024 && this.count > 2 * this.alive) return false; // compact
    const dirty = new Set<number>();
    for (const id of this.pendingStructure) {
      const n = getNode(s, id);
      const slot = this.liveSlot(id);
      if (!n) {
        if (slot >= 0) {
          this.kill(slot);
          dirty.add(this.parent[slot]);
        }
        continue;
      }
      if (slot < 0) {
        if (!this.adopt(s, id, dirty)) return false;
        continue;
      }
      const parentSlot = n.parentId === null ? -1 : this.liveSlot(n.parentId);
      if (parentSlot !== this.parent[slot]) return false; // reparented
      const open = n.data.expanded ? 1 : 0;
      if (open !== this.expanded[slot]) {
        this.expanded[slot] = open;
        dirty.add(slot);
      }
    }
    for (const id of this.pendingChildren) {
      const slot = this.liveSlot(id);
      if (slot >= 0) dirty.add(slot);
    }
    for (const id of this.pendingNodes) {
      const slot = this.liveSlot(id);
      if (slot >= 0 && this.measure(slot, id)) dirty.add(slot);
    }
    if (!this.restack(s, dirty)) return false;
    return this.alive === s.nodes.n || this.countReachable(s) === this.alive;
  }

  /** Marks a removed topic's slot dead (its descendants die in the placing pass). */
  private kill(slot: number): void {
    this.live[slot] = 0;
    this.alive--;
  }

  /**
   * Gives a new topic (and any new ancestors) slots. A topic coming back (undo of a delete, redo of
   * an add) gets its old slot again, so snapshots made before still find it there; under another
   * parent it cannot (slots are numbered parents first), and a rebuild follows.
   */
  private adopt(s: MindMapState, id: string, dirty: Set<number>): boolean {
    const chain: string[] = [];
    let cur: string | null = id;
    while (cur !== null && this.liveSlot(cur) < 0) {
      const n = getNode(s, cur);
      if (!n || n.parentId === null) return false;
      chain.push(cur);
      cur = n.parentId;
    }
    if (cur === null) return false;
    for (let k = chain.length - 1; k >= 0; k--) {
      const topic = chain[k];
      const parentSlot = this.liveSlot(k === chain.length - 1 ? cur : chain[k + 1]);
      const expanded = getNode(s, topic)!.data.expanded;
      const old = this.slotOf.get(topic);
      let slot: number;
      if (old === undefined) slot = this.allocate(topic, parentSlot, expanded);
      else if (this.parent[old] !== parentSlot) return false;
      else slot = this.revive(old, topic, expanded);
      dirty.add(slot);
      dirty.add(parentSlot);
    }
    return true;
  }

  private revive(slot: number, id: string, expanded: boolean): number {
    this.live[slot] = 1;
    this.alive++;
    this.expanded[slot] = expanded ? 1 : 0;
    this.measure(slot, id);
    return slot;
  }

  /** Re-stacks the dirty slots and all their ancestors, deepest first. */
  private restack(s: MindMapState, dirty: Set<number>): boolean {
    const todo = new Set<number>();
    for (let slot of dirty) {
      while (slot >= 0 && !todo.has(slot)) {
        todo.add(slot);
        slot = this.parent[slot];
      }
    }
    const list = [...todo].filter((slot) => this.live[slot] === 1);
    list.sort((a, b) => this.depth[b] - this.depth[a]);
    for (const slot of list) {
      const id = this.ids[slot];
      this.expanded[slot] = getNode(s, id)!.data.expanded ? 1 : 0; // a build reads it for parents only
      const kids = childIds(s, id);
      if (kids.length > this.kidSlots.length) this.kidSlots = new Int32Array(kids.length * 2);
      let k = 0;
      for (const kid of kids) {
        const ks = this.liveSlot(kid);
        if (ks < 0 || this.parent[ks] !== slot) return false;
        this.kidSlots[k++] = ks;
      }
      this.blockOf(slot, this.kidSlots, 0, k);
    }
    this.splitRoot(s);
    return true;
  }

  private countReachable(s: MindMapState): number {
    let n = 0;
    const stackIds = [s.rootId];
    while (stackIds.length) {
      const id = stackIds.pop()!;
      n++;
      for (const kid of childIds(s, id)) stackIds.push(kid);
    }
    return n;
  }

  // ───────────────────────────── blocks and placing ─────────────────────────────

  /** A topic's block: its children stacked (offsets written even when collapsed), room only if expanded. */
  private blockOf(slot: number, kids: ArrayLike<number>, from: number, n: number): void {
    const own = this.cross[slot] / 2;
    let b = own;
    let a = own;
    if (n > 0) {
      stack(kids, from, from + n, this.before, this.after, this.offset, this.extent);
      if (this.expanded[slot]) {
        b = Math.max(own, this.extent[0]);
        a = Math.max(own, this.extent[1]);
      }
    }
    this.before[slot] = b;
    this.after[slot] = a;
  }

  /** Balanced: the root's children re-stacked per side (left side bottom-to-top, continuing clockwise). */
  private splitRoot(s: MindMapState): void {
    if (this.kind !== 'balanced') return;
    const r = this.rootSlot;
    const kids = childIds(s, this.ids[r]);
    const slots: number[] = [];
    for (const kid of kids) {
      const ks = this.liveSlot(kid);
      if (ks >= 0) slots.push(ks);
    }
    if (!slots.length) return;
    const heights = slots.map((c) => this.before[c] + this.after[c] + LAYOUT_GAPS.sibling);
    const split = balancedSplit(slots.map((c) => this.ids[c]), heights);
    const right = slots.slice(0, split);
    const left = slots.slice(split).reverse();
    stack(right, 0, right.length, this.before, this.after, this.offset, this.extent);
    if (left.length) stack(left, 0, left.length, this.before, this.after, this.offset, this.extent);
    for (const c of right) this.dir[c] = 1;
    for (const c of left) this.dir[c] = -1;
  }

  /** Parents first: centre across the layout direction, near edge along it. The root stays put. */
  private place(s: MindMapState): PositionSnapshot {
    const n = this.count;
    const x = new F64(n);
    const y = new F64(n);
    const { parent, live, dir, offset, centre, edge, main, width, height } = this;
    const down = this.kind === 'down';
    const r = this.rootSlot;
    const rootPos = rootNode(s).position;
    centre[r] = down ? rootPos.x + width[r] / 2 : rootPos.y + height[r] / 2;
    edge[r] = down ? rootPos.y : rootPos.x;
    const gap = LAYOUT_GAPS.level;
    // Slot order is parents-first: a build numbers breadth-first and an update appends new topics.
    for (let i = 0; i < n; i++) {
      const p = parent[i];
      if (p < 0) {
        x[i] = i === r ? rootPos.x : NaN;
        y[i] = i === r ? rootPos.y : NaN;
        continue;
      }
      if (live[i] === 0 || x[p] !== x[p]) {
        x[i] = NaN;
        y[i] = NaN;
        continue;
      }
      if (p !== r) dir[i] = dir[p];
      const d = dir[i];
      centre[i] = centre[p] + offset[i];
      // Children start a gap beyond the parent's far edge, on their side.
      const parentFar = p === r && d === -1 ? edge[r] : edge[p] + d * main[p];
      edge[i] = parentFar + d * gap;
      if (down) {
        x[i] = centre[i] - width[i] / 2;
        y[i] = edge[i];
      } else {
        x[i] = d === 1 ? edge[i] : edge[i] - width[i];
        y[i] = centre[i] - height[i] / 2;
      }
    }
    return new PositionSnapshot(this.slotOf, this.ids, n, x, y);
  }

  // ───────────────────────────── what moved ─────────────────────────────

  /** Topics placed differently from `prev`, or new since. */
  private movedSince(prev: PositionSnapshot, next: PositionSnapshot, moved: string[]): void {
    const { x, y } = next;
    const px = prev.x;
    const py = prev.y;
    const known = prev.count;
    const ids = this.ids;
    for (let i = 0; i < next.count; i++) {
      const xi = x[i];
      if (xi !== xi) continue; // not placed
      if (i >= known || xi !== px[i] || y[i] !== py[i]) moved.push(ids[i]);
    }
  }

  /** A topic edited since the last run (a drag, say) may stand somewhere else than the last layout put it. */
  private addEdited(s: MindMapState, prev: PositionSnapshot, next: PositionSnapshot, moved: string[]): void {
    for (const id of this.pendingNodes) {
      const slot = next.slot(id);
      if (slot < 0 || slot >= prev.count || next.x[slot] !== prev.x[slot] || next.y[slot] !== prev.y[slot]) continue; // listed
      const p = getNode(s, id)?.position;
      if (p && (p.x !== next.x[slot] || p.y !== next.y[slot])) moved.push(id);
    }
  }

  /** After a full build: compared with the positions the map holds. */
  private addUnlike(s: MindMapState, next: PositionSnapshot, moved: string[]): void {
    next.forEach((id, x, y) => {
      const p = getNode(s, id)?.position;
      if (!p || p.x !== x || p.y !== y) moved.push(id);
    });
  }
}

export interface LayoutResult {
  positions: Map<string, Position>;
}

/**
 * Lays out the whole map. The root stays where it is; every other topic gets a new top-left
 * position. `sizeOf` gives each topic's drawn size (the editor measures labels).
 */
export function layoutTree(s: MindMapState, kind: TidyLayout, sizeOf: SizeOf = () => DEFAULT_TOPIC_SIZE): LayoutResult {
  const positions = new Map<string, Position>();
  new LayoutEngine(kind, sizeOf).layOutAll(s).forEach((id, x, y) => positions.set(id, { x, y }));
  return { positions };
}
