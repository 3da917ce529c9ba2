/**
 * The canvas scene: owns the Pixi objects, reads the state module, sends every edit through its
 * operations. One flush per animation frame applies whatever changed since the last one (see
 * sync.ts); nothing is scheduled while nothing changes or moves.
 *
 * Layers (bottom → top): grid (screen space) · world [ tiles (static edges, far-out topic boxes) ·
 * dynamic edges · topic views · highlights / preview / hover card ].
 */
import { Application, Container, type ApplicationOptions } from 'pixi.js';
import { childIds, edgeIdsOf, getEdge, getNode, type MindMapState } from '../state/doc';
import { MIDDLE_EDGE_COLOR, MOBILE_MAX_WIDTH, FIT_PADDING, type MindEdge } from '../state/model';
import { addMiddleChild, connect, moveNode, renameNode, select, setExpanded, toggleExpanded } from '../state/operations';
import type { MindMapStore } from '../state/store';
import { edgeLook, type VisibilityView } from '../state/views';
import { tableForEach } from '../state/table';
import { animationFrame, normalizeAnimation, REST, seedOf, type AnimationFrame } from './animations';
import { ImageCache, installFonts, SharedContexts, FONT_STACK } from './assets';
import { A11yTree } from './a11yTree';
import {
  cameraToReveal,
  camerasEqual,
  clampZoom,
  fitCamera,
  fitDuration,
  lerpCamera,
  screenToWorld,
  visibleWorldRect,
  worldToScreen,
  zoomAround,
  type Camera,
  type Size,
} from './camera';
import { FIT_MAX_ZOOM, HIT_MARGIN_BOTTOM, HIT_MARGIN_TOP, HIT_MARGIN_X, NODE_HEIGHT, THEMES, ZOOM_STEP, type ThemeColors, type ThemeName } from './constants';
import { expandRect, finiteOr, parseColor, rectsEqual, type Rect } from './geometry';
import { Grid } from './Grid';
import { PointerInput, type Hit, type InputHost } from './interaction/PointerInput';
import { LabelEditor } from './labelEditor';
import { lodForZoom, MAX_NODE_VIEWS, type Lod } from './lod';
import { Minimap } from './Minimap';
import { createMeasurer, MetricsCache } from './nodeMetrics';
import { handleCenter, hitPart, nodeCardRect, nodeHitBox, plusCenter, chevronCenter, type NodePart } from './nodeLayout';
import { NodeView, type BindContext } from './NodeView';
import { Overlay, type OverlayEdge } from './Overlay';
import { Pool } from './pool';
import { SpatialIndex } from './spatialIndex';
import { FrameScheduler, PendingChanges } from './sync';
import { TileLayer, type TileSource } from './TileLayer';
import { routeBox, routeEdge, type EdgeRoute } from './edgeRouting';
import { PositionTween, planTween, type Move } from './positionTween';
import { ReparentDrag } from './interaction/reparentDrag';
import type { TreeKeyAction } from './treeNav';

export interface SceneOptions {
  store: MindMapStore;
  visibility: VisibilityView;
  theme?: ThemeName;
  performanceMode?: boolean;
  snapToGrid?: boolean;
  /** Refused edits (e.g. a connection that already exists) are reported here. */
  onError?: (message: string) => void;
}

export interface SceneStats {
  frames: number;
  lod: Lod;
  zoom: number;
  nodeViews: number;
  pooledViews: number;
  tiles: number;
  displayObjects: number;
  lastFrameMs: number;
  indexedNodes: number;
}

export interface SceneHandle {
  fitView(padding?: number, durationMs?: number): void;
  zoomIn(): void;
  zoomOut(): void;
  setTheme(theme: ThemeName): void;
  setPerformanceMode(on: boolean): void;
  setSnapToGrid(on: boolean): void;
  editLabel(id: string): void;
  focusNode(id: string): void;
  getViewport(): Camera;
  setViewport(cam: Camera, durationMs?: number): void;
  onViewportChange(cb: (cam: Camera) => void): () => void;
  stats(): SceneStats;
  /** Resolves once no frame is pending (animations done, tiles built). */
  whenIdle(): Promise<void>;
  /**
   * Screen (client) geometry for tests, the bench and the label editor: where the state puts the
   * topic, or with `drawn`, where the last frame drew it (part way during a layout tween).
   */
  nodeClientRect(id: string, drawn?: boolean): { x: number; y: number; width: number; height: number } | null;
  partClientPoint(id: string, part: NodePart): { x: number; y: number } | null;
  destroy(): void;
}

/** Options for `app.init`: WebGL only (WebGPU crashes on software GPUs), no ticker, no Pixi events. */
export function sceneAppOptions(width: number, height: number, theme: ThemeName = 'dark'): Partial<ApplicationOptions> {
  return {
    preference: 'webgl',
    width: Math.max(1, width),
    height: Math.max(1, height),
    backgroundColor: THEMES[theme].background,
    // MSAA roughly doubles frame time on software WebGL; shapes are drawn pixel-aligned enough without it.
    antialias: false,
    resolution: Math.min(2, typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1),
    autoDensity: true,
    // Render on demand: the scene calls render() itself only when something changed.
    autoStart: false,
    sharedTicker: false,
    // Pixi's event system would hit-test the whole scene graph on every pointer move.
    eventMode: 'none',
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    powerPreference: 'high-performance',
  };
}

/** Whether WebGL runs on a CPU rasteriser (SwiftShader, llvmpipe, …) rather than a GPU. */
function isSoftwareGl(app: Application): boolean {
  const gl = (app.renderer as { gl?: WebGLRenderingContext }).gl;
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i.test(name);
}

/**
 * Software WebGL pays per pixel shaded, and far more than a GPU does:
 *  - a 2x screen has four times the pixels: render at 1x;
 *  - Pixi's batch shaders pick the texture with an if-chain over up to 16 samplers, and a CPU
 *    rasteriser runs that chain for every pixel. The scene uses a handful of textures (white, two
 *    glyph atlases, the grid row, image previews), so batches of 4 cost a few more draw calls at most.
 *    Batchers are created lazily with the limit; the non-batched Graphics shader is rebuilt here.
 */
function tuneForSoftwareGl(app: Application): void {
  const r = app.renderer as Application['renderer'] & {
    limits?: { maxBatchableTextures: number };
    renderPipes?: { graphics?: { contextChange?: () => void } };
  };
  if (r.resolution > 1) r.resolution = 1;
  if (r.limits && r.limits.maxBatchableTextures > SOFTWARE_BATCH_TEXTURES) {
    r.limits.maxBatchableTextures = SOFTWARE_BATCH_TEXTURES;
    r.renderPipes?.graphics?.contextChange?.();
  }
}

const SOFTWARE_BATCH_TEXTURES = 4;

export function createScene(app: Application, host: HTMLElement, opts: SceneOptions): SceneHandle {
  return new SceneRoot(app, host, opts).handle;
}

