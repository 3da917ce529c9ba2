/**
 * The canvas scene: owns the Pixi objects, reads the state module, sends every edit through its
 * operations. One flush per animation frame applies whatever changed since the last one (see
 * sync/); nothing is scheduled while nothing changes or moves.
 *
 * Layers (bottom → top): grid (screen space) · world [ tiles (static edges, far-out topic boxes) ·
 * dynamic edges · topic views · highlights / preview / hover card ].
 *
 * This file only wires the parts (see the folder table in README.md) and runs the frame.
 */
import { Container, type Application } from 'pixi.js';
import { getNode, getNodeData, type MindMapState } from '../state/doc';
import { MOBILE_MAX_WIDTH } from '../state/model';
import type { MindMapStore } from '../state/store';
import type { VisibilityView } from '../state/views';
import { TreeAndEditor } from './a11y/treeAndEditor';
import { LayoutTween } from './anim/layoutTween';
import { watchReducedMotion } from './anim/reducedMotion';
import { visibleWorldRect, type Camera } from './camera/camera';
import { CameraControl, topicBounds } from './camera/cameraControl';
import { ViewportSize } from './camera/viewportSize';
import { NODE_HEIGHT, THEMES, type ThemeColors, type ThemeName } from './constants';
import { finiteOr, type Rect } from './geometry';
import { TWEEN_MS } from './anim/positionTween';
import { anchorFoldUndo } from './camera/foldAnchor';
import { TileLayer, type TileSource } from './edges/TileLayer';
import { PointerInput } from './input/PointerInput';
import { SceneInput } from './input/sceneInput';
import { Minimap } from './minimap/Minimap';
import { MinimapPainter } from './minimap/minimapPainter';
import { Overlay } from './overlay/Overlay';
import { PresenceLayer } from './presence/PresenceLayer';
import { OverlayPainter } from './overlay/overlayPainter';
import { isSoftwareGl, tuneForSoftwareGl } from './render/appOptions';
import { ImageCache, installFonts, SharedContexts } from './render/assets';
import { Grid } from './render/Grid';
import { LodControl } from './render/lodControl';
import { makeSceneHandle, type SceneHandle } from './sceneHandle';
import { SceneIndex } from './spatial/sceneIndex';
import { workerTreeBuilder } from './spatial/treeBuilder';
import { SceneSync } from './sync/sceneSync';
import { FrameScheduler } from './sync/sync';
import type { BindContext } from './topics/NodeView';
import { labelMetrics } from './topics/nodeMetrics';
import { TopicViews } from './topics/topicViews';

export interface SceneOptions {
  store: MindMapStore;
  /** Page rectangles of the chrome over the canvas (panels): fits and reveals keep topics out from under them. */
  covers?: () => readonly DOMRectReadOnly[];
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
  /** Other people's selections and pointers in a shared map. */
  private presence = new PresenceLayer();
  private themeName: ThemeName;
  private colors: ThemeColors;
  private contexts: SharedContexts;
  private images: ImageCache;
  private metrics = labelMetrics();
  /** Topic and edge boxes and the spatial trees over them. */
  private index: SceneIndex;
  /** Pooled views of the topics on screen. */
  private views: TopicViews;
  private camera: CameraControl;
  private size: ViewportSize;
  private lod: LodControl;
  private scheduler: FrameScheduler;
  /** Store changes → boxes, tiles and views marked dirty, applied once a frame. */
  private sync: SceneSync;
  /** Dynamic edges, highlights, connection preview, hover card. */
  private painter: OverlayPainter;
  /** Layout moves drawn as a 400 ms tween. */
  private layoutTween: LayoutTween;
  /** Hit testing, drag (and drag to reparent), connect, hover. */
  private input: SceneInput;
  private pointer: PointerInput;
  private minimap: Minimap;
  private minimapPainter: MinimapPainter;
  private treeEdit: TreeAndEditor;
  private performanceMode: boolean;
  private snap: boolean;
  private reducedMotion = false;
  private viewportListeners = new Set<(cam: Camera) => void>();
  private unwatchMotion: () => void;
  private unanchorFolds: () => void;
  private lastFrameMs = 0;
  private destroyed = false;
  private tileStepQueued = false;
  private tileStepSource: TileSource | null = null;
  private onError: (message: string) => void;

