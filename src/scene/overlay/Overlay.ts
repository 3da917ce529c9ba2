/**
 * What changes often and is small: edges of the selection and of a dragged topic, animated edges
 * on screen (moving dashes), the connection preview, far-out highlights, and the hover card (the "+"
 * button, up to three tags with "+N", and the notes tooltip). Rebuilt only when one of these
 * changes, or each animation frame while a moving dash is on screen.
 */
import { BitmapText, Container, Graphics } from 'pixi.js';
import type { MindNode } from '../../state/model';
import { notesTooltip, visibleTags } from './hoverContent';
import { NODE_HEIGHT, SMOOTH_STEP_RADIUS, type ThemeColors } from '../constants';
import { FONT_NAME, type SharedContexts } from '../render/assets';
import { dashSegments } from '../edges/edgePaths';
import { expandRect, type Rect } from '../geometry';
import { routedPolyline, sharedPieceKey, trunkPiece, type EdgeDirection } from '../edges/edgeRouting';
import { clipPolyline, pieceDeduper, polylineInside } from '../edges/clipPolyline';
import { CellLayer } from '../edges/cellRaster';
import { plusCenter } from '../topics/nodeLayout';

export interface OverlayEdge {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
  /** Sides the edge joins (edgeRouting.ts); rightward when absent. */
  dir?: EdgeDirection;
  color: number;
  width: number;
  animated: boolean;
}

/** The polyline of an edge drawn as a trunk piece or skipped as a shared one (never read). */
const EMPTY: number[] = [];
/** Moving dashes of animated edges, in world units. */
const DASH = 6;
const GAP = 5;
/** Below this many screen pixels per dash + gap, animated edges are drawn solid. */
const MIN_DASH_PERIOD_PX = 3;
/**
 * Far out (edges under CELL_EDGE_PX wide on screen), at least this many overlay edges are drawn by
 * cells (cellRaster.ts), as the tiles draw there. Why: selecting a topic with 50,000 children at the
 * overview stroked every edge, nearly a second of tessellation and buffers for one frame, and as
 * many vertices for the software GPU, to show what a few hundred rectangles show.
 */
const CELL_EDGES_MIN = 1000;
const CELL_EDGE_PX = 3;
/** Screen pixels per cell, and the most cells along a side. */
const CELL_PX = 2.5;
const MAX_CELLS = 2048;

/** The view grown by half its size each side, snapped to power-of-two steps (stable while panning a little). */
export function steppedCut(view: Rect): Rect {
  const half = Math.max(view.maxX - view.minX, view.maxY - view.minY, 1) / 2;
  const step = 2 ** Math.ceil(Math.log2(half));
  return {
    minX: Math.floor((view.minX - half) / step) * step,
    minY: Math.floor((view.minY - half) / step) * step,
    maxX: Math.ceil((view.maxX + half) / step) * step,
    maxY: Math.ceil((view.maxY + half) / step) * step,
  };
}

/** The overlay's edges of one colour and width: solid polylines and dash segments (x0, y0, x1, y1 each). */
interface StrokeGroup {
  color: number;
  width: number;
  polys: (readonly number[])[];
  segs: number[];
}

export class Overlay {
  /** Dynamic edges: drawn under the topics. */
  readonly below = new Container();
  /** Preview, highlights and hover card: drawn over the topics. */
  readonly above = new Container();
  private edges = new Graphics();
  private highlights = new Graphics();
  private preview = new Graphics();
  private hover = new Container();
  private hoverBg = new Graphics();
  private plus = new Graphics();
  private texts: BitmapText[] = [];
  hoverSig = '';
  private edgesSig = '';
  /** The cells of the last far-out edge drawing (drawEdgeCells). */
  private cells: CellLayer | null = null;
  private previewSig = '';
  private highlightsSig = '';

  constructor() {
    for (const c of [this.below, this.above]) {
      c.eventMode = 'none';
      c.interactiveChildren = false;
    }
    this.hover.addChild(this.hoverBg, this.plus);
    this.below.addChild(this.edges);
    this.above.addChild(this.preview, this.highlights, this.hover);
    this.hover.visible = false;
  }

