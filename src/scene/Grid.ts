/**
 * The dotted background (gap 24 world units) following pan and zoom.
 *
 * Why dots in one screen-space Graphics instead of a TilingSprite: on software WebGL a full-screen
 * tiling shader costs ~60 ms a frame (per-pixel work), while ~2,000 tiny quads cost almost nothing.
 * The dot lattice is built for the current on-screen spacing and only shifted (modulo one cell) when
 * panning; it is rebuilt only when the spacing or the screen size changes (zooming). Far out, every
 * other dot is dropped (gridLevel) so dots stay ≥ 10 px apart and their number stays bounded.
 */
import { Graphics } from 'pixi.js';
import { GRID_GAP } from '../state/model';
import type { Camera, Size } from './camera';
import type { ThemeColors } from './constants';
import { gridLevel } from './lod';

export class Grid {
  readonly sprite = new Graphics();
  private sig = '';
  private theme: ThemeColors;

  constructor(theme: ThemeColors) {
    this.theme = theme;
    this.sprite.eventMode = 'none';
  }

  setTheme(theme: ThemeColors): void {
    this.theme = theme;
    this.sig = '';
  }

  update(cam: Camera, size: Size): void {
    const step = GRID_GAP * gridLevel(cam.zoom) * cam.zoom;
    const dot = Math.max(1, Math.min(2.2, 1.6 * cam.zoom));
    const sig = `${step.toFixed(3)}|${size.width}|${size.height}|${this.theme.grid}`;
    if (sig !== this.sig) {
      this.sig = sig;
      const g = this.sprite;
      g.clear();
      const cols = Math.ceil(size.width / step) + 2;
      const rows = Math.ceil(size.height / step) + 2;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) g.rect(c * step - dot / 2, r * step - dot / 2, dot, dot);
      }
      g.fill({ color: this.theme.grid, alpha: this.theme.gridAlpha + 0.15 });
    }
    // World lattice points k·gap land on screen at k·step + cam offset: shift by the offset mod step.
    const ox = ((cam.x % step) + step) % step;
    const oy = ((cam.y % step) + step) % step;
    this.sprite.position.set(ox - step, oy - step);
  }

  destroy(): void {
    this.sprite.destroy();
  }
}
