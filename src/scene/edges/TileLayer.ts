/**
 * Static edges (and, at the 'shape' level of detail, the topics themselves) batched per world tile.
 *
 * Why tiles: a Graphics is tessellated on the CPU when its content changes and costs nothing to move.
 * One Graphics per tile (TILE_SIZE world units square) holds every static edge crossing the tile
 * (grouped into one stroke per colour/width), so panning and zooming only change the world
 * transform, an edit re-tessellates the one or two tiles it touched, and objects alive are bounded by
 * the number of tiles around the viewport. Tiles are built nearest-first under a time budget; tiles
 * intersecting the screen are always built before the frame is drawn, so nothing pops in on screen.
 * Long edges crossing several tiles are cut to each tile, and pieces shared by many edges (the trunk
 * under a topic with thousands of children) are drawn once (clipPolyline.ts).
 */
import { Container, Graphics } from 'pixi.js';
import { getNode, getNodeData, type MindMapState } from '../../state/doc';
import { NODE_HEIGHT, SMOOTH_STEP_RADIUS, TILE_SIZE, type ThemeColors } from '../constants';
import { routedPolyline, sharedPieceKey, trunkPiece, type EdgeRoute } from './edgeRouting';
import { clipPolyline, pieceDeduper, polylineInside } from './clipPolyline';
import { dashSegments } from './edgePaths';
import { finiteOr, parseColor, rectsIntersect, type Rect } from '../geometry';
import type { Lod } from '../render/lod';
import { drawable, drawnEdges, familyEdges, skippedFamily } from '../spatial/edgeFans';
import type { EdgeBox } from '../spatial/sceneIndex';
import type { SpatialIndex } from '../spatial/spatialIndex';
import { cardOfHitBox } from '../topics/nodeLayout';
import { CELLS, CellLayer, type CellRun } from './cellRaster';
import { inRange, tileKey, tileRange, tileRect, tileSizeFor, tilesByDistance, type TileRange } from './tiles';

export interface TileSource {
  state: MindMapState;
  theme: ThemeColors;
  lod: Lod;
  edgeStyle: 'smoothstep' | 'straight';
  nodeIndex: SpatialIndex;
  edgeIndex: SpatialIndex;
  /**
   * The routed box of each edge in edgeIndex (sceneIndex.ts). The index holds a big family's edges
   * by their own parts: a query finds the one drawing the family's trunk, not every edge along it.
   */
  edgeBoxes: ReadonlyMap<string, EdgeBox>;
  /** Each topic's hit box (nodeLayout.ts nodeHitBox), where the state places it now. */
  nodeBoxes: ReadonlyMap<string, Rect>;
  /** For the edge drawing a family's trunk, the family's other edges: drawn when it is skipped (edgeFans.ts). */
  skippedFar(eid: string): ReadonlySet<string> | null;
  isVisible(id: string): boolean;
  /** Edges drawn by the overlay instead (selected, dragged, animated), from what an edge box keeps. */
  isDynamicEdgeId(id: string, animated: boolean): boolean;
  nodeWidth(id: string): number;
  isMatch(id: string): boolean;
  searching: boolean;
  selectedId: string | null;
}

interface Tile {
  tx: number;
  ty: number;
  g: Graphics;
  dirty: boolean;
  /** LOD band + edge style + theme this tile was built for. */
  sig: string;
}

/** A far-out tile being drawn by cells, possibly over several frames (stepCells). */
interface CellJob {
  tx: number;
  ty: number;
  size: number;
  sig: string;
  /** The ids the edge tree holds in the tile, and its topics: marked one by one (stepCells). */
  edgeIds: string[];
  topicIds: string[];
  /** Families whose trunk-drawing edge was skipped (see drawnEdges): their others are marked after. */
  skipped: ReadonlySet<string>[];
  /** Those others, once every found edge is marked; null until then. */
  family: EdgeBox[] | null;
  /**
   * Something in the tile changed since the job started. A tile with no picture of its level starts
   * again; one showing a picture goes on, is drawn, and stays dirty for a new job. Why not start again
   * there: edits every 100 ms at the overview restarted a job of 150 ms for ever.
   */
  stale: boolean;
  /** Next found edge, family edge and topic to mark. */
  nextEdge: number;
  nextFamily: number;
  nextTopic: number;
  edgeCells: CellLayer;
  topicCells: CellLayer;
  matchCells: CellLayer;
}

