/**
 * Keeps the minimap's picture of the map up to date. Geometry comes from the topic hit boxes.
 *
 * Why two paths: a full repaint is O(shown topics) (~0.3 s of 2D work at 100k, plus the software-GPU
 * upload), which after every single edit blocked input and frames. So a change that stays inside the
 * picture's bounds only patches: the pixels under the changed topics' old and new dots are cleared
 * (clipped) and every shown topic over them is drawn again. A full repaint, in time slices with the
 * shown picture swapped only when complete, runs when the map's bounds grow or may have shrunk, when
 * very many topics changed at once, or on a reset or theme change.
 */
import { normalizeColor } from '../../state/rules';
import { HIT_MARGIN_TOP, HIT_MARGIN_X, NODE_HEIGHT } from '../constants';
import { expandRect, type Rect } from '../geometry';

/** What the painter draws on (Minimap.ts; a counting fake in tests). */
export interface MinimapSurface {
  readonly bounds: Rect | null;
  beginContent(bounds: Rect | null): void;
  addBox(x: number, y: number, w: number, h: number, color: string): void;
  commitContent(): void;
  /**
   * Clears the shown picture under `regions` (world) and lets `draw` paint them again, clipped;
   * `cleared`: the world rectangles actually cleared (whole pixels, so larger than `regions`).
   */
  patchContent(regions: readonly Rect[], draw: (add: MinimapSurface['addBox'], cleared: Rect[]) => void): void;
  /** Whether the two cards (world) paint the same pixels of the shown picture. */
  sameDot(a: Rect, b: Rect): boolean;
  /** Paints boxes over the shown picture, clearing nothing (topics that came). Call drawView() after. */
  drawOver(draw: (add: MinimapSurface['addBox']) => void): void;
  drawView(view: Rect): void;
}

/** A card as the picture has it: where and in which colour. */
interface Dot extends Rect {
  color: string;
}

export interface MinimapDeps {
  /** The topic's colour as stored. */
  color(id: string): string | undefined;
  /** The shown topics. */
  visible(): ReadonlySet<string>;
  /** Topic hit boxes by id. */
  boxes: ReadonlyMap<string, Rect>;
  /** Topics whose hit boxes may intersect `r` (world), appended to `out`. */
  near(r: Rect, out: string[]): void;
  /** The visible world rectangle. */
  viewRect(): Rect;
}

/** World margin around the map in the picture (see beginContent). */
const MARGIN = 40;
/** More changed topics than this in one go: a full repaint is cheaper than patching. */
const PATCH_MAX = 2000;
const SLICE_MS = 6;
const DEFAULT_COLOR = '#9b87f5';

/** Hit box → card rectangle (see nodeHitBox), in its colour. */
function dotOf(b: Rect, color: string): Dot {
  return { minX: b.minX + HIT_MARGIN_X, minY: b.minY + HIT_MARGIN_TOP, maxX: b.maxX - HIT_MARGIN_X, maxY: b.minY + HIT_MARGIN_TOP + NODE_HEIGHT, color };
}

