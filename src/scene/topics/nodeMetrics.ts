/**
 * Topic card width (140–220, spec) and label lines. Text is measured per character with a cached
 * width table (one canvas measureText per distinct character, ever), so sizing 100,000 labels on
 * import costs a few milliseconds instead of 100,000 measureText calls. Kerning is ignored; the
 * padding absorbs the difference.
 */
import { NODE_MAX_WIDTH, NODE_MIN_WIDTH } from '../../state/model';
import { FONT_STACK, LABEL_FONT_SIZE, LABEL_MAX_LINES, NODE_PAD_X } from '../constants';

export type CharMeasure = (ch: string) => number;

export interface LabelMetrics {
  label: string;
  width: number;
  lines: string[];
}

const ELLIPSIS = '…';

/** A rough proportional width table for environments without a canvas (tests, Node). */
export function approximateCharWidth(ch: string, fontSize = LABEL_FONT_SIZE): number {
  if (ch === ' ') return fontSize * 0.28;
  if ('il.,:;|!\'`'.includes(ch)) return fontSize * 0.3;
  if ('mwMW@'.includes(ch)) return fontSize * 0.85;
  if (ch >= 'A' && ch <= 'Z') return fontSize * 0.66;
  if (ch.charCodeAt(0) > 0x2e80) return fontSize; // CJK and wider
  return fontSize * 0.55;
}

export class TextMeasurer {
  private cache = new Map<string, number>();
  /** ASCII widths by char code (-1: not measured yet). Why: a 100k map's first draw sizes every label. */
  private ascii = new Float64Array(128).fill(-1);
  constructor(private readonly measureChar: CharMeasure) {}

  charWidth(ch: string): number {
    let w = this.cache.get(ch);
    if (w === undefined) {
      w = this.measureChar(ch);
      this.cache.set(ch, w);
    }
    return w;
  }

  /**
   * Every character width known here (printable ASCII measured first), for a measurer elsewhere
   * (the import worker lays maps out with these widths: TextMeasurer.fromWidths).
   */
  knownWidths(): [string, number][] {
    for (let c = 32; c < 127; c++) this.charWidth(String.fromCharCode(c));
    return Array.from(this.cache);
  }

  /** A measurer that knows only `widths`; `onMissing` hears each other character (measured as 0). */
  static fromWidths(widths: Iterable<[string, number]>, onMissing: (ch: string) => void): TextMeasurer {
    const table = new Map(widths);
    return new TextMeasurer((ch) => {
      const w = table.get(ch);
      if (w !== undefined) return w;
      onMissing(ch);
      return 0;
    });
  }

  width(text: string): number {
    let w = 0;
    const ascii = this.ascii;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        let cw = ascii[c];
        if (cw < 0) cw = ascii[c] = this.charWidth(text[i]);
        w += cw;
        continue;
      }
      // A surrogate pair is one character, measured as one (as `for … of` reads it).
      const pair = c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      w += this.charWidth(pair ? text.slice(i, i + 2) : text[i]);
      if (pair) i++;
    }
    return w;
  }
}

/** Canvas-backed measurer in the browser, approximate elsewhere. */
function createMeasurer(fontFamily: string, fontSize = LABEL_FONT_SIZE, fontWeight = '500'): TextMeasurer {
  const ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  if (!ctx) return new TextMeasurer((ch) => approximateCharWidth(ch, fontSize));
  ctx.font = `${fontWeight} ${fontSize}px ${fontFamily}`;
  return new TextMeasurer((ch) => ctx.measureText(ch).width);
}

let shared: TextMeasurer | null = null;

/** The one measurer of topic labels (canvas, layout sizes, exports): its width table fills once. */
export function labelMeasurer(): TextMeasurer {
  shared ??= createMeasurer(FONT_STACK);
  return shared;
}

