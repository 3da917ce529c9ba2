/**
 * The whole map as an SVG picture in the current theme: vector cards (rounded rects with the accent
 * bar, ROOT/TOPIC caption, priority badge and up to two label lines, the full label as a tooltip),
 * and every edge between shown topics, tree edges and connections alike, with the same routing and
 * smooth-step (or straight) shape as the canvas and the PNG export (renderMap.ts). Text from the
 * map only ever enters the file escaped.
 */
import type { MindMapState } from '../../../state/doc';
import { normalizeColor } from '../../../state/rules';
import { xmlAttr, xmlText } from '../../../state/interop/writeCommon';
import { CARD_RADIUS, FONT_STACK, LABEL_FONT_SIZE, LABEL_LINE_HEIGHT, LABEL_TOP, NODE_HEIGHT, NODE_PAD_X, PRIORITY_COLORS } from '../../../scene/constants';
import { routedPolyline, routeEdge } from '../../../scene/edges/edgeRouting';
import { exportTheme, layoutMap, type DrawOptions } from './renderMap';

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2).replace(/\.?0+$/, ''));

function hex(n: number): string {
  return '#' + n.toString(16).padStart(6, '0');
}

/** A colour from the map, or the fallback when it is not a plain hex colour (it lands in an attribute). */
function safeColor(c: string | undefined, fallback: string): string {
  return normalizeColor(c) ?? fallback;
}

const PRIORITY_LABELS: Record<string, string> = { low: 'Low', medium: 'Med', high: 'High' };

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
    const dash = e.animated ? ' stroke-dasharray="6 4"' : '';
    out.push(`<path d="${path}" stroke="${safeColor(e.stroke, theme.muted)}" stroke-width="${num(e.width || 2)}"${dash}/>`);
  }
  out.push('</g>');

  for (const { node, width, lines } of d.nodes) {
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
    const p = node.data.priority;
    if (p && PRIORITY_COLORS[p] !== undefined) {
      const label = PRIORITY_LABELS[p];
      const bw = label.length * 6 + 10;
      const pc = hex(PRIORITY_COLORS[p]);
      const bx = x + width - 10 - bw;
      g.push(`<rect x="${num(bx)}" y="${num(y + 7)}" width="${bw}" height="14" rx="7" fill="${pc}" fill-opacity="0.22" stroke="${pc}" stroke-width="1"/>`);
      g.push(`<text x="${num(bx + 5)}" y="${num(y + 9)}" dominant-baseline="hanging" font-size="9" font-weight="700" fill="${theme.text}">${label}</text>`);
    }
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
