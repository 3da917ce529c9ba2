/**
 * The scene side of pointer input (PointerInput.ts drives it): hit testing through the
 * spatial index, selection, expand/collapse, connections, the topic drag with drag-to-reparent
 * (reparentDrag.ts), hover and the connection preview.
 */
import { childIds, getNode, layoutPlaces } from '../../state/doc';
import { addMiddleChild, connect, moveNode, select, toggleExpanded, toggleTaskDone, type SpotTaken } from '../../state/operations';
import type { MindMapStore } from '../../state/store';
import type { VisibilityView } from '../../state/views';
import { screenToWorld, type Camera } from '../camera/camera';
import type { CameraControl } from '../camera/cameraControl';
import { NODE_HEIGHT } from '../constants';
import { finiteOr } from '../geometry';
import type { Hit, InputHost } from './PointerInput';
import { ReparentDrag } from './reparentDrag';
import type { Lod } from '../render/lod';
import { hitPart } from '../topics/nodeLayout';
import { onTaskBox } from '../topics/cardMarks';
import type { MetricsCache } from '../topics/nodeMetrics';
import type { SpatialIndex } from '../spatial/spatialIndex';

/** A connection being drawn from a topic handle to a world point. */
export interface ConnectionPreview {
  from: { id: string; side: 'in' | 'out' };
  to: { x: number; y: number };
}

/** What input needs from the scene. */
export interface InputDeps {
  element: HTMLCanvasElement;
  store: MindMapStore;
  visibility: VisibilityView;
  metrics: MetricsCache;
  nodeIndex: SpatialIndex;
  camera: CameraControl;
  lod(): Lod;
  /** The theme's focus colour (drop indicator). */
  focusColor(): number;
  snapToGrid(): boolean;
  onError(message: string): void;
  /** A topic was selected by pointer: keyboard focus follows it. */
  selected(id: string): void;
  /** `draggingId` changed (set on start, null again on end). */
  dragStarted(id: string): void;
  dragEnded(id: string | null): void;
  /** The hover or the connection preview changed. */
  overlayChanged(): void;
  request(): void;
  editLabel(id: string): void;
  revealAfterTap(id: string): void;
}

export const DRAGGED_TOPIC_GONE = 'The topic you were dragging has been deleted meanwhile (in another tab, or by someone else in this map).';

export class SceneInput implements InputHost {
  readonly element: HTMLCanvasElement;
  hover: Hit | null = null;
  /** The hover is a tap's (touch has no hover): it follows the selection (followSelection). */
  private hoverByTouch = false;
  preview: ConnectionPreview | null = null;
  draggingId: string | null = null;
  /** The dragged topic was deleted meanwhile, and the user was told. */
  private toldGone = false;
  /** Drag to reparent (drop indicator, drop handling). */
  readonly reparent: ReparentDrag;

  constructor(private readonly deps: InputDeps) {
    this.element = deps.element;
    const store = deps.store;
    this.reparent = new ReparentDrag({
      store,
      topicsAt: (x, y) => {
        const s = store.getState();
        const vis = deps.visibility.visible;
        return deps.nodeIndex.at(x, y, (id) => vis.has(id)).filter((id) => {
          const n = getNode(s, id);
          if (!n) return false;
          const px = finiteOr(n.position?.x, 0), py = finiteOr(n.position?.y, 0);
          return x >= px && x <= px + deps.metrics.get(id, n.data?.label).width && y >= py && y <= py + NODE_HEIGHT;
        });
      },
      card: (id) => this.cardOf(id),
      zoom: () => deps.camera.cam.zoom,
      color: () => deps.focusColor(),
      setCursor: (c) => this.setCursor(c),
      redraw: () => deps.request(),
      onError: (m) => deps.onError(m),
    });
  }

  /** The dragged topic is over a drop target (it is drawn see-through meanwhile). */
  get overDropTarget(): boolean {
    return this.reparent.current.kind !== 'none';
  }

  camera(): Camera {
    return this.deps.camera.cam;
  }

  setCamera(cam: Camera): void {
    this.deps.camera.set(cam);
  }

  minZoom(zoom: number): number {
    return this.deps.camera.minZoomFor(zoom);
  }

  stopCameraAnimation(): void {
    this.deps.camera.stop();
  }

