/**
 * The small handle the UI holds on the scene (fit, zoom, theme, modes, label editing, viewport),
 * plus what tests and the bench read through it: stats, idle waiting and screen geometry.
 */
import type { SpotTaken } from '../state/operations';
import type { Container } from 'pixi.js';
import { childIds, getNode, type MindMapState } from '../state/doc';
import { FIT_PADDING } from '../state/model';
import { clampZoom, worldToScreen, type Camera } from './camera/camera';
import type { CameraControl } from './camera/cameraControl';
import { NODE_HEIGHT, ZOOM_STEP, type ThemeName } from './constants';
import { finiteOr } from './geometry';
import type { Lod } from './render/lod';
import { chevronCenter, handleCenter, plusCenter, type NodePart } from './topics/nodeLayout';
import { taskBoxCenter } from './topics/cardMarks';
import type { FrameScheduler } from './sync/sync';
import type { PresencePerson } from './presence/PresenceLayer';

export interface SceneStats {
  frames: number;
  lod: Lod;
  zoom: number;
  nodeViews: number;
  pooledViews: number;
  tiles: number;
  /** Far out, tiles draw topics and edges as cells (edges/cellRaster.ts) instead of one box per topic. */
  tilesByCells: boolean;
  displayObjects: number;
  lastFrameMs: number;
  indexedNodes: number;
  /** The keyboard tree mirror waits on its debounce to catch up with the map. */
  treePending: boolean;
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
  /**
   * Pans the least that brings the topic on screen and out from under the panels; `withChildren`:
   * with its shown children where the screen has room (topics just pasted under it).
   */
  revealNode(id: string, withChildren?: boolean): void;
  /** Whether a shown topic's card covers part of an area: new topics are placed clear of them. */
  spotTaken: SpotTaken;
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
  /** Other people in a shared map: their selections and pointers, drawn in their own layer. */
  setPresence(people: readonly PresencePerson[]): void;
  destroy(): void;
}

/** What the handle reads and calls on the scene. */
export interface HandleDeps {
  element: HTMLCanvasElement;
  stage: Container;
  camera: CameraControl;
  scheduler: FrameScheduler;
  viewportListeners: Set<(cam: Camera) => void>;
  state(): MindMapState;
  nodeWidth(id: string): number;
  /** Where the last frame drew the topic's view, if it has one. */
  drawnAt(id: string): { x: number; y: number } | undefined;
  /** A debounced resize refit or a deferred level-of-detail switch is waiting on a timer. */
  timerPending(): boolean;
  counts(): Pick<SceneStats, 'lod' | 'nodeViews' | 'pooledViews' | 'tiles' | 'tilesByCells' | 'lastFrameMs' | 'indexedNodes' | 'treePending'>;
  setTheme(theme: ThemeName): void;
  setPerformanceMode(on: boolean): void;
  setSnapToGrid(on: boolean): void;
  editLabel(id: string): void;
  focusNode(id: string): void;
  revealNode(id: string, withChildren?: boolean): void;
  spotTaken: SpotTaken;
  setPresence(people: readonly PresencePerson[]): void;
  destroy(): void;
}

function countDisplayObjects(stage: Container): number {
  let n = 0;
  const walk = (c: Container) => {
    n++;
    for (const ch of c.children) walk(ch as Container);
  };
  walk(stage);
  return n;
}

export function makeSceneHandle(d: HandleDeps): SceneHandle {
  const camera = d.camera;
  return {
    fitView: (padding, durationMs) => camera.requestFit(padding ?? FIT_PADDING.button, durationMs),
    zoomIn: () => camera.zoomBy(ZOOM_STEP),
    zoomOut: () => camera.zoomBy(1 / ZOOM_STEP),
    setTheme: (t) => d.setTheme(t),
    setPerformanceMode: (on) => d.setPerformanceMode(on),
    setSnapToGrid: (on) => d.setSnapToGrid(on),
    editLabel: (id) => d.editLabel(id),
    focusNode: (id) => d.focusNode(id),
    revealNode: (id, withChildren) => d.revealNode(id, withChildren),
    spotTaken: (area) => d.spotTaken(area),
    getViewport: () => ({ ...camera.cam }),
    setViewport: (cam, ms = 0) => camera.animateTo({ x: cam.x, y: cam.y, zoom: clampZoom(cam.zoom, camera.minZoomFor(cam.zoom)) }, ms),
    onViewportChange: (cb) => {
      d.viewportListeners.add(cb);
      return () => d.viewportListeners.delete(cb);
    },
    stats: () => {
      const c = d.counts();
      return {
        frames: d.scheduler.frames,
        lod: c.lod,
        zoom: camera.cam.zoom,
        nodeViews: c.nodeViews,
        pooledViews: c.pooledViews,
        tiles: c.tiles,
        tilesByCells: c.tilesByCells,
        displayObjects: countDisplayObjects(d.stage),
        lastFrameMs: c.lastFrameMs,
        indexedNodes: c.indexedNodes,
        treePending: c.treePending,
      };
    },
    whenIdle: async () => {
      // A pending resize refit counts as work too.
      for (let i = 0; i < 100 && (d.timerPending() || d.scheduler.frameDue || camera.animating); i++) {
        if (d.timerPending()) await new Promise((r) => setTimeout(r, 50));
        else await d.scheduler.whenIdle();
      }
    },
    nodeClientRect: (id, drawn = false) => {
      const n = getNode(d.state(), id);
      if (!n) return null;
      const c = d.element.getBoundingClientRect();
      const v = drawn ? d.drawnAt(id) : undefined;
      const cam = camera.cam;
      const p = v ? worldToScreen(cam, v.x, v.y) : worldToScreen(cam, finiteOr(n.position?.x, 0), finiteOr(n.position?.y, 0));
      return { x: c.left + p.x, y: c.top + p.y, width: d.nodeWidth(id) * cam.zoom, height: NODE_HEIGHT * cam.zoom };
    },
    partClientPoint: (id, part) => {
      const n = getNode(d.state(), id);
      if (!n) return null;
      const w = d.nodeWidth(id);
      const local =
        part === 'chevron' ? chevronCenter(w)
        : part === 'handle-in' ? handleCenter(w, 'in')
        : part === 'handle-out' ? handleCenter(w, 'out')
        : part === 'plus' ? plusCenter(w)
        : part === 'task' ? taskBoxCenter(n.data, w, childIds(d.state(), id).length > 0)
        : { x: w / 2, y: NODE_HEIGHT / 2 + 8 };
      if (!local) return null;
      const c = d.element.getBoundingClientRect();
      const p = worldToScreen(camera.cam, finiteOr(n.position?.x, 0) + local.x, finiteOr(n.position?.y, 0) + local.y);
      return { x: c.left + p.x, y: c.top + p.y };
    },
    setPresence: (people) => d.setPresence(people),
    destroy: () => d.destroy(),
  };
}
