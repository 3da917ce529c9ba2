/**
 * State → scene: collects store change sets and visibility deltas (sync.ts) and, once per frame,
 * applies them to the parts: topic and edge boxes in the spatial trees, dirty tiles, dirty topic
 * views, dynamic edges, the layout tween, the keyboard tree and the minimap.
 */
import { childIds, edgeId, edgeIdsOf, getEdge, getNode, type MindMapState } from '../../state/doc';
import { FIT_PADDING } from '../../state/model';
import { tableForEach } from '../../state/table';
import type { MindMapStore } from '../../state/store';
import type { VisibilityView } from '../../state/views';
import type { TreeAndEditor } from '../a11y/treeAndEditor';
import type { LayoutTween } from '../anim/layoutTween';
import type { CameraControl } from '../camera/cameraControl';
import type { TileLayer } from '../edges/TileLayer';
import { ownStepRect, sharedTrunkReach } from '../edges/edgeRouting';
import { rectsEqual, type Rect } from '../geometry';
import type { SceneInput } from '../input/sceneInput';
import type { MinimapPainter } from '../minimap/minimapPainter';
import type { OverlayPainter } from '../overlay/overlayPainter';
import type { Lod } from '../render/lod';
import { sameLook, type EdgeBox, type SceneIndex } from '../spatial/sceneIndex';
import type { MetricsCache } from '../topics/nodeMetrics';
import type { TopicViews } from '../topics/topicViews';
import { PendingChanges } from './sync';

/** Above this many changed topics in one flush, tiles and spatial trees are rebuilt once instead of per topic. */
const BULK_TOPICS = 2000;

export interface SceneSyncParts {
  store: MindMapStore;
  visibility: VisibilityView;
  metrics: MetricsCache;
  index: SceneIndex;
  tiles: TileLayer;
  views: TopicViews;
  painter: OverlayPainter;
  layoutTween: LayoutTween;
  input: SceneInput;
  treeEdit: TreeAndEditor;
  minimapPainter: MinimapPainter;
  camera: CameraControl;
  lod: () => Lod;
  performanceMode: () => boolean;
  reducedMotion: () => boolean;
  invalidateEdgeTiles: (eid: string) => void;
  /** Asks for a frame. */
  request: () => void;
}

/** Families up to this size also have an edge's neighbours asked how far they draw its trunk (tilePart). */
const NEIGHBOUR_SEARCH_MAX = 64;
/**
 * A dragged topic with more edges than this has their boxes in the index brought up to date when
 * the drag ends, not at every move. Why: dragging the root of a map with 50,000 children re-boxed
 * (and re-indexed) every one of its edges at each pointer move, about 80 ms a frame. Meanwhile the
 * overlay draws them from the topics' places; only its choice of which are on screen reads boxes a
 * few moves old.
 */
const DRAG_EDGES_LATE = 256;

export class SceneSync {
  private pending = new PendingChanges();
  private lastSelected: string | null = null;
  /** Children lists read by tilePart during one apply (a list read from a table's base is a copy). */
  private readonly kidsOf = new Map<string, readonly string[]>();
  private routedLayout: string | undefined;
  /** The layout changed: every edge is routed again in the next apply (edges' sides follow it). */
  private rerouteWanted = false;
  /** Dragged topics whose edge boxes wait for the end of the drag (DRAG_EDGES_LATE). */
  private lateEdges = new Set<string>();
  private unsubscribers: Array<() => void>;
  /** The map the last flush showed: its root and size. */
  private shownRoot: string;
  private shownCount: number;

  constructor(private readonly p: SceneSyncParts) {
    const { store, visibility } = p;
    this.routedLayout = store.getState().settings?.layout;
    this.shownRoot = store.getState().rootId;
    this.shownCount = store.getState().nodes.n;
    this.unsubscribers = [
      this.followLayout(),
      store.subscribe((changes) => {
        this.pending.addChanges(changes);
        p.request();
      }),
      visibility.subscribe((delta) => {
        this.pending.addVisibility(delta);
        p.request();
      }),
    ];
  }

  /** Nothing waits to be applied. */
  get idle(): boolean {
    return this.pending.empty && !this.lateDue();
  }

  /** Whether a topic whose edge boxes wait (lateEdges) is no longer dragged. */
  private lateDue(): boolean {
    if (this.lateEdges.size === 0) return false;
    const dragging = this.p.input.draggingId;
    for (const id of this.lateEdges) if (id !== dragging) return true;
    return false;
  }