interface StrokeGroup {
  color: number;
  width: number;
  polys: number[][];
  fresh: (piece: readonly number[]) => boolean;
  /** sharedPieceKey names already drawn. */
  shared: Set<string>;
}

/** LOD band + edge style + theme: what a tile was built for. */
function sigOf(src: TileSource): string {
  return `${src.lod}|${src.edgeStyle}|${src.theme.card}`;
}

/**
 * A far-out tile already showing a picture of its level, when a change dirties it, keeps that picture
 * while its new one is marked between frames (as a tile coming into view is), if at most this many
 * tiles on screen are dirty and no change of everything (invalidateAll) waits. Why: an edit at the
 * overview (a rename, an add) dirties one tile holding thousands of topics (the root sits where four
 * meet), and marking it whole before the next frame held that frame 50–200 ms at 100k; a layout or
 * a change of many tiles is still drawn whole at once, so old and new places never show side by side.
 */
const DEFER_MAX_TILES = 8;

/** Tile-local cut rect: the tile plus room for the widest stroke, so cut ends stay hidden under the next tile's. */
const CUT_MARGIN = 16;
/** How far a step's rounded corners reach from its ends (see trunkPiece). */
const TRUNK_MARGIN = SMOOTH_STEP_RADIUS + 1;
/** A connection's dashes, in world units: longer than an animated edge's moving ones (6 and 5). */
const LINK_DASH = 10;
const LINK_GAP = 6;

export class TileLayer {
  /**
   * A render group of its own. Why: Pixi packs the vertices of a render group's batches again when
   * anything in the group changes its geometry; the overlay and the topic views change every frame of
   * a drag, and beside them the tiles' static geometry was packed and uploaded again each time.
   */
  readonly container = new Container({ isRenderGroup: true });
  /** The tiles of the current size, in `layer`. */
  private tiles = new Map<string, Tile>();
  private layer = new Container();
  /**
   * After a change of tile size (zooming far out or back): the last complete level, left on screen
   * (its tiles are in world units, so they stay in place at any zoom) while the new level is built
   * under the frame budget in a hidden layer; dropped once the new one covers the screen.
   */
  private previous: { layer: Container; tiles: Map<string, Tile> } | null = null;
  private spare: Graphics[] = [];
  private found: string[] = [];
  private drawn: EdgeBox[] = [];
  builtLastFrame = 0;
  /** Wanted range + signature of the last update that left nothing to do (see update). */
  private settledKey = '';
  private anyDirty = false;
  /** invalidateAll() since the screen was last drawn whole: nothing on it is kept (see DEFER_MAX_TILES). */
  private allDirty = false;
  /** invalidateAll(true) since the screen was last drawn whole: every tile may keep its picture meanwhile. */
  private inPlace = false;
  /** World size of a tile: TILE_SIZE, larger far out (see tileSizeFor). */
  private size = TILE_SIZE;
  /** The far-out tile being drawn by cells over several frames (see CellJob). */
  private job: CellJob | null = null;
  /** Whether the last update drew its tiles by cells (see holdPicture). */
  private lastByCells = false;
  /** Colour strings already parsed (far out, every topic's colour is read at every build). */
  private colors = new Map<unknown, number>();

  constructor() {
    this.container.eventMode = 'none';
    this.container.interactiveChildren = false;
    this.container.addChild(this.layer);
  }

  get count(): number {
    return this.tiles.size;
  }

  /** Marks every built tile touching `r` (world) for rebuild. */
  invalidateRect(r: Rect): void {
    const range = tileRange(r, this.size);
    if (this.job && inRange(range, this.job.tx, this.job.ty)) this.job.stale = true;
    if (this.tiles.size === 0) return;
    this.anyDirty = true;
    const span = (range.x1 - range.x0 + 1) * (range.y1 - range.y0 + 1);
    if (span > this.tiles.size) {
      for (const t of this.tiles.values()) if (!t.dirty && inRange(range, t.tx, t.ty)) t.dirty = true;
      return;
    }
    for (let ty = range.y0; ty <= range.y1; ty++) {
      for (let tx = range.x0; tx <= range.x1; tx++) {
        const t = this.tiles.get(tileKey(tx, ty));
        if (t) t.dirty = true;
      }
    }
  }