interface CameraAnimation {
  from: Camera;
  to: Camera;
  start: number;
  duration: number;
}

const EDGE_MARGIN_X = 24;
/** Above this many topics the spatial index is not rebuilt on idle (see scheduleIndexRebuild). */
const IDLE_REBUILD_MAX_TOPICS = 20000;
/** How long the camera must be still before a deferred level-of-detail switch (see frame). */
const LOD_SETTLE_MS = 150;

class SceneRoot implements InputHost {
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
  private nodeIndex = new SpatialIndex();
  private edgeIndex = new SpatialIndex();
  private nodeBoxes = new Map<string, Rect>();
  private edgeBoxes = new Map<string, Rect>();
  private views = new Map<string, NodeView>();
  private viewPool: Pool<NodeView>;
  private dirtyViews = new Set<string>();
  private allViewsDirty = true;
  private viewsStale = true;
  private stamp = 0;
  private cam: Camera = { x: 0, y: 0, zoom: 1 };
  private size: Size = { width: 1, height: 1 };
  private camAnim: CameraAnimation | null = null;
  private cameraMoved = true;
  private lod: Lod = 'full';
  private pending = new PendingChanges();
  private scheduler: FrameScheduler;
  private dynEdges = new Set<string>();
  private draggingId: string | null = null;
  /** Drag to reparent (drop indicator, drop handling): interaction/reparentDrag.ts. */
  private reparent!: ReparentDrag;
  /** Layout moves drawn as a 400 ms tween: positionTween.ts. */
  private tween = new PositionTween();
  private routedLayout: string | undefined;
  private hover: Hit | null = null;
  private preview: { from: { id: string; side: 'in' | 'out' }; to: { x: number; y: number } } | null = null;
  private overlayDirty = true;
  private overlayList: OverlayEdge[] = [];
  private overlayAnimated = false;
  private focusId: string | null = null;
  private treeFocused = false;
  private performanceMode: boolean;
  private snap: boolean;
  private reducedMotion = false;
  private animationsWereOn = false;
  private viewportListeners = new Set<(cam: Camera) => void>();
  private minimap: Minimap;
  private tree: A11yTree;
  private editor: LabelEditor;
  private input: PointerInput;
  private unsubscribers: Array<() => void> = [];
  private resizeObserver: ResizeObserver | null = null;
  private sized = false;
  private resizeTimer: ReturnType<typeof setTimeout> | null = null;
  private indexTimer: ReturnType<typeof setTimeout> | null = null;
  private minimapTimer: ReturnType<typeof setTimeout> | null = null;
  private minimapSlice: ReturnType<typeof setTimeout> | null = null;
  private minimapJob = 0;
  private lodTimer: ReturnType<typeof setTimeout> | null = null;
  private movedLastFrame = false;
  private lastFrameMs = 0;
  private found: string[] = [];
  private anim: AnimationFrame = { ...REST };
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
      this.allViewsDirty = true;
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
    this.viewPool = new Pool<NodeView>(
      {
        create: () => {
          const v = new NodeView();
          this.nodesLayer.addChild(v.root);
          return v;
        },
        reset: (v) => v.release(),
        dispose: (v) => {
          this.nodesLayer.removeChild(v.root);
          v.destroy();
        },
      },
      400,
    );

    const canvas = this.element;
    canvas.style.display = 'block';
    canvas.style.touchAction = 'none';
    canvas.style.outline = 'none';
    canvas.setAttribute('aria-hidden', 'true');
    if (canvas.parentElement !== host) host.appendChild(canvas);

