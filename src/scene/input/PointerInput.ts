/**
 * DOM pointer/wheel input on the canvas, as a small state machine:
 * idle → press (on a topic part or the background) → dragging | panning | connecting, and pinching
 * whenever two touch pointers are down. Pixi's own event system is off (it hit-tests the whole scene
 * graph on every move); hits come from the spatial index through the host.
 */
import { DOUBLE_TAP_MS } from '../../state/model';
import { leaveTitleEditors } from '../a11y/labelEditor';
import { screenToWorld, wheelZoomFactor, zoomAround, type Camera } from '../camera/camera';
import type { NodePart } from '../topics/nodeLayout';
import { connectionEnds, DRAG_THRESHOLD_PX, edgePanVelocity, movedBeyond, pinchCamera, TOUCH_DRAG_THRESHOLD_PX, type PinchStart } from './gestures';

export interface Hit {
  id: string;
  part: NodePart;
}

export interface InputHost {
  readonly element: HTMLElement;
  camera(): Camera;
  setCamera(cam: Camera): void;
  /** The lowest zoom for a request of `zoom` (below 0.2 for a map too big to fit at 0.2). */
  minZoom(zoom: number): number;
  stopCameraAnimation(): void;
  hit(sx: number, sy: number, touch: boolean): Hit | null;
  select(id: string | null): void;
  toggle(id: string): void;
  addMiddle(id: string): void;
  toggleTask(id: string): void;
  connect(source: string, target: string): void;
  nodePosition(id: string): { x: number; y: number } | null;
  beginDrag(id: string): void;
  /** Moves the dragged topic to (x, y); `pointer` is the pointer in world units (drop targets). */
  dragTo(id: string, x: number, y: number, pointer?: { x: number; y: number }): void;
  endDrag(commit: boolean): void;
  editLabel(id: string): void;
  /** A tap selected the topic: once a double tap can no longer follow, it is brought out from under the panels. */
  revealAfterTap(id: string): void;
  /** `byTouch`: a tap's stand-in for hover, which goes once the selection moves on. */
  setHover(hit: Hit | null, byTouch?: boolean): void;
  /** Connection preview from a topic handle to a world point (null clears it). */
  setPreview(from: { id: string; side: 'in' | 'out' } | null, to: { x: number; y: number } | null): void;
  setCursor(cursor: string): void;
}

type Mode =
  | { kind: 'idle' }
  | { kind: 'press'; hit: Hit; x: number; y: number; pointerId: number; touch: boolean }
  | { kind: 'dragging'; id: string; pointerId: number; startWorld: { x: number; y: number }; startPos: { x: number; y: number }; touch: boolean; at: number }
  | { kind: 'panning'; pointerId: number; x: number; y: number; cam: Camera; moved: boolean; touch: boolean }
  | { kind: 'connecting'; from: { id: string; side: 'in' | 'out' }; pointerId: number | null }
  | { kind: 'pinching'; start: PinchStart };

/** A second finger this soon after a touch drag began makes it a pinch, and the drag is undone. */
const PINCH_GRACE_MS = 300;
/** The longest step of the edge scroll: a slow frame does not throw the map far. */
const EDGE_PAN_MAX_STEP_MS = 50;

export class PointerInput {
  private mode: Mode = { kind: 'idle' };
  private pointers = new Map<number, { x: number; y: number }>();
  private lastTap = { time: 0, id: '' };
  /** Where the pointer of a drag or a connection is (canvas px): the edge scroll follows it. */
  private dragPointer: { x: number; y: number } | null = null;
  private edgePanFrame: number | null = null;
  private edgePanAt = 0;

  constructor(private readonly host: InputHost) {
    const el = host.element;
    el.addEventListener('pointerdown', this.onDown);
    el.addEventListener('pointermove', this.onMove);
    el.addEventListener('pointerup', this.onUp);
    el.addEventListener('pointercancel', this.onCancel);
    el.addEventListener('pointerleave', this.onLeave);
    el.addEventListener('wheel', this.onWheel, { passive: false });
    el.addEventListener('dblclick', this.onDblClick);
    el.addEventListener('contextmenu', (e) => e.preventDefault());
    // Capture: an Escape that ends a drag is this gesture's alone (the editor's own Escape would
    // also clear the selection and close the Edit panel).
    window.addEventListener('keydown', this.onKey, true);
  }

  get modeKind(): Mode['kind'] {
    return this.mode.kind;
  }