  /**
   * Marks every tile for rebuild. `keepPictures`: nothing moved (a search, a collapse: topics shown or
   * hidden in place), so far out each tile may keep its picture while its new one is marked between
   * frames, as after a small change (see DEFER_MAX_TILES). Why: at the overview of a 100k map each
   * letter typed into the search box held the next frame 120–210 ms marking the whole map at once.
   */
  invalidateAll(keepPictures = false): void {
    if (this.job) this.job.stale = true;
    for (const t of this.tiles.values()) t.dirty = true;
    this.anyDirty = true;
    if (keepPictures) this.inPlace = true;
    else if (!this.holdPicture()) this.allDirty = true;
  }

  /**
   * Far out, after a change of everything (a layout, a bulk change): the picture on screen stays whole
   * (as `previous`, as after a change of tile size) while the new one is built by cells under the frame
   * budget, and replaces it at once when it covers the screen, so old and new never show side by side.
   * Why: at the overview of a 100k map drawing the whole screen anew before the next frame held it
   * 150–250 ms after Auto Layout or deleting a 10k branch.
   */
  private holdPicture(): boolean {
    if (!this.lastByCells || this.previous || !this.layer.visible || this.tiles.size === 0) return false;
    this.job = null;
    this.previous = { layer: this.layer, tiles: this.tiles };
    this.tiles = new Map();
    this.layer = new Container();
    this.layer.visible = false;
    this.container.addChild(this.layer);
    this.settledKey = '';
    return true;
  }

  clear(): void {
    this.job = null;
    this.dropPrevious();
    this.dropAll(this.tiles);
    this.layer.visible = true;
    this.settledKey = '';
  }

  /**
   * Makes sure the tiles around `view` are built. Returns true if work is left (margin tiles
   * postponed by the budget): the caller schedules another frame.
   */
  update(view: Rect, src: TileSource, budgetMs: number, zoom = 1): boolean {
    const size = tileSizeFor(zoom, TILE_SIZE);
    if (size !== this.size) this.changeSize(size);
    const sig = sigOf(src);
    const mx = (view.maxX - view.minX) * 0.25;
    const my = (view.maxY - view.minY) * 0.25;
    const want = tileRange({ minX: view.minX - mx, minY: view.minY - my, maxX: view.maxX + mx, maxY: view.maxY + my }, size);
    const onScreen = tileRange(view, size);
    // Most pan/zoom frames stay within the same tiles: nothing to drop, build or sort.
    const key = `${sig}|${want.x0},${want.y0},${want.x1},${want.y1}`;
    if (key === this.settledKey && !this.anyDirty) return false;
    this.settledKey = '';
    const keep: TileRange = { x0: want.x0 - 1, y0: want.y0 - 1, x1: want.x1 + 1, y1: want.y1 + 1 };
    for (const [k, t] of this.tiles) {
      if (!inRange(keep, t.tx, t.ty)) {
        this.dropTile(t);
        this.tiles.delete(k);
      }
    }
    const start = performance.now();
    const deadline = start + budgetMs;
    let pending = false;
    let screenDone = true;
    this.builtLastFrame = 0;
    const cells = src.lod === 'shape' && this.drawsCells;
    this.lastByCells = cells;
    const mayDefer = cells && !this.previous && !this.allDirty && (this.inPlace || this.dirtyOnScreen(onScreen, sig) <= DEFER_MAX_TILES);
    // A far-out tile started in an earlier frame goes on first; it is dropped when its tile is no
    // longer wanted, or was changed meanwhile while showing no picture of its level (see CellJob.stale).
    const job = this.job;
    if (job && (!this.goesOn(job) || job.sig !== sig || job.size !== size || !inRange(want, job.tx, job.ty))) this.job = null;
    for (const [tx, ty] of tilesByDistance(want)) {
      const k = tileKey(tx, ty);
      let t = this.tiles.get(k);
      if (t && !t.dirty && t.sig === sig) continue;
      // While an earlier level covers the screen, nothing has to be built before this frame; nor while
      // this tile shows its level's last picture after a small change (see DEFER_MAX_TILES).
      const urgent = !this.previous && inRange(onScreen, tx, ty) && !(mayDefer && t?.sig === sig);
      const late = performance.now() > deadline;
      if (!urgent && (late || (cells && this.job && (this.job.tx !== tx || this.job.ty !== ty)))) {
        pending = true;
        if (inRange(onScreen, tx, ty)) screenDone = false;
        continue;
      }
      let done: CellJob | null = null;
      if (cells && !urgent) {
        // Drawn by cells over as many frames as it takes (a far-out tile may hold most of the map).
        const j = this.job ?? (this.job = this.startCells(tx, ty, sig, src));
        if (!this.stepCells(j, src, deadline)) {
          pending = true;
          if (inRange(onScreen, tx, ty)) screenDone = false;
          continue;
        }
        this.job = null;
        done = j;
      }
      if (!t) {
        t = { tx, ty, g: this.spare.pop() ?? new Graphics(), dirty: true, sig: '' };
        t.g.position.set(tx * size, ty * size);
        t.g.visible = true;
        this.layer.addChild(t.g);
        this.tiles.set(k, t);
      }
      if (cells) {
        if (!done) {
          if (this.job && this.job.tx === tx && this.job.ty === ty) this.job = null;
          done = this.startCells(tx, ty, sig, src);
          this.stepCells(done, src, Infinity);
        }
        this.drawCells(t.g, done, src);
      } else this.build(t, src);
      t.sig = sig;
      // A job that a change overtook leaves its tile dirty: a new one starts.
      t.dirty = done !== null && done.stale;
      if (t.dirty) pending = true;
      this.builtLastFrame++;
    }
    if (screenDone) this.allDirty = this.inPlace = false;
    if (this.previous && screenDone) {
      this.dropPrevious();
      this.layer.visible = true;
    }
    if (!pending) {
      // Every wanted tile is built and clean. Dirty tiles in the keep margin are rebuilt when they
      // come into `want` (the key changes then).
      this.settledKey = key;
      this.anyDirty = false;
    }
    return pending;
  }