  /**
   * `view` is the visible world rect: moving dashes are cut only there (see dashSegments). Far out,
   * where a dash and its gap would take under MIN_DASH_PERIOD_PX on screen, animated edges are drawn
   * solid: the dashes could not be told apart, and cutting them would cost work per world unit.
   */
  drawEdges(list: OverlayEdge[], style: 'smoothstep' | 'straight', phase: number, view: Rect, zoom: number): void {
    if (list.length >= CELL_EDGES_MIN && list.every((e) => e.width * zoom <= CELL_EDGE_PX)) {
      this.drawEdgeCells(list, style, view, zoom);
      return;
    }
    const dashed = DASH + GAP >= MIN_DASH_PERIOD_PX / zoom;
    // Why skip unchanged content: touching a batched Graphics (even clear() on an empty one) makes
    // Pixi rebuild the whole world's render instructions and re-pack every batch that frame.
    const clip = expandRect(view, (view.maxX - view.minX) * 0.1);
    const clipSig = dashed && list.some((e) => e.animated) ? `${clip.minX},${clip.minY},${clip.maxX},${clip.maxY}` : '';
    // Solid edges reaching far off screen are cut to `cut` (clipPolyline.ts): the cut rect moves in
    // steps, so a pan redraws them only when it crosses one.
    const cut = steppedCut(view);
    const routes = list.map((e) => ({ sx: e.sx, sy: e.sy, tx: e.tx, ty: e.ty, dir: e.dir ?? 'right' }) as const);
    // Solid edges of which only the shared trunk is in `cut` are that one piece (trunkPiece).
    const trunks = list.map((e, i) => (e.animated && dashed ? undefined : trunkPiece(routes[i], style, cut, SMOOTH_STEP_RADIUS + 1)));
    // Siblings whose piece in `cut` is the same one (sharedPieceKey): only the first is routed and drawn.
    const sharedSeen = new Set<string>();
    const skip = list.map((e, i) => {
      if (trunks[i] !== undefined) return false;
      // Dashed edges are cut to `clip`: siblings there share their dashes too (same path, same phase).
      const dash = e.animated && dashed;
      const k = sharedPieceKey(routes[i], style, dash ? clip : cut, SMOOTH_STEP_RADIUS + 1);
      if (k === undefined) return false;
      const named = `${e.color}|${e.width}|${dash}|${k}`;
      if (sharedSeen.has(named)) return true;
      sharedSeen.add(named);
      return false;
    });
    const polys = list.map((_, i) => (trunks[i] === undefined && !skip[i] ? routedPolyline(routes[i], style) : EMPTY));
    const cutting = list.some((e, i) => trunks[i] !== undefined || skip[i] || (!(e.animated && dashed) && !polylineInside(polys[i], cut)));
    const cutSig = cutting ? `${cut.minX},${cut.minY},${cut.maxX},${cut.maxY}` : '';
    const sig = `${style}|${dashed ? phase : 0}|${clipSig}|${cutSig}|` + list.map((e) => `${e.sx},${e.sy},${e.tx},${e.ty},${e.color},${e.width},${e.animated}`).join(';');
    if (sig === this.edgesSig) return;
    this.edgesSig = sig;
    const g = this.edges;
    g.clear();
    const fresh = new Map<string, (piece: readonly number[], tag?: string) => boolean>();
    // One stroke per colour and width, not one per edge. Why: selecting a topic with thousands of
    // children drew as many strokes, and Pixi's batching of that many instructions (and the round
    // ends of each) was most of the frame.
    const groups = new Map<string, StrokeGroup>();
    const groupOf = (e: OverlayEdge): StrokeGroup => {
      const key = `${e.color}|${e.width}`;
      let grp = groups.get(key);
      if (!grp) groups.set(key, (grp = { color: e.color, width: e.width, polys: [], segs: [] }));
      return grp;
    };
    list.forEach((e, i) => {
      const pts = polys[i];
      if (e.animated && dashed) {
        // The dash pattern flows from source to target, as React Flow's animated edges do. Cut to
        // `clip` first: edges sharing a trunk share its dashes, drawn once (same piece, same offset).
        const key = `${e.color}|${e.width}|dash`;
        let isFresh = fresh.get(key);
        if (!isFresh) fresh.set(key, (isFresh = pieceDeduper(false)));
        const starts: number[] = [];
        const pieces = skip[i] ? [] : clipPolyline(pts, clip, starts);
        const segs = groupOf(e).segs;
        pieces.forEach((p, k) => {
          const shift = ((starts[k] % (DASH + GAP)) + DASH + GAP) % (DASH + GAP);
          if (!isFresh(p, String(Math.round(shift * 100)))) return;
          dashSegments(p, DASH, GAP, phase - starts[k], (x0, y0, x1, y1) => {
            segs.push(x0, y0, x1, y1);
          });
        });
      } else {
        const key = `${e.color}|${e.width}`;
        let isFresh = fresh.get(key);
        if (!isFresh) fresh.set(key, (isFresh = pieceDeduper()));
        const trunk = trunks[i];
        const pieces = trunk === null || skip[i] ? [] : trunk ? [trunk] : polylineInside(pts, cut) ? [pts] : clipPolyline(pts, cut);
        for (const p of pieces) if (isFresh(p)) groupOf(e).polys.push(p);
      }
    });
    for (const grp of groups.values()) {
      if (grp.polys.length === 0 && grp.segs.length === 0) continue;
      for (const p of grp.polys) {
        g.moveTo(p[0], p[1]);
        for (let k = 2; k < p.length; k += 2) g.lineTo(p[k], p[k + 1]);
      }
      const d = grp.segs;
      for (let k = 0; k < d.length; k += 4) g.moveTo(d[k], d[k + 1]).lineTo(d[k + 2], d[k + 3]);
      // As in the tiles: round ends and joins add a triangle fan per point and are invisible on thin
      // edges, whose corners are rounded in the polyline already. Thin on screen: far out a width of
      // 2 px is thousands of world units, and Pixi's fans grow with the radius (selecting the root of
      // a 50,000-child map at the overview built gigabytes of them, and the page ran out of memory).
      if (grp.width * zoom <= 3) g.stroke({ width: grp.width, color: grp.color, cap: 'butt', join: 'miter' });
      else g.stroke({ width: grp.width, color: grp.color, cap: 'round', join: 'round' });
    }
  }