  constructor(private readonly app: Application, host: HTMLElement, opts: SceneOptions) {
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
    this.world.addChild(this.tiles.container, this.overlay.below, this.nodesLayer, this.overlay.above, this.presence.container);
    this.stage.addChild(this.grid.view, this.world);
    this.index = new SceneIndex(this.metrics, () => this.input.draggingId === null, workerTreeBuilder());
    this.index.setStraightEdges(this.performanceMode);
    this.views = new TopicViews(this.nodesLayer, this.index.nodes, this.metrics);
    const invalidateEdgeTiles = (eid: string) => {
      const b = this.index.edgeBoxes.get(eid);
      if (b) this.tiles.invalidateRect(b);
    };
    this.layoutTween = new LayoutTween({
      boxes: this.index.nodeBoxes,
      view: (id) => this.views.get(id),
      invalidateEdgeTiles,
      overlayChanged: () => {
        this.painter.dirty = true;
      },
    });
    this.painter = new OverlayPainter({ overlay: this.overlay, edgeIndex: this.index.edges, edgeBoxes: this.index.edgeBoxes, metrics: this.metrics, tween: this.layoutTween.tween, invalidateEdgeTiles, invalidateTiles: (r) => this.tiles.invalidateRect(r) });

    const canvas = this.element;
    canvas.style.display = 'block';
    canvas.style.touchAction = 'none';
    canvas.style.outline = 'none';
    canvas.setAttribute('aria-hidden', 'true');
    if (canvas.parentElement !== host) host.appendChild(canvas);

    this.scheduler = new FrameScheduler(this.frame);
    const request = () => this.scheduler.request();
    this.lod = new LodControl(request);
    this.camera = new CameraControl({
      request,
      bounds: () => topicBounds(this.visibility.visible, this.index.nodeBoxes),
      covers: () => this.covers(opts.covers?.() ?? []),
    });
    this.minimap = new Minimap(host, this.colors, (x, y) => this.camera.centerOn(x, y));
    this.minimapPainter = new MinimapPainter(this.minimap, {
      color: (id) => getNodeData(this.store.getState(), id)?.color,
      visible: () => this.visibility.visible,
      boxes: this.index.nodeBoxes,
      near: (r, out) => void this.index.nodes.search(r, out),
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
        request();
      },
    });
    this.input = new SceneInput({
      element: this.element,
      store: this.store,
      visibility: this.visibility,
      metrics: this.metrics,
      nodeIndex: this.index.nodes,
      camera: this.camera,
      lod: () => this.lod.level,
      focusColor: () => this.colors.focus,
      snapToGrid: () => this.snap,
      onError: (m) => this.onError(m),
      selected: (id) => this.treeEdit.followSelection(id),
      revealAfterTap: (id) => this.treeEdit.revealAfterTap(id, () => this.pointer.modeKind === 'idle'),
      dragStarted: (id) => {
        this.sync.refreshDynEdges();
        this.views.dirty.add(id);
        request();
      },
      dragEnded: (id) => this.sync.dragEnded(id),
      overlayChanged: () => {
        this.painter.dirty = true;
        request();
      },
      request,
      editLabel: (id) => this.treeEdit.editLabel(id),
    });
    this.pointer = new PointerInput(this.input);
    this.overlay.above.addChild(this.input.reparent.indicator.view);
    this.sync = new SceneSync({
      store: this.store,
      visibility: this.visibility,
      metrics: this.metrics,
      index: this.index,
      tiles: this.tiles,
      views: this.views,
      painter: this.painter,
      layoutTween: this.layoutTween,
      input: this.input,
      treeEdit: this.treeEdit,
      minimapPainter: this.minimapPainter,
      camera: this.camera,
      lod: () => this.lod.level,
      performanceMode: () => this.performanceMode,
      reducedMotion: () => this.reducedMotion,
      invalidateEdgeTiles,
      request,
    });
    this.unanchorFolds = anchorFoldUndo(this.store, this.camera);
    this.unwatchMotion = watchReducedMotion((reduced) => {
      this.reducedMotion = reduced;
      this.painter.dirty = true;
      request();
    });
    this.size = new ViewportSize({
      host,
      camera: this.camera,
      resized: (w, h) => {
        this.app.renderer.resize(w, h);
        this.minimap.setVisible(w >= MOBILE_MAX_WIDTH);
      },
      request,
    });
    this.app.renderer.background.color = this.colors.background;
    this.sync.rebuildAll();
    this.size.observe();
    this.handle = makeSceneHandle({
      element: this.element,
      stage: this.stage,
      camera: this.camera,
      scheduler: this.scheduler,
      viewportListeners: this.viewportListeners,
      state: () => this.store.getState(),
      nodeWidth: this.nodeWidth,
      drawnAt: (id) => this.views.get(id)?.root.position,
      timerPending: () => this.size.timerPending || this.lod.timerPending,
      counts: () => ({ lod: this.lod.level, nodeViews: this.views.size, pooledViews: this.views.pooled, tiles: this.tiles.count, tilesByCells: this.lod.level === 'shape' && this.tiles.drawsCells, lastFrameMs: this.lastFrameMs, indexedNodes: this.index.nodes.size, treePending: this.treeEdit.treePending }),
      setTheme: (t) => this.setTheme(t),
      setPerformanceMode: (on) => this.setPerformanceMode(on),
      setSnapToGrid: (on) => {
        this.snap = on;
      },
      editLabel: (id) => this.treeEdit.editLabel(id),
      focusNode: (id) => this.treeEdit.focusNode(id),
      revealNode: (id, withChildren) => this.treeEdit.revealShown(id, withChildren),
      spotTaken: (area) => this.input.spotTaken(area),
      setPresence: (people) => {
        this.presence.set(people);
        this.scheduler.request();
      },
      destroy: () => this.destroy(),
    });
  }

  /** `page` (the editor's panels) and the minimap, in canvas pixels; hidden ones (no size) left out. */
  private covers(page: readonly DOMRectReadOnly[]): Rect[] {
    const canvas = this.element.getBoundingClientRect();
    const out: Rect[] = [];
    for (const r of [...page, this.minimap.canvas.getBoundingClientRect()]) {
      if (r.width <= 0 || r.height <= 0) continue;
      out.push({ minX: r.left - canvas.left, minY: r.top - canvas.top, maxX: r.right - canvas.left, maxY: r.bottom - canvas.top });
    }
    return out;
  }

  private topicRect(s: MindMapState, id: string): Rect | undefined {
    const n = getNode(s, id);
    if (!n || !this.visibility.visible.has(id)) return undefined;
    const x = this.views.get(id)?.root.position.x ?? n.position.x;
    const y = this.views.get(id)?.root.position.y ?? n.position.y;
    return { minX: x, minY: y, maxX: x + this.nodeWidth(id), maxY: y + NODE_HEIGHT };
  }

  private nodeWidth = (id: string): number => {
    const n = getNode(this.store.getState(), id);
    return this.metrics.get(id, n?.data?.label).width;
  };

  // ───────────────────────────── frame ─────────────────────────────

  private frame = (now: number): 'again' | 'later' | 'idle' => {
    if (this.destroyed) return 'idle';
    const t0 = performance.now();
    let again = this.camera.step(now);
    this.sync.apply();
    // After apply: a fit asked for with the last edit fits the map as the edit left it, and a topic
    // that is to stay where it is on screen is followed to where the edit put it.
    this.camera.runRequestedFit();
    this.camera.runRequestedAnchor(
      (id) => {
        const n = getNode(this.store.getState(), id);
        return n ? { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) } : null;
      },
      (id) => this.layoutTween.tween.at(id, performance.now()) !== null,
      TWEEN_MS,
    );
    const cameraMoved = this.camera.moved;
    this.camera.moved = false;
    const cam = this.camera.cam;
    if (this.lod.update(cam.zoom, cameraMoved)) {
      this.views.allDirty = true;
      this.views.stale = true;
      this.painter.dirty = true;
    }
    const lod = this.lod.level;
    this.world.position.set(cam.x, cam.y);
    this.world.scale.set(cam.zoom);
    const view = visibleWorldRect(cam, this.camera.size);
    if (cameraMoved) this.grid.update(cam, this.camera.size);
    const s = this.store.getState();
    const tileSource = this.tileSource(s);
    if (this.tiles.update(view, tileSource, 6, cam.zoom)) {
      again = true;
      if (this.tiles.stepping) this.stepTilesBetweenFrames(tileSource);
    }
    const draggingId = this.input.draggingId;
    const focusId = this.treeEdit.focusRing;
    const vis = this.visibility;
    this.views.sync({ view, state: s, cameraMoved, zoom: cam.zoom, lod, bind: this.bindContext(), visible: vis.visible, matches: vis.matches, draggingId, focusId });
    if (draggingId) {
      // See-through while over a drop target, so the target and its indicator show under it.
      const dv = this.views.get(draggingId);
      if (dv) dv.root.alpha = this.input.overDropTarget ? 0.55 : 1;
    }
    if (this.layoutTween.step(now, s, draggingId !== null || this.motionPaused)) again = true;
    const animating = this.views.animate(now, this.motionPaused, draggingId);
    const edgesMoving = this.painter.draw({
      now, view, state: s, cameraMoved, lod, zoom: cam.zoom, colors: this.colors, contexts: this.contexts,
      edgeStyle: this.performanceMode ? 'straight' : 'smoothstep', paused: this.motionPaused, visible: vis.visible,
      hover: this.input.hover, preview: this.input.preview, draggingId, focusId,
    });
    if (this.treeEdit.editing && cameraMoved) this.treeEdit.placeEditor();
    if (!this.presence.empty) this.presence.draw((id) => this.topicRect(s, id), cam.zoom);
    this.app.renderer.render(this.stage);
    if (cameraMoved) {
      this.minimap.drawView(view);
      for (const cb of this.viewportListeners) cb(this.camera.cam);
      if (vis.visible.size > 1500) this.treeEdit.invalidate(200);
    }
    this.lastFrameMs = performance.now() - t0;
    if (again || !this.sync.idle) return 'again';
    return animating || edgesMoving ? 'later' : 'idle';
  };

  private get motionPaused(): boolean {
    return this.performanceMode || this.reducedMotion || this.lod.level === 'shape';
  }

  /**
   * Marks the far-out tile in progress in slices between frames (TileLayer.advance), with what this
   * frame drew from; the frame that follows its completion draws it.
   */
  private stepTilesBetweenFrames(src: TileSource): void {
    this.tileStepSource = src;
    if (this.tileStepQueued) return;
    this.tileStepQueued = true;
    setTimeout(() => {
      this.tileStepQueued = false;
      const from = this.tileStepSource;
      if (this.destroyed || !from) return;
      if (this.tiles.advance(from, 8)) {
        this.tileStepSource = null;
        this.scheduler.request();
      } else this.stepTilesBetweenFrames(from);
    }, 0);
  }

  private tileSource(s: MindMapState): TileSource {
    const vis = this.visibility;
    const lod = this.lod.level;
    const isDynamic = (id: string, animated: boolean) =>
      this.painter.dynEdges.has(id) || this.layoutTween.tween.tileEdgeIds.has(id) || (animated && lod !== 'shape');
    return {
      state: s,
      theme: this.colors,
      lod,
      edgeStyle: this.performanceMode ? 'straight' : 'smoothstep',
      nodeIndex: this.index.nodes,
      edgeIndex: this.index.edges,
      edgeBoxes: this.index.edgeBoxes,
      nodeBoxes: this.index.nodeBoxes,
      isVisible: (id) => vis.visible.has(id),
      isDynamicEdgeId: isDynamic,
      skippedFar: (eid) => this.index.fans.skippedFar(eid),
      nodeWidth: this.nodeWidth,
      isMatch: (id) => vis.matches.has(id),
      searching: vis.matches.size > 0 || s.searchQuery.trim() !== '',
      selectedId: s.selectedNodeId,
    };
  }

  private bindContext(): BindContext {
    return { contexts: this.contexts, theme: this.colors, images: this.images, lod: this.lod.level, defaultColor: 0x9b87f5 };
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
    this.index.setStraightEdges(on);
    this.painter.dirty = true;
    this.scheduler.request();
  }

  private destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.input.draggingId) this.store.commitMark();
    this.scheduler.destroy();
    this.sync.destroy();
    this.unwatchMotion();
    this.unanchorFolds();
    this.size.destroy();
    this.lod.destroy();
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
    // The Application may outlive this scene (SceneApplication lets another scene start on it; a page
    // holds one map today, so none does yet): nothing of this one stays on its stage. Layers their
    // owners destroyed above are skipped.
    this.world.destroy({ children: true });
    this.stage.removeChildren();
  }
}
