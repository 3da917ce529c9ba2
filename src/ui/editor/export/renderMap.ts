/**
 * Draws a whole map with the plain 2D canvas API (off-screen, independent of the live WebGL view and
 * its viewport): used by the PNG/PDF export and the template previews. Topics are rounded cards in the
 * scene's look (theme colours, accent border, ROOT/TOPIC caption, label in up to two lines, and the
 * marks beside it: fold chevron, priority, attachment, task box; cardMarks.ts), edges are
 * smooth-step or straight lines from the source's right handle to the target's left handle.
 */
import { computeVisibleIds } from '../../../state/tree';
import { childIds, getNode, type LayoutKind, type MindMapState } from '../../../state/doc';
import { normalizeColor } from '../../../state/rules';
import { tableForEach } from '../../../state/table';
import type { MindNode } from '../../../state/model';
import { CARD_RADIUS, CHEVRON_RADIUS, FONT_STACK, LABEL_FONT_SIZE, LABEL_LINE_HEIGHT, LABEL_TOP, NODE_HEIGHT, NODE_PAD_X, PRIORITY_COLORS, THEMES } from '../../../scene/constants';
import { routedPolyline, routeEdge } from '../../../scene/edges/edgeRouting';
import { labelMeasurer, layoutLabel } from '../../../scene/topics/nodeMetrics';
import { cardMarks } from '../../../scene/topics/cardMarks';
import { EXPORT_MARGIN, planRaster, type Bounds, type RasterPlan } from './rasterPlan';


export interface ExportTheme {
  background: string;
  grid: string;
  card: string;
  text: string;
  muted: string;
}

function hex(n: number): string {
  return '#' + n.toString(16).padStart(6, '0');
}

export function exportTheme(name: 'light' | 'dark'): ExportTheme {
  const t = THEMES[name];
  return { background: hex(t.background), grid: hex(t.grid), card: hex(t.card), text: hex(t.text), muted: hex(t.muted) };
}

interface DrawNode {
  node: MindNode;
  width: number;
  lines: string[];
  /** It has subtopics (shown or folded): its card has the fold chevron. */
  hasChildren: boolean;
}

export interface MapDrawing {
  nodes: DrawNode[];
  byId: Map<string, DrawNode>;
  /** `link`: a connection the user drew, not a topic's edge from its parent (drawn dashed, as on the canvas). */
  edges: { source: string; target: string; stroke: string; width: number; animated: boolean; link: boolean }[];
  bounds: Bounds;
  /** The map's layout: edge sides follow it, as on the canvas (scene/edgeRouting.ts). */
  layout?: LayoutKind;
}

/** Lays out what the map shows when no search filters it (collapsed branches stay hidden). */
export function layoutMap(state: MindMapState): MapDrawing {
  const measurer = labelMeasurer();
  const shown = computeVisibleIds({ ...state, searchQuery: '' });
  const nodes: DrawNode[] = [];
  const byId = new Map<string, DrawNode>();
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const id of shown) {
    const node = getNode(state, id);
    if (!node) continue;
    const m = layoutLabel(measurer, node.data.label);
    const d = { node, width: m.width, lines: m.lines, hasChildren: childIds(state, id).length > 0 };
    nodes.push(d);
    byId.set(id, d);
    minX = Math.min(minX, node.position.x);
    minY = Math.min(minY, node.position.y);
    maxX = Math.max(maxX, node.position.x + m.width);
    maxY = Math.max(maxY, node.position.y + NODE_HEIGHT);
  }
  const edges: MapDrawing['edges'] = [];
  tableForEach(state.edges, (e) => {
    if (byId.has(e.source) && byId.has(e.target)) {
      const link = byId.get(e.target)!.node.parentId !== e.source;
      edges.push({ source: e.source, target: e.target, stroke: e.style.stroke, width: e.style.strokeWidth, animated: e.animated, link });
    }
  });
  if (nodes.length === 0) minX = minY = maxX = maxY = 0;
  const m = EXPORT_MARGIN;
  return { nodes, byId, edges, bounds: { minX: minX - m, minY: minY - m, maxX: maxX + m, maxY: maxY + m }, layout: state.settings?.layout };
}

