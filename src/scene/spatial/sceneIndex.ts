/**
 * Where every topic and edge is in world units: a hit box per topic and a routed box per edge, and
 * the spatial trees over them (spatialIndex.ts) that viewport and pointer queries read.
 */
import { getNode, type MindMapState } from '../../state/doc';
import type { MindEdge } from '../../state/model';
import { forEachPlaced } from '../../state/layout/laidOutTable';
import { tableForEach, warmTable } from '../../state/table';
import { NODE_HEIGHT } from '../constants';
import { routeBox, routeEdge, type EdgeRoute } from '../edges/edgeRouting';
import { finiteOr, type Rect } from '../geometry';
import { nodeHitBox } from '../topics/nodeLayout';
import type { MetricsCache } from '../topics/nodeMetrics';
import { EdgeFans } from './edgeFans';
import { SpatialIndex, type TreeBuilder } from './spatialIndex';

const EDGE_MARGIN_X = 24;
/** Above this many topics the trees are not rebuilt on idle (see scheduleRebuild). */
const IDLE_REBUILD_MAX_TOPICS = 20000;
/** From this many topics a full overlay rebuilds the trees with the builder (a worker), not here. */
export const BACKGROUND_REBUILD_MIN_TOPICS = 20000;
/** rebuildAll takes a map for the one it holds when its first this many topics all have boxes. */
const SAME_MAP_PROBE = 64;

/**
 * An edge's box with what it was routed from, kept for when the edge changes or goes: which part of
 * the tiles it changes depends on its siblings' routes (sceneSync.ts, ownStepRect).
 */
export interface EdgeBox extends Rect {
  route: EdgeRoute;
  source: string;
  target: string;
  stroke: unknown;
  strokeWidth: unknown;
  animated: boolean;
  /** A connection the user drew, not the edge from a topic to its parent (drawn dashed: TileLayer). */
  link: boolean;
  /** The box rebuild that last met this edge (SceneIndex.rebuildAll). */
  pass?: number;
}

/** Whether two edges are stroked alike (colour, width, animation). */
export function sameLook(a: EdgeBox, b: EdgeBox): boolean {
  return a.stroke === b.stroke && a.strokeWidth === b.strokeWidth && a.animated === b.animated && a.link === b.link;
}

export class SceneIndex {
  readonly nodeBoxes = new Map<string, Rect>();
  readonly edgeBoxes = new Map<string, EdgeBox>();
  readonly nodes = new SpatialIndex();
  /** The edge tree holds big families' edges by their own parts (edgeFans.ts). */
  readonly edges = new SpatialIndex();
  readonly fans = new EdgeFans(this.edgeBoxes);
  private timer: ReturnType<typeof setTimeout> | null = null;
  private packTimer: ReturnType<typeof setTimeout> | null = null;
  private warmTimer: ReturnType<typeof setTimeout> | null = null;
  /** Each topic's position in the last rebuildAll's arrays (kept: see rebuildAll). */
  private readonly slotOf = new Map<string, number>();
  /** Counts rebuildAll's calls: the edge boxes each one met carry its number. */
  private pass = 0;

  /**
   * `idle` says whether an idle rebuild may run now (not during a drag); `builder`, where there is
   * one, packs the trees of big maps elsewhere.
   */
  constructor(
    private readonly metrics: MetricsCache,
    private readonly idle: () => boolean,
    private readonly builder: (TreeBuilder & { dispose?: () => void }) | null = null,
  ) {}

  private destroyed = false;