/** Cuts `text` to fit `max` pixels, ending with an ellipsis. */
export function truncateToWidth(m: TextMeasurer, text: string, max: number): string {
  if (m.width(text) <= max) return text;
  const limit = max - m.charWidth(ELLIPSIS);
  let w = 0;
  let out = '';
  for (const ch of text) {
    const cw = m.charWidth(ch);
    if (w + cw > limit) break;
    w += cw;
    out += ch;
  }
  return out.trimEnd() + ELLIPSIS;
}

/**
 * Lays a label out in at most LABEL_MAX_LINES lines of the card's inner width, breaking at spaces
 * (or inside a word longer than a line) and ending with an ellipsis if it still does not fit.
 */
export function layoutLabel(m: TextMeasurer, raw: unknown): LabelMetrics {
  const label = typeof raw === 'string' ? oneLine(raw) : String(raw ?? '');
  const inner = NODE_MAX_WIDTH - 2 * NODE_PAD_X;
  const single = m.width(label);
  if (single <= inner) {
    return { label, width: clampWidth(single + 2 * NODE_PAD_X), lines: [label] };
  }
  const lines: string[] = [];
  let rest = label;
  while (rest && lines.length < LABEL_MAX_LINES) {
    if (lines.length === LABEL_MAX_LINES - 1) {
      lines.push(truncateToWidth(m, rest, inner));
      break;
    }
    const [line, remaining] = takeLine(m, rest, inner);
    lines.push(line);
    rest = remaining;
  }
  return { label, width: NODE_MAX_WIDTH, lines };
}

/** Runs of white space as one space, none at the ends; most labels already are, and are returned as they are. */
export function oneLine(raw: string): string {
  if (!/\s\s|[^\S ]|^\s|\s$/.test(raw)) return raw;
  return raw.replace(/\s+/g, ' ').trim();
}

function takeLine(m: TextMeasurer, text: string, max: number): [string, string] {
  let w = 0;
  let lastSpace = -1;
  let i = 0;
  const chars = Array.from(text);
  for (; i < chars.length; i++) {
    const cw = m.charWidth(chars[i]);
    if (w + cw > max) break;
    if (chars[i] === ' ') lastSpace = i;
    w += cw;
  }
  if (i >= chars.length) return [text, ''];
  const cut = lastSpace > 0 ? lastSpace : Math.max(1, i);
  return [chars.slice(0, cut).join('').trimEnd(), chars.slice(cut).join('').trimStart()];
}

export function clampWidth(w: number): number {
  return Math.round(Math.min(NODE_MAX_WIDTH, Math.max(NODE_MIN_WIDTH, Math.ceil(w))));
}

/** Per-topic cache: recomputed only when the label changes. */
export class MetricsCache {
  private map = new Map<string, LabelMetrics>();
  constructor(private readonly measurer: TextMeasurer) {}

  get(id: string, label: unknown): LabelMetrics {
    const cur = this.map.get(id);
    if (cur && cur.label === label) return cur;
    const next = layoutLabel(this.measurer, label);
    // Keep the raw label as the cache key so the comparison above is a cheap identity check.
    if (typeof label === 'string') next.label = label;
    this.map.set(id, next);
    return next;
  }

  /**
   * Takes a one-line label's width measured elsewhere with this cache's widths (the import worker):
   * what get() would compute, without measuring 100k labels again.
   */
  seedOneLine(id: string, label: string, width: number): void {
    this.map.set(id, { label, width, lines: [oneLine(label)] });
  }

  delete(id: string): void {
    this.map.delete(id);
  }

  /** Drops everything when more than `n` topics are kept (entries of topics long gone, after new maps). */
  keepAtMost(n: number): void {
    if (this.map.size > n) this.map.clear();
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

let sharedMetrics: MetricsCache | null = null;

/**
 * The one per-topic cache of label metrics, shared by the canvas and the layouts: an imported map's
 * labels, laid out before the canvas draws it, are not measured a second time.
 */
export function labelMetrics(): MetricsCache {
  sharedMetrics ??= new MetricsCache(labelMeasurer());
  return sharedMetrics;
}
