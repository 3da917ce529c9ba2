/**
 * The whole map as an SVG picture in the current theme: vector cards (rounded rects with the accent
 * bar, ROOT/TOPIC caption, up to two label lines and the marks beside them: fold chevron, priority,
 * attachment, task box; the full label as a tooltip),
 * and every edge between shown topics, tree edges and connections alike, with the same routing and
 * smooth-step (or straight) shape as the canvas and the PNG export (renderMap.ts). Text from the
 * map only ever enters the file escaped.
 */
import type { MindMapState } from '../../../state/doc';
import { normalizeColor } from '../../../state/rules';
import { xmlAttr, xmlText } from '../../../state/interop/writeCommon';
import { CARD_RADIUS, CHEVRON_RADIUS, FONT_STACK, LABEL_FONT_SIZE, LABEL_LINE_HEIGHT, LABEL_TOP, NODE_HEIGHT, NODE_PAD_X, PRIORITY_COLORS } from '../../../scene/constants';
import { routedPolyline, routeEdge } from '../../../scene/edges/edgeRouting';
import { cardMarks, type CardMarks } from '../../../scene/topics/cardMarks';
import { exportTheme, layoutMap, type DrawOptions, type ExportTheme } from './renderMap';

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2).replace(/\.?0+$/, ''));

function hex(n: number): string {
  return '#' + n.toString(16).padStart(6, '0');
}

/** A colour from the map, or the fallback when it is not a plain hex colour (it lands in an attribute). */
function safeColor(c: string | undefined, fallback: string): string {
  return normalizeColor(c) ?? fallback;
}


const pointsOf = (p: number[]) => p.map(num).join(' ');

/** The marks beside the title (cardMarks.ts), as the canvas and the PNG draw them. */
function marksSvg(m: CardMarks, x: number, y: number, color: string, theme: ExportTheme): string {
  const out: string[] = [];
  if (m.chevron) {
    const cx = x + m.chevron.x;
    const cy = y + m.chevron.y;
    out.push(`<circle cx="${num(cx)}" cy="${num(cy)}" r="${CHEVRON_RADIUS}" fill="${color}" fill-opacity="0.18" stroke="${color}" stroke-opacity="0.7" stroke-width="1"/>`);
    const arrow = m.chevron.expanded ? [cx - 3.5, cy - 1.5, cx, cy + 2, cx + 3.5, cy - 1.5] : [cx - 1.5, cy - 3.5, cx + 2, cy, cx - 1.5, cy + 3.5];
    out.push(`<polyline points="${pointsOf(arrow)}" fill="none" stroke="${theme.text}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`);
  }
  if (m.badge) {
    const pc = hex(PRIORITY_COLORS[m.badge.priority]);
    const bx = x + m.badge.x;
    out.push(`<rect x="${num(bx)}" y="${num(y + 7)}" width="${m.badge.width}" height="14" rx="7" fill="${pc}" fill-opacity="0.22" stroke="${pc}" stroke-width="1"/>`);
    out.push(`<text x="${num(bx + 5)}" y="${num(y + 9)}" dominant-baseline="hanging" font-size="9" font-weight="700" fill="${theme.text}">${m.badge.label}</text>`);
  }
  if (m.attachment) {
    const ax = x + m.attachment.x;
    const ay = y + 7;
    const stroke = `fill="none" stroke="${theme.muted}" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"`;
    if (m.attachment.type === 'link') {
      out.push(`<rect x="${num(ax)}" y="${num(ay + 3)}" width="8" height="6" rx="3" ${stroke}/>`, `<rect x="${num(ax + 6)}" y="${num(ay + 3)}" width="8" height="6" rx="3" ${stroke}/>`);
    } else if (m.attachment.type === 'image') {
      out.push(`<rect x="${num(ax)}" y="${num(ay)}" width="14" height="12" rx="2" ${stroke}/>`);
      out.push(`<polyline points="${pointsOf([ax + 2, ay + 10, ax + 6, ay + 5, ax + 9, ay + 8, ax + 11, ay + 6, ax + 13, ay + 10])}" ${stroke}/>`);
    } else {
      out.push(`<polygon points="${pointsOf([ax + 2, ay, ax + 9, ay, ax + 12, ay + 3, ax + 12, ay + 13, ax + 2, ay + 13])}" ${stroke}/>`);
    }
  }
  if (m.task) {
    const tx = x + m.task.x;
    const ty = y + 7;
    const fill = m.task.done ? `fill="${color}"` : `fill="${color}" fill-opacity="0.1"`;
    out.push(`<rect x="${num(tx)}" y="${num(ty)}" width="12" height="12" rx="3" ${fill} stroke="${color}" stroke-width="1.3"/>`);
    if (m.task.done) {
      out.push(`<polyline points="${pointsOf([tx + 3, ty + 6, tx + 5.5, ty + 8.5, tx + 9.5, ty + 3.5])}" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`);
    }
  }
  return out.join('');
}

