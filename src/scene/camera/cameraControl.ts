/**
 * The scene's camera: where it is, the canvas size, and the animation towards a target (fit view,
 * zoom buttons, reveal on keyboard focus). Moving it only marks it moved and asks for a frame; the
 * frame steps the animation and draws. The maths is in camera.ts.
 */
import { FIT_PADDING, ZOOM_INITIAL, ZOOM_MIN } from '../../state/model';
import {
  cameraToReveal,
  camerasEqual,
  clampZoom,
  fitCamera,
  fitDuration,
  fitZoom,
  lerpCamera,
  minZoomFor,
  zoomAround,
  type Camera,
  type Size,
} from './camera';
import { fitArea } from './covers';
import { FIT_MAX_ZOOM, NODE_HEIGHT } from '../constants';
import { expandRect, rectsIntersect, type Rect } from '../geometry';
import { cardRectOfHitBox } from '../topics/nodeLayout';

const OVERVIEW_PADDING = Math.max(...Object.values(FIT_PADDING));

interface CameraAnimation {
  from: Camera;
  to: Camera;
  start: number;
  duration: number;
}

export interface CameraDeps {
  /** Asks for a frame. */
  request(): void;
  /** World bounds of the shown topics (fit view), null when none is shown. */
  bounds(): Rect | null;
  /** Screen rectangles (canvas pixels) of the chrome over the canvas: fits and reveals keep topics out from under them. */
  covers?(): Rect[];
}

/**
 * World bounds of the cards of `ids`, from their hit boxes (sceneIndex.ts: a card grown by fixed
 * margins, so the union of the boxes is the union of the cards grown the same); null when none of
 * them has one.
 */
export function topicBounds(ids: Iterable<string>, boxes: ReadonlyMap<string, Rect>): Rect | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const id of ids) {
    const b = boxes.get(id);
    if (!b) continue;
    if (b.minX < minX) minX = b.minX;
    if (b.minY < minY) minY = b.minY;
    if (b.maxX > maxX) maxX = b.maxX;
    if (b.maxY > maxY) maxY = b.maxY;
  }
  return minX === Infinity ? null : cardRectOfHitBox({ minX, minY, maxX, maxY });
}

export class CameraControl {
  cam: Camera = { x: 0, y: 0, zoom: ZOOM_INITIAL };
  size: Size = { width: 1, height: 1 };
  /** The camera or the canvas size changed since the last frame (the frame clears it). */
  moved = true;
  private anim: CameraAnimation | null = null;
  /** deps.bounds() until the shown topics change (undefined: not known). */
  private boundsCache: Rect | null | undefined = undefined;
  private fitRequest: { padding: number; durationMs?: number } | null = null;
  private anchorRequest: { id: string; x: number; y: number } | null = null;

  constructor(private readonly deps: CameraDeps) {}

  get animating(): boolean {
    return this.anim !== null;
  }

  /** Where the camera is headed: the running animation's end, else where it is. */
  get target(): Camera {
    return this.anim ? this.anim.to : this.cam;
  }

  /** The shown topics moved, appeared or went: the overview zoom is recomputed on next use. */
  invalidateBounds(): void {
    this.boundsCache = undefined;
  }

  private bounds(): Rect | null {
    if (this.boundsCache === undefined) this.boundsCache = this.deps.bounds();
    return this.boundsCache;
  }

  /**
   * The lowest zoom: the seed's 0.2, or lower for a map that does not fit at 0.2, down to the zoom
   * that fits it whole with the widest fit padding (so every fit is reachable), never lower.
   */
  get minZoom(): number {
    return minZoomFor(this.bounds(), this.size, OVERVIEW_PADDING);
  }

  /**
   * The lowest zoom for a request of `zoom`; the bounds (O(shown topics) after a change) only below
   * 0.2. A view already below it (the shown map shrank under an overview: a fold, a search) may stay
   * there: zooming out or panning never zooms in.
   */
  minZoomFor(zoom: number): number {
    return Math.min(zoom >= ZOOM_MIN ? ZOOM_MIN : this.minZoom, this.cam.zoom);
  }

  set(cam: Camera): void {
    const next = { x: cam.x, y: cam.y, zoom: clampZoom(cam.zoom, this.minZoomFor(cam.zoom)) };
    if (camerasEqual(next, this.cam)) return;
    this.cam = next;
    this.moved = true;
    this.deps.request();
  }

  stop(): void {
    this.anim = null;
  }

  /** Stops any animation and puts the camera there at once. */
  jump(cam: Camera): void {
    this.anim = null;
    this.set(cam);
  }

  animateTo(to: Camera, duration: number): void {
    // Already there (a new map is fitted as the scene takes it in, and the editor then asks for a
    // fit): an animation would only draw the same frame again for its whole duration.
    if (duration <= 0 || camerasEqual(to, this.cam)) {
      this.anim = null;
      this.set(to);
      return;
    }
    this.anim = { from: { ...this.cam }, to, start: performance.now(), duration };
    this.deps.request();
  }

  /** Moves the animation on to the frame time `now`; returns whether it needs another frame. */
  step(now: number): boolean {
    const a = this.anim;
    if (!a) return false;
    const t = (now - a.start) / a.duration;
    if (t >= 1 || now < a.start - 1000) {
      this.anim = null;
      this.set(a.to);
      return false;
    }
    this.set(lerpCamera(a.from, a.to, Math.max(0, t), this.size));
    return true;
  }

