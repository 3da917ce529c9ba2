/**
 * Visual tween of topic positions after a layout (Tidy Up, auto-layout, undo of those): the state
 * already holds the final positions; for TWEEN_MS the scene draws the moved topics (and their edges)
 * between where they were drawn and where they now are. Only for topics on screen, never in
 * performance mode or with prefers-reduced-motion, and only when a change moves several topics at
 * once (a single moved topic is a drag or a keyboard nudge: it must follow the pointer at once).
 */
import { easeInOutCubic } from '../camera/camera';
import type { Point } from '../geometry';

export const TWEEN_MS = 400;
/** Fewer moved topics than this in one flush: no tween. */
export const TWEEN_MIN_MOVED = 2;
/** More moved topics on screen than this: no tween (the per-frame overlay would cost too much). */
export const TWEEN_MAX_TOPICS = 800;

export interface Move {
  id: string;
  from: Point;
  to: Point;
}


/** Eased progress 0..1 of a tween started at `start` lasting `duration` ms. */
export function tweenProgress(now: number, start: number, duration: number): number {
  if (duration <= 0) return 1;
  return easeInOutCubic(Math.max(0, Math.min(1, (now - start) / duration)));
}

export function lerpPoint(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

export interface TweenPolicy {
  performanceMode: boolean;
  reducedMotion: boolean;
  /** A topic is being dragged: it follows the pointer, nothing tweens. */
  dragging: boolean;
}

/**
 * Which moves of one flush to tween: `candidates` are the topics whose drawn position changed that
 * are on screen (before or after), `movedTotal` how many moved in all. Empty when nothing should.
 */
export function planTween(candidates: readonly Move[], movedTotal: number, policy: TweenPolicy): Move[] {
  if (policy.performanceMode || policy.reducedMotion || policy.dragging) return [];
  if (movedTotal < TWEEN_MIN_MOVED || candidates.length === 0 || candidates.length > TWEEN_MAX_TOPICS) return [];
  return candidates.filter((m) => m.from.x !== m.to.x || m.from.y !== m.to.y);
}

/** The running tween: start/target per topic and the clock. */
export class PositionTween {
  private moves = new Map<string, { from: Point; to: Point }>();
  private start = 0;
  /** Edges drawn by the overlay while the tween runs (their ends move). */
  readonly edgeIds = new Set<string>();
  /**
   * Edges left out of the static tiles meanwhile. Emptied one frame before edgeIds when the tween
   * ends, so the tiles are rebuilt with them before the overlay stops drawing them (no gap frame).
   */
  readonly tileEdgeIds = new Set<string>();
  /** The last frame has been drawn at the final positions; the next frame clears the tween. */
  ending = false;

  constructor(readonly duration = TWEEN_MS) {}

  get active(): boolean {
    return this.moves.size > 0;
  }

  get size(): number {
    return this.moves.size;
  }

  has(id: string): boolean {
    return this.moves.has(id);
  }

  ids(): IterableIterator<string> {
    return this.moves.keys();
  }

  /**
   * Starts (or retargets) the tween at `now`: topics already moving continue from where they are
   * drawn now; the clock restarts for all.
   */
  begin(list: readonly Move[], now: number): void {
    const next = new Map<string, { from: Point; to: Point }>();
    for (const [id, m] of this.moves) next.set(id, { from: this.at(id, now) ?? m.to, to: m.to });
    for (const m of list) {
      const cur = this.moves.has(m.id) ? this.at(m.id, now) : null;
      next.set(m.id, { from: cur ?? m.from, to: m.to });
    }
    this.moves = next;
    this.start = now;
    this.ending = false;
  }

  /** Where topic `id` is drawn at `now`, or null when it is not tweening. */
  at(id: string, now: number): Point | null {
    const m = this.moves.get(id);
    if (!m) return null;
    return lerpPoint(m.from, m.to, tweenProgress(now, this.start, this.duration));
  }

  /** Updates a topic's target (the state moved it again mid-tween, e.g. a drag starting). */
  retarget(id: string, to: Point): void {
    const m = this.moves.get(id);
    if (m) m.to = to;
  }

  /** Jumps the clock to the end: at() gives the targets from now on. */
  finishAt(now: number): void {
    this.start = now - this.duration;
  }

  finished(now: number): boolean {
    return now - this.start >= this.duration;
  }

  clear(): void {
    this.moves.clear();
    this.edgeIds.clear();
    this.tileEdgeIds.clear();
    this.ending = false;
  }
}