  /**
   * Many thin edges far out, by cells over the stepped cut around the view (pans within it draw
   * nothing new): one rectangle per run of cells of a colour. Dashes are not drawn at this size.
   */
  private drawEdgeCells(list: OverlayEdge[], style: 'smoothstep' | 'straight', view: Rect, zoom: number): void {
    const cut = steppedCut(view);
    const side = Math.max(cut.maxX - cut.minX, cut.maxY - cut.minY);
    const n = Math.min(MAX_CELLS, Math.ceil((side * zoom) / CELL_PX));
    const cell = side / n;
    // What the picture depends on, without a string per edge.
    let h = list.length;
    for (const e of list) h = (Math.imul(h, 31) + ((e.sx * 7 + e.sy * 13 + e.tx * 17 + e.ty * 19 + e.color) | 0)) | 0;
    const sig = `cells|${style}|${cut.minX},${cut.minY},${cut.maxX},${cut.maxY}|${n}|${h}`;
    if (sig === this.edgesSig) return;
    this.edgesSig = sig;
    // One layer kept while its size holds: a redraw (each move of a far-out drag) marks it afresh.
    const layer = this.cells?.n === n ? this.cells : (this.cells = new CellLayer(n, cell));
    layer.reset(cell);
    const local: number[] = [];
    for (const e of list) {
      const pts = routedPolyline({ sx: e.sx, sy: e.sy, tx: e.tx, ty: e.ty, dir: e.dir ?? 'right' }, style);
      local.length = 0;
      for (let i = 0; i < pts.length; i += 2) local.push(pts[i] - cut.minX, pts[i + 1] - cut.minY);
      layer.markPolyline(local, e.color + 1);
    }
    const g = this.edges;
    g.clear();
    const byValue = new Map<number, number[]>();
    for (const r of layer.runs()) {
      let rects = byValue.get(r.value);
      if (!rects) byValue.set(r.value, (rects = []));
      rects.push(r.x0, r.y0, r.x1, r.y1);
    }
    for (const [value, rects] of byValue) {
      for (let i = 0; i < rects.length; i += 4) {
        g.rect(cut.minX + rects[i] * cell, cut.minY + rects[i + 1] * cell, (rects[i + 2] - rects[i]) * cell, (rects[i + 3] - rects[i + 1]) * cell);
      }
      g.fill({ color: value - 1 });
    }
  }

