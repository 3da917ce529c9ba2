/**
 * The dotted background (gap 24 world units) following pan and zoom.
 *
 * Why rows of sprites: software WebGL (SwiftShader) pays both per primitive and per pixel shaded.
 * Measured at 1280×800: one quad per dot (3,600 dots) ≈ 28 ms a frame; a full-screen TilingSprite
 * shades every pixel (≈ 30 ms even with the cheaper shader, see tuneForSoftwareGl). Instead one row
 * of dots is painted into a small canvas texture and each on-screen row is a sprite of it, as tall
 * as a dot: ~50 quads in one batched draw, ~50k pixels shaded ≈ 8 ms.
 *
 * Panning only shifts the rows (modulo one cell); zooming scales them, and the row texture is redrawn
 * only when the spacing drifts more than DRIFT from the one it was painted for (dots then differ by
 * < 15% in size), the level changes or the screen is resized. Far out, every other dot is dropped
 * (gridLevel) so dots stay ≥ 18 px apart.
 */
import { CanvasSource, Container, Sprite, Texture } from 'pixi.js';
import { GRID_GAP } from '../../state/model';
import type { Camera, Size } from '../camera/camera';
import type { ThemeColors } from '../constants';
import { gridLevel } from './lod';

const DRIFT = 0.15;

export class Grid {
  /** Its own render group: a pan changes one GPU transform, nothing is re-packed. */
  readonly view = new Container({ isRenderGroup: true });
  private rows: Sprite[] = [];
  private canvas = document.createElement('canvas');
  private ctx = this.canvas.getContext('2d');
  private source: CanvasSource;
  private texture: Texture;
  private sig = '';
  private builtStep = 1;
  private rowHeight = 1;
  private rowStep = 0;
  private theme: ThemeColors;

  constructor(theme: ThemeColors, private readonly resolution = 1) {
    this.theme = theme;
    this.source = new CanvasSource({ resource: this.canvas, resolution, width: 1, height: 1 });
    this.texture = new Texture({ source: this.source });
    this.view.eventMode = 'none';
    this.view.interactiveChildren = false;
  }

  setTheme(theme: ThemeColors): void {
    this.theme = theme;
    this.sig = '';
  }

  update(cam: Camera, size: Size): void {
    const step = GRID_GAP * gridLevel(cam.zoom) * cam.zoom;
    const sig = `${size.width}|${size.height}|${this.theme.grid}`;
    if (sig !== this.sig || Math.abs(step / this.builtStep - 1) > DRIFT) {
      this.sig = sig;
      this.rebuild(step, Math.max(1, Math.min(2.2, 1.6 * cam.zoom)), size);
    }
    // Rows move only when the spacing changes; a pan moves the container alone.
    if (step !== this.rowStep) {
      this.rowStep = step;
      const k = step / this.builtStep;
      for (let r = 0; r < this.rows.length; r++) {
        const s = this.rows[r];
        s.position.set(0, r * step - (this.rowHeight * k) / 2);
        s.scale.set(k);
      }
    }
    // World lattice points k·gap land on screen at k·step + cam offset: shift by the offset mod step.
    const ox = ((cam.x % step) + step) % step;
    const oy = ((cam.y % step) + step) % step;
    this.view.position.set(ox - step, oy - step);
  }

  /** Paints one row of dots for spacing `step` (CSS px) and makes enough row sprites for the screen. */
  private rebuild(step: number, dot: number, size: Size): void {
    // Enough cells for the smallest spacing this texture will be scaled down to.
    const minStep = step * (1 - DRIFT);
    const cols = Math.ceil(size.width / minStep) + 2;
    const rows = Math.ceil(size.height / minStep) + 2;
    const w = Math.ceil(cols * step);
    // Rows as tall as a dot: every pixel of a row sprite on screen is shaded, dot or not.
    const h = Math.ceil(dot);
    // One canvas and texture for the grid's lifetime: resizing the source clears the canvas.
    this.source.resize(w, h, this.resolution);
    const ctx = this.ctx;
    if (ctx) {
      ctx.setTransform(this.resolution, 0, 0, this.resolution, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const c = this.theme.grid;
      ctx.fillStyle = `rgba(${(c >> 16) & 255},${(c >> 8) & 255},${c & 255},${Math.min(1, this.theme.gridAlpha + 0.15)})`;
      for (let i = 0; i < cols; i++) ctx.fillRect(i * step - dot / 2, h / 2 - dot / 2, dot, dot);
    }
    this.source.update();
    this.builtStep = step;
    this.rowHeight = h;
    this.rowStep = 0;
    while (this.rows.length < rows) {
      const s = new Sprite(this.texture);
      s.eventMode = 'none';
      this.rows.push(s);
      this.view.addChild(s);
    }
    while (this.rows.length > rows) this.rows.pop()!.destroy();
  }

  destroy(): void {
    this.view.destroy({ children: true });
    this.texture.destroy(true);
  }
}
