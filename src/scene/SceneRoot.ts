/**
 * The canvas scene: owns the Pixi objects, reads the state module, sends every edit through its
 * operations. One flush per animation frame applies whatever changed since the last one (see
 * sync.ts); nothing is scheduled while nothing changes or moves.
 *
 * Layers (bottom → top): grid (screen space) · world [ tiles (static edges, far-out topic boxes) ·
 * dynamic edges · topic views · highlights / preview / hover card ].
 *
 * This file coordinates: it owns the Application, the frame scheduler and the sync of state changes
 * into the scene, and wires the parts that do the rest (see the module table in README.md).
 */
import { Container, type Application } from 'pixi.js';
import { edgeIdsOf, getEdge, getNode, type MindMapState } from '../state/doc';
import { FIT_PADDING, MOBILE_MAX_WIDTH } from '../state/model';
import type { MindMapStore } from '../state/store';
import type { VisibilityView } from '../state/views';
import { isSoftwareGl, tuneForSoftwareGl } from './appOptions';
import { FONT_STACK, ImageCache, installFonts, SharedContexts } from './assets';
import { visibleWorldRect, type Camera } from './camera';
import { CameraControl, topicBounds } from './cameraControl';
import { THEMES, type ThemeColors, type ThemeName } from './constants';
import { rectsEqual } from './geometry';
import { Grid } from './Grid';
import { PointerInput } from './interaction/PointerInput';
import { LayoutTween } from './layoutTween';
import { lodForZoom, type Lod } from './lod';
import { Minimap } from './Minimap';
import { MinimapPainter } from './minimapPainter';
import { createMeasurer, MetricsCache } from './nodeMetrics';
import type { BindContext } from './NodeView';
import { Overlay } from './Overlay';
import { OverlayPainter } from './overlayPainter';
import { makeSceneHandle, type SceneHandle } from './sceneHandle';
import { SceneIndex } from './sceneIndex';
import { SceneInput } from './sceneInput';
import { FrameScheduler, PendingChanges } from './sync';
import { TileLayer, type TileSource } from './TileLayer';
import { TopicViews } from './topicViews';
import { TreeAndEditor } from './treeAndEditor';

export interface SceneOptions {
  store: MindMapStore;
  visibility: VisibilityView;
  theme?: ThemeName;
  performanceMode?: boolean;
  snapToGrid?: boolean;
  /** Refused edits (e.g. a connection that already exists) are reported here. */
  onError?: (message: string) => void;
}

export function createScene(app: Application, host: HTMLElement, opts: SceneOptions): SceneHandle {
  return new SceneRoot(app, host, opts).handle;
}

/** How long the camera must be still before a deferred level-of-detail switch (see frame). */
const LOD_SETTLE_MS = 150;
/** Above this many changed topics in one flush, tiles and spatial trees are rebuilt once instead of per topic. */
const BULK_TOPICS = 2000;

class SceneRoot {
  readonly handle: SceneHandle;
  readonly element: HTMLCanvasElement;
  private store: MindMapStore;
  private visibility: VisibilityView;
  private stage: Container;
  /**
   * A render group: Pixi applies its transform on the GPU, so panning and zooming move batched
   * geometry without re-packing and re-uploading every vertex of the batch each frame.
   */
  private world = new Container({ isRenderGroup: true });
  private nodesLayer = new Container();
  private grid: Grid;
  private tiles = new TileLayer();
  private overlay = new Overlay();
  private themeName: ThemeName;
  private colors: ThemeColors;
  private contexts: SharedContexts;
  private images: ImageCache;
  private metrics = new MetricsCache(createMeasurer(FONT_STACK));
  /** Topic and edge boxes and the spatial trees over them: sceneIndex.ts. */
  private index: SceneIndex;
  /** Pooled views of the topics on screen: topicViews.ts. */
  private views: TopicViews;
  private camera: CameraControl;
  private lod: Lod = 'full';
  private pending = new PendingChanges();
  private scheduler: FrameScheduler;
  /** Dynamic edges, highlights, connection preview, hover card: overlayPainter.ts. */
  private painter: OverlayPainter;
  /** Layout moves drawn as a 400 ms tween: layoutTween.ts. */
  private layoutTween: LayoutTween;
  /** Hit testing, drag (and drag to reparent), connect, hover: sceneInput.ts. */
  private input: SceneInput;
  private pointer: PointerInput;
  private routedLayout: string | undefined;
  private performanceMode: boolean;
  private snap: boolean;
  private reducedMotion = false;
  private viewportListeners = new Set<(cam: Camera) => void>();
  private minimap: Minimap;
  private minimapPainter: MinimapPainter;
  private treeEdit: TreeAndEditor;
  private unsubscribers: Array<() => void> = [];
  private resizeObserver: ResizeObserver | null = null;
  private sized = false;
  private resizeTimer: ReturnType<typeof setTimeout> | null = null;
  private lodTimer: ReturnType<typeof setTimeout> | null = null;
  private movedLastFrame = false;
  private lastFrameMs = 0;
  private destroyed = false;
  private onError: (message: string) => void;
  private lastSelected: string | null = null;

