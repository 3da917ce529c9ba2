/**
 * From the state module to the scene: change sets and visibility deltas are merged into dirty sets
 * as they arrive (any number per frame), and one flush per animation frame applies them. Frames are
 * requested only when something is dirty or moving: an idle canvas schedules nothing.
 */
import type { ChangeSet } from '../../state/store';
import type { VisibilityDelta } from '../../state/views';

export class PendingChanges {
  reset = false;
  /** A reset this page asked for (import, clear, template, its own undo), not one from elsewhere. */
  ownReset = false;
  nodes = new Set<string>();
  edges = new Set<string>();
  structure = new Set<string>();
  shown: string[] = [];
  hidden: string[] = [];
  visibilityReset = false;
  selection = false;
  search = false;

  addChanges(c: ChangeSet): void {
    if (c.reset) this.reset = true;
    if (c.reset && (!c.external || c.undoRedo)) this.ownReset = true;
    if (!this.reset) {
      for (const id of c.nodes) this.nodes.add(id);
      for (const id of c.moved) this.nodes.add(id);
      for (const id of c.edges) this.edges.add(id);
      for (const id of c.structure) this.structure.add(id);
    }
    if (c.selection) this.selection = true;
    if (c.search) this.search = true;
  }

  addVisibility(d: VisibilityDelta): void {
    if (d.reset) {
      this.visibilityReset = true;
      this.shown = [];
      this.hidden = [];
      return;
    }
    if (this.visibilityReset || this.reset) return;
    // Why a cap: a huge delta is cheaper to treat as "everything may have changed".
    if (this.shown.length + this.hidden.length + d.shown.length + d.hidden.length > 20000) {
      this.visibilityReset = true;
      this.shown = [];
      this.hidden = [];
      return;
    }
    for (const id of d.shown) this.shown.push(id);
    for (const id of d.hidden) this.hidden.push(id);
  }

  get empty(): boolean {
    return (
      !this.reset &&
      !this.visibilityReset &&
      !this.selection &&
      !this.search &&
      this.nodes.size === 0 &&
      this.edges.size === 0 &&
      this.structure.size === 0 &&
      this.shown.length === 0 &&
      this.hidden.length === 0
    );
  }

  clear(): void {
    this.reset = false;
    this.ownReset = false;
    this.visibilityReset = false;
    this.selection = false;
    this.search = false;
    this.nodes.clear();
    this.edges.clear();
    this.structure.clear();
    this.shown = [];
    this.hidden = [];
  }
}

/**
 * requestAnimationFrame on demand. `frame` returns 'again' to be called next frame, 'later' for an
 * animation-only frame (throttled to ~30 fps: topic animations do not need 60), or 'idle'.
 */
export class FrameScheduler {
  private raf = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  frames = 0;
  private destroyed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly frame: (now: number) => 'again' | 'later' | 'idle') {}

  request(): void {
    if (this.destroyed || this.raf) return;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.raf = requestAnimationFrame(this.tick);
  }

  private requestLater(ms: number): void {
    if (this.destroyed || this.raf || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.request();
    }, ms);
  }

  /** A frame is due now (not just a throttled animation frame later). */
  get frameDue(): boolean {
    return this.raf !== 0;
  }

  get busy(): boolean {
    return this.raf !== 0 || this.timer !== null;
  }

  /** Resolves when no frame is scheduled (tests and the bench wait on this). */
  whenIdle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private tick = (now: number) => {
    this.raf = 0;
    this.frames++;
    const next = this.frame(now);
    if (next === 'again') this.request();
    else if (next === 'later') this.requestLater(33);
    if (!this.busy || next === 'later') {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  destroy(): void {
    this.destroyed = true;
    if (this.raf) cancelAnimationFrame(this.raf);
    if (this.timer !== null) clearTimeout(this.timer);
    this.raf = 0;
    this.timer = null;
    for (const w of this.idleWaiters) w();
    this.idleWaiters = [];
  }
}
