/**
 * "What is in this rectangle" and "what is under the pointer" for every topic of the map.
 *
 * Why flatbush plus an overlay: flatbush is a packed, static Hilbert R-tree — the fastest to build
 * and query (100k boxes build in ~20 ms, a viewport query is O(log n + k)) but it cannot change.
 * Edits touch a handful of topics, so changed topics go to a small dynamic overlay (linear scan) and
 * their stale static entries are skipped. The static tree is rebuilt lazily: when the overlay grows
 * past OVERLAY_LIMIT, or when the canvas goes idle on small maps (see sceneIndex.ts). A drag costs nothing
 * here but one Map.set per frame.
 *
 * On big maps the rebuild can run elsewhere (buildLater, a worker in the browser): the current tree
 * and overlay answer until the new tree is in, and what changed meanwhile stays in the overlay. A
 * whole new map (buildElsewhere) is answered by scanning its boxes until its first tree is in.
 */
import Flatbush from 'flatbush';
import type { Rect } from '../geometry';

export const OVERLAY_LIMIT = 512;
/**
 * From this many overlay entries, queries may read a tree packed over the overlay (once per change)
 * instead of scanning it. Why: after a layout moves a big map, the whole map sits in the overlay
 * until the static tree is rebuilt elsewhere, and far-out tiles ask dozens of queries per frame.
 */
const OVERLAY_TREE_MIN = 4096;
/**
 * The overlay's tree is packed once the scans since the last change have read this many times its
 * entries. Why not at the first query: packing costs about as much as 15–20 scans (in Node, 10k
 * entries 1.4 ms against 0.1 ms; in the page, where packing runs seldom, up to 17 ms), and a frame
 * after a 10k-topic undo asks far fewer; waiting for that much scanning first costs at most twice the
 * cheaper of the two.
 */
const OVERLAY_SCANS_BEFORE_PACK = 16;

/** Builds a packed tree over boxes (minX, minY, maxX, maxY per entry) and resolves with its data. */
export type TreeBuilder = (boxes: Float64Array) => Promise<ArrayBuffer>;

/** The tree a builder makes: also what the worker runs. */
export function packTree(boxes: Float64Array): Flatbush {
  const n = boxes.length / 4;
  const tree = new Flatbush(n);
  for (let i = 0; i < n; i++) tree.add(boxes[i * 4], boxes[i * 4 + 1], boxes[i * 4 + 2], boxes[i * 4 + 3]);
  tree.finish();
  return tree;
}

export class SpatialIndex {
  private tree: Flatbush | null = null;
  /**
   * The boxes of `ids` while no tree over them is in yet (buildElsewhere): queries scan them. Why: a
   * scan of 100k boxes costs a few milliseconds, and packing the first trees of a 100k map held the
   * first frame of every import, reload and join for about 100 ms.
   */
  private flat: Float64Array | null = null;
  /** The box around every box of `flat`. Why: tiles around the map ask for empty places, and a scan finds nothing there slowly. */
  private flatBounds: Rect | null = null;
  private ids: string[] = [];
  /**
   * The ids of the static entries, made when first asked (or by warm()). Why not at install: a set of
   * 100k ids held the first frame of every big new map, which asks nothing of it.
   */
  private staticSet: Set<string> | null = null;
  private stale = new Set<string>();
  private overlay = new Map<string, Rect>();
  /** A packed tree over a big overlay, its ids and boxes by entry; null until asked after a change. */
  private overlayTree: { tree: Flatbush; ids: string[]; boxes: Rect[] } | null = null;
  /** Overlay entries read by scans since the overlay last changed (see OVERLAY_SCANS_BEFORE_PACK). */
  private scanned = 0;
  private scratch: number[] = [];
  /** Static tree: entry index → its slot in the tree's box order (see treeBox). */
  private slot: Uint32Array | null = null;
  /** Bumped by every build: a build finishing after a newer one started is dropped. */
  private version = 0;
  /** While a build runs elsewhere: the ids changed since its boxes were taken. */
  private since: Set<string> | null = null;

