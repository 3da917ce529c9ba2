/**
 * Shared drawing resources. Why: on software WebGL every Graphics rebuild is tessellation on the CPU.
 * Topic cards, chevrons, badges and icons are built once per (width, colour, theme, …) as a
 * GraphicsContext and shared by every pooled view that needs the same look; labels use one dynamic
 * bitmap font (a shared glyph atlas), tinted per theme.
 */
import { BitmapFont, GraphicsContext, Texture } from 'pixi.js';
import { CARD_RADIUS, CHEVRON_RADIUS, FONT_STACK, HANDLE_RADIUS, NODE_HEIGHT, PLUS_RADIUS, PRIORITY_COLORS, type ThemeColors } from '../constants';
import { chevronCenter } from '../topics/nodeLayout';
import { circlePoints, roundRectPoints } from './shapes';

export const FONT_NAME = 'mf-text';
export const FONT_BOLD = 'mf-bold';

let fontsInstalled = false;

/**
 * Installs the glyph atlases of topic labels once, drawn at 28 px so text stays crisp up to 2x zoom.
 * Without kerning: layouts measure labels per character without
 * it (nodeMetrics.ts), so drawn text now matches the measured width, and the install no longer
 * measures every pair of characters (about 40,000 measureText calls, 0.2-0.5 s at each start).
 */
export function installFonts(): void {
  if (fontsInstalled) return;
  fontsInstalled = true;
  const chars = [[' ', '~'], '…•·–—’‘“”éèêàâçôöüäßñ€£'];
  BitmapFont.install({
    name: FONT_NAME,
    style: { fontFamily: FONT_STACK, fontSize: 28, fill: 0xffffff, fontWeight: '500' },
    chars,
    resolution: 1,
    padding: 2,
    skipKerning: true,
  });
  BitmapFont.install({
    name: FONT_BOLD,
    style: { fontFamily: FONT_STACK, fontSize: 28, fill: 0xffffff, fontWeight: '700' },
    chars,
    resolution: 1,
    padding: 2,
    skipKerning: true,
  });
}

function mix(a: number, b: number, t: number): number {
  const ar = (a >> 16) & 255, ag = (a >> 8) & 255, ab = a & 255;
  const br = (b >> 16) & 255, bg = (b >> 8) & 255, bb = b & 255;
  return (Math.round(ar + (br - ar) * t) << 16) | (Math.round(ag + (bg - ag) * t) << 8) | Math.round(ab + (bb - ab) * t);
}

export class SharedContexts {
  private cache = new Map<string, GraphicsContext>();
  /**
   * Contexts of earlier themes. Not destroyed on a theme switch: views that are off screen or pooled
   * still point at them until they are next synced, and Pixi crashes rendering a destroyed context.
   */
  private retired: GraphicsContext[] = [];
  constructor(public theme: ThemeColors) {}

  setTheme(theme: ThemeColors): void {
    this.theme = theme;
    for (const c of this.cache.values()) this.retired.push(c);
    this.cache.clear();
  }

  destroy(): void {
    for (const c of this.cache.values()) c.destroy();
    for (const c of this.retired) c.destroy();
    this.cache.clear();
    this.retired = [];
  }

  private get(key: string, build: (c: GraphicsContext) => void): GraphicsContext {
    let c = this.cache.get(key);
    if (!c) {
      c = new GraphicsContext();
      build(c);
      this.cache.set(key, c);
    }
    return c;
  }

  /** The card: body, accent border (thicker and tinted for the root), optional handles. */
  card(width: number, color: number, root: boolean, handles: boolean): GraphicsContext {
    const t = this.theme;
    return this.get(`card|${width}|${color}|${root ? 1 : 0}|${handles ? 1 : 0}`, (c) => {
      const fill = root ? mix(t.card, color, 0.22) : t.card;
      // Low-vertex outlines (see shapes.ts): keeps a card under Pixi's batching limit.
      c.poly(roundRectPoints(0, 0, width, NODE_HEIGHT, CARD_RADIUS, 4), true).fill(fill).stroke({ width: root ? 2.5 : 1.5, color, alpha: root ? 1 : 0.85 });
      // Accent strip along the top-left: the topic's colour, readable at a glance.
      c.poly(roundRectPoints(7, 8, 4, 12, 2, 1), true).fill(color);
      if (handles) {
        c.poly(circlePoints(0, NODE_HEIGHT / 2, HANDLE_RADIUS, 10), true).fill(t.handleFill).stroke({ width: 1.5, color });
        c.poly(circlePoints(width, NODE_HEIGHT / 2, HANDLE_RADIUS, 10), true).fill(t.handleFill).stroke({ width: 1.5, color });
      }
    });
  }