  constructor(private readonly app: Application, private readonly host: HTMLElement, opts: SceneOptions) {
    installFonts();
    if (isSoftwareGl(this.app)) tuneForSoftwareGl(this.app);
    this.store = opts.store;
    this.visibility = opts.visibility;
    this.themeName = opts.theme ?? 'dark';
    this.colors = THEMES[this.themeName];
    this.performanceMode = !!opts.performanceMode;
    this.snap = !!opts.snapToGrid;
    this.onError = opts.onError ?? ((m) => console.warn(m));
    this.contexts = new SharedContexts(this.colors);
    this.images = new ImageCache(() => {
      this.views.allDirty = true;
      this.scheduler.request();
    });
    this.element = app.canvas;
    this.stage = app.stage;
    this.stage.eventMode = 'none';
    this.stage.interactiveChildren = false;
    this.grid = new Grid(this.colors, this.app.renderer.resolution);
    this.nodesLayer.sortableChildren = true;
    this.nodesLayer.eventMode = 'none';
    this.world.eventMode = 'none';
    this.world.addChild(this.tiles.container, this.overlay.below, this.nodesLayer, this.overlay.above);
    this.stage.addChild(this.grid.view, this.world);
    this.index = new SceneIndex(this.metrics, () => this.input.draggingId === null);
    this.views = new TopicViews(this.nodesLayer, this.index.nodes, this.metrics);
    const invalidateEdgeTiles = (eid: string) => this.invalidateEdgeTiles(eid);
    this.layoutTween = new LayoutTween({
      boxes: this.index.nodeBoxes,
      view: (id) => this.views.get(id),
      invalidateEdgeTiles,
      overlayChanged: () => {
        this.painter.dirty = true;
      },
    });
    this.painter = new OverlayPainter({ overlay: this.overlay, edgeIndex: this.index.edges, metrics: this.metrics, tween: this.layoutTween.tween, invalidateEdgeTiles });

    const canvas = this.element;
    canvas.style.display = 'block';
    canvas.style.touchAction = 'none';
    canvas.style.outline = 'none';
    canvas.setAttribute('aria-hidden', 'true');
    if (canvas.parentElement !== host) host.appendChild(canvas);

    this.scheduler = new FrameScheduler(this.frame);
    this.camera = new CameraControl({
      request: () => this.scheduler.request(),
      bounds: () => topicBounds(this.store.getState(), this.visibility.visible, this.metrics),
    });
    this.minimap = new Minimap(host, this.colors, (x, y) => this.camera.centerOn(x, y));
    this.minimapPainter = new MinimapPainter(this.minimap, {
      state: () => this.store.getState(),
      visible: () => this.visibility.visible,
      boxes: this.index.nodeBoxes,
      viewRect: () => visibleWorldRect(this.camera.cam, this.camera.size),
    });
    this.treeEdit = new TreeAndEditor({
      host,
      element: this.element,
      store: this.store,
      visibility: this.visibility,
      nodeIndex: this.index.nodes,
      camera: this.camera,
      nodeWidth: this.nodeWidth,
      colors: () => this.colors,
      onError: (m) => this.onError(m),
      focusChanged: (prev, id) => {
        if (prev) this.views.dirty.add(prev);
        if (id) this.views.dirty.add(id);
        this.painter.dirty = true;
        this.scheduler.request();
      },
    });
    this.input = new SceneInput({
      element: this.element,
      store: this.store,
      visibility: this.visibility,
      metrics: this.metrics,
      nodeIndex: this.index.nodes,
      camera: this.camera,
      lod: () => this.lod,
      focusColor: () => this.colors.focus,
      snapToGrid: () => this.snap,
      onError: (m) => this.onError(m),
      selected: (id) => this.treeEdit.followSelection(id),
      dragStarted: (id) => {
        this.refreshDynEdges();
        this.views.dirty.add(id);
        this.scheduler.request();
      },
      dragEnded: (id) => this.dragEnded(id),
      overlayChanged: () => {
        this.painter.dirty = true;
        this.scheduler.request();
      },
      request: () => this.scheduler.request(),
      editLabel: (id) => this.treeEdit.editLabel(id),
    });
    this.pointer = new PointerInput(this.input);
    this.overlay.above.addChild(this.input.reparent.indicator.view);
    this.followLayout();

    this.unsubscribers.push(
      this.store.subscribe((changes) => {
        this.pending.addChanges(changes);
        this.scheduler.request();
      }),
      this.visibility.subscribe((delta) => {
        this.pending.addVisibility(delta);
        this.scheduler.request();
      }),
    );
    if (typeof window !== 'undefined' && window.matchMedia) {
      const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
      this.reducedMotion = mq.matches;
      const onMq = () => {
        this.reducedMotion = mq.matches;
        this.painter.dirty = true;
        this.scheduler.request();
      };
      mq.addEventListener?.('change', onMq);
      this.unsubscribers.push(() => mq.removeEventListener?.('change', onMq));
      const onOrientation = () => this.camera.fit(FIT_PADDING.orientation, 500);
      window.addEventListener('orientationchange', onOrientation);
      this.unsubscribers.push(() => window.removeEventListener('orientationchange', onOrientation));
    }
    this.app.renderer.background.color = this.colors.background;
    this.rebuildAll();
    this.observeSize();
    this.handle = makeSceneHandle({
      element: this.element,
      stage: this.stage,
      camera: this.camera,
      scheduler: this.scheduler,
      viewportListeners: this.viewportListeners,
      state: () => this.store.getState(),
      nodeWidth: this.nodeWidth,
      drawnAt: (id) => this.views.get(id)?.root.position,
      timerPending: () => this.resizeTimer !== null || this.lodTimer !== null,
      counts: () => ({ lod: this.lod, nodeViews: this.views.size, pooledViews: this.views.pooled, tiles: this.tiles.count, lastFrameMs: this.lastFrameMs, indexedNodes: this.index.nodes.size }),
      setTheme: (t) => this.setTheme(t),
      setPerformanceMode: (on) => this.setPerformanceMode(on),
      setSnapToGrid: (on) => {
        this.snap = on;
      },
      editLabel: (id) => this.treeEdit.editLabel(id),
      focusNode: (id) => this.treeEdit.focusNode(id),
      destroy: () => this.destroy(),
    });
  }