  /** Replaces everything with the given boxes (import, reset, lazy rebuild). */
  build(ids: string[], boxes: Float64Array): void {
    this.version++;
    this.since = null;
    this.install(ids, ids.length === 0 ? null : packTree(boxes));
    this.stale.clear();
    this.overlay.clear();
    this.dropOverlayTree();
  }

  /**
   * Replaces everything with the given boxes, answered at once by scanning them, and packs their tree
   * with `builder` (as buildLater: what changes meanwhile stays in the overlay). Resolves as
   * buildLater does; a builder that fails leaves the scan answering.
   */
  buildElsewhere(ids: string[], boxes: Float64Array, builder: TreeBuilder): Promise<boolean> {
    this.version++;
    this.since = null;
    this.install(ids, null, boxes);
    this.stale.clear();
    this.overlay.clear();
    this.dropOverlayTree();
    // A copy goes: the builder takes its boxes away (a worker's transfer), and the scan reads these.
    return this.buildLater(ids, boxes.slice(), builder);
  }

  /**
   * Rebuilds the static tree from `boxes` (every entry as it is now) with `builder`. Until it is in,
   * queries use the current tree and overlay; entries changed meanwhile stay in the overlay after.
   * Resolves true once the new tree answers, false when a newer build replaced it. A builder that
   * fails leaves things as they were (the overlay keeps answering; the next rebuild runs here).
   */
  async buildLater(ids: string[], boxes: Float64Array, builder: TreeBuilder): Promise<boolean> {
    const version = ++this.version;
    const since = new Set<string>();
    this.since = since;
    let data: ArrayBuffer;
    try {
      data = await builder(boxes);
    } catch (err) {
      if (version === this.version) this.since = null;
      throw err;
    }
    if (version !== this.version) return false;
    this.since = null;
    this.install(ids, ids.length === 0 ? null : Flatbush.from(data));
    // The new tree's set of ids is made here, in the task its tree came in, not by the first change
    // after it: at 100k topics that is 10–15 ms per tree, which held the next edit's frame (the redo
    // of a deleted 10k branch, after the delete's rebuild, spent 26 ms of its frame on the two sets).
    this.warm();
    const overlay = new Map<string, Rect>();
    const stale = new Set<string>();
    for (const id of since) {
      const r = this.overlay.get(id);
      if (r) overlay.set(id, r);
      if (this.isStatic(id)) stale.add(id);
    }
    this.overlay = overlay;
    this.dropOverlayTree();
    this.stale = stale;
    return true;
  }

  /** Whether a buildLater is running. */
  get building(): boolean {
    return this.since !== null;
  }

  private install(ids: string[], tree: Flatbush | null, flat: Float64Array | null = null): void {
    this.slot = null;
    // The tree of a map first answered by scan holds the same entries: their set is kept.
    if (ids !== this.ids) this.staticSet = null;
    this.ids = ids;
    this.tree = tree;
    this.flat = flat;
    this.flatBounds = flat ? boundsOf(flat) : null;
  }

  set(id: string, r: Rect): void {
    this.overlay.set(id, r);
    this.dropOverlayTree();
    if (this.isStatic(id)) this.stale.add(id);
    this.since?.add(id);
  }

  remove(id: string): void {
    this.overlay.delete(id);
    this.dropOverlayTree();
    if (this.isStatic(id)) this.stale.add(id);
    this.since?.add(id);
  }

  /** Makes the set of static ids now (a task after the frame that installed them), not at the first change. */
  warm(): void {
    this.statics();
  }

  /** Whether the set of static ids is made (warm() or a change since the tree came in). */
  get staticsKnown(): boolean {
    return this.staticSet !== null;
  }

  private statics(): Set<string> {
    return (this.staticSet ??= new Set(this.ids));
  }

  private isStatic(id: string): boolean {
    return this.statics().has(id);
  }

  get overlaySize(): number {
    return this.overlay.size + this.stale.size;
  }

  get needsRebuild(): boolean {
    return this.overlaySize > OVERLAY_LIMIT;
  }

  get dirty(): boolean {
    return this.overlaySize > 0;
  }