  private local(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const r = this.host.element.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private onDown = (e: PointerEvent) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    const p = this.local(e);
    const touch = e.pointerType === 'touch';
    // No mouse events made up after a tap: their mousedown would move focus and close the title
    // editor a double tap has just opened. So a new touch on the canvas leaves the title being
    // typed itself (the mouse's own mousedown does), which commits it as leaving it does.
    if (touch) {
      e.preventDefault();
      leaveTitleEditors();
    }
    // A primary pointer starts a new gesture: forget pointers whose "up" never arrived.
    if (e.isPrimary && this.pointers.size) {
      if (this.mode.kind === 'dragging') this.host.endDrag(true);
      this.pointers.clear();
      if (this.mode.kind !== 'connecting') this.mode = { kind: 'idle' };
    }
    this.pointers.set(e.pointerId, p);
    this.host.element.setPointerCapture?.(e.pointerId);
    this.host.stopCameraAnimation();
    if (this.pointers.size === 2) {
      this.startPinch();
      return;
    }
    if (this.pointers.size > 2) return;
    const hit = this.host.hit(p.x, p.y, touch);
    if (this.mode.kind === 'connecting' && this.mode.pointerId === null) {
      // Click-to-connect: the second click lands on another topic's handle (or card).
      const from = this.mode.from;
      this.mode = { kind: 'idle' };
      this.host.setPreview(null, null);
      if (hit && hit.id !== from.id) {
        const side = hit.part === 'handle-out' ? 'out' : 'in';
        const { source, target } = connectionEnds(from, { id: hit.id, side });
        this.host.connect(source, target);
      }
      return;
    }
    if (hit) {
      // A finger selects when it lifts (a tap) or drops what it dragged: selecting as it lands put the
      // Edit card (centred on a phone) under the second finger of a pinch or the second tap of a
      // double tap.
      if (hit.part === 'body' && !touch) this.host.select(hit.id);
      this.mode = { kind: 'press', hit, x: p.x, y: p.y, pointerId: e.pointerId, touch };
    } else {
      this.mode = { kind: 'panning', pointerId: e.pointerId, x: p.x, y: p.y, cam: this.host.camera(), moved: false, touch };
      this.host.setCursor('grabbing');
    }
  };

  private startPinch(): void {
    // A second finger soon after the first started to move a topic: it was a pinch all along, and
    // the topic goes back.
    const m = this.mode;
    this.stopEdgePan();
    if (m.kind === 'dragging') this.host.endDrag(!(m.touch && performance.now() - m.at < PINCH_GRACE_MS));
    const [a, b] = [...this.pointers.values()];
    this.mode = {
      kind: 'pinching',
      start: { cam: this.host.camera(), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2, dist: Math.hypot(a.x - b.x, a.y - b.y) },
    };
  }