  /** Full rebuild: import, clear, template, undo of those. O(map), never on a single edit. */
  rebuildAll(): void {
    const { store, tiles, views, input, painter, treeEdit, minimapPainter } = this.p;
    const s = store.getState();
    this.rebuildIndex(s);
    tiles.clear();
    views.reset();
    input.hover = null;
    painter.resetDynEdges(s, input.draggingId);
    painter.dirty = true;
    treeEdit.forgetMissing();
    this.lastSelected = s.selectedNodeId;
    treeEdit.invalidate();
    minimapPainter.schedule();
  }

  /** Every box anew. The label widths are kept: the layout of a new map has just measured them (the cache checks each label). */
  private rebuildIndex(s: MindMapState): void {
    this.p.metrics.keepAtMost(2 * s.nodes.n + 1000);
    this.p.index.rebuildAll(s);
  }

  refreshDynEdges(): void {
    this.p.painter.refreshDynEdges(this.p.store.getState(), this.p.input.draggingId);
  }

  dragEnded(id: string | null): void {
    const { views, index } = this.p;
    const dv = id ? views.get(id) : undefined;
    if (dv) dv.root.alpha = 1;
    this.refreshDynEdges();
    if (id) views.dirty.add(id);
    index.scheduleRebuild();
    this.p.request();
  }