  get size(): number {
    return this.statics().size - this.stale.size + this.overlay.size;
  }

  /** Ids whose box intersects `r`, in no particular order, appended to `out`. */
  search(r: Rect, out: string[] = [], filter?: (id: string) => boolean): string[] {
    if (this.tree) {
      const found = this.tree.search(r.minX, r.minY, r.maxX, r.maxY);
      for (let i = 0; i < found.length; i++) {
        const id = this.ids[found[i]];
        if (this.stale.has(id)) continue;
        if (filter && !filter(id)) continue;
        out.push(id);
      }
    } else if (this.flat) this.scan(r, filter, (i) => out.push(this.ids[i]));
    const packed = this.packedOverlay();
    if (packed) {
      for (const i of packed.tree.search(r.minX, r.minY, r.maxX, r.maxY)) {
        const id = packed.ids[i];
        if (!filter || filter(id)) out.push(id);
      }
      return out;
    }
    for (const [id, b] of this.overlay) {
      if (b.minX <= r.maxX && b.maxX >= r.minX && b.minY <= r.maxY && b.maxY >= r.minY && (!filter || filter(id))) {
        out.push(id);
      }
    }
    return out;
  }

  /** Calls `visit` with the entry index and box offset of each unpacked box (see `flat`) meeting `r`. */
  private scan(r: Rect, filter: ((id: string) => boolean) | undefined, visit: (i: number, k: number) => void): void {
    const f = this.flat!;
    const b = this.flatBounds!;
    if (b.minX > r.maxX || b.maxX < r.minX || b.minY > r.maxY || b.maxY < r.minY) return;
    const ids = this.ids;
    const stale = this.stale.size > 0 ? this.stale : null;
    for (let i = 0, k = 0; i < ids.length; i++, k += 4) {
      if (f[k] > r.maxX || f[k + 2] < r.minX || f[k + 1] > r.maxY || f[k + 3] < r.minY) continue;
      const id = ids[i];
      if (stale?.has(id) || (filter && !filter(id))) continue;
      visit(i, k);
    }
  }

  /** nearest() over the unpacked boxes: the `limit` nearest, nearest first, without sorting them all. */
  private scanNearest(x: number, y: number, limit: number, r: Rect, filter?: (id: string) => boolean): Array<{ id: string; d: number }> {
    const f = this.flat!;
    const at: number[] = [];
    const ds: number[] = [];
    this.scan(r, filter, (i, k) => {
      at.push(i);
      ds.push(Math.hypot(Math.max(f[k] - x, 0, x - f[k + 2]), Math.max(f[k + 1] - y, 0, y - f[k + 3])));
    });
    // The limit-th smallest distance: a numeric sort of the distances alone, not of objects.
    const cut = ds.length > limit ? Float64Array.from(ds).sort()[limit - 1] : Infinity;
    const picked: Array<{ id: string; d: number }> = [];
    for (let j = 0; j < at.length && picked.length < limit; j++) if (ds[j] <= cut) picked.push({ id: this.ids[at[j]], d: ds[j] });
    return picked.sort((a, b) => a.d - b.d);
  }

  /** Whether queries read a tree packed over the overlay now (see packedOverlay). */
  get overlayPacked(): boolean {
    return this.overlayTree !== null;
  }

  private dropOverlayTree(): void {
    this.overlayTree = null;
    this.scanned = 0;
  }

  /**
   * The overlay's packed tree when the overlay is big and scanning it since its last change has cost
   * about as much as packing (built here then); null when the caller is to scan it.
   */
  private packedOverlay(): { tree: Flatbush; ids: string[]; boxes: Rect[] } | null {
    if (this.overlay.size < OVERLAY_TREE_MIN) return null;
    if (this.overlayTree) return this.overlayTree;
    if (this.scanned < OVERLAY_SCANS_BEFORE_PACK * this.overlay.size) {
      this.scanned += this.overlay.size;
      return null;
    }
    const ids: string[] = [];
    const boxes: Rect[] = [];
    const flat = new Float64Array(this.overlay.size * 4);
    for (const [id, b] of this.overlay) {
      const k = ids.length * 4;
      flat[k] = b.minX;
      flat[k + 1] = b.minY;
      flat[k + 2] = b.maxX;
      flat[k + 3] = b.maxY;
      ids.push(id);
      boxes.push(b);
    }
    return (this.overlayTree = { tree: packTree(flat), ids, boxes });
  }