    this.scheduler = new FrameScheduler(this.frame);
    this.minimap = new Minimap(host, this.colors, (x, y) => this.centerOn(x, y));
    this.tree = new A11yTree(host, {
      state: () => this.store.getState(),
      isShown: (id) => this.visibility.visible.has(id),
      shownCount: () => this.visibility.visible.size,
      nearViewport: (limit) => this.nearViewport(limit),
      onFocusChange: (id, viaKeyboard) => this.onTreeFocus(id, viaKeyboard),
      onAction: (a) => this.onTreeAction(a),
      onEdit: (id) => this.editLabel(id),
    });
    this.editor = new LabelEditor(host, {
      commit: (id, text) => {
        const r = renameNode(this.store, id, text);
        if (!r.ok) this.onError(r.error);
        this.afterEdit(id);
      },
      cancel: (id) => this.afterEdit(id),
    });
    this.input = new PointerInput(this);
    this.initLayoutFeatures();

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
        this.overlayDirty = true;
        this.scheduler.request();
      };
      mq.addEventListener?.('change', onMq);
      this.unsubscribers.push(() => mq.removeEventListener?.('change', onMq));
      const onOrientation = () => this.fitView(FIT_PADDING.orientation, 500);
      window.addEventListener('orientationchange', onOrientation);
      this.unsubscribers.push(() => window.removeEventListener('orientationchange', onOrientation));
    }
    this.app.renderer.background.color = this.colors.background;
    this.rebuildAll();
    this.observeSize();
    this.handle = this.makeHandle();
  }

  // ───────────────────────────── size, camera ─────────────────────────────

  private observeSize(): void {
    const measure = () => {
      const w = Math.max(1, Math.round(this.host.clientWidth));
      const h = Math.max(1, Math.round(this.host.clientHeight));
      if (w === this.size.width && h === this.size.height && this.sized) return;
      this.size = { width: w, height: h };
      this.app.renderer.resize(w, h);
      this.minimap.setVisible(w >= MOBILE_MAX_WIDTH);
      this.cameraMoved = true;
      if (!this.sized) {
        this.sized = true;
        this.setCamera(this.fitCameraFor(FIT_PADDING.initial) ?? this.centredCamera());
      } else {
        // Spec: refit on resize (0.3, or 0.5 on mobile), debounced so a window drag refits once.
        if (this.resizeTimer !== null) clearTimeout(this.resizeTimer);
        this.resizeTimer = setTimeout(() => {
          this.resizeTimer = null;
          this.fitView(w < MOBILE_MAX_WIDTH ? FIT_PADDING.resizeMobile : FIT_PADDING.resize, 400);
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

  private centredCamera(): Camera {
    return { x: this.size.width / 2 - 70, y: this.size.height / 2 - NODE_HEIGHT / 2, zoom: 1 };
  }

  camera(): Camera {
    return this.cam;
  }

  setCamera(cam: Camera): void {
    const next = { x: cam.x, y: cam.y, zoom: clampZoom(cam.zoom) };
    if (camerasEqual(next, this.cam)) return;
    this.cam = next;
    this.cameraMoved = true;
    this.scheduler.request();
  }

  stopCameraAnimation(): void {
    this.camAnim = null;
  }

  private animateCamera(to: Camera, duration: number): void {
    if (duration <= 0) {
      this.camAnim = null;
      this.setCamera(to);
      return;
    }
    this.camAnim = { from: { ...this.cam }, to, start: performance.now(), duration };
    this.scheduler.request();
  }

  private visibleBounds(): Rect | null {
    const s = this.store.getState();
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const id of this.visibility.visible) {
      const n = getNode(s, id);
      if (!n) continue;
      const x = finiteOr(n.position?.x, 0);
      const y = finiteOr(n.position?.y, 0);
      const w = this.metrics.get(id, n.data?.label).width;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x + w > maxX) maxX = x + w;
      if (y + NODE_HEIGHT > maxY) maxY = y + NODE_HEIGHT;
    }
    return minX === Infinity ? null : { minX, minY, maxX, maxY };
  }

  private fitCameraFor(padding: number): Camera | null {
    const b = this.visibleBounds();
    if (!b) return null;
    // Fits never zoom in past 1 (the initial zoom): a lone root stays at its natural size.
    return fitCamera(b, this.size, padding, undefined, Math.min(1, FIT_MAX_ZOOM));
  }

  fitView(padding: number = FIT_PADDING.button, durationMs?: number): void {
    const to = this.fitCameraFor(padding);
    if (!to) return;
    const d = durationMs ?? fitDuration(this.cam, to, this.size);
    this.animateCamera(to, d);
  }

  private centerOn(wx: number, wy: number): void {
    this.camAnim = null;
    const z = this.cam.zoom;
    this.setCamera({ x: this.size.width / 2 - wx * z, y: this.size.height / 2 - wy * z, zoom: z });
  }

  private zoomBy(factor: number): void {
    const target = this.camAnim ? this.camAnim.to : this.cam;
    const to = zoomAround(target, this.size.width / 2, this.size.height / 2, target.zoom * factor);
    this.animateCamera(to, 200);
  }

  // ───────────────────────────── state → scene ─────────────────────────────

  private nodeWidth = (id: string): number => {
    const n = getNode(this.store.getState(), id);
    return this.metrics.get(id, n?.data?.label).width;
  };

  private computeNodeBox(id: string, s: MindMapState): Rect | null {
    const n = getNode(s, id);
    if (!n) return null;
    const w = this.metrics.get(id, n.data?.label).width;
    return nodeHitBox(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0), w);
  }

  private computeEdgeBox(e: MindEdge, s: MindMapState): Rect | null {
    const a = getNode(s, e.source);
    const b = getNode(s, e.target);
    if (!a || !b) return null;
    // Sides follow the layout (edgeRouting.ts).
    const r = routeEdge(s.settings?.layout, finiteOr(a.position?.x, 0), finiteOr(a.position?.y, 0), this.metrics.get(e.source, a.data?.label).width, NODE_HEIGHT, finiteOr(b.position?.x, 0), finiteOr(b.position?.y, 0), this.metrics.get(e.target, b.data?.label).width, NODE_HEIGHT);
    return routeBox(r, EDGE_MARGIN_X, 4);
  }

  /** Full rebuild: import, clear, template, undo of those. O(map), never on a single edit. */
  private rebuildAll(): void {
    const s = this.store.getState();
    this.metrics.clear();
    this.nodeBoxes.clear();
    this.edgeBoxes.clear();
    tableForEach(s.nodes, (_n, id) => {
      const b = this.computeNodeBox(id, s);
      if (b) this.nodeBoxes.set(id, b);
    });
    tableForEach(s.edges, (e, id) => {
      const b = this.computeEdgeBox(e, s);
      if (b) this.edgeBoxes.set(id, b);
    });
    this.rebuildIndexes();
    this.tiles.clear();
    for (const v of this.views.values()) this.viewPool.release(v);
    this.views.clear();
    this.dirtyViews.clear();
    this.allViewsDirty = true;
    this.viewsStale = true;
    this.hover = null;
    this.dynEdges = this.computeDynEdges(s);
    this.overlayDirty = true;
    if (this.focusId && !getNode(s, this.focusId)) this.focusId = null;
    this.lastSelected = s.selectedNodeId;
    this.tree.invalidate();
    this.scheduleMinimap();
  }

  private rebuildIndexes(): void {
    const build = (boxes: Map<string, Rect>, index: SpatialIndex) => {
      const ids = new Array<string>(boxes.size);
      const arr = new Float64Array(boxes.size * 4);
      let i = 0;
      for (const [id, r] of boxes) {
        ids[i] = id;
        arr[i * 4] = r.minX;
        arr[i * 4 + 1] = r.minY;
        arr[i * 4 + 2] = r.maxX;
        arr[i * 4 + 3] = r.maxY;
        i++;
      }
      index.build(ids, arr);
    };
    build(this.nodeBoxes, this.nodeIndex);
    build(this.edgeBoxes, this.edgeIndex);
  }

  /** The static trees are rebuilt when the overlay grows, or (small maps) after a quiet second. */
  private scheduleIndexRebuild(): void {
    if (this.nodeIndex.needsRebuild || this.edgeIndex.needsRebuild) {
      this.rebuildIndexes();
      return;
    }
    if (this.indexTimer !== null) clearTimeout(this.indexTimer);
    // Why not on big maps: rebuilding both trees at 100k topics blocks the page for 100–400 ms, and a
    // few hundred overlay entries cost queries next to nothing; past OVERLAY_LIMIT it rebuilds anyway.
    if (this.nodeBoxes.size > IDLE_REBUILD_MAX_TOPICS) return;
    this.indexTimer = setTimeout(() => {
      this.indexTimer = null;
      if (this.draggingId === null && (this.nodeIndex.dirty || this.edgeIndex.dirty)) this.rebuildIndexes();
    }, 1000);
  }

  private scheduleMinimap(): void {
    if (this.minimapTimer !== null) return;
    this.minimapTimer = setTimeout(() => {
      this.minimapTimer = null;
      this.redrawMinimapContent();
    }, 250);
  }

  /**
   * Repaints the minimap picture: O(shown topics). Why in slices: at 100k topics this is ~0.3 s of
   * work (a colour lookup and a fillRect per topic), which after every single edit blocked input and
   * frames. Slices of SLICE_MS run in separate tasks; a newer redraw cancels an older one, and the
   * shown picture is swapped only when complete. Geometry comes from nodeBoxes (no state lookups).
   */
  private redrawMinimapContent(): void {
    if (this.destroyed) return;
    if (this.minimapSlice !== null) clearTimeout(this.minimapSlice);
    this.minimapSlice = null;
    const job = ++this.minimapJob;
    const s = this.store.getState();
    const ids = Array.from(this.visibility.visible);
    const boxes = this.nodeBoxes;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    let phase: 'bounds' | 'draw' = 'bounds';
    let i = 0;
    const SLICE_MS = 6;
    const step = () => {
      this.minimapSlice = null;
      if (job !== this.minimapJob || this.destroyed) return;
      const until = performance.now() + SLICE_MS;
      const timeUp = () => (i & 1023) === 0 && performance.now() > until;
      if (phase === 'bounds') {
        for (; i < ids.length; i++) {
          const b = boxes.get(ids[i]);
          if (!b) continue;
          // Hit boxes → card rectangles (see nodeHitBox).
          if (b.minX + HIT_MARGIN_X < minX) minX = b.minX + HIT_MARGIN_X;
          if (b.minY + HIT_MARGIN_TOP < minY) minY = b.minY + HIT_MARGIN_TOP;
          if (b.maxX - HIT_MARGIN_X > maxX) maxX = b.maxX - HIT_MARGIN_X;
          if (b.maxY - HIT_MARGIN_BOTTOM > maxY) maxY = b.maxY - HIT_MARGIN_BOTTOM;
          if (timeUp()) break;
        }
        if (i >= ids.length) {
          phase = 'draw';
          i = 0;
          this.minimap.beginContent(minX === Infinity ? null : expandRect({ minX, minY, maxX, maxY }, 40));
        }
      }
      if (phase === 'draw') {
        for (; i < ids.length; i++) {
          const b = boxes.get(ids[i]);
          if (!b) continue;
          const color = getNode(s, ids[i])?.data?.color;
          const x = b.minX + HIT_MARGIN_X;
          const y = b.minY + HIT_MARGIN_TOP;
          this.minimap.addBox(x, y, b.maxX - HIT_MARGIN_X - x, NODE_HEIGHT, color && /^#[0-9a-f]{3,6}$/i.test(color) ? color : '#9b87f5');
          if (timeUp()) break;
        }
        if (i >= ids.length) {
          this.minimap.commitContent();
          this.minimap.drawView(visibleWorldRect(this.cam, this.size));
          return;
        }
      }
      this.minimapSlice = setTimeout(step, 0);
    };
    step();
  }

  private computeDynEdges(s: MindMapState): Set<string> {
    const out = new Set<string>();
    if (s.selectedNodeId) for (const e of edgeIdsOf(s, s.selectedNodeId)) out.add(e);
    if (this.draggingId) for (const e of edgeIdsOf(s, this.draggingId)) out.add(e);
    return out;
  }

  private refreshDynEdges(): void {
    const next = this.computeDynEdges(this.store.getState());
    for (const e of this.dynEdges) if (!next.has(e)) this.invalidateEdgeTiles(e);
    for (const e of next) if (!this.dynEdges.has(e)) this.invalidateEdgeTiles(e);
    this.dynEdges = next;
    this.overlayDirty = true;
  }

  private invalidateEdgeTiles(eid: string): void {
    const b = this.edgeBoxes.get(eid);
    if (b) this.tiles.invalidateRect(b);
  }

  private updateEdge(eid: string, s: MindMapState): void {
    const old = this.edgeBoxes.get(eid);
    const e = getEdge(s, eid);
    const dyn = this.dynEdges.has(eid);
    if (old && !dyn) this.tiles.invalidateRect(old);
    const box = e ? this.computeEdgeBox(e, s) : null;
    if (!box) {
      if (old) {
        this.edgeBoxes.delete(eid);
        this.edgeIndex.remove(eid);
      }
      this.dynEdges.delete(eid);
      return;
    }
    if (!old || !rectsEqual(old, box)) {
      this.edgeBoxes.set(eid, box);
      this.edgeIndex.set(eid, box);
    }
    if (!dyn) this.tiles.invalidateRect(box);
  }

  private updateNode(id: string, s: MindMapState, edgesDone: Set<string>): void {
    const old = this.nodeBoxes.get(id);
    // Tiles hold topic boxes only at the 'shape' level (other levels rebuild every tile on a switch);
    // elsewhere a moved topic changes tiles only through its edges (updateEdge). Why it matters: a drag
    // would otherwise re-tessellate every edge in the tiles under the topic on every pointer move.
    const shapesInTiles = this.lod === 'shape';
    if (old && shapesInTiles) this.tiles.invalidateRect(old);
    const box = this.computeNodeBox(id, s);
    this.dirtyViews.add(id);
    if (!box) {
      if (old) {
        this.nodeBoxes.delete(id);
        this.nodeIndex.remove(id);
      }
      this.metrics.delete(id);
      return;
    }
    if (!old || !rectsEqual(old, box)) {
      this.nodeBoxes.set(id, box);
      this.nodeIndex.set(id, box);
      this.viewsStale = true;
      // Its edges' end points moved with it.
      for (const eid of edgeIdsOf(s, id)) {
        if (edgesDone.has(eid)) continue;
        edgesDone.add(eid);
        this.updateEdge(eid, s);
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
      const cam = this.fitCameraFor(FIT_PADDING.initial);
      if (cam) {
        this.camAnim = null;
        this.setCamera(cam);
      }
      return true;
    }
    const edgesDone = new Set<string>();
    if (p.selection) {
      this.refreshDynEdges();
      if (this.lastSelected) this.dirtyViews.add(this.lastSelected);
      if (s.selectedNodeId) this.dirtyViews.add(s.selectedNodeId);
      this.lastSelected = s.selectedNodeId;
      this.tree.invalidate();
    }
    if (p.nodes.size >= 2) this.captureTween(p.nodes, s);
    for (const id of p.nodes) this.updateNode(id, s, edgesDone);
    for (const id of p.structure) {
      this.dirtyViews.add(id);
      this.viewsStale = true;
    }
    for (const eid of p.edges) {
      if (edgesDone.has(eid)) continue;
      edgesDone.add(eid);
      const e = getEdge(s, eid);
      if (e && (e.source === s.selectedNodeId || e.target === s.selectedNodeId)) this.dynEdges.add(eid);
      this.updateEdge(eid, s);
    }
    if (p.visibilityReset || p.search) {
      this.tiles.invalidateAll();
      this.allViewsDirty = true;
      this.viewsStale = true;
    } else if (p.shown.length || p.hidden.length) {
      this.viewsStale = true;
      for (const list of [p.shown, p.hidden]) {
        for (const id of list) {
          const b = this.nodeBoxes.get(id);
          if (b) this.tiles.invalidateRect(b);
          for (const eid of edgeIdsOf(s, id)) this.invalidateEdgeTiles(eid);
        }
      }
    }
    if (p.nodes.size || p.structure.size || p.shown.length || p.hidden.length || p.visibilityReset || p.search) {
      this.tree.invalidate();
      this.scheduleMinimap();
    }
    if (this.hover && !getNode(s, this.hover.id)) this.hover = null;
    this.overlayDirty = true;
    p.clear();
    this.scheduleIndexRebuild();
    return true;
  }

  // ───────────────────────────── frame ─────────────────────────────

  private frame = (now: number): 'again' | 'later' | 'idle' => {
    if (this.destroyed) return 'idle';
    const t0 = performance.now();
    let again = false;
    if (this.camAnim) {
      const a = this.camAnim;
      const t = (now - a.start) / a.duration;
      if (t >= 1 || now < a.start - 1000) {
        this.camAnim = null;
        this.setCamera(a.to);
      } else {
        this.setCamera(lerpCamera(a.from, a.to, Math.max(0, t), this.size));
        again = true;
      }
    }
    this.applyPending();
    const cameraMoved = this.cameraMoved;
    this.cameraMoved = false;
    // A gesture in progress: the camera moved in this frame and the one before.
    const gesture = cameraMoved && this.movedLastFrame;
    this.movedLastFrame = cameraMoved;
    const lod = lodForZoom(this.cam.zoom);
    if (lod !== this.lod) {
      // Why wait for the gesture to pause before switching to a more detailed level: the switch binds
      // a view per topic on screen and rebuilds every tile (a 100+ ms frame on software WebGL) in the
      // middle of a zoom. Meanwhile the coarser level stays on screen, as map apps refine after the
      // gesture. Switching towards 'shape' is never deferred (a zoom-out would otherwise keep creating views).
      if (gesture && lod !== 'shape') this.deferLod();
      else {
        this.lod = lod;
        this.allViewsDirty = true;
        this.viewsStale = true;
        this.overlayDirty = true;
      }
    }
    this.world.position.set(this.cam.x, this.cam.y);
    this.world.scale.set(this.cam.zoom);
    const view = visibleWorldRect(this.cam, this.size);
    if (cameraMoved) this.grid.update(this.cam, this.size);
    const s = this.store.getState();
    if (this.tiles.update(view, this.tileSource(s), 6)) again = true;
    this.syncViews(view, s, cameraMoved);
    if (this.stepTween(now, s)) again = true;
    const animating = this.animateViews(now);
    const edgesMoving = this.drawOverlay(now, view, s, cameraMoved);
    if (this.editor.editingId && cameraMoved) this.placeEditor();
    this.app.renderer.render(this.stage);
    if (cameraMoved) {
      this.minimap.drawView(view);
      for (const cb of this.viewportListeners) cb(this.cam);
      if (this.visibility.visible.size > 1500) this.tree.invalidate(200);
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

  private tileSource(s: MindMapState): TileSource {
    const vis = this.visibility;
    return {
      state: s,
      theme: this.colors,
      lod: this.lod,
      edgeStyle: this.performanceMode ? 'straight' : 'smoothstep',
      nodeIndex: this.nodeIndex,
      edgeIndex: this.edgeIndex,
      isVisible: (id) => vis.visible.has(id),
      isDynamicEdge: (e) => this.dynEdges.has(e.id) || this.tween.tileEdgeIds.has(e.id) || (e.animated === true && this.lod !== 'shape'),
      nodeWidth: this.nodeWidth,
      isMatch: (id) => vis.matches.has(id),
      searching: vis.matches.size > 0 || s.searchQuery.trim() !== '',
      selectedId: s.selectedNodeId,
    };
  }

  private bindContext(): BindContext {
    return { contexts: this.contexts, theme: this.colors, images: this.images, lod: this.lod, defaultColor: 0x9b87f5 };
  }

  /** Pooled views for the shown topics on screen: acquire new ones, re-bind dirty ones, release the rest. */
  private syncViews(view: Rect, s: MindMapState, cameraMoved: boolean): void {
    if (this.lod === 'shape') {
      if (this.views.size) {
        for (const v of this.views.values()) this.viewPool.release(v);
        this.views.clear();
      }
      this.dirtyViews.clear();
      return;
    }
    if (!cameraMoved && !this.viewsStale && !this.allViewsDirty && this.dirtyViews.size === 0) return;
    const stamp = ++this.stamp;
    const ctx = this.bindContext();
    const vis = this.visibility.visible;
    const searching = s.searchQuery.trim() !== '';
    const matches = this.visibility.matches;
    const margin = 40 / this.cam.zoom;
    this.found.length = 0;
    this.nodeIndex.search(expandRect(view, margin), this.found, (id) => vis.has(id));
    // The dragged/selected topic stays alive even past the cap.
    let count = 0;
    for (const id of this.found) {
      if (count >= MAX_NODE_VIEWS && id !== s.selectedNodeId && id !== this.draggingId) continue;
      count++;
      let v = this.views.get(id);
      let fresh = false;
      if (!v) {
        v = this.viewPool.acquire();
        this.views.set(id, v);
        fresh = true;
      }
      v.stamp = stamp;
      if (fresh || this.allViewsDirty || this.dirtyViews.has(id)) {
        const n = getNode(s, id);
        if (!n) continue;
        const m = this.metrics.get(id, n.data?.label);
        const selected = s.selectedNodeId === id;
        v.bind(
          n,
          m,
          {
            selected,
            focused: this.treeFocused && this.focusId === id,
            match: searching && matches.has(id),
            dimmed: searching && !matches.has(id),
            hasChildren: childIds(s, id).length > 0,
          },
          ctx,
        );
        v.root.position.set(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0));
        const z = this.draggingId === id ? 3 : selected ? 2 : this.treeFocused && this.focusId === id ? 1 : 0;
        if (v.root.zIndex !== z) v.root.zIndex = z;
        v.animate(REST);
      }
    }
    for (const [id, v] of this.views) {
      if (v.stamp !== stamp) {
        this.viewPool.release(v);
        this.views.delete(id);
      }
    }
    this.dirtyViews.clear();
    this.allViewsDirty = false;
    this.viewsStale = false;
  }

  private get motionPaused(): boolean {
    return this.performanceMode || this.reducedMotion || this.lod === 'shape';
  }

  /** Runs the topic animations on the views on screen; returns whether any is moving. */
  private animateViews(now: number): boolean {
    if (this.motionPaused) {
      if (this.animationsWereOn) {
        for (const v of this.views.values()) v.animate(REST);
        this.animationsWereOn = false;
      }
      return false;
    }
    let any = false;
    for (const [id, v] of this.views) {
      const a = normalizeAnimation(v.animation);
      if (a === 'none' || id === this.draggingId) continue;
      v.animate(animationFrame(a, now, seedOf(id), this.anim));
      any = true;
    }
    this.animationsWereOn = any;
    return any;
  }

  private edgeEnds(e: MindEdge, s: MindMapState): EdgeRoute | null {
    const a = getNode(s, e.source);
    const b = getNode(s, e.target);
    if (!a || !b) return null;
    // Drawn positions: a layout tween in progress draws topics between old and new places.
    const now = performance.now();
    const pa = this.tween.at(e.source, now);
    const pb = this.tween.at(e.target, now);
    return routeEdge(s.settings?.layout, pa ? pa.x : finiteOr(a.position?.x, 0), pa ? pa.y : finiteOr(a.position?.y, 0), this.metrics.get(e.source, a.data?.label).width, NODE_HEIGHT, pb ? pb.x : finiteOr(b.position?.x, 0), pb ? pb.y : finiteOr(b.position?.y, 0), this.metrics.get(e.target, b.data?.label).width, NODE_HEIGHT);
  }

  /** Returns whether animated edges on screen need further frames. */
  private drawOverlay(now: number, view: Rect, s: MindMapState, cameraMoved: boolean): boolean {
    const vis = this.visibility.visible;
    const paused = this.motionPaused;
    if (this.overlayDirty || (cameraMoved && this.lod !== 'shape')) {
      const list: OverlayEdge[] = [];
      const add = (eid: string) => {
        const e = getEdge(s, eid);
        if (!e || !vis.has(e.source) || !vis.has(e.target)) return;
        const ends = this.edgeEnds(e, s);
        if (!ends) return;
        const look = edgeLook(s, e);
        const color = parseColor(look.color, e.animated ? parseColor(MIDDLE_EDGE_COLOR, 0x6366f1) : this.colors.defaultEdge);
        list.push({ ...ends, color, width: this.lod === 'shape' ? Math.max(look.width, 2 / this.cam.zoom) : look.width, animated: look.animated });
      };
      if (this.lod !== 'shape') {
        this.found.length = 0;
        this.edgeIndex.search(view, this.found);
        const seen = new Set<string>();
        for (const eid of this.found) {
          const e = getEdge(s, eid);
          if (e && (e.animated === true || this.dynEdges.has(eid))) {
            seen.add(eid);
            add(eid);
          }
        }
        for (const eid of this.dynEdges) if (!seen.has(eid)) add(eid);
        for (const eid of this.tween.edgeIds) if (!seen.has(eid) && !this.dynEdges.has(eid)) add(eid);
      } else {
        for (const eid of this.dynEdges) add(eid);
      }
      this.overlayList = list;
      this.overlayAnimated = list.some((e) => e.animated);
    }
    const moving = this.overlayAnimated && !paused;
    if (this.overlayDirty || cameraMoved || moving) {
      this.overlay.drawEdges(this.overlayList, this.performanceMode ? 'straight' : 'smoothstep', moving ? now * 0.03 : 0, view);
    }
    if (this.overlayDirty) {
      this.drawHighlights(s);
      const p = this.preview;
      if (p) {
        const n = getNode(s, p.from.id);
        const from = n ? handleCenter(this.metrics.get(p.from.id, n.data?.label).width, p.from.side) : null;
        this.overlay.drawPreview(from && n ? { x: n.position.x + from.x, y: n.position.y + from.y } : null, p.to, this.colors.focus);
      } else this.overlay.drawPreview(null, null, 0);
      const h = this.hover;
      const hn = h && this.lod !== 'shape' && !this.draggingId ? getNode(s, h.id) : null;
      this.overlay.setHover(hn && vis.has(hn.id) ? hn : null, hn ? this.metrics.get(hn.id, hn.data?.label).width : 0, this.lod === 'full', this.colors, this.contexts);
      this.overlayDirty = false;
    }
    return moving;
  }

  /** At the far-out level there are no views: selection and focus get a ring here. */
  private drawHighlights(s: MindMapState): void {
    if (this.lod !== 'shape') {
      this.overlay.drawHighlights([]);
      return;
    }
    const rings: Array<{ x: number; y: number; w: number; color: number; width: number }> = [];
    const add = (id: string | null, color: number) => {
      if (!id || !this.visibility.visible.has(id)) return;
      const n = getNode(s, id);
      if (!n) return;
      rings.push({ x: n.position.x, y: n.position.y, w: this.metrics.get(id, n.data?.label).width, color, width: 3 / this.cam.zoom });
    };
    add(s.selectedNodeId, s.selectedNodeId ? parseColor(getNode(s, s.selectedNodeId)?.data?.color, 0x9b87f5) : 0);
    if (this.treeFocused) add(this.focusId, this.colors.focus);
    this.overlay.drawHighlights(rings);
  }

  // ───────────────────────────── input host ─────────────────────────────

  hit(sx: number, sy: number, touch: boolean): Hit | null {
    const w = screenToWorld(this.cam, sx, sy);
    const s = this.store.getState();
    const vis = this.visibility.visible;
    const candidates = this.nodeIndex.at(w.x, w.y, (id) => vis.has(id));
    if (!candidates.length) return null;
    const detailed = this.lod === 'full';
    const slop = touch ? 6 / this.cam.zoom : 0;
    let best: Hit | null = null;
    let bestRank = -1;
    for (const id of candidates) {
      const n = getNode(s, id);
      if (!n) continue;
      const width = this.metrics.get(id, n.data?.label).width;
      const part = hitPart(width, w.x - finiteOr(n.position?.x, 0), w.y - finiteOr(n.position?.y, 0), {
        hasChildren: this.lod !== 'shape' && childIds(s, id).length > 0,
        detailed,
        hovered: this.hover?.id === id,
        slop,
      });
      if (!part) continue;
      // Small targets beat card bodies; the selected topic (drawn on top) beats others.
      const rank = (part === 'body' ? 0 : 2) + (id === s.selectedNodeId ? 1 : 0);
      if (rank > bestRank) {
        best = { id, part };
        bestRank = rank;
      }
    }
    return best;
  }

  select(id: string | null): void {
    select(this.store, id);
    if (id) this.focusId = id;
  }

  toggle(id: string): void {
    toggleExpanded(this.store, id);
  }

  addMiddle(id: string): void {
    addMiddleChild(this.store, id);
  }

  connect(source: string, target: string): void {
    const r = connect(this.store, source, target);
    if (!r.ok) this.onError(r.error);
  }

  nodePosition(id: string): { x: number; y: number } | null {
    const n = getNode(this.store.getState(), id);
    return n ? { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) } : null;
  }

  beginDrag(id: string): void {
    this.store.beginMark('Move topic');
    this.draggingId = id;
    this.hover = null;
    this.refreshDynEdges();
    this.dirtyViews.add(id);
    this.scheduler.request();
  }

  dragTo(id: string, x: number, y: number, pointer?: { x: number; y: number }): void {
    moveNode(this.store, id, { x, y }, this.snap);
    if (pointer) this.reparent.update(id, pointer.x, pointer.y);
  }

  endDrag(commit: boolean): void {
    if (!this.reparent.finish(this.draggingId, commit)) {
      if (commit) this.store.commitMark();
      else this.store.bailMark();
    }
    const id = this.draggingId;
    this.draggingId = null;
    const dv = id ? this.views.get(id) : undefined;
    if (dv) dv.root.alpha = 1;
    this.refreshDynEdges();
    if (id) this.dirtyViews.add(id);
    this.scheduleIndexRebuild();
    this.scheduler.request();
  }

  setHover(hit: Hit | null): void {
    const prev = this.hover;
    if (prev?.id === hit?.id) {
      this.hover = hit;
      return;
    }
    this.hover = hit;
    this.overlayDirty = true;
    this.scheduler.request();
  }

  setPreview(from: { id: string; side: 'in' | 'out' } | null, to: { x: number; y: number } | null): void {
    this.preview = from && to ? { from, to } : null;
    this.overlayDirty = true;
    this.scheduler.request();
  }

  setCursor(cursor: string): void {
    if (this.element.style.cursor !== cursor) this.element.style.cursor = cursor;
  }

  // ───────────────────────────── smart layouts: edge routing, layout tween, drag to reparent ─────────────────────────────

  private initLayoutFeatures(): void {
    this.routedLayout = this.store.getState().settings?.layout;
    this.reparent = new ReparentDrag({
      store: this.store,
      topicsAt: (x, y) => {
        const s = this.store.getState();
        const vis = this.visibility.visible;
        return this.nodeIndex.at(x, y, (id) => vis.has(id)).filter((id) => {
          const n = getNode(s, id);
          if (!n) return false;
          const px = finiteOr(n.position?.x, 0), py = finiteOr(n.position?.y, 0);
          return x >= px && x <= px + this.metrics.get(id, n.data?.label).width && y >= py && y <= py + NODE_HEIGHT;
        });
      },
      card: (id) => {
        const n = getNode(this.store.getState(), id);
        return n ? { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0), w: this.metrics.get(id, n.data?.label).width, h: NODE_HEIGHT } : null;
      },
      zoom: () => this.cam.zoom,
      color: () => this.colors.focus,
      setCursor: (c) => this.setCursor(c),
      redraw: () => this.scheduler.request(),
      onError: (m) => this.onError(m),
    });
    this.overlay.above.addChild(this.reparent.indicator.view);
    this.unsubscribers.push(
      this.store.subscribe((changes, state) => {
        if (!changes.settings && !changes.reset) return;
        const layout = state.settings?.layout;
        if (layout === this.routedLayout) return;
        this.routedLayout = layout;
        if (changes.reset) return; // rebuildAll routes every edge anyway
        // Edge sides follow the layout: re-route every edge box and redraw every tile.
        tableForEach(state.edges, (e, id) => {
          const b = this.computeEdgeBox(e, state);
          if (b) this.edgeBoxes.set(id, b);
        });
        this.rebuildIndexes();
        this.tiles.invalidateAll();
        this.overlayDirty = true;
        this.scheduler.request();
      }),
    );
  }

  /** Before a flush moves topics: tween the ones on screen when several move at once (a layout). */
  private captureTween(ids: Set<string>, s: MindMapState): void {
    const policy = { performanceMode: this.performanceMode, reducedMotion: this.reducedMotion || this.lod === 'shape', dragging: this.draggingId !== null };
    if (policy.performanceMode || policy.reducedMotion || policy.dragging) return;
    const view = expandRect(visibleWorldRect(this.cam, this.size), 40 / this.cam.zoom);
    const now = performance.now();
    const vis = this.visibility.visible;
    const candidates: Move[] = [];
    let moved = 0;
    for (const id of ids) {
      const old = this.nodeBoxes.get(id);
      const n = getNode(s, id);
      if (!old || !n) continue;
      const from = this.tween.at(id, now) ?? { x: old.minX + HIT_MARGIN_X, y: old.minY + HIT_MARGIN_TOP };
      const to = { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) };
      if (from.x === to.x && from.y === to.y) continue;
      moved++;
      if (!vis.has(id)) continue;
      const w = old.maxX - old.minX - 2 * HIT_MARGIN_X;
      const inView = (x: number, y: number) => x + w >= view.minX && x <= view.maxX && y + NODE_HEIGHT >= view.minY && y <= view.maxY;
      if (inView(from.x, from.y) || inView(to.x, to.y)) candidates.push({ id, from, to });
    }
    const plan = planTween(candidates, moved, policy);
    if (!plan.length) return;
    this.tween.begin(plan, now);
    for (const m of plan) {
      for (const eid of edgeIdsOf(s, m.id)) {
        this.tween.edgeIds.add(eid);
        this.tween.tileEdgeIds.add(eid);
      }
    }
    this.overlayDirty = true;
  }

  /** Draws tweening topics at their in-between positions; returns whether another frame is needed. */
  private stepTween(now: number, s: MindMapState): boolean {
    if (this.draggingId) {
      // See-through while over a drop target, so the target and its indicator show under it.
      const dv = this.views.get(this.draggingId);
      if (dv) dv.root.alpha = this.reparent.current.kind === 'none' ? 1 : 0.55;
    }
    const t = this.tween;
    if (!t.active) return false;
    if (t.ending) {
      // The tiles were rebuilt with these edges this frame: the overlay can drop them now.
      t.clear();
      this.overlayDirty = true;
      return false;
    }
    const done = t.finished(now) || this.draggingId !== null || this.motionPaused;
    for (const id of t.ids()) {
      const n = getNode(s, id);
      // The state may move a tweening topic again (undo, another layout): aim at where it is now.
      if (n) t.retarget(id, { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) });
      const v = this.views.get(id);
      const p = done ? (n ? { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) } : null) : t.at(id, now);
      if (v && p) v.root.position.set(p.x, p.y);
    }
    if (done) {
      t.finishAt(now);
      for (const eid of t.tileEdgeIds) this.invalidateEdgeTiles(eid);
      t.tileEdgeIds.clear();
      t.ending = true;
    }
    this.overlayDirty = true;
    return true;
  }

  // ───────────────────────────── keyboard tree, label editor ─────────────────────────────

  private nearViewport(limit: number): string[] {
    const vis = this.visibility.visible;
    const s = this.store.getState();
    const ids = this.nodeIndex.search(visibleWorldRect(this.cam, this.size), [], (id) => vis.has(id));
    const pos = (id: string) => getNode(s, id)?.position ?? { x: 0, y: 0 };
    ids.sort((a, b) => pos(a).y - pos(b).y || pos(a).x - pos(b).x);
    return ids.slice(0, limit);
  }

  private onTreeFocus(id: string | null, focused: boolean): void {
    const prev = this.focusId;
    this.treeFocused = focused;
    this.focusId = id;
    if (prev) this.dirtyViews.add(prev);
    if (id) {
      this.dirtyViews.add(id);
      if (focused) this.reveal(id);
    }
    this.overlayDirty = true;
    this.scheduler.request();
  }

  private onTreeAction(a: TreeKeyAction): void {
    if (a.kind === 'expand') setExpanded(this.store, a.id, true);
    else if (a.kind === 'collapse') setExpanded(this.store, a.id, false);
    else if (a.kind === 'select') select(this.store, a.id);
  }

  /** Pans (animated, short) so the topic is on screen. */
  private reveal(id: string): void {
    const n = getNode(this.store.getState(), id);
    if (!n) return;
    const r = nodeCardRect(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0), this.nodeWidth(id));
    const target = this.camAnim ? this.camAnim.to : this.cam;
    const to = cameraToReveal(target, this.size, expandRect(r, 12), 48);
    if (to) this.animateCamera(to, 250);
  }

  focusNode(id: string): void {
    if (!getNode(this.store.getState(), id)) return;
    this.tree.focus(id, true);
  }

  editLabel(id: string): void {
    const s = this.store.getState();
    const n = getNode(s, id);
    if (!n || !this.visibility.visible.has(id)) return;
    // Bring it on screen at a readable zoom first.
    this.camAnim = null;
    if (this.cam.zoom < 0.75) this.setCamera(zoomAround(this.cam, this.size.width / 2, this.size.height / 2, 1));
    const r = nodeCardRect(finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0), this.nodeWidth(id));
    const to = cameraToReveal(this.cam, this.size, expandRect(r, 12), 48);
    if (to) this.setCamera(to);
    const bg = '#' + this.colors.card.toString(16).padStart(6, '0');
    const fg = '#' + this.colors.text.toString(16).padStart(6, '0');
    this.editor.open(id, typeof n.data?.label === 'string' ? n.data.label : '', this.editorRect(id), this.cam.zoom, { bg, fg });
  }

  private editorRect(id: string): { x: number; y: number; width: number; height: number } {
    const n = getNode(this.store.getState(), id);
    const p = worldToScreen(this.cam, finiteOr(n?.position?.x, 0), finiteOr(n?.position?.y, 0));
    const off = this.canvasOffset();
    return { x: p.x + off.x, y: p.y + off.y, width: this.nodeWidth(id) * this.cam.zoom, height: NODE_HEIGHT * this.cam.zoom };
  }

  private placeEditor(): void {
    const id = this.editor.editingId;
    if (id) this.editor.place(this.editorRect(id), this.cam.zoom);
  }

  /** Canvas position inside the host (normally 0, 0). */
  private canvasOffset(): { x: number; y: number } {
    const c = this.element.getBoundingClientRect();
    const h = this.host.getBoundingClientRect();
    return { x: c.left - h.left, y: c.top - h.top };
  }

  private afterEdit(id: string): void {
    if (this.treeFocused || document.activeElement === document.body) this.tree.focus(id, true);
  }

  // ───────────────────────────── handle ─────────────────────────────

  private countDisplayObjects(): number {
    let n = 0;
    const walk = (c: Container) => {
      n++;
      for (const ch of c.children) walk(ch as Container);
    };
    walk(this.stage);
    return n;
  }

  private makeHandle(): SceneHandle {
    return {
      fitView: (padding, durationMs) => this.fitView(padding ?? FIT_PADDING.button, durationMs),
      zoomIn: () => this.zoomBy(ZOOM_STEP),
      zoomOut: () => this.zoomBy(1 / ZOOM_STEP),
      setTheme: (t) => {
        if (t === this.themeName || !THEMES[t]) return;
        this.themeName = t;
        this.colors = THEMES[t];
        this.contexts.setTheme(this.colors);
        this.grid.setTheme(this.colors);
        this.minimap.setTheme(this.colors);
        this.app.renderer.background.color = this.colors.background;
        this.allViewsDirty = true;
        this.overlayDirty = true;
        this.overlay.hoverSig = '';
        this.cameraMoved = true;
        this.scheduleMinimap();
        this.scheduler.request();
      },
      setPerformanceMode: (on) => {
        if (on === this.performanceMode) return;
        this.performanceMode = on;
        this.overlayDirty = true;
        this.scheduler.request();
      },
      setSnapToGrid: (on) => {
        this.snap = on;
      },
      editLabel: (id) => this.editLabel(id),
      focusNode: (id) => this.focusNode(id),
      getViewport: () => ({ ...this.cam }),
      setViewport: (cam, d = 0) => this.animateCamera({ x: cam.x, y: cam.y, zoom: clampZoom(cam.zoom) }, d),
      onViewportChange: (cb) => {
        this.viewportListeners.add(cb);
        return () => this.viewportListeners.delete(cb);
      },
      stats: () => ({
        frames: this.scheduler.frames,
        lod: this.lod,
        zoom: this.cam.zoom,
        nodeViews: this.views.size,
        pooledViews: this.viewPool.freeCount,
        tiles: this.tiles.count,
        displayObjects: this.countDisplayObjects(),
        lastFrameMs: this.lastFrameMs,
        indexedNodes: this.nodeIndex.size,
      }),
      whenIdle: async () => {
        // A pending resize refit counts as work too.
        for (let i = 0; i < 100 && (this.resizeTimer !== null || this.lodTimer !== null || this.scheduler.frameDue || this.camAnim !== null); i++) {
          if (this.resizeTimer !== null || this.lodTimer !== null) await new Promise((r) => setTimeout(r, 50));
          else await this.scheduler.whenIdle();
        }
      },
      nodeClientRect: (id, drawn = false) => {
        const n = getNode(this.store.getState(), id);
        if (!n) return null;
        const c = this.element.getBoundingClientRect();
        const v = drawn ? this.views.get(id) : undefined;
        const p = v
          ? worldToScreen(this.cam, v.root.position.x, v.root.position.y)
          : worldToScreen(this.cam, finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0));
        return { x: c.left + p.x, y: c.top + p.y, width: this.nodeWidth(id) * this.cam.zoom, height: NODE_HEIGHT * this.cam.zoom };
      },
      partClientPoint: (id, part) => {
        const n = getNode(this.store.getState(), id);
        if (!n) return null;
        const w = this.nodeWidth(id);
        const local =
          part === 'chevron' ? chevronCenter(w)
          : part === 'handle-in' ? handleCenter(w, 'in')
          : part === 'handle-out' ? handleCenter(w, 'out')
          : part === 'plus' ? plusCenter(w)
          : { x: w / 2, y: NODE_HEIGHT / 2 + 8 };
        const c = this.element.getBoundingClientRect();
        const p = worldToScreen(this.cam, finiteOr(n.position?.x, 0) + local.x, finiteOr(n.position?.y, 0) + local.y);
        return { x: c.left + p.x, y: c.top + p.y };
      },
      destroy: () => this.destroy(),
    };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.draggingId) this.store.commitMark();
    this.scheduler.destroy();
    for (const u of this.unsubscribers) u();
    this.resizeObserver?.disconnect();
    for (const t of [this.resizeTimer, this.indexTimer, this.minimapTimer, this.minimapSlice, this.lodTimer]) if (t !== null) clearTimeout(t);
    this.input.destroy();
    this.minimap.destroy();
    this.tree.destroy();
    this.editor.destroy();
    for (const v of this.views.values()) v.destroy();
    this.views.clear();
    this.viewPool.drain();
    this.tiles.destroy();
    this.overlay.destroy();
    this.grid.destroy();
    this.images.destroy();
    this.contexts.destroy();
  }
}