export class MinimapPainter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private slice: ReturnType<typeof setTimeout> | null = null;
  private job = 0;
  private destroyed = false;
  /** Cards as the shown picture (or the one being built) has them, to find what a change leaves behind. */
  private drawn = new Map<string, Dot>();
  /** Topics changed since the picture was last brought up to date; null: repaint everything. */
  private changedIds: Set<string> | null = null;
  /** A full repaint is being built in slices; changes meanwhile are patched once it is shown. */
  private building = false;

  constructor(private readonly minimap: MinimapSurface, private readonly deps: MinimapDeps) {}

  /** Repaints everything a quarter second from now (changes in between share the repaint). */
  schedule(): void {
    this.changedIds = null;
    this.arm();
  }

  /** These topics moved, appeared, went, changed colour or visibility: patched a quarter second from now. */
  changed(ids: Iterable<string>): void {
    if (this.changedIds) {
      for (const id of ids) this.changedIds.add(id);
      if (this.changedIds.size > PATCH_MAX) this.changedIds = null;
    }
    this.arm();
  }

  private arm(): void {
    if (this.timer !== null || this.destroyed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.update();
    }, 250);
  }

  private update(): void {
    if (this.building) return; // picked up when the repaint is shown (see redraw)
    const ids = this.changedIds;
    this.changedIds = new Set();
    if (ids === null || !this.patch(ids)) this.redraw();
  }

  private colorOf(id: string): string {
    return normalizeColor(this.deps.color(id)) ?? DEFAULT_COLOR;
  }

  /**
   * Patches the shown picture for `ids`; false when only a full repaint will do. A topic whose dot
   * keeps its pixels and colour (a rename far out) repaints nothing, and one that came is painted over
   * the picture: only what went, moved or changed colour clears pixels and paints every topic under
   * them again. Why: far out a pixel spans hundreds of topics, and repainting those under one
   * renamed topic took 45–75 ms at 100k.
   */
  private patch(ids: Set<string>): boolean {
    if (ids.size === 0) return true;
    const bounds = this.minimap.bounds;
    if (!bounds) return false;
    const inner = expandRect(bounds, -MARGIN);
    const { boxes } = this.deps;
    const visible = this.deps.visible();
    const regions: Rect[] = [];
    const came: Dot[] = [];
    for (const id of ids) {
      const old = this.drawn.get(id);
      const b = visible.has(id) ? boxes.get(id) : undefined;
      const now = b ? dotOf(b, this.colorOf(id)) : undefined;
      // The map grows past the picture, or a topic on its edge moves, shrinks or goes (the map may
      // shrink). One on the edge that only grows within the picture (a longer label) is patched.
      if (now && !inside(now, bounds)) return false;
      if (old && touchesEdge(old, inner) && !(now && inside(old, now))) return false;
      if (now) this.drawn.set(id, now);
      else this.drawn.delete(id);
      if (now && !old) came.push(now);
      else if (now && old && now.color === old.color && this.minimap.sameDot(old, now)) continue;
      if (old) regions.push(old);
      if (now && old && !sameRect(old, now)) regions.push(now);
    }
    if (regions.length > 0) {
      const seen = new Set<string>();
      this.minimap.patchContent(regions, (add, cleared) => {
        const found: string[] = [];
        for (const r of cleared) this.deps.near(r, found);
        for (const id of found) {
          if (seen.has(id) || !visible.has(id)) continue;
          seen.add(id);
          const b = boxes.get(id);
          if (!b) continue;
          const d = dotOf(b, this.colorOf(id));
          this.drawn.set(id, d);
          add(d.minX, d.minY, d.maxX - d.minX, NODE_HEIGHT, d.color);
        }
      });
    }
    // After the patch, which may have cleared under them.
    if (came.length > 0) this.minimap.drawOver((add) => {
      for (const d of came) add(d.minX, d.minY, d.maxX - d.minX, NODE_HEIGHT, d.color);
    });
    if (regions.length > 0 || came.length > 0) this.minimap.drawView(this.deps.viewRect());
    return true;
  }

  /**
   * Repaints the whole picture: O(shown topics), in slices of SLICE_MS in separate tasks; a newer
   * repaint cancels an older one, and the shown picture is swapped only when complete.
   */
  redraw(): void {
    if (this.destroyed) return;
    if (this.slice !== null) clearTimeout(this.slice);
    this.slice = null;
    const job = ++this.job;
    this.building = true;
    this.changedIds = new Set();
    const ids = Array.from(this.deps.visible());
    const boxes = this.deps.boxes;
    const drawn = new Map<string, Dot>();
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    let phase: 'bounds' | 'draw' = 'bounds';
    let i = 0;
    const step = () => {
      this.slice = null;
      if (job !== this.job || this.destroyed) return;
      const until = performance.now() + SLICE_MS;
      const timeUp = () => (i & 1023) === 0 && performance.now() > until;
      if (phase === 'bounds') {
        for (; i < ids.length; i++) {
          const b = boxes.get(ids[i]);
          if (!b) continue;
          // The card's edges (see dotOf).
          const top = b.minY + HIT_MARGIN_TOP;
          if (b.minX + HIT_MARGIN_X < minX) minX = b.minX + HIT_MARGIN_X;
          if (top < minY) minY = top;
          if (b.maxX - HIT_MARGIN_X > maxX) maxX = b.maxX - HIT_MARGIN_X;
          if (top + NODE_HEIGHT > maxY) maxY = top + NODE_HEIGHT;
          if (timeUp()) break;
        }
        if (i >= ids.length) {
          phase = 'draw';
          i = 0;
          this.minimap.beginContent(minX === Infinity ? null : expandRect({ minX, minY, maxX, maxY }, MARGIN));
        }
      }
      if (phase === 'draw') {
        for (; i < ids.length; i++) {
          const b = boxes.get(ids[i]);
          if (!b) continue;
          const d = dotOf(b, this.colorOf(ids[i]));
          drawn.set(ids[i], d);
          this.minimap.addBox(d.minX, d.minY, d.maxX - d.minX, NODE_HEIGHT, d.color);
          if (timeUp()) break;
        }
        if (i >= ids.length) {
          this.minimap.commitContent();
          this.drawn = drawn;
          this.building = false;
          // What changed while the slices ran (boxes were read live, so a patch makes it exact).
          const pending = this.changedIds;
          this.changedIds = new Set();
          if (pending === null || !this.patch(pending)) {
            this.changedIds = null;
            this.arm();
          }
          this.minimap.drawView(this.deps.viewRect());
          return;
        }
      }
      this.slice = setTimeout(step, 0);
    };
    step();
  }

  destroy(): void {
    this.destroyed = true;
    for (const t of [this.timer, this.slice]) if (t !== null) clearTimeout(t);
  }
}

function inside(r: Rect, b: Rect): boolean {
  return r.minX >= b.minX && r.minY >= b.minY && r.maxX <= b.maxX && r.maxY <= b.maxY;
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.minX === b.minX && a.minY === b.minY && a.maxX === b.maxX && a.maxY === b.maxY;
}

/** `r` reaches the map's own bounds (`inner`: the picture's bounds less the margin). */
function touchesEdge(r: Rect, inner: Rect): boolean {
  return r.minX <= inner.minX + 0.5 || r.minY <= inner.minY + 0.5 || r.maxX >= inner.maxX - 0.5 || r.maxY >= inner.maxY - 0.5;
}