function withAlpha(color: string, alpha: number): string {
  const c = normalizeColor(color) ?? '#9b87f5';
  const r = parseInt(c.slice(1, 3), 16), g = parseInt(c.slice(3, 5), 16), b = parseInt(c.slice(5, 7), 16);
  return `rgba(${r},${g},${b},${alpha})`;
}

export interface DrawOptions {
  theme: 'light' | 'dark';
  /** Straight edges (performance mode) instead of smooth-step. */
  straight?: boolean;
  /** Dots every 24 world units, as on the canvas. */
  grid?: boolean;
}

/** Draws the drawing into ctx, world → canvas by `scale` with the bounds' corner at (0, 0). */
export function drawMap(ctx: CanvasRenderingContext2D, d: MapDrawing, plan: Pick<RasterPlan, 'scale' | 'width' | 'height'>, o: DrawOptions): void {
  const theme = exportTheme(o.theme);
  const { scale } = plan;
  ctx.save();
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, plan.width, plan.height);
  ctx.setTransform(scale, 0, 0, scale, -d.bounds.minX * scale, -d.bounds.minY * scale);

  if (o.grid && scale * 24 >= 6) {
    ctx.fillStyle = withAlpha(theme.grid, o.theme === 'dark' ? 0.28 : 0.45);
    const gap = 24;
    const r = 1 / Math.max(scale, 0.5);
    for (let x = Math.ceil(d.bounds.minX / gap) * gap; x <= d.bounds.maxX; x += gap) {
      for (let y = Math.ceil(d.bounds.minY / gap) * gap; y <= d.bounds.maxY; y += gap) ctx.fillRect(x - r / 2, y - r / 2, r, r);
    }
  }

  // Edges, then cards over them.
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const pts: number[] = [];
  for (const e of d.edges) {
    const s = d.byId.get(e.source)!;
    const t = d.byId.get(e.target)!;
    pts.length = 0;
    routedPolyline(
      routeEdge(d.layout, s.node.position.x, s.node.position.y, s.width, NODE_HEIGHT, t.node.position.x, t.node.position.y, t.width, NODE_HEIGHT),
      o.straight ? 'straight' : 'smoothstep',
      pts,
    );
    ctx.beginPath();
    ctx.moveTo(pts[0], pts[1]);
    for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i], pts[i + 1]);
    ctx.strokeStyle = e.stroke || theme.muted;
    ctx.lineWidth = e.width || 2;
    ctx.setLineDash(e.animated ? [6, 4] : e.link ? [10, 6] : []);
    ctx.stroke();
  }
  ctx.setLineDash([]);

  const detailed = scale * LABEL_FONT_SIZE >= 3;
  for (const { node, width, lines, hasChildren } of d.nodes) {
    const { x, y } = node.position;
    const color = node.data.color;
    const root = node.type === 'root' || node.parentId === null;
    ctx.beginPath();
    ctx.roundRect(x, y, width, NODE_HEIGHT, CARD_RADIUS);
    ctx.fillStyle = theme.card;
    ctx.fill();
    if (root) {
      ctx.fillStyle = withAlpha(color, 0.22);
      ctx.fill();
    }
    ctx.lineWidth = root ? 2.5 : 1.5;
    ctx.strokeStyle = color;
    ctx.stroke();
    if (!detailed) continue;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.roundRect(x + 7, y + 8, 4, 12, 2);
    ctx.fill();
    ctx.textBaseline = 'top';
    ctx.font = `700 10px ${FONT_STACK}`;
    ctx.fillStyle = root ? color : theme.muted;
    ctx.fillText(root ? 'ROOT' : 'TOPIC', x + NODE_PAD_X + 4, y + 8);
    drawMarks(ctx, cardMarks(node.data, width, hasChildren), x, y, normalizeColor(color) ?? '#9b87f5', theme);
    ctx.font = `500 ${LABEL_FONT_SIZE}px ${FONT_STACK}`;
    ctx.fillStyle = theme.text;
    const top = lines.length === 1 ? LABEL_TOP + LABEL_LINE_HEIGHT / 2 : LABEL_TOP;
    lines.forEach((line, i) => ctx.fillText(line, x + NODE_PAD_X, y + top + i * LABEL_LINE_HEIGHT));
  }
  ctx.restore();
}