  nodeBox(id: string, s: MindMapState): Rect | null {
    const n = getNode(s, id);
    if (!n) return null;
    const w = this.metrics.get(id, n.data?.label).width;
    return nodeHitBox(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0), w);
  }

  edgeBox(e: MindEdge, s: MindMapState): EdgeBox | null {
    const a = getNode(s, e.source);
    const b = getNode(s, e.target);
    if (!a || !b) return null;
    const link = b.parentId !== e.source;
    return this.edgeBoxAt(e, s, link, finiteOr(a.position?.x, 0), finiteOr(a.position?.y, 0), this.metrics.get(e.source, a.data?.label).width, finiteOr(b.position?.x, 0), finiteOr(b.position?.y, 0), this.metrics.get(e.target, b.data?.label).width);
  }

  /**
   * The box of `e` between topics at (ax, ay) and (bx, by) with widths aw and bw; written into `into`
   * (with its route) when given.
   */
  private edgeBoxAt(e: MindEdge, s: MindMapState, link: boolean, ax: number, ay: number, aw: number, bx: number, by: number, bw: number, into?: EdgeBox): EdgeBox {
    // Sides follow the layout (edgeRouting.ts).
    const route = routeEdge(s.settings?.layout, ax, ay, aw, NODE_HEIGHT, bx, by, bw, NODE_HEIGHT, into?.route);
    const box = routeBox(route, EDGE_MARGIN_X, 4);
    if (!into) return { minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, route, source: e.source, target: e.target, stroke: e.style?.stroke, strokeWidth: e.style?.strokeWidth, animated: e.animated === true, link, pass: this.pass };
    into.minX = box.minX;
    into.minY = box.minY;
    into.maxX = box.maxX;
    into.maxY = box.maxY;
    into.source = e.source;
    into.target = e.target;
    into.stroke = e.style?.stroke;
    into.strokeWidth = e.style?.strokeWidth;
    into.animated = e.animated === true;
    into.link = link;
    into.pass = this.pass;
    return into;
  }

  /**
   * Copies of the boxes in `view` of the topics in `of`: what a layout's tween starts from. Copies,
   * because rebuilding the boxes of the same map rewrites them in place (rebuildAll).
   */
  boxesIn(view: Rect, of: ReadonlySet<string>): Map<string, Rect> {
    const out = new Map<string, Rect>();
    for (const id of this.nodes.search(view)) {
      const b = this.nodeBoxes.get(id);
      if (b && of.has(id)) out.set(id, { minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY });
    }
    return out;
  }

  /** Every box from scratch: O(map). */
  rebuildAll(s: MindMapState): void {
    // Each topic's place and width once, by position: looking both ends of every edge up in the
    // table again was a third of a 100k map's first build.
    let cap = Math.max(s.nodes.n, 16);
    const ids = new Array<string>(cap);
    let xs = new Float64Array(cap);
    let ys = new Float64Array(cap);
    let ws = new Float64Array(cap);
    const parents = new Array<string | null | undefined>(cap);
    const { slotOf, nodeBoxes, edgeBoxes } = this;
    // The same map again (a layout, an undo of one): its boxes are rewritten in place, where new ones
    // in emptied Maps cost about half as much again at 100k topics (every box outlives the young
    // generation, and the Maps grow again); a different map empties them first. Nothing keeps a box
    // across this call expecting it unchanged: the trees, the edge families, the tiles and the
    // overlay all start again from the Maps (a layout's tween copies the boxes it starts from).
    let same = nodeBoxes.size > 0;
    const forget = () => {
      nodeBoxes.clear();
      edgeBoxes.clear();
      slotOf.clear();
    };
    if (!same) forget();
    let n = 0;
    forEachPlaced(s.nodes, (node, id, px, py) => {
      const x = finiteOr(px, 0);
      const y = finiteOr(py, 0);
      const w = this.metrics.get(id, node.data?.label).width;
      const old = same ? nodeBoxes.get(id) : undefined;
      if (same && old === undefined && n < SAME_MAP_PROBE) {
        same = false;
        forget();
        for (let k = 0; k < n; k++) {
          nodeBoxes.set(ids[k], nodeHitBox(xs[k], ys[k], ws[k]));
          slotOf.set(ids[k], k);
        }
      }
      if (n === cap) {
        cap *= 2;
        xs = grown(xs, cap);
        ys = grown(ys, cap);
        ws = grown(ws, cap);
      }
      if (old) nodeHitBox(x, y, w, old);
      else nodeBoxes.set(id, nodeHitBox(x, y, w));
      slotOf.set(id, n);
      ids[n] = id;
      parents[n] = node.parentId;
      xs[n] = x;
      ys[n] = y;
      ws[n++] = w;
    });
    // Topics gone since the last call: every topic met above has its box, so a bigger count says some are.
    // (slotOf has the same ids as nodeBoxes, and those met hold their position of this pass.)
    if (nodeBoxes.size > n) {
      for (const [id, k] of slotOf) {
        if (k < n && ids[k] === id) continue;
        slotOf.delete(id);
        nodeBoxes.delete(id);
      }
    }
    // slotOf now holds exactly the topics met above.
    const pass = ++this.pass;
    let met = 0;
    tableForEach(s.edges, (e, id) => {
      const a = slotOf.get(e.source);
      const b = slotOf.get(e.target);
      if (a === undefined || b === undefined) {
        if (same) edgeBoxes.delete(id);
        return;
      }
      const old = same ? edgeBoxes.get(id) : undefined;
      const link = parents[b] !== e.source;
      if (old) this.edgeBoxAt(e, s, link, xs[a], ys[a], ws[a], xs[b], ys[b], ws[b], old);
      else edgeBoxes.set(id, this.edgeBoxAt(e, s, link, xs[a], ys[a], ws[a], xs[b], ys[b], ws[b]));
      met++;
    });
    // Edges gone since the last call: their boxes carry an earlier pass.
    if (edgeBoxes.size > met) for (const [id, box] of edgeBoxes) if (box.pass !== pass) edgeBoxes.delete(id);
    this.fans.reset();
    if (this.builder && n >= BACKGROUND_REBUILD_MIN_TOPICS) {
      this.packLater(this.builder, true);
      this.warmAfterFrame(s);
    } else this.rebuildTrees();
  }

  /**
   * The trees' sets of ids (warm()) and the map's edges by id (warmTable), made in a task after the
   * frame that installed a whole new map: that frame asks neither.
   */
  private warmAfterFrame(s: MindMapState): void {
    if (this.warmTimer !== null) clearTimeout(this.warmTimer);
    this.warmTimer = setTimeout(() => {
      this.warmTimer = null;
      if (this.destroyed) return;
      this.nodes.warm();
      this.edges.warm();
      warmTable(s.edges);
    }, 0);
  }

  /** An edge's routed box came or changed; in the tree once `flushEdges` runs. */
  setEdgeBox(eid: string, box: EdgeBox): void {
    const old = this.edgeBoxes.get(eid);
    this.edgeBoxes.set(eid, box);
    this.fans.set(eid, box, old);
  }

  deleteEdgeBox(eid: string): void {
    const old = this.edgeBoxes.get(eid);
    if (!old) return;
    this.edgeBoxes.delete(eid);
    this.edges.remove(eid);
    this.fans.remove(eid, old);
  }

  /** Puts the edges changed since the last call (and the family members they re-ranked) in the tree. */
  flushEdges(): void {
    this.fans.flush((eid) => {
      const box = this.edgeBoxes.get(eid);
      if (box) this.edges.set(eid, this.fans.rectOf(eid, box));
    });
  }

  /**
   * Straight edges (performance mode) share no trunk: every edge is held whole. The edge tree is
   * packed again here and now, so that no query meets the other mode's rects.
   */
  setStraightEdges(straight: boolean): void {
    if (this.fans.shared === !straight) return;
    this.fans.shared = !straight;
    const [ids, arr] = this.flattenEdges();
    this.edges.build(ids, arr);
  }

  rebuildTrees(): void {
    const [nodeIds, nodeArr] = flatten(this.nodeBoxes);
    this.nodes.build(nodeIds, nodeArr);
    const [edgeIds, edgeArr] = this.flattenEdges();
    this.edges.build(edgeIds, edgeArr);
  }

  private flattenEdges(): [string[], Float64Array] {
    return flatten(this.edgeBoxes, (id, box) => this.fans.rectOf(id, box as EdgeBox));
  }

  /**
   * Packs the trees with the builder while the current ones and their overlays keep answering
   * (nothing here waits for it); falls back to rebuildTrees if the builder fails.
   */
  rebuildTreesLater(builder: TreeBuilder): void {
    if (this.nodes.building || this.edges.building) return;
    this.packLater(builder, false);
  }

  /**
   * rebuildTreesLater in a task of its own: called from a frame, copying the boxes for the builder
   * (tens of milliseconds at 100k topics) would hold that frame back, and the overlays answer meanwhile.
   */
  private rebuildTreesAfterFrame(builder: TreeBuilder): void {
    if (this.packTimer !== null) return;
    this.packTimer = setTimeout(() => {
      this.packTimer = null;
      if (!this.destroyed) this.rebuildTreesLater(builder);
    }, 0);
  }

  /**
   * Packs both trees with the builder. `fresh`: the boxes replace the trees at once and are scanned
   * until their trees are in (a whole new map); else the current trees answer meanwhile.
   */
  private packLater(builder: TreeBuilder, fresh: boolean): void {
    const later = ([ids, arr]: [string[], Float64Array], index: SpatialIndex) => {
      (fresh ? index.buildElsewhere(ids, arr, builder) : index.buildLater(ids, arr, builder)).then(
        () => {
          if (!this.destroyed) this.scheduleRebuild();
        },
        () => {
          if (!this.destroyed) this.rebuildTrees();
        },
      );
    };
    later(flatten(this.nodeBoxes), this.nodes);
    later(this.flattenEdges(), this.edges);
  }

  /**
   * The static trees are rebuilt when the overlay grows (big maps: by the builder), or (small maps)
   * after a quiet second.
   */
  scheduleRebuild(): void {
    if (this.nodes.needsRebuild || this.edges.needsRebuild) {
      if (this.builder && this.nodeBoxes.size >= BACKGROUND_REBUILD_MIN_TOPICS) this.rebuildTreesAfterFrame(this.builder);
      else if (!this.nodes.building && !this.edges.building) this.rebuildTrees();
      return;
    }
    if (this.timer !== null) clearTimeout(this.timer);
    // Why not on big maps: rebuilding both trees at 100k topics blocks the page for 100–400 ms, and a
    // few hundred overlay entries cost queries next to nothing; past OVERLAY_LIMIT it rebuilds anyway.
    if (this.nodeBoxes.size > IDLE_REBUILD_MAX_TOPICS) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.idle() && (this.nodes.dirty || this.edges.dirty)) this.rebuildTrees();
    }, 1000);
  }

  destroy(): void {
    this.destroyed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.packTimer !== null) clearTimeout(this.packTimer);
    if (this.warmTimer !== null) clearTimeout(this.warmTimer);
    this.builder?.dispose?.();
  }
}

/** `a` in an array of `length` (the rest zero). */
function grown(a: Float64Array<ArrayBuffer>, length: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(length);
  b.set(a);
  return b;
}

/** Ids and their boxes as four numbers each, as the trees take them. */
function flatten(boxes: Map<string, Rect>, rectOf?: (id: string, box: Rect) => Rect): [string[], Float64Array] {
  const ids = new Array<string>(boxes.size);
  const arr = new Float64Array(boxes.size * 4);
  let i = 0;
  for (const [id, box] of boxes) {
    const r = rectOf ? rectOf(id, box) : box;
    ids[i] = id;
    arr[i * 4] = r.minX;
    arr[i * 4 + 1] = r.minY;
    arr[i * 4 + 2] = r.maxX;
    arr[i * 4 + 3] = r.maxY;
    i++;
  }
  return [ids, arr];
}