  /** Applies what changed since the last frame; false when nothing had. */
  apply(): boolean {
    const p = this.pending;
    if (p.empty && !this.rerouteWanted && !this.lateDue()) return false;
    const { store, index, tiles, views, painter, layoutTween, input, treeEdit, minimapPainter, camera, visibility } = this.p;
    const s = store.getState();
    if (p.reset) {
      // A map rebuilt from someone else's edit (a collaborator, another tab) keeps the camera where
      // this person left it; a new map, or the first one after a blank page, is fitted.
      const own = p.ownReset;
      const fit = own || s.rootId !== this.shownRoot || this.shownCount <= 1;
      this.shownRoot = s.rootId;
      this.shownCount = s.nodes.n;
      p.clear();
      this.rerouteWanted = false;
      this.lateEdges.clear();
      this.rebuildAll();
      camera.invalidateBounds();
      // A map this person brought in (import, template, restore, their undo) is fitted as Fit view
      // does, overview included, which the editor asks for next anyway: a map too big for zoom 0.2
      // was drawn once at 0.2 first, a dense frame that held a 100k import's next frames for a second.
      const cam = fit ? camera.fitFor(own ? FIT_PADDING.button : FIT_PADDING.initial, own) : null;
      if (cam) camera.jump(cam);
      return true;
    }
    this.shownRoot = s.rootId;
    this.shownCount = s.nodes.n;
    this.kidsOf.clear();
    const edgesDone = new Set<string>();
    if (this.lateDue()) this.updateLateEdges(s, edgesDone);
    if (p.selection) {
      this.refreshDynEdges();
      if (this.lastSelected) views.dirty.add(this.lastSelected);
      if (s.selectedNodeId) views.dirty.add(s.selectedNodeId);
      this.lastSelected = s.selectedNodeId;
      input.followSelection(s.selectedNodeId);
      treeEdit.selectionMoved(s.selectedNodeId);
      treeEdit.invalidate();
    }
    const capture = {
      policy: { performanceMode: this.p.performanceMode(), reducedMotion: this.p.reducedMotion() || this.p.lod() === 'shape', dragging: input.draggingId !== null },
      cam: camera.cam,
      size: camera.size,
      visible: visibility.visible,
    };
    // A layout that moves most of a big map: per-topic tile updates would cost more than invalidating
    // every tile once.
    const bulk = p.nodes.size > BULK_TOPICS;
    // Most of the map moved: every edge is routed once, instead of each moved topic's edges in turn
    // (most edges twice, and every topic's list of edges read).
    const routeAll = this.rerouteWanted || (bulk && p.nodes.size * 2 > s.edges.n);
    this.rerouteWanted = false;
    if (bulk) {
      // Only topics near the screen before or after can be tweened: the spatial index names them,
      // where asking every moved topic cost 100,000 table reads.
      // Nothing tweens at the shapes level of detail, in performance mode or during a drag: there the
      // screen can hold the whole map, and naming what is on it cost 70 ms at 100k topics for nothing.
      const tweens = layoutTween.mayTween(capture.policy);
      const view = layoutTween.viewOf(capture);
      const old = tweens ? index.boxesIn(view, p.nodes) : new Map<string, Rect>();
      if (routeAll || p.nodes.size * 3 > s.nodes.n) {
        // A third of the map or more moved (a layout turned on, an add under the root of a laid-out
        // map): every box anew, as for a new map, costs less than moving each topic's box and
        // routing its edges through the overlays (0.3 against 0.7 s at 100k topics, all moved).
        this.rebuildIndex(s);
        views.allDirty = true;
        views.stale = true;
      } else for (const id of p.nodes) this.updateNode(id, s, edgesDone, true);
      if (tweens) {
        const near = new Set(old.keys());
        for (const id of index.nodes.search(view)) if (p.nodes.has(id)) near.add(id);
        layoutTween.capture(near, s, capture, { moved: p.nodes.size, old });
      }
    } else {
      if (p.nodes.size >= 2) layoutTween.capture(p.nodes, s, capture);
      for (const id of p.nodes) this.updateNode(id, s, edgesDone, false, !routeAll);
    }
    if (routeAll && !bulk) tableForEach(s.edges, (_e, eid) => this.updateEdge(eid, s, true));
    for (const id of p.structure) {
      views.dirty.add(id);
      views.stale = true;
    }
    for (const eid of p.edges) {
      if (edgesDone.has(eid)) continue;
      edgesDone.add(eid);
      const e = getEdge(s, eid);
      if (e && (e.source === s.selectedNodeId || e.target === s.selectedNodeId)) painter.dynEdges.add(eid);
      if (!routeAll || !e) this.updateEdge(eid, s, bulk);
    }
    // The trees follow through their overlays; past OVERLAY_LIMIT scheduleRebuild (below) packs them
    // again, on big maps in a worker while the overlays answer.
    if (bulk || routeAll) tiles.invalidateAll();
    if (p.visibilityReset || p.search) {
      const inPlace = !bulk && !routeAll && p.nodes.size === 0 && p.edges.size === 0 && p.structure.size === 0;
      tiles.invalidateAll(inPlace);
      views.allDirty = true;
      views.stale = true;
    } else if (p.shown.length || p.hidden.length) {
      views.stale = true;
      // After a bulk change every tile is redrawn anyway (above): a restored 10k branch spent about
      // 60 ms here finding the part of the tiles each of its edges touches.
      if (!bulk && !routeAll) {
        for (const list of [p.shown, p.hidden]) {
          for (const id of list) {
            const b = index.nodeBoxes.get(id);
            if (b) tiles.invalidateRect(b);
            for (const eid of edgeIdsOf(s, id)) {
              const eb = index.edgeBoxes.get(eid);
              if (eb) tiles.invalidateRect(this.tilePart(eid, eb, s));
            }
          }
        }
      }
    }
    if (p.nodes.size || p.structure.size || p.shown.length || p.hidden.length || p.visibilityReset || p.search) {
      treeEdit.invalidate();
      camera.invalidateBounds();
    }
    // The minimap patches the topics that changed; a visibility reset repaints it.
    if (p.visibilityReset) minimapPainter.schedule();
    else if (p.nodes.size || p.shown.length || p.hidden.length) {
      minimapPainter.changed(p.nodes);
      minimapPainter.changed(p.shown);
      minimapPainter.changed(p.hidden);
    }
    const hover = input.hover;
    if (hover && !getNode(s, hover.id)) input.hover = null;
    painter.dirty = true;
    p.clear();
    index.flushEdges();
    index.scheduleRebuild();
    return true;
  }

  destroy(): void {
    for (const u of this.unsubscribers) u();
  }

  /** Edge sides follow the layout: a layout change re-routes every edge box and redraws every tile. */
  private followLayout(): () => void {
    return this.p.store.subscribe((changes, state) => {
      if (!changes.settings && !changes.reset) return;
      const layout = state.settings?.layout;
      if (layout === this.routedLayout) return;
      this.routedLayout = layout;
      if (changes.reset) return; // rebuildAll routes every edge anyway
      // Routed in the next apply, with the topics the same change moves (a layout turned on moves
      // them all): once, not twice.
      this.rerouteWanted = true;
      this.p.request();
    });
  }