  private observeSize(): void {
    const measure = () => {
      const w = Math.max(1, Math.round(this.host.clientWidth));
      const h = Math.max(1, Math.round(this.host.clientHeight));
      const camera = this.camera;
      if (w === camera.size.width && h === camera.size.height && this.sized) return;
      camera.size = { width: w, height: h };
      this.app.renderer.resize(w, h);
      this.minimap.setVisible(w >= MOBILE_MAX_WIDTH);
      camera.moved = true;
      if (!this.sized) {
        this.sized = true;
        camera.set(camera.fitFor(FIT_PADDING.initial) ?? camera.centred());
      } else {
        // Spec: refit on resize (0.3, or 0.5 on mobile), debounced so a window drag refits once.
        if (this.resizeTimer !== null) clearTimeout(this.resizeTimer);
        this.resizeTimer = setTimeout(() => {
          this.resizeTimer = null;
          camera.fit(w < MOBILE_MAX_WIDTH ? FIT_PADDING.resizeMobile : FIT_PADDING.resize, 400);
        }, 150);
      }
      this.scheduler.request();
    };
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(measure);
      this.resizeObserver.observe(this.host);
    }
    measure();
  }

  // ───────────────────────────── state → scene ─────────────────────────────

  private nodeWidth = (id: string): number => {
    const n = getNode(this.store.getState(), id);
    return this.metrics.get(id, n?.data?.label).width;
  };

  /** Full rebuild: import, clear, template, undo of those. O(map), never on a single edit. */
  private rebuildAll(): void {
    const s = this.store.getState();
    this.metrics.clear();
    this.index.rebuildAll(s);
    this.tiles.clear();
    this.views.reset();
    this.input.hover = null;
    this.painter.resetDynEdges(s, this.input.draggingId);
    this.painter.dirty = true;
    this.treeEdit.forgetMissing();
    this.lastSelected = s.selectedNodeId;
    this.treeEdit.invalidate();
    this.minimapPainter.schedule();
  }

  /** Edge sides follow the layout: a layout change re-routes every edge box and redraws every tile. */
  private followLayout(): void {
    this.routedLayout = this.store.getState().settings?.layout;
    this.unsubscribers.push(
      this.store.subscribe((changes, state) => {
        if (!changes.settings && !changes.reset) return;
        const layout = state.settings?.layout;
        if (layout === this.routedLayout) return;
        this.routedLayout = layout;
        if (changes.reset) return; // rebuildAll routes every edge anyway
        this.index.rerouteEdges(state);
        this.tiles.invalidateAll();
        this.painter.dirty = true;
        this.scheduler.request();
      }),
    );
  }

  private refreshDynEdges(): void {
    this.painter.refreshDynEdges(this.store.getState(), this.input.draggingId);
  }

  private invalidateEdgeTiles(eid: string): void {
    const b = this.index.edgeBoxes.get(eid);
    if (b) this.tiles.invalidateRect(b);
  }

  private dragEnded(id: string | null): void {
    const dv = id ? this.views.get(id) : undefined;
    if (dv) dv.root.alpha = 1;
    this.refreshDynEdges();
    if (id) this.views.dirty.add(id);
    this.index.scheduleRebuild();
    this.scheduler.request();
  }

  /** `bulk`: the caller invalidates every tile and rebuilds the trees once afterwards (see applyPending). */
  private updateEdge(eid: string, s: MindMapState, bulk = false): void {
    const { edgeBoxes, edges } = this.index;
    const dynEdges = this.painter.dynEdges;
    const old = edgeBoxes.get(eid);
    const e = getEdge(s, eid);
    const dyn = dynEdges.has(eid);
    if (old && !dyn && !bulk) this.tiles.invalidateRect(old);
    const box = e ? this.index.edgeBox(e, s) : null;
    if (!box) {
      if (old) {
        edgeBoxes.delete(eid);
        if (!bulk) edges.remove(eid);
      }
      dynEdges.delete(eid);
      return;
    }
    if (!old || !rectsEqual(old, box)) {
      edgeBoxes.set(eid, box);
      if (!bulk) edges.set(eid, box);
    }
    if (!dyn && !bulk) this.tiles.invalidateRect(box);
  }

  private updateNode(id: string, s: MindMapState, edgesDone: Set<string>, bulk = false): void {
    const { nodeBoxes, nodes } = this.index;
    const old = nodeBoxes.get(id);
    // Tiles hold topic boxes only at the 'shape' level (other levels rebuild every tile on a switch);
    // elsewhere a moved topic changes tiles only through its edges (updateEdge). Why it matters: a drag
    // would otherwise re-tessellate every edge in the tiles under the topic on every pointer move.
    const shapesInTiles = this.lod === 'shape' && !bulk;
    if (old && shapesInTiles) this.tiles.invalidateRect(old);
    const box = this.index.nodeBox(id, s);
    this.views.dirty.add(id);
    if (!box) {
      if (old) {
        nodeBoxes.delete(id);
        if (!bulk) nodes.remove(id);
      }
      this.metrics.delete(id);
      return;
    }
    if (!old || !rectsEqual(old, box)) {
      nodeBoxes.set(id, box);
      if (!bulk) nodes.set(id, box);
      this.views.stale = true;
      // Its edges' end points moved with it.
      for (const eid of edgeIdsOf(s, id)) {
        if (edgesDone.has(eid)) continue;
        edgesDone.add(eid);
        this.updateEdge(eid, s, bulk);
      }
    }
    if (shapesInTiles) this.tiles.invalidateRect(box);
  }

  private applyPending(): boolean {
    const p = this.pending;
    if (p.empty) return false;
    const s = this.store.getState();
    if (p.reset) {
      p.clear();
      this.rebuildAll();
      const cam = this.camera.fitFor(FIT_PADDING.initial);
      if (cam) this.camera.jump(cam);
      return true;
    }
    const edgesDone = new Set<string>();
    if (p.selection) {
      this.refreshDynEdges();
      if (this.lastSelected) this.views.dirty.add(this.lastSelected);
      if (s.selectedNodeId) this.views.dirty.add(s.selectedNodeId);
      this.lastSelected = s.selectedNodeId;
      this.treeEdit.invalidate();
    }
    if (p.nodes.size >= 2) {
      this.layoutTween.capture(p.nodes, s, {
        policy: { performanceMode: this.performanceMode, reducedMotion: this.reducedMotion || this.lod === 'shape', dragging: this.input.draggingId !== null },
        cam: this.camera.cam,
        size: this.camera.size,
        visible: this.visibility.visible,
      });
    }
    // A layout that moves most of a big map: per-topic tile and tree updates would cost more than
    // invalidating every tile and rebuilding both trees once.
    const bulk = p.nodes.size > BULK_TOPICS;
    for (const id of p.nodes) this.updateNode(id, s, edgesDone, bulk);
    for (const id of p.structure) {
      this.views.dirty.add(id);
      this.views.stale = true;
    }
    for (const eid of p.edges) {
      if (edgesDone.has(eid)) continue;
      edgesDone.add(eid);
      const e = getEdge(s, eid);
      if (e && (e.source === s.selectedNodeId || e.target === s.selectedNodeId)) this.painter.dynEdges.add(eid);
      this.updateEdge(eid, s, bulk);
    }
    if (bulk) {
      this.tiles.invalidateAll();
      this.index.rebuildTrees();
    }
    if (p.visibilityReset || p.search) {
      this.tiles.invalidateAll();
      this.views.allDirty = true;
      this.views.stale = true;
    } else if (p.shown.length || p.hidden.length) {
      this.views.stale = true;
      for (const list of [p.shown, p.hidden]) {
        for (const id of list) {
          const b = this.index.nodeBoxes.get(id);
          if (b) this.tiles.invalidateRect(b);
          for (const eid of edgeIdsOf(s, id)) this.invalidateEdgeTiles(eid);
        }
      }
    }
    if (p.nodes.size || p.structure.size || p.shown.length || p.hidden.length || p.visibilityReset || p.search) {
      this.treeEdit.invalidate();
      this.minimapPainter.schedule();
    }
    const hover = this.input.hover;
    if (hover && !getNode(s, hover.id)) this.input.hover = null;
    this.painter.dirty = true;
    p.clear();
    this.index.scheduleRebuild();
    return true;
  }

  // ───────────────────────────── frame ─────────────────────────────

  private frame = (now: number): 'again' | 'later' | 'idle' => {
    if (this.destroyed) return 'idle';
    const t0 = performance.now();
    let again = this.camera.step(now);
    this.applyPending();
    const cameraMoved = this.camera.moved;
    this.camera.moved = false;
    // A gesture in progress: the camera moved in this frame and the one before.
    const gesture = cameraMoved && this.movedLastFrame;
    this.movedLastFrame = cameraMoved;
    const cam = this.camera.cam;
    const lod = lodForZoom(cam.zoom);
    if (lod !== this.lod) {
      // Why wait for the gesture to pause before switching to a more detailed level: the switch binds
      // a view per topic on screen and rebuilds every tile (a 100+ ms frame on software WebGL) in the
      // middle of a zoom. Meanwhile the coarser level stays on screen, as map apps refine after the
      // gesture. Switching towards 'shape' is never deferred (a zoom-out would otherwise keep creating views).
      if (gesture && lod !== 'shape') this.deferLod();
      else {
        this.lod = lod;
        this.views.allDirty = true;
        this.views.stale = true;
        this.painter.dirty = true;
      }
    }
    this.world.position.set(cam.x, cam.y);
    this.world.scale.set(cam.zoom);
    const view = visibleWorldRect(cam, this.camera.size);
    if (cameraMoved) this.grid.update(cam, this.camera.size);
    const s = this.store.getState();
    if (this.tiles.update(view, this.tileSource(s), 6)) again = true;
    const draggingId = this.input.draggingId;
    const focusId = this.treeEdit.focusRing;
    const vis = this.visibility;
    this.views.sync({ view, state: s, cameraMoved, zoom: cam.zoom, lod: this.lod, bind: this.bindContext(), visible: vis.visible, matches: vis.matches, draggingId, focusId });
    if (draggingId) {
      // See-through while over a drop target, so the target and its indicator show under it.
      const dv = this.views.get(draggingId);
      if (dv) dv.root.alpha = this.input.overDropTarget ? 0.55 : 1;
    }
    if (this.layoutTween.step(now, s, draggingId !== null || this.motionPaused)) again = true;
    const animating = this.views.animate(now, this.motionPaused, draggingId);
    const edgesMoving = this.painter.draw({
      now, view, state: s, cameraMoved, lod: this.lod, zoom: cam.zoom, colors: this.colors, contexts: this.contexts,
      edgeStyle: this.performanceMode ? 'straight' : 'smoothstep', paused: this.motionPaused, visible: vis.visible,
      hover: this.input.hover, preview: this.input.preview, draggingId, focusId,
    });
    if (this.treeEdit.editing && cameraMoved) this.treeEdit.placeEditor();
    this.app.renderer.render(this.stage);
    if (cameraMoved) {
      this.minimap.drawView(view);
      for (const cb of this.viewportListeners) cb(this.camera.cam);
      if (vis.visible.size > 1500) this.treeEdit.invalidate(200);
    }
    this.lastFrameMs = performance.now() - t0;
    if (again || !this.pending.empty) return 'again';
    return animating || edgesMoving ? 'later' : 'idle';
  };

  /** Re-checks the level of detail once the camera has been still for LOD_SETTLE_MS. */
  private deferLod(): void {
    if (this.lodTimer !== null) clearTimeout(this.lodTimer);
    this.lodTimer = setTimeout(() => {
      this.lodTimer = null;
      this.scheduler.request();
    }, LOD_SETTLE_MS);
  }

  private get motionPaused(): boolean {
    return this.performanceMode || this.reducedMotion || this.lod === 'shape';
  }

  private tileSource(s: MindMapState): TileSource {
    const vis = this.visibility;
    return {
      state: s,
      theme: this.colors,
      lod: this.lod,
      edgeStyle: this.performanceMode ? 'straight' : 'smoothstep',
      nodeIndex: this.index.nodes,
      edgeIndex: this.index.edges,
      isVisible: (id) => vis.visible.has(id),
      isDynamicEdge: (e) => this.painter.dynEdges.has(e.id) || this.layoutTween.tween.tileEdgeIds.has(e.id) || (e.animated === true && this.lod !== 'shape'),
      nodeWidth: this.nodeWidth,
      isMatch: (id) => vis.matches.has(id),
      searching: vis.matches.size > 0 || s.searchQuery.trim() !== '',
      selectedId: s.selectedNodeId,
    };
  }

  private bindContext(): BindContext {
    return { contexts: this.contexts, theme: this.colors, images: this.images, lod: this.lod, defaultColor: 0x9b87f5 };
  }

  // ───────────────────────────── settings from the handle ─────────────────────────────

  private setTheme(t: ThemeName): void {
    if (t === this.themeName || !THEMES[t]) return;
    this.themeName = t;
    this.colors = THEMES[t];
    this.contexts.setTheme(this.colors);
    this.grid.setTheme(this.colors);
    this.minimap.setTheme(this.colors);
    this.app.renderer.background.color = this.colors.background;
    this.views.allDirty = true;
    this.painter.dirty = true;
    this.overlay.hoverSig = '';
    this.camera.moved = true;
    this.minimapPainter.schedule();
    this.scheduler.request();
  }

  private setPerformanceMode(on: boolean): void {
    if (on === this.performanceMode) return;
    this.performanceMode = on;
    this.painter.dirty = true;
    this.scheduler.request();
  }

  private destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.input.draggingId) this.store.commitMark();
    this.scheduler.destroy();
    for (const u of this.unsubscribers) u();
    this.resizeObserver?.disconnect();
    for (const t of [this.resizeTimer, this.lodTimer]) if (t !== null) clearTimeout(t);
    this.index.destroy();
    this.minimapPainter.destroy();
    this.pointer.destroy();
    this.minimap.destroy();
    this.treeEdit.destroy();
    this.views.destroy();
    this.tiles.destroy();
    this.overlay.destroy();
    this.grid.destroy();
    this.images.destroy();
    this.contexts.destroy();
  }
}
