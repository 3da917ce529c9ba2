/**
 * The minimap: its own small 2D canvas (accessible name "Minimap"), not part of the Pixi scene.
 * The map picture is redrawn into an offscreen canvas only when the map changes (debounced by the
 * scene, and in slices for big maps); camera moves just blit it and draw the viewport frame. Click or drag recentres the view.
 */
import type { Rect } from '../geometry';
import type { ThemeColors } from '../constants';
import type { MinimapSurface } from './minimapPainter';

export const MINIMAP_W = 200;
export const MINIMAP_H = 140;
const SOFTWARE_2D: CanvasRenderingContext2DSettings = { willReadFrequently: true };

export interface MinimapTransform {
  scale: number;
  ox: number;
  oy: number;
}

/** World bounds → minimap pixels, preserving aspect ratio and centring, with a small inset. */
export function minimapTransform(bounds: Rect, w = MINIMAP_W, h = MINIMAP_H, inset = 8): MinimapTransform {
  const bw = Math.max(1, bounds.maxX - bounds.minX);
  const bh = Math.max(1, bounds.maxY - bounds.minY);
  const scale = Math.min((w - 2 * inset) / bw, (h - 2 * inset) / bh);
  return {
    scale,
    ox: (w - bw * scale) / 2 - bounds.minX * scale,
    oy: (h - bh * scale) / 2 - bounds.minY * scale,
  };
}

export class Minimap implements MinimapSurface {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private picture: HTMLCanvasElement;
  private pctx: CanvasRenderingContext2D;
  /** Back buffer for a picture being built over several tasks. */
  private back: HTMLCanvasElement;
  private bctx: CanvasRenderingContext2D;
  private nextTf: MinimapTransform = { scale: 1, ox: 0, oy: 0 };
  private nextBounds: Rect | null = null;
  private lastColor = '';
  private tf: MinimapTransform = { scale: 1, ox: 0, oy: 0 };
  private contentBounds: Rect | null = null;
  private dragging = false;

  constructor(
    parent: HTMLElement,
    private theme: ThemeColors,
    private readonly onNavigate: (worldX: number, worldY: number) => void,
  ) {
    const c = document.createElement('canvas');
    c.width = MINIMAP_W;
    c.height = MINIMAP_H;
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', 'Minimap');
    c.dataset.testid = 'minimap';
    // Chrome over the canvas: a topic revealed (focused, pasted, its title edited) is kept out from under it.
    c.setAttribute('data-canvas-cover', '');
    Object.assign(c.style, {
      position: 'absolute',
      // Beside the Edit Node panel while that reaches down over this corner (the editor sets it).
      right: 'var(--minimap-right, 12px)',
      bottom: '12px',
      width: `${MINIMAP_W}px`,
      height: `${MINIMAP_H}px`,
      borderRadius: '8px',
      boxShadow: '0 4px 18px rgba(0,0,0,0.25)',
      cursor: 'pointer',
      touchAction: 'none',
      zIndex: '5',
    } satisfies Partial<CSSStyleDeclaration>);
    parent.appendChild(c);
    this.canvas = c;
    // CPU-backed 2D contexts (willReadFrequently): a picture of 100k tiny boxes costs a few ms in
    // software, but seconds of raster when every fillRect goes to the GPU (and to SwiftShader).
    this.ctx = c.getContext('2d', SOFTWARE_2D)!;
    this.picture = document.createElement('canvas');
    this.picture.width = MINIMAP_W;
    this.picture.height = MINIMAP_H;
    this.pctx = this.picture.getContext('2d', SOFTWARE_2D)!;
    this.back = document.createElement('canvas');
    this.back.width = MINIMAP_W;
    this.back.height = MINIMAP_H;
    this.bctx = this.back.getContext('2d', SOFTWARE_2D)!;
    c.addEventListener('pointerdown', this.onDown);
    c.addEventListener('pointermove', this.onMove);
    c.addEventListener('pointerup', this.onUp);
    c.addEventListener('pointercancel', this.onUp);
  }

  setVisible(on: boolean): void {
    this.canvas.style.display = on ? 'block' : 'none';
  }

  setTheme(theme: ThemeColors): void {
    this.theme = theme;
  }

  /**
   * Redraws the map picture from `forEachBox` (card rectangles with colours) in one go. Big maps use
   * beginContent / addBox / commitContent across several tasks instead (see minimapPainter.ts).
   */
  drawContent(bounds: Rect | null, forEachBox: (fn: (x: number, y: number, w: number, h: number, color: string) => void) => void): void {
    this.beginContent(bounds);
    if (bounds) forEachBox(this.addBox);
    this.commitContent();
  }

  /** Starts a new picture in a back buffer; the shown one stays until commitContent(). */
  beginContent(bounds: Rect | null): void {
    this.nextBounds = bounds;
    this.nextTf = bounds ? minimapTransform(bounds) : this.tf;
    this.bctx.clearRect(0, 0, MINIMAP_W, MINIMAP_H);
    this.lastColor = '';
  }

  addBox = (x: number, y: number, w: number, h: number, color: string): void => {
    const tf = this.nextTf;
    const p = this.bctx;
    if (color !== this.lastColor) p.fillStyle = this.lastColor = color;
    p.fillRect(x * tf.scale + tf.ox, y * tf.scale + tf.oy, dotSize(w, tf), dotSize(h, tf));
  };