  chevron(width: number, expanded: boolean, color: number): GraphicsContext {
    const t = this.theme;
    return this.get(`chev|${width}|${expanded ? 1 : 0}|${color}`, (c) => {
      const { x, y } = chevronCenter(width);
      c.poly(circlePoints(x, y, CHEVRON_RADIUS, 14), true).fill({ color, alpha: 0.18 }).stroke({ width: 1, color, alpha: 0.7 });
      if (expanded) c.moveTo(x - 3.5, y - 1.5).lineTo(x, y + 2).lineTo(x + 3.5, y - 1.5);
      else c.moveTo(x - 1.5, y - 3.5).lineTo(x + 2, y).lineTo(x - 1.5, y + 3.5);
      c.stroke({ width: 1.6, color: t.text, cap: 'round', join: 'round' });
    });
  }

  badge(priority: string, w: number): GraphicsContext {
    return this.get(`badge|${priority}|${w}`, (c) => {
      const color = PRIORITY_COLORS[priority] ?? 0x64748b;
      c.poly(roundRectPoints(0, 0, w, 14, 7, 3), true).fill({ color, alpha: 0.22 }).stroke({ width: 1, color });
    });
  }

  attachmentIcon(type: string): GraphicsContext {
    const t = this.theme;
    return this.get(`att|${type}`, (c) => {
      if (type === 'link') {
        c.roundRect(0, 3, 8, 6, 3).stroke({ width: 1.4, color: t.muted });
        c.roundRect(6, 3, 8, 6, 3).stroke({ width: 1.4, color: t.muted });
      } else if (type === 'image') {
        c.roundRect(0, 0, 14, 12, 2).stroke({ width: 1.3, color: t.muted });
        c.moveTo(2, 10).lineTo(6, 5).lineTo(9, 8).lineTo(11, 6).lineTo(13, 10).stroke({ width: 1.2, color: t.muted });
      } else {
        c.moveTo(2, 0).lineTo(9, 0).lineTo(12, 3).lineTo(12, 13).lineTo(2, 13).closePath().stroke({ width: 1.3, color: t.muted });
      }
    });
  }

  /** Grey box shown while an image preview loads, or when it fails. */
  imagePlaceholder(failed: boolean): GraphicsContext {
    const t = this.theme;
    return this.get(`ph|${failed ? 1 : 0}`, (c) => {
      c.roundRect(0, 0, 28, 28, 4).fill({ color: t.muted, alpha: 0.25 }).stroke({ width: 1, color: t.muted, alpha: 0.6 });
      if (failed) c.moveTo(8, 8).lineTo(20, 20).moveTo(20, 8).lineTo(8, 20).stroke({ width: 1.5, color: t.muted });
      else c.circle(10, 10, 3).fill({ color: t.muted, alpha: 0.8 }).moveTo(4, 24).lineTo(12, 15).lineTo(18, 21).lineTo(24, 24).stroke({ width: 1.3, color: t.muted });
    });
  }

  plusButton(): GraphicsContext {
    const t = this.theme;
    return this.get('plus', (c) => {
      c.poly(circlePoints(0, 0, PLUS_RADIUS, 16), true).fill(0x6366f1).stroke({ width: 1.5, color: t.handleFill });
      c.moveTo(-4, 0).lineTo(4, 0).moveTo(0, -4).lineTo(0, 4).stroke({ width: 1.8, color: 0xffffff, cap: 'round' });
    });
  }

  doneBox(done: boolean, color: number): GraphicsContext {
    return this.get(`done|${done ? 1 : 0}|${color}`, (c) => {
      c.poly(roundRectPoints(0, 0, 12, 12, 3, 2), true).fill(done ? color : { color, alpha: 0.1 }).stroke({ width: 1.3, color });
      if (done) c.moveTo(3, 6).lineTo(5.5, 8.5).lineTo(9.5, 3.5).stroke({ width: 1.6, color: 0xffffff });
    });
  }
}

/** Image previews: one texture per URL, loaded once; failures remembered (placeholder). */
export class ImageCache {
  private entries = new Map<string, Texture | 'loading' | 'failed'>();
  constructor(private readonly onChange: () => void) {}

  get(url: string): Texture | 'loading' | 'failed' {
    const cur = this.entries.get(url);
    if (cur) return cur;
    this.entries.set(url, 'loading');
    if (typeof Image === 'undefined') {
      this.entries.set(url, 'failed');
      return 'failed';
    }
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.onload = () => {
      try {
        this.entries.set(url, Texture.from(img));
      } catch {
        this.entries.set(url, 'failed');
      }
      this.onChange();
    };
    img.onerror = () => {
      this.entries.set(url, 'failed');
      this.onChange();
    };
    img.src = url;
    return 'loading';
  }

  destroy(): void {
    for (const t of this.entries.values()) if (t instanceof Texture) t.destroy(true);
    this.entries.clear();
  }
}