  /** `bulk`: the caller invalidates every tile afterwards (see apply). */
  private updateEdge(eid: string, s: MindMapState, bulk = false): void {
    const { index, tiles, painter } = this.p;
    const { edgeBoxes } = index;
    const dynEdges = painter.dynEdges;
    const old = edgeBoxes.get(eid);
    const e = getEdge(s, eid);
    const dyn = dynEdges.has(eid);
    if (old && !dyn && !bulk) tiles.invalidateRect(this.tilePart(eid, old, s));
    const box = e ? index.edgeBox(e, s) : null;
    if (!box) {
      if (old) index.deleteEdgeBox(eid);
      dynEdges.delete(eid);
      return;
    }
    if (!old || !rectsEqual(old, box)) index.setEdgeBox(eid, box);
    if (!dyn && !bulk) tiles.invalidateRect(this.tilePart(eid, box, s));
  }

  /**
   * What of the tiles an edge with this box changes when it comes or goes: where a sibling leaving
   * the same source the same way draws the same source corner and trunk, only the rest (ownStepRect).
   * Siblings looked at: the first and last children (the outermost, in a tidy layout the ones that
   * reach farthest) and, in a small family, the edge's neighbours. Any sibling found only narrows
   * the part; none found gives the whole box.
   */
  private tilePart(eid: string, box: EdgeBox, s: MindMapState): Rect {
    if (this.p.performanceMode()) return box; // straight edges share nothing
    const src = box.source;
    let kids = this.kidsOf.get(src);
    if (!kids) this.kidsOf.set(src, (kids = childIds(s, src)));
    if (kids.length < 2) return box;
    const { index, painter, layoutTween, visibility } = this.p;
    if (!visibility.isVisible(src)) return box;
    const look = [0, 1, kids.length - 2, kids.length - 1];
    // Not in a big family: many of its edges may change in one apply, and each search is O(family).
    const at = kids.length <= NEIGHBOUR_SEARCH_MAX ? kids.indexOf(box.target) : -1;
    if (at >= 0) look.push(at - 1, at + 1);
    let reach = 0;
    for (const i of look) {
      const k = kids[i];
      if (k === undefined || !visibility.isVisible(k)) continue;
      const sid = edgeId(src, k);
      if (sid === eid || painter.dynEdges.has(sid) || layoutTween.tween.tileEdgeIds.has(sid)) continue;
      const sb = index.edgeBoxes.get(sid);
      if (!sb || sb.animated || sb.link || !sameLook(sb, box)) continue;
      reach = Math.max(reach, sharedTrunkReach(box.route, sb.route));
    }
    return ownStepRect(box.route, reach) ?? box;
  }

  /** `withEdges`: its edges are routed again if it moved (false: the caller routes every edge). */
  /** The edge boxes of topics no longer dragged that waited for the end of their drag. */
  private updateLateEdges(s: MindMapState, edgesDone: Set<string>): void {
    const dragging = this.p.input.draggingId;
    for (const id of [...this.lateEdges]) {
      if (id === dragging) continue;
      this.lateEdges.delete(id);
      for (const eid of edgeIdsOf(s, id)) {
        if (edgesDone.has(eid)) continue;
        edgesDone.add(eid);
        this.updateEdge(eid, s, false);
      }
    }
  }

  private updateNode(id: string, s: MindMapState, edgesDone: Set<string>, bulk = false, withEdges = true): void {
    const { index, tiles, views, metrics } = this.p;
    const { nodeBoxes, nodes } = index;
    const old = nodeBoxes.get(id);
    // Tiles hold topic boxes only at the 'shape' level (other levels rebuild every tile on a switch);
    // elsewhere a moved topic changes tiles only through its edges (updateEdge). Why it matters: a drag
    // would otherwise re-tessellate every edge in the tiles under the topic on every pointer move.
    const shapesInTiles = this.p.lod() === 'shape' && !bulk;
    if (old && shapesInTiles) tiles.invalidateRect(old);
    const box = index.nodeBox(id, s);
    views.dirty.add(id);
    if (!box) {
      if (old) {
        nodeBoxes.delete(id);
        nodes.remove(id);
      }
      metrics.delete(id);
      return;
    }
    if (!old || !rectsEqual(old, box)) {
      nodeBoxes.set(id, box);
      nodes.set(id, box);
      views.stale = true;
      // Its edges' end points moved with it.
      const eids = withEdges ? edgeIdsOf(s, id) : [];
      if (eids.length > DRAG_EDGES_LATE && id === this.p.input.draggingId) this.lateEdges.add(id);
      else for (const eid of eids) {
        if (edgesDone.has(eid)) continue;
        edgesDone.add(eid);
        this.updateEdge(eid, s, bulk);
      }
    }
    if (shapesInTiles) tiles.invalidateRect(box);
  }
}