  sameDot(a: Rect, b: Rect): boolean {
    const tf = this.tf;
    const at = (v: number, o: number) => v * tf.scale + o;
    return (
      at(a.minX, tf.ox) === at(b.minX, tf.ox) &&
      at(a.minY, tf.oy) === at(b.minY, tf.oy) &&
      dotSize(a.maxX - a.minX, tf) === dotSize(b.maxX - b.minX, tf) &&
      dotSize(a.maxY - a.minY, tf) === dotSize(b.maxY - b.minY, tf)
    );
  }

  drawOver(draw: (add: (x: number, y: number, w: number, h: number, color: string) => void) => void): void {
    draw(this.adder(this.pctx));
  }

  /** Paints boxes (world) on `p` with the shown picture's transform. */
  private adder(p: CanvasRenderingContext2D): (x: number, y: number, w: number, h: number, color: string) => void {
    const tf = this.tf;
    let last = '';
    return (x, y, w, h, color) => {
      if (color !== last) p.fillStyle = last = color;
      p.fillRect(x * tf.scale + tf.ox, y * tf.scale + tf.oy, dotSize(w, tf), dotSize(h, tf));
    };
  }

  /**
   * Clears the shown picture under `regions` (world) and lets `draw` paint them again, clipped to
   * them, so topics drawn there redraw exactly their pixels in the regions. Call drawView() after.
   */
  patchContent(regions: readonly Rect[], draw: (add: (x: number, y: number, w: number, h: number, color: string) => void, cleared: Rect[]) => void): void {
    const tf = this.tf;
    const p = this.pctx;
    const cleared: Rect[] = [];
    p.save();
    p.beginPath();
    for (const r of regions) {
      const x0 = Math.floor(r.minX * tf.scale + tf.ox) - 1;
      const y0 = Math.floor(r.minY * tf.scale + tf.oy) - 1;
      const x1 = Math.ceil(Math.max(r.maxX * tf.scale + tf.ox, r.minX * tf.scale + tf.ox + 1)) + 1;
      const y1 = Math.ceil(Math.max(r.maxY * tf.scale + tf.oy, r.minY * tf.scale + tf.oy + 1)) + 1;
      p.clearRect(x0, y0, x1 - x0, y1 - y0);
      p.rect(x0, y0, x1 - x0, y1 - y0);
      // What was cleared, in world units (a pixel spans many world units on a big map); a dot up to
      // a pixel wide reaches a pixel further.
      cleared.push({ minX: (x0 - 1 - tf.ox) / tf.scale, minY: (y0 - 1 - tf.oy) / tf.scale, maxX: (x1 + 1 - tf.ox) / tf.scale, maxY: (y1 + 1 - tf.oy) / tf.scale });
    }
    p.clip();
    draw(this.adder(p), cleared);
    p.restore();
  }

  /** Shows the picture built since beginContent(); call drawView() after. */
  commitContent(): void {
    [this.picture, this.back] = [this.back, this.picture];
    [this.pctx, this.bctx] = [this.bctx, this.pctx];
    this.contentBounds = this.nextBounds;
    this.tf = this.nextTf;
  }

  /** Blits the picture and draws the viewport frame. Cheap: call on every camera change. */
  drawView(view: Rect): void {
    const c = this.ctx;
    const tf = this.tf;
    c.clearRect(0, 0, MINIMAP_W, MINIMAP_H);
    c.fillStyle = this.theme.minimapBg;
    c.fillRect(0, 0, MINIMAP_W, MINIMAP_H);
    c.drawImage(this.picture, 0, 0);
    const x = view.minX * tf.scale + tf.ox;
    const y = view.minY * tf.scale + tf.oy;
    const w = (view.maxX - view.minX) * tf.scale;
    const h = (view.maxY - view.minY) * tf.scale;
    c.fillStyle = 'rgba(127,127,160,0.12)';
    c.fillRect(x, y, w, h);
    c.strokeStyle = this.theme.minimapView;
    c.lineWidth = 1.5;
    const f = viewFrame(x, y, w, h);
    c.strokeRect(f.x, f.y, f.width, f.height);
  }

  get bounds(): Rect | null {
    return this.contentBounds;
  }

  private toWorld(e: PointerEvent): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * MINIMAP_W;
    const py = ((e.clientY - r.top) / r.height) * MINIMAP_H;
    return { x: (px - this.tf.ox) / this.tf.scale, y: (py - this.tf.oy) / this.tf.scale };
  }

  private onDown = (e: PointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    this.dragging = true;
    this.canvas.setPointerCapture?.(e.pointerId);
    const w = this.toWorld(e);
    this.onNavigate(w.x, w.y);
  };

  private onMove = (e: PointerEvent) => {
    if (!this.dragging) return;
    const w = this.toWorld(e);
    this.onNavigate(w.x, w.y);
  };

  private onUp = (e: PointerEvent) => {
    this.dragging = false;
    this.canvas.releasePointerCapture?.(e.pointerId);
  };

  destroy(): void {
    this.canvas.remove();
  }
}

/** A box's side in picture pixels: at least one, so every topic shows. */
function dotSize(worldSize: number, tf: MinimapTransform): number {
  return Math.max(1, worldSize * tf.scale);
}

/**
 * The view's outline in minimap pixels: the view rectangle cut to the minimap (half the 1.5-px line
 * inside each edge), so a view reaching past an edge is outlined where it is, not shifted inwards.
 */
export function viewFrame(x: number, y: number, w: number, h: number): { x: number; y: number; width: number; height: number } {
  const x0 = Math.max(0.75, x);
  const y0 = Math.max(0.75, y);
  const x1 = Math.min(MINIMAP_W - 0.75, x + w);
  const y1 = Math.min(MINIMAP_H - 0.75, y + h);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}