  /** How many tiles in `range` show a picture of the level `sig` that a change has made stale. */
  private dirtyOnScreen(range: TileRange, sig: string): number {
    let n = 0;
    for (const t of this.tiles.values()) if (t.dirty && t.sig === sig && inRange(range, t.tx, t.ty)) n++;
    return n;
  }

  /** Whether a far-out tile is part way through its cells (advance() can go on with it). */
  get stepping(): boolean {
    return this.job !== null && this.goesOn(this.job);
  }

  /** Whether the job goes on: fresh, or (see CellJob.stale) its tile shows a picture of its level meanwhile. */
  private goesOn(job: CellJob): boolean {
    return !job.stale || this.tiles.get(tileKey(job.tx, job.ty))?.sig === job.sig;
  }

  /**
   * Goes on marking the far-out tile that update() started, between frames, for up to `budgetMs`;
   * true when nothing is left to mark (the next frame draws it). `src` must be what the last frame
   * drew from (a change since may leave the job stale: see CellJob.stale). Why: on software WebGL the
   * main thread waits for most of each frame, and marking only within frames (6 ms each) took a 100k
   * map's overview 10 s or more to fill in.
   */
  advance(src: TileSource, budgetMs: number): boolean {
    const job = this.job;
    if (!job || !this.goesOn(job) || job.sig !== sigOf(src) || job.size !== this.size) return true;
    return this.stepCells(job, src, performance.now() + budgetMs);
  }

  /** A new tile size: the current level stays on screen while the new one is built (see `previous`). */
  private changeSize(size: number): void {
    this.size = size;
    this.settledKey = '';
    if (this.previous || this.tiles.size === 0 || !this.layer.visible) {
      // A level still being built is dropped; the last complete one (if any) stays.
      this.dropAll(this.tiles);
    } else {
      this.previous = { layer: this.layer, tiles: this.tiles };
      this.tiles = new Map();
      this.layer = new Container();
      this.container.addChild(this.layer);
    }
    this.layer.visible = !this.previous;
  }