export function mapToSvg(state: MindMapState, o: Pick<DrawOptions, 'theme' | 'straight'>): string {
  const d = layoutMap(state);
  const theme = exportTheme(o.theme);
  const { minX, minY, maxX, maxY } = d.bounds;
  const w = maxX - minX;
  const h = maxY - minY;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(w)}" height="${num(h)}" viewBox="${num(minX)} ${num(minY)} ${num(w)} ${num(h)}" font-family="${xmlAttr(FONT_STACK)}">`,
    '<title>MindFlow mind map</title>',
    `<rect x="${num(minX)}" y="${num(minY)}" width="${num(w)}" height="${num(h)}" fill="${theme.background}"/>`,
    '<g fill="none" stroke-linecap="round" stroke-linejoin="round">',
  ];
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
    let path = `M${num(pts[0])} ${num(pts[1])}`;
    for (let i = 2; i < pts.length; i += 2) path += `L${num(pts[i])} ${num(pts[i + 1])}`;
    const dash = e.animated ? ' stroke-dasharray="6 4"' : e.link ? ' stroke-dasharray="10 6"' : '';
    out.push(`<path d="${path}" stroke="${safeColor(e.stroke, theme.muted)}" stroke-width="${num(e.width || 2)}"${dash}/>`);
  }
  out.push('</g>');

  for (const { node, width, lines, hasChildren } of d.nodes) {
    const { x, y } = node.position;
    const color = safeColor(node.data.color, '#9b87f5');
    const root = node.type === 'root' || node.parentId === null;
    const g: string[] = [`<g><title>${xmlText(node.data.label)}</title>`];
    const card = `x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${NODE_HEIGHT}" rx="${CARD_RADIUS}"`;
    g.push(`<rect ${card} fill="${theme.card}"/>`);
    if (root) g.push(`<rect ${card} fill="${color}" fill-opacity="0.22"/>`);
    g.push(`<rect ${card} fill="none" stroke="${color}" stroke-width="${root ? 2.5 : 1.5}"/>`);
    g.push(`<rect x="${num(x + 7)}" y="${num(y + 8)}" width="4" height="12" rx="2" fill="${color}"/>`);
    g.push(
      `<text x="${num(x + NODE_PAD_X + 4)}" y="${num(y + 8)}" dominant-baseline="hanging" font-size="10" font-weight="700" fill="${root ? color : theme.muted}">${root ? 'ROOT' : 'TOPIC'}</text>`,
    );
    g.push(marksSvg(cardMarks(node.data, width, hasChildren), x, y, color, theme));
    const top = lines.length === 1 ? LABEL_TOP + LABEL_LINE_HEIGHT / 2 : LABEL_TOP;
    lines.forEach((line, i) => {
      g.push(
        `<text x="${num(x + NODE_PAD_X)}" y="${num(y + top + i * LABEL_LINE_HEIGHT)}" dominant-baseline="hanging" font-size="${LABEL_FONT_SIZE}" font-weight="500" fill="${theme.text}" xml:space="preserve">${xmlText(line)}</text>`,
      );
    });
    g.push('</g>');
    out.push(g.join(''));
  }
  out.push('</svg>', '');
  return out.join('\n');
}