  /** Connection being dragged from a handle. */
  drawPreview(from: { x: number; y: number } | null, to: { x: number; y: number } | null, color: number): void {
    const sig = from && to ? `${from.x},${from.y},${to.x},${to.y},${color}` : '';
    if (sig === this.previewSig) return;
    this.previewSig = sig;
    const g = this.preview;
    g.clear();
    if (!from || !to) return;
    g.moveTo(from.x, from.y).lineTo(to.x, to.y).stroke({ width: 2, color, alpha: 0.9 });
    g.circle(from.x, from.y, 6).stroke({ width: 2, color });
    g.circle(to.x, to.y, 4).fill(color);
  }

  /** Selection / focus rings where no topic view exists (far-out level of detail). */
  drawHighlights(rings: Array<{ x: number; y: number; w: number; color: number; width: number }>): void {
    const sig = rings.map((r) => `${r.x},${r.y},${r.w},${r.color},${r.width}`).join(';');
    if (sig === this.highlightsSig) return;
    this.highlightsSig = sig;
    const g = this.highlights;
    g.clear();
    for (const r of rings) {
      g.rect(r.x - 8, r.y - 8, r.w + 16, NODE_HEIGHT + 16).stroke({ width: r.width, color: r.color });
    }
  }

  /** The hover card of a topic (null hides it). Rebuilt only when its content changes. */
  setHover(node: MindNode | null, width: number, showPlus: boolean, theme: ThemeColors, contexts: SharedContexts): void {
    const tags = node && Array.isArray(node.data?.tags) ? visibleTags(node.data.tags) : [];
    const notes = node && typeof node.data?.notes === 'string' && node.data.notes.trim() ? notesTooltip(node.data.notes) : '';
    const sig = node ? `${node.id}|${node.position.x}|${node.position.y}|${width}|${showPlus}|${tags.join('\u0001')}|${notes}|${theme.card}` : '';
    if (sig === this.hoverSig) return;
    this.hoverSig = sig;
    for (const t of this.texts) t.destroy();
    this.texts = [];
    this.hoverBg.clear();
    if (!node) {
      this.hover.visible = false;
      return;
    }
    this.hover.visible = true;
    this.hover.position.set(node.position.x, node.position.y);
    this.plus.visible = showPlus;
    if (showPlus) {
      this.plus.context = contexts.plusButton();
      const p = plusCenter(width);
      this.plus.position.set(p.x, p.y);
    }
    const bg = this.hoverBg;
    if (tags.length) {
      let x = 0;
      const y = NODE_HEIGHT + 26;
      for (const tag of tags) {
        const t = new BitmapText({ text: tag, style: { fontFamily: FONT_NAME, fontSize: 11 } });
        t.tint = theme.chipText;
        const w = Math.ceil(t.width) + 14;
        bg.roundRect(x, y, w, 18, 9).fill(theme.chip).stroke({ width: 1, color: theme.cardBorder });
        t.position.set(x + 7, y + 3);
        this.texts.push(t);
        this.hover.addChild(t);
        x += w + 4;
      }
    }
    if (notes) {
      const t = new BitmapText({ text: notes, style: { fontFamily: FONT_NAME, fontSize: 11 } });
      t.tint = theme.tooltipText;
      const w = Math.ceil(t.width) + 16;
      bg.roundRect(0, -30, w, 22, 6).fill({ color: theme.tooltip, alpha: 0.95 });
      bg.poly([12, -8, 20, -8, 16, -3]).fill({ color: theme.tooltip, alpha: 0.95 });
      t.position.set(8, -26);
      this.texts.push(t);
      this.hover.addChild(t);
    }
  }

  destroy(): void {
    this.below.destroy({ children: true });
    this.above.destroy({ children: true });
  }
}