  private dropPrevious(): void {
    const prev = this.previous;
    if (!prev) return;
    this.previous = null;
    this.dropAll(prev.tiles);
    prev.layer.destroy();
  }

  private dropAll(tiles: Map<string, Tile>): void {
    for (const t of tiles.values()) this.dropTile(t);
    tiles.clear();
  }

  private dropTile(t: Tile): void {
    t.g.clear();
    t.g.visible = false;
    t.g.parent?.removeChild(t.g);
    if (this.spare.length < 16) this.spare.push(t.g);
    else t.g.destroy();
  }

  /** Tiles whose cells are smaller than a topic's height draw topics and edges by cells (cellRaster.ts). */
  get drawsCells(): boolean {
    return this.size / CELLS >= NODE_HEIGHT;
  }

  private build(t: Tile, src: TileSource): void {
    const g = t.g;
    g.clear();
    const ox = t.tx * this.size;
    const oy = t.ty * this.size;
    const rect = tileRect(t.tx, t.ty, this.size);
    const shape = src.lod === 'shape';
    const groups = new Map<string, StrokeGroup>();
    const cut = { minX: -CUT_MARGIN, minY: -CUT_MARGIN, maxX: this.size + CUT_MARGIN, maxY: this.size + CUT_MARGIN };
    // Far out, corners are sub-pixel: plain steps (or straight lines) are enough.
    const style = src.edgeStyle === 'straight' ? 'straight' : shape ? 'step' : 'smoothstep';
    const group = (stroke: unknown, strokeWidth: unknown): StrokeGroup => {
      const color = parseColor(stroke, src.theme.defaultEdge);
      const width = shape ? 1 : Math.max(0.5, Math.min(8, finiteOr(strokeWidth, 2)));
      const key = `${color}|${width}`;
      let grp = groups.get(key);
      if (!grp) groups.set(key, (grp = { color, width, polys: [], fresh: pieceDeduper(), shared: new Set() }));
      return grp;
    };
    const byStroke = new Map<unknown, Map<unknown, StrokeGroup>>();
    const groupOfBox = (box: EdgeBox): StrokeGroup => {
      let widths = byStroke.get(box.stroke);
      if (!widths) byStroke.set(box.stroke, (widths = new Map()));
      let grp = widths.get(box.strokeWidth);
      if (!grp) widths.set(box.strokeWidth, (grp = group(box.stroke, box.strokeWidth)));
      return grp;
    };
    this.found.length = 0;
    src.edgeIndex.search(rect, this.found);
    const draw = (box: EdgeBox) => {
      // The route the edge's box was made from (every indexed edge has one), moved into the tile: no
      // reading of the edge and its topics, which a tile beside the trunk of 50,000 children would
      // do 50,000 times.
      const r = box.route;
      const route: EdgeRoute = { sx: r.sx - ox, sy: r.sy - oy, tx: r.tx - ox, ty: r.ty - oy, dir: r.dir };
      const grp = groupOfBox(box);
      // A connection the user drew is dashed, so it reads apart from the tree where its route runs
      // along a trunk (between neighbouring columns); far out, where dashes would be sub-pixel, solid.
      if (box.link && !shape) {
        dashSegments(routedPolyline(route, style), LINK_DASH, LINK_GAP, 0, (x0, y0, x1, y1) => void grp.polys.push([x0, y0, x1, y1]), cut);
        return;
      }
      // Beside a trunk shared by many siblings, most edges are only that trunk here.
      const trunk = trunkPiece(route, style, cut, TRUNK_MARGIN);
      if (trunk === null) return;
      if (trunk) {
        if (grp.fresh(trunk)) grp.polys.push(trunk);
        return;
      }
      // Beside the source of many siblings: their pieces here are one and the same.
      const shared = sharedPieceKey(route, style, cut, TRUNK_MARGIN);
      if (shared !== undefined) {
        if (grp.shared.has(shared)) return;
        grp.shared.add(shared);
      }
      const pts = routedPolyline(route, style);
      // Long edges are cut to the tile and shared trunks drawn once (clipPolyline.ts).
      if (polylineInside(pts, cut)) {
        if (grp.fresh(pts)) grp.polys.push(pts);
      } else for (const piece of clipPolyline(pts, cut)) if (grp.fresh(piece)) grp.polys.push(piece);
    };
    for (const box of drawnEdges(this.found, src, this.drawn)) draw(box);
    for (const grp of groups.values()) {
      for (const p of grp.polys) {
        g.moveTo(p[0], p[1]);
        for (let i = 2; i < p.length; i += 2) g.lineTo(p[i], p[i + 1]);
      }
      // Why pixelLine when far out: 1-px GL lines are 2 vertices per segment instead of a triangulated band.
      if (shape) g.stroke({ width: 1, color: grp.color, alpha: 0.75, pixelLine: true });
      // Between 0.45x and 0.75x a default 2-unit edge is 0.9–1.5 px on screen: a GL line looks the same.
      else if (src.lod === 'label' && grp.width <= 2) g.stroke({ width: 1, color: grp.color, pixelLine: true });
      // Why butt/miter for thin edges: round caps and joins add a triangle fan per point (software WebGL
      // pays per triangle) and are invisible at 2 px; the corners are already rounded in the polyline.
      else if (grp.width <= 3) g.stroke({ width: grp.width, color: grp.color, cap: 'butt', join: 'miter' });
      else g.stroke({ width: grp.width, color: grp.color, cap: 'round', join: 'round' });
    }
    if (shape) this.buildShapes(g, rect, ox, oy, src);
  }