  hit(sx: number, sy: number, touch: boolean): Hit | null {
    const { camera, metrics } = this.deps;
    const cam = camera.cam;
    const w = screenToWorld(cam, sx, sy);
    const s = this.deps.store.getState();
    const vis = this.deps.visibility.visible;
    const candidates = this.deps.nodeIndex.at(w.x, w.y, (id) => vis.has(id));
    if (!candidates.length) return null;
    const lod = this.deps.lod();
    const detailed = lod === 'full';
    const slop = touch ? 6 / cam.zoom : 0;
    let best: Hit | null = null;
    let bestRank = -1;
    for (const id of candidates) {
      const n = getNode(s, id);
      if (!n) continue;
      const width = metrics.get(id, n.data?.label).width;
      const px = w.x - finiteOr(n.position?.x, 0);
      const py = w.y - finiteOr(n.position?.y, 0);
      const hasChildren = lod !== 'shape' && childIds(s, id).length > 0;
      let part = hitPart(width, px, py, { hasChildren, detailed, hovered: this.hover?.id === id, slop });
      // A task's box (drawn in detail only) ticks it off.
      if (part === 'body' && detailed && onTaskBox(n.data, width, hasChildren, px, py, slop / 2)) part = 'task';
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
    select(this.deps.store, id);
    if (id) this.deps.selected(id);
  }

  toggle(id: string): void {
    // The chevron stays under the pointer that pressed it, wherever a layout moves its topic.
    const at = this.nodePosition(id);
    if (at) this.deps.camera.requestAnchor(id, at.x, at.y);
    toggleExpanded(this.deps.store, id);
  }

  toggleTask(id: string): void {
    toggleTaskDone(this.deps.store, id);
  }

  addMiddle(id: string): void {
    addMiddleChild(this.deps.store, id, this.spotTaken);
  }

  /** The card of a topic as the state places it (world units). */
  private cardOf(id: string): { x: number; y: number; w: number; h: number } | null {
    const n = getNode(this.deps.store.getState(), id);
    return n ? { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0), w: this.deps.metrics.get(id, n.data?.label).width, h: NODE_HEIGHT } : null;
  }

  /** Whether a shown topic's card covers part of `area` (cards that only touch it do not). */
  readonly spotTaken: SpotTaken = (area) => {
    const vis = this.deps.visibility.visible;
    const r = { minX: area.x, minY: area.y, maxX: area.x + area.width, maxY: area.y + area.height };
    for (const id of this.deps.nodeIndex.search(r, [], (id) => vis.has(id))) {
      const c = this.cardOf(id);
      if (c && c.x < r.maxX && c.x + c.w > r.minX && c.y < r.maxY && c.y + c.h > r.minY) return true;
    }
    return false;
  };

  connect(source: string, target: string): void {
    const r = connect(this.deps.store, source, target);
    if (!r.ok) this.deps.onError(r.error);
  }

  nodePosition(id: string): { x: number; y: number } | null {
    const n = getNode(this.deps.store.getState(), id);
    return n ? { x: finiteOr(n.position?.x, 0), y: finiteOr(n.position?.y, 0) } : null;
  }

  beginDrag(id: string): void {
    this.deps.store.beginMark('Move topic');
    this.draggingId = id;
    this.toldGone = false;
    this.hover = null;
    this.deps.dragStarted(id);
  }

  dragTo(id: string, x: number, y: number, pointer?: { x: number; y: number }): void {
    if (!getNode(this.deps.store.getState(), id)) {
      // Deleted under the pointer (by someone else in a shared map, or another tab): said once.
      if (!this.toldGone) this.deps.onError(DRAGGED_TOPIC_GONE);
      this.toldGone = true;
      return;
    }
    moveNode(this.deps.store, id, { x, y }, this.deps.snapToGrid());
    if (pointer) this.reparent.update(id, pointer.x, pointer.y);
  }

  endDrag(commit: boolean): void {
    if (!this.reparent.finish(this.draggingId, commit)) {
      // While a layout places the topics, a drop that is no reparent or reorder puts the topic back:
      // a free move there is no part of the map (never stored, no undo step of its own, so the next
      // undo reached the edit before it).
      if (commit && !layoutPlaces(this.deps.store.getState().settings)) this.deps.store.commitMark();
      else this.deps.store.bailMark();
    }
    const id = this.draggingId;
    this.draggingId = null;
    this.deps.dragEnded(id);
  }

  editLabel(id: string): void {
    this.deps.editLabel(id);
  }

  revealAfterTap(id: string): void {
    this.deps.revealAfterTap(id);
  }

  setHover(hit: Hit | null, byTouch = false): void {
    this.hoverByTouch = byTouch && hit !== null;
    const prev = this.hover;
    if (prev?.id === hit?.id) {
      this.hover = hit;
      return;
    }
    this.hover = hit;
    this.deps.overlayChanged();
  }

  /**
   * The selection moved: a tap's hover on another topic goes (its "+" took a second tap for a second
   * new topic, and its tags and notes stayed out after the Edit card closed).
   */
  followSelection(selected: string | null): void {
    if (this.hoverByTouch && this.hover && this.hover.id !== selected) this.setHover(null);
  }

  setPreview(from: { id: string; side: 'in' | 'out' } | null, to: { x: number; y: number } | null): void {
    this.preview = from && to ? { from, to } : null;
    this.deps.overlayChanged();
  }

  setCursor(cursor: string): void {
    if (this.element.style.cursor !== cursor) this.element.style.cursor = cursor;
  }
}