  centred(): Camera {
    return { x: this.size.width / 2 - 70, y: this.size.height / 2 - NODE_HEIGHT / 2, zoom: ZOOM_INITIAL };
  }

  /**
   * The camera that fits the shown topics. Only `overview` fits (Fit view) go below 0.2 for a map
   * too big for it; the automatic ones (import, resize) stop at 0.2 as before, where edits stay
   * cheap (far out a tile holds many topics, and an edit re-draws its tile).
   */
  fitFor(padding: number, overview = false): Camera | null {
    const b = this.bounds();
    if (!b) return null;
    // Fits never zoom in past 1 (the initial zoom): a lone root stays at its natural size.
    const min = overview ? this.minZoom : ZOOM_MIN;
    const max = Math.min(1, FIT_MAX_ZOOM);
    const area = fitArea(this.size, this.covers(), (a) => clampZoom(fitZoom(b, { width: a.width, height: this.size.height }, padding), min, max));
    return fitCamera(b, this.size, padding, min, max, area);
  }

  /** What covers the canvas now (read when asked: panels open, close and move). */
  covers(): Rect[] {
    return this.deps.covers?.() ?? [];
  }

  /**
   * Fits at the next frame, once the frame has brought the scene up to the store: a fit asked for
   * right after an edit (Tidy Up, an import) fits the map as the edit left it, not as it was.
   */
  requestFit(padding: number = FIT_PADDING.button, durationMs?: number): void {
    this.fitRequest = { padding, durationMs };
    this.deps.request();
  }

  /**
   * Keeps a topic where it is on screen through the edit about to be applied: a fold under Auto
   * Layout moves the folded topic (by half its branch's height), which would leave the view empty
   * under the pointer that folded it. `x`, `y`: where the topic is before the edit.
   */
  requestAnchor(id: string, x: number, y: number): void {
    this.anchorRequest = { id, x, y };
  }

  /**
   * Runs an anchor asked for with requestAnchor, once the edit is applied: `at` is where the topic is
   * now (null: gone), `tweened` whether the scene draws it moving there (the view then moves along
   * with it, with the same duration and easing), else the view jumps.
   */
  runRequestedAnchor(at: (id: string) => { x: number; y: number } | null, tweened: (id: string) => boolean, tweenMs: number): void {
    const r = this.anchorRequest;
    if (!r) return;
    this.anchorRequest = null;
    const p = at(r.id);
    if (!p || (p.x === r.x && p.y === r.y)) return;
    const from = this.target;
    const to = { x: from.x - (p.x - r.x) * from.zoom, y: from.y - (p.y - r.y) * from.zoom, zoom: from.zoom };
    if (tweened(r.id)) this.animateTo(to, tweenMs);
    else this.jump(to);
  }

  /** Runs a fit asked for with requestFit (the frame calls it after applying the store's changes). */
  runRequestedFit(): void {
    const r = this.fitRequest;
    if (!r) return;
    this.fitRequest = null;
    this.fit(r.padding, r.durationMs);
  }

  /** Fit view: the whole map, below 0.2 for a map too big for it. */
  fit(padding: number = FIT_PADDING.button, durationMs?: number): void {
    this.fitTo(this.fitFor(padding, true), durationMs);
  }

  /** A refit the user did not ask for (a resize, a turn of the device): it stops at 0.2. */
  fitAutomatically(padding: number, durationMs?: number): void {
    this.fitTo(this.fitFor(padding, false), durationMs);
  }

  private fitTo(to: Camera | null, durationMs?: number): void {
    if (!to) return;
    this.animateTo(to, durationMs ?? fitDuration(this.cam, to, this.size));
  }

  centerOn(wx: number, wy: number): void {
    this.anim = null;
    const z = this.cam.zoom;
    this.set({ x: this.size.width / 2 - wx * z, y: this.size.height / 2 - wy * z, zoom: z });
  }

  zoomBy(factor: number): void {
    const target = this.target;
    const to = zoomAround(target, this.size.width / 2, this.size.height / 2, target.zoom * factor, this.minZoomFor(target.zoom * factor));
    this.animateTo(to, 200);
  }

  /**
   * Pans (animated, short) so the card rectangle is on screen. With `around` (the card with what
   * came with it, a new task list's tasks), that whole area where the screen can show it with the
   * card clear of the panels; else the card alone.
   */
  reveal(card: Rect, around?: Rect): void {
    const covers = this.covers();
    const margin = 48;
    const target = this.target;
    const cardBox = expandRect(card, 12);
    if (around) {
      const wide = cameraToReveal(target, this.size, expandRect(around, 12), margin, covers) ?? target;
      if (!cameraToReveal(wide, this.size, cardBox, margin, covers) && !this.coversAny(wide, around, covers)) {
        if (wide !== target) this.animateTo(wide, 250);
        return;
      }
    }
    const to = cameraToReveal(target, this.size, cardBox, margin, covers);
    if (to) this.animateTo(to, 250);
  }

  /** Whether, seen through `cam`, a panel covers part of the world rectangle. */
  private coversAny(cam: Camera, r: Rect, covers: readonly Rect[]): boolean {
    const onScreen = { minX: r.minX * cam.zoom + cam.x, maxX: r.maxX * cam.zoom + cam.x, minY: r.minY * cam.zoom + cam.y, maxY: r.maxY * cam.zoom + cam.y };
    return covers.some((c) => rectsIntersect(c, onScreen));
  }
}