/** Adds an open polyline (x0, y0, x1, y1, …) to the current path. */
function polyline(ctx: CanvasRenderingContext2D, p: number[]): void {
  ctx.moveTo(p[0], p[1]);
  for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
}

/** The marks beside the title (cardMarks.ts), as the canvas draws them (scene/render/assets.ts). */
function drawMarks(ctx: CanvasRenderingContext2D, m: ReturnType<typeof cardMarks>, x: number, y: number, color: string, theme: ExportTheme): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (m.chevron) {
    const cx = x + m.chevron.x;
    const cy = y + m.chevron.y;
    ctx.beginPath();
    ctx.arc(cx, cy, CHEVRON_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = withAlpha(color, 0.18);
    ctx.fill();
    ctx.strokeStyle = withAlpha(color, 0.7);
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.beginPath();
    if (m.chevron.expanded) polyline(ctx, [cx - 3.5, cy - 1.5, cx, cy + 2, cx + 3.5, cy - 1.5]);
    else polyline(ctx, [cx - 1.5, cy - 3.5, cx + 2, cy, cx - 1.5, cy + 3.5]);
    ctx.strokeStyle = theme.text;
    ctx.lineWidth = 1.6;
    ctx.stroke();
  }
  if (m.badge) {
    const pc = hex(PRIORITY_COLORS[m.badge.priority]);
    ctx.beginPath();
    ctx.roundRect(x + m.badge.x, y + 7, m.badge.width, 14, 7);
    ctx.fillStyle = withAlpha(pc, 0.22);
    ctx.fill();
    ctx.strokeStyle = pc;
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.font = `700 9px ${FONT_STACK}`;
    ctx.fillStyle = theme.text;
    ctx.fillText(m.badge.label, x + m.badge.x + 5, y + 9);
  }
  if (m.attachment) {
    const ax = x + m.attachment.x;
    const ay = y + 7;
    ctx.strokeStyle = theme.muted;
    ctx.lineWidth = 1.3;
    ctx.beginPath();
    if (m.attachment.type === 'link') {
      ctx.roundRect(ax, ay + 3, 8, 6, 3);
      ctx.roundRect(ax + 6, ay + 3, 8, 6, 3);
    } else if (m.attachment.type === 'image') {
      ctx.roundRect(ax, ay, 14, 12, 2);
      polyline(ctx, [ax + 2, ay + 10, ax + 6, ay + 5, ax + 9, ay + 8, ax + 11, ay + 6, ax + 13, ay + 10]);
    } else {
      polyline(ctx, [ax + 2, ay, ax + 9, ay, ax + 12, ay + 3, ax + 12, ay + 13, ax + 2, ay + 13]);
      ctx.closePath();
    }
    ctx.stroke();
  }
  if (m.task) {
    const tx = x + m.task.x;
    const ty = y + 7;
    ctx.beginPath();
    ctx.roundRect(tx, ty, 12, 12, 3);
    ctx.fillStyle = m.task.done ? color : withAlpha(color, 0.1);
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.3;
    ctx.stroke();
    if (m.task.done) {
      ctx.beginPath();
      polyline(ctx, [tx + 3, ty + 6, tx + 5.5, ty + 8.5, tx + 9.5, ty + 3.5]);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 1.6;
      ctx.stroke();
    }
  }
}

export interface RenderedMap {
  canvas: HTMLCanvasElement;
  plan: RasterPlan;
  nodeCount: number;
}

/** Renders the whole map off-screen at up to `pixelRatio`, scaled down when it would be too big. */
export function renderMapToCanvas(state: MindMapState, o: DrawOptions & { pixelRatio?: number; maxSide?: number; maxPixels?: number }): RenderedMap {
  const drawing = layoutMap(state);
  const plan = planRaster(drawing.bounds, o.pixelRatio, o.maxSide, o.maxPixels);
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  drawMap(ctx, drawing, plan, o);
  return { canvas, plan, nodeCount: drawing.nodes.length };
}