  /**
   * Up to `limit` ids whose box intersects `r`, nearest to (x, y) first. Why: far out the viewport
   * holds the whole map, and "a few topics around here" must not cost all of them.
   */
  nearest(x: number, y: number, limit: number, r: Rect, filter?: (id: string) => boolean): string[] {
    if (limit <= 0) return [];
    const inside = (b: Rect) => b.minX <= r.maxX && b.maxX >= r.minX && b.minY <= r.maxY && b.maxY >= r.minY;
    const dist = (b: Rect) => Math.hypot(Math.max(b.minX - x, 0, x - b.maxX), Math.max(b.minY - y, 0, y - b.maxY));
    const picked: Array<{ id: string; d: number }> = [];
    // No box meeting r lies farther than r's farthest corner. Why bound the search: with fewer than
    // `limit` entries in r (a screen of a few topics), an unbounded search visited every entry of the map.
    const reach = Math.hypot(Math.max(Math.abs(x - r.minX), Math.abs(x - r.maxX)), Math.max(Math.abs(y - r.minY), Math.abs(y - r.maxY)));
    const maxDistance = Number.isFinite(reach) ? reach * (1 + 1e-9) + 1e-6 : Infinity;
    const tree = this.tree;
    if (tree) {
      const box = this.treeBox();
      const found = tree.neighbors(x, y, limit, maxDistance, (i) => {
        const id = this.ids[i];
        return inside(box(i)) && !this.stale.has(id) && (!filter || filter(id));
      });
      for (const i of found) picked.push({ id: this.ids[i], d: dist(box(i)) });
    } else if (this.flat) for (const p of this.scanNearest(x, y, limit, r, filter)) picked.push(p);
    const packed = this.packedOverlay();
    if (packed) {
      for (const i of packed.tree.neighbors(x, y, limit, maxDistance, (i) => inside(packed.boxes[i]) && (!filter || filter(packed.ids[i])))) {
        picked.push({ id: packed.ids[i], d: dist(packed.boxes[i]) });
      }
    } else for (const [id, b] of this.overlay) if (inside(b) && (!filter || filter(id))) picked.push({ id, d: dist(b) });
    if (this.overlay.size > 0) picked.sort((a, b) => a.d - b.d);
    return picked.slice(0, limit).map((p) => p.id);
  }

  /** The static tree's box of an entry (flatbush keeps boxes in tree order: `slot` inverts it once per tree). */
  private treeBox(): (i: number) => Rect {
    const tree = this.tree!;
    if (!this.slot || this.slot.length !== this.ids.length) {
      const slot = new Uint32Array(this.ids.length);
      for (let p = 0; p < this.ids.length; p++) slot[tree._indices[p]] = p;
      this.slot = slot;
    }
    const slot = this.slot;
    const d = tree._boxes;
    return (i) => {
      const p = slot[i] * 4;
      return { minX: d[p], minY: d[p + 1], maxX: d[p + 2], maxY: d[p + 3] };
    };
  }

  /** Ids whose box contains the point. */
  at(x: number, y: number, filter?: (id: string) => boolean): string[] {
    this.scratch.length = 0;
    return this.search({ minX: x, minY: y, maxX: x, maxY: y }, [], filter);
  }
}

/** The box around boxes given as four numbers each. */
function boundsOf(boxes: Float64Array): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < boxes.length; k += 4) {
    if (boxes[k] < minX) minX = boxes[k];
    if (boxes[k + 1] < minY) minY = boxes[k + 1];
    if (boxes[k + 2] > maxX) maxX = boxes[k + 2];
    if (boxes[k + 3] > maxY) maxY = boxes[k + 3];
  }
  return { minX, minY, maxX, maxY };
}