  /** Far-out topics: one filled box per topic, one fill per colour, no per-topic objects. */
  private buildShapes(g: Graphics, rect: Rect, ox: number, oy: number, src: TileSource): void {
    const s = src.state;
    this.found.length = 0;
    src.nodeIndex.search(rect, this.found);
    const byColor = new Map<number, number[]>();
    const rings: number[] = [];
    for (const id of this.found) {
      if (!src.isVisible(id)) continue;
      const n = getNode(s, id);
      if (!n) continue;
      const x = finiteOr(n.position?.x, 0);
      const y = finiteOr(n.position?.y, 0);
      // Each topic belongs to the one tile holding its top-left corner.
      if (x < rect.minX || x >= rect.maxX || y < rect.minY || y >= rect.maxY) continue;
      const color = parseColor(n.data?.color, 0x9b87f5);
      let list = byColor.get(color);
      if (!list) byColor.set(color, (list = []));
      list.push(x - ox, y - oy, src.nodeWidth(id));
      if (src.searching && src.isMatch(id)) rings.push(x - ox, y - oy, src.nodeWidth(id));
    }
    for (const [color, list] of byColor) {
      for (let i = 0; i < list.length; i += 3) g.rect(list[i], list[i + 1], list[i + 2], NODE_HEIGHT);
      g.fill({ color, alpha: src.searching ? 0.55 : 0.9 });
    }
    if (rings.length) {
      for (let i = 0; i < rings.length; i += 3) g.rect(rings[i] - 6, rings[i + 1] - 6, rings[i + 2] + 12, NODE_HEIGHT + 12);
      g.stroke({ width: 8, color: src.theme.match });
    }
  }

  /**
   * A far-out tile to draw by cells: what lies in it is found now and marked over one or more frames.
   * Which edges draw is decided as each is marked (as drawnEdges decides for a whole query). Why not
   * all at the start: at 100k that decision over a tile's thousands of edges was most of a step of
   * 20–60 ms that no deadline could split.
   */
  private startCells(tx: number, ty: number, sig: string, src: TileSource): CellJob {
    const size = this.size;
    const rect = tileRect(tx, ty, size);
    const cell = size / CELLS;
    return {
      tx,
      ty,
      size,
      sig,
      edgeIds: src.edgeIndex.search(rect, []),
      topicIds: src.nodeIndex.search(rect, []),
      skipped: [],
      family: null,
      stale: false,
      nextEdge: 0,
      nextFamily: 0,
      nextTopic: 0,
      edgeCells: new CellLayer(CELLS, cell),
      topicCells: new CellLayer(CELLS, cell),
      matchCells: new CellLayer(CELLS, cell),
    };
  }