  private onMove = (e: PointerEvent) => {
    const p = this.local(e);
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, p);
    const m = this.mode;
    switch (m.kind) {
      case 'idle': {
        if (e.pointerType !== 'touch') {
          const hit = this.host.hit(p.x, p.y, false);
          this.host.setHover(hit);
          this.host.setCursor(!hit ? 'default' : hit.part === 'body' ? 'grab' : hit.part.startsWith('handle') ? 'crosshair' : 'pointer');
        }
        return;
      }
      case 'press': {
        if (e.pointerId !== m.pointerId) return;
        if (!movedBeyond(p.x - m.x, p.y - m.y, m.touch ? TOUCH_DRAG_THRESHOLD_PX : DRAG_THRESHOLD_PX)) return;
        const part = m.hit.part;
        // A press on the task box that moves drags the topic, as one on the card does.
        if (part === 'body' || part === 'task') {
          const start = this.host.nodePosition(m.hit.id);
          if (!start) return;
          const cam = this.host.camera();
          this.mode = {
            kind: 'dragging',
            id: m.hit.id,
            pointerId: m.pointerId,
            startWorld: screenToWorld(cam, m.x, m.y),
            startPos: start,
            touch: m.touch,
            at: performance.now(),
          };
          this.host.beginDrag(m.hit.id);
          this.host.setCursor('grabbing');
          this.dragMove(p);
          this.followEdge(p);
        } else if (part === 'handle-in' || part === 'handle-out') {
          const from = { id: m.hit.id, side: part === 'handle-in' ? ('in' as const) : ('out' as const) };
          this.mode = { kind: 'connecting', from, pointerId: m.pointerId };
          this.host.setPreview(from, screenToWorld(this.host.camera(), p.x, p.y));
        } else {
          this.mode = { kind: 'idle' };
        }
        return;
      }
      case 'dragging':
        if (e.pointerId !== m.pointerId) return;
        this.dragMove(p);
        this.followEdge(p);
        return;
      case 'panning': {
        if (e.pointerId !== m.pointerId) return;
        const dx = p.x - m.x;
        const dy = p.y - m.y;
        if (!m.moved && !movedBeyond(dx, dy, m.touch ? TOUCH_DRAG_THRESHOLD_PX : 2)) return;
        m.moved = true;
        this.host.setCamera({ x: m.cam.x + dx, y: m.cam.y + dy, zoom: m.cam.zoom });
        return;
      }
      case 'connecting':
        this.host.setPreview(m.from, screenToWorld(this.host.camera(), p.x, p.y));
        if (m.pointerId !== null) this.followEdge(p);
        return;
      case 'pinching': {
        if (this.pointers.size < 2) return;
        const [a, b] = [...this.pointers.values()];
        const dist = Math.hypot(a.x - b.x, a.y - b.y);
        const min = this.host.minZoom(m.start.cam.zoom * (dist / Math.max(1, m.start.dist)));
        this.host.setCamera(pinchCamera(m.start, (a.x + b.x) / 2, (a.y + b.y) / 2, dist, min));
        return;
      }
    }
  };

  private dragMove(p: { x: number; y: number }): void {
    const m = this.mode;
    if (m.kind !== 'dragging') return;
    const w = screenToWorld(this.host.camera(), p.x, p.y);
    this.host.dragTo(m.id, m.startPos.x + (w.x - m.startWorld.x), m.startPos.y + (w.y - m.startWorld.y), w);
  }

  /**
   * A drag (of a topic, or of a new connection) whose pointer rests near the canvas's edge scrolls
   * the map that way, frame by frame, and the topic or the connection's end goes along: a target
   * off screen can be reached in one gesture, by touch too.
   */
  private followEdge(p: { x: number; y: number }): void {
    this.dragPointer = p;
    if (this.edgePanFrame !== null || !this.edgeVelocity()) return;
    this.edgePanAt = performance.now();
    this.edgePanFrame = requestAnimationFrame(this.edgePanStep);
  }

  private edgeVelocity(): { vx: number; vy: number } | null {
    const p = this.dragPointer;
    if (!p) return null;
    const r = this.host.element.getBoundingClientRect();
    const v = edgePanVelocity(p.x, p.y, r.width, r.height);
    return v.vx || v.vy ? v : null;
  }

  private edgePanStep = (now: number) => {
    this.edgePanFrame = null;
    const m = this.mode;
    const v = this.edgeVelocity();
    const p = this.dragPointer;
    if (!v || !p || !(m.kind === 'dragging' || (m.kind === 'connecting' && m.pointerId !== null))) return;
    const dt = Math.min(EDGE_PAN_MAX_STEP_MS, Math.max(0, now - this.edgePanAt)) / 1000;
    this.edgePanAt = now;
    const cam = this.host.camera();
    this.host.setCamera({ x: cam.x - v.vx * dt, y: cam.y - v.vy * dt, zoom: cam.zoom });
    if (m.kind === 'dragging') this.dragMove(p);
    else this.host.setPreview(m.from, screenToWorld(this.host.camera(), p.x, p.y));
    this.edgePanFrame = requestAnimationFrame(this.edgePanStep);
  };

  private stopEdgePan(): void {
    if (this.edgePanFrame !== null) cancelAnimationFrame(this.edgePanFrame);
    this.edgePanFrame = null;
    this.dragPointer = null;
  }

  private onUp = (e: PointerEvent) => {
    const p = this.local(e);
    this.pointers.delete(e.pointerId);
    const m = this.mode;
    switch (m.kind) {
      case 'press': {
        if (e.pointerId !== m.pointerId) return;
        this.mode = { kind: 'idle' };
        const { id, part } = m.hit;
        if (part === 'chevron') this.host.toggle(id);
        else if (part === 'task') this.host.toggleTask(id);
        else if (part === 'plus') this.host.addMiddle(id);
        else if (part === 'handle-in' || part === 'handle-out') {
          // A click on a handle starts click-to-connect.
          const from = { id, side: part === 'handle-in' ? ('in' as const) : ('out' as const) };
          this.mode = { kind: 'connecting', from, pointerId: null };
          this.host.setPreview(from, screenToWorld(this.host.camera(), p.x, p.y));
        } else if (part === 'body' && m.touch) {
          this.host.select(id);
          // Touch has no hover: the tapped topic shows what a pointer over it would (its "+").
          this.host.setHover(m.hit, true);
          // Touch has no dblclick: two taps on the same topic within DOUBLE_TAP_MS edit it.
          // When the finger lifted, not when the page got to it: a page busy after the first tap (the
          // Edit card appearing) took a quick second tap for a new first one.
          const now = e.timeStamp > 0 ? e.timeStamp : performance.now();
          if (this.lastTap.id === id && now - this.lastTap.time < DOUBLE_TAP_MS) this.host.editLabel(id);
          else this.host.revealAfterTap(id);
          this.lastTap = { time: now, id };
        }
        return;
      }
      case 'dragging':
        if (e.pointerId !== m.pointerId) return;
        this.mode = { kind: 'idle' };
        this.stopEdgePan();
        this.host.endDrag(true);
        if (m.touch) this.host.select(m.id);
        this.host.setCursor('grab');
        return;
      case 'panning':
        if (e.pointerId !== m.pointerId) return;
        this.mode = { kind: 'idle' };
        this.host.setCursor('default');
        if (!m.moved) this.host.select(null);
        if (m.touch && !m.moved) this.host.setHover(null);
        return;
      case 'connecting': {
        if (m.pointerId === null || e.pointerId !== m.pointerId) return;
        this.mode = { kind: 'idle' };
        this.stopEdgePan();
        this.host.setPreview(null, null);
        const hit = this.host.hit(p.x, p.y, e.pointerType === 'touch');
        if (hit && hit.id !== m.from.id) {
          const side = hit.part === 'handle-out' ? 'out' : 'in';
          const { source, target } = connectionEnds(m.from, { id: hit.id, side });
          this.host.connect(source, target);
        }
        return;
      }
      case 'pinching':
        if (this.pointers.size < 2) {
          // Lifting one finger continues as a pan with the other.
          const rest = [...this.pointers.entries()][0];
          this.mode = rest
            ? { kind: 'panning', pointerId: rest[0], x: rest[1].x, y: rest[1].y, cam: this.host.camera(), moved: true, touch: true }
            : { kind: 'idle' };
        }
        return;
      default:
        return;
    }
  };

  private onCancel = (e: PointerEvent) => {
    this.pointers.delete(e.pointerId);
    this.stopEdgePan();
    if (this.mode.kind === 'dragging') this.host.endDrag(true);
    if (this.mode.kind === 'connecting') this.host.setPreview(null, null);
    this.mode = { kind: 'idle' };
  };

  private onLeave = (e: PointerEvent) => {
    if (this.mode.kind === 'idle' && e.pointerType !== 'touch') this.host.setHover(null);
  };

  private onWheel = (e: WheelEvent) => {
    e.preventDefault();
    this.host.stopCameraAnimation();
    const p = this.local(e);
    const cam = this.host.camera();
    // Trackpad two-finger scroll sideways pans; vertical wheel and pinch (ctrlKey) zoom at the pointer.
    if (!e.ctrlKey && Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      this.host.setCamera({ x: cam.x - e.deltaX, y: cam.y, zoom: cam.zoom });
      return;
    }
    const factor = wheelZoomFactor(e.ctrlKey ? e.deltaY * 4 : e.deltaY, e.deltaMode);
    this.host.setCamera(zoomAround(cam, p.x, p.y, cam.zoom * factor, this.host.minZoom(cam.zoom * factor)));
  };

  private onDblClick = (e: MouseEvent) => {
    const p = this.local(e);
    const hit = this.host.hit(p.x, p.y, false);
    if (hit && hit.part === 'body') this.host.editLabel(hit.id);
  };

  private onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !(this.mode.kind === 'dragging' || this.mode.kind === 'connecting')) return;
    e.preventDefault();
    e.stopPropagation();
    this.stopEdgePan();
    if (this.mode.kind === 'dragging') this.host.endDrag(false);
    else this.host.setPreview(null, null);
    this.mode = { kind: 'idle' };
  };

  destroy(): void {
    this.stopEdgePan();
    const el = this.host.element;
    el.removeEventListener('pointerdown', this.onDown);
    el.removeEventListener('pointermove', this.onMove);
    el.removeEventListener('pointerup', this.onUp);
    el.removeEventListener('pointercancel', this.onCancel);
    el.removeEventListener('pointerleave', this.onLeave);
    el.removeEventListener('wheel', this.onWheel);
    el.removeEventListener('dblclick', this.onDblClick);
    window.removeEventListener('keydown', this.onKey, true);
  }
}