  /**
   * Marks the job's edges, then its topics, until `deadline`; true once everything is marked. Edges
   * are marked along the routes their boxes keep and topics where their boxes stand: looking both
   * ends of every edge up in the map again was most of an overview's cost.
   */
  private stepCells(job: CellJob, src: TileSource, deadline: number): boolean {
    const s = src.state;
    const ox = job.tx * job.size;
    const oy = job.ty * job.size;
    const style = src.edgeStyle === 'straight' ? 'straight' : 'step';
    const pts: number[] = [];
    const route: EdgeRoute = { sx: 0, sy: 0, tx: 0, ty: 0, dir: 'right' };
    const markEdge = (box: EdgeBox) => {
      const r = box.route;
      route.sx = r.sx - ox;
      route.sy = r.sy - oy;
      route.tx = r.tx - ox;
      route.ty = r.ty - oy;
      route.dir = r.dir;
      pts.length = 0;
      job.edgeCells.markPolyline(routedPolyline(route, style, pts), this.colorOf(box.stroke, src.theme.defaultEdge) + 1);
    };
    for (let n = 1; ; n++) {
      if (job.nextEdge < job.edgeIds.length) {
        const eid = job.edgeIds[job.nextEdge++];
        const box = src.edgeBoxes.get(eid);
        if (box) {
          if (drawable(eid, box, src)) markEdge(box);
          else {
            const family = skippedFamily(eid, box, src);
            if (family) job.skipped.push(family);
          }
        }
      } else if (job.family === null) {
        job.family = job.skipped.length ? familyEdges(job.edgeIds, job.skipped, src, []) : [];
      } else if (job.nextFamily < job.family.length) {
        markEdge(job.family[job.nextFamily++]);
      } else if (job.nextTopic < job.topicIds.length) {
        const id = job.topicIds[job.nextTopic++];
        const box = src.nodeBoxes.get(id);
        if (box && src.isVisible(id)) {
          const card = cardOfHitBox(box);
          const x = card.x - ox;
          const y = card.y - oy;
          job.topicCells.markRect(x, y, x + card.width, y + NODE_HEIGHT, this.colorOf(getNodeData(s, id)?.color, 0x9b87f5) + 1);
          if (src.searching && src.isMatch(id)) job.matchCells.markRect(x, y, x + card.width, y + NODE_HEIGHT, src.theme.match + 1);
        }
      } else return true;
      // The clock is read every 256 items: reading it costs more than marking one.
      if ((n & 255) === 0 && performance.now() > deadline) return false;
    }
  }

  /** The marked cells as filled runs: edges, then topics over them, then search matches on top. */
  private drawCells(g: Graphics, job: CellJob, src: TileSource): void {
    g.clear();
    const cell = job.size / CELLS;
    const fillRuns = (runs: CellRun[], alpha: number) => {
      const byValue = new Map<number, CellRun[]>();
      for (const r of runs) {
        let list = byValue.get(r.value);
        if (!list) byValue.set(r.value, (list = []));
        list.push(r);
      }
      for (const [value, list] of byValue) {
        for (const r of list) g.rect(r.x0 * cell, r.y0 * cell, (r.x1 - r.x0) * cell, (r.y1 - r.y0) * cell);
        g.fill({ color: value - 1, alpha });
      }
    };
    fillRuns(job.edgeCells.runs(), 0.75);
    fillRuns(job.topicCells.runs(), src.searching ? 0.55 : 0.9);
    fillRuns(job.matchCells.runs(), 1);
  }

  private colorOf(raw: unknown, fallback: number): number {
    if (raw === undefined || raw === null || raw === '') return fallback;
    let c = this.colors.get(raw);
    if (c === undefined) {
      c = parseColor(raw, -1);
      if (this.colors.size > 4096) this.colors.clear();
      this.colors.set(raw, c);
    }
    return c < 0 ? fallback : c;
  }

  /** Only for tests/diagnostics: does any built tile intersect r? */
  hasTileAt(r: Rect): boolean {
    for (const t of this.tiles.values()) if (rectsIntersect(tileRect(t.tx, t.ty, this.size), r)) return true;
    return false;
  }

  destroy(): void {
    this.clear();
    for (const g of this.spare) g.destroy();
    this.spare = [];
    this.container.destroy({ children: true });
  }
}
