/**
 * A FreeMind 1.0.1 `.mm` file, the dialect both FreeMind and Freeplane open: `<node TEXT ID>` per
 * topic with FOLDED, LINK and BACKGROUND_COLOR (the topic's colour), the note as `<richcontent TYPE="NOTE">` HTML, connections as
 * `<arrowlink DESTINATION>`, priority as the numbered icons (full-1 high, full-2 medium, full-3 low).
 */
import type { Priority } from '../model';
import type { Outline } from './outline';
import { connectedNumbers, indent, TextSink, walkOutline, xmlAttr, xmlText } from './writeCommon';

export const PRIORITY_ICONS: Record<Priority, string> = { high: 'full-1', medium: 'full-2', low: 'full-3' };

// Whitespace that HTML paragraphs would collapse: blanks that start or end a line (the note's last too), runs, tabs, several blank lines.
const SIGNIFICANT_SPACE = /(^|\n)[ \t]| {2}|\t| (\n|$)|\n[ \t]*\n[ \t]*\n/;

/**
 * Note text as HTML: paragraphs (split at blank lines) with `<br/>` between their lines, or one
 * `<pre>` block when the note's spacing matters (indented lines, aligned columns), which keeps it
 * exactly.
 */
export function noteHtml(notes: string, pad: string): string {
  const text = notes.replace(/\r\n?/g, '\n');
  if (SIGNIFICANT_SPACE.test(text)) {
    return `${pad}<richcontent TYPE="NOTE"><html><head></head><body><pre>${xmlText(text)}</pre></body></html></richcontent>`;
  }
  const paragraphs = text
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim() !== '');
  const body = paragraphs.map((p) => `${pad}    <p>\n${pad}      ${p.split('\n').map(xmlText).join('<br/>\n' + pad + '      ')}\n${pad}    </p>`);
  return [
    `${pad}<richcontent TYPE="NOTE"><html>`,
    `${pad}  <head>`,
    `${pad}  </head>`,
    `${pad}  <body>`,
    ...body,
    `${pad}  </body>`,
    `${pad}</html></richcontent>`,
  ].join('\n');
}

export function writeFreemind(outline: Outline): string {
  // Sequential ids: a map's own ids may not be valid XML names.
  const numbers = connectedNumbers(outline);
  const arrows = new Map<string, number[]>();
  for (const c of outline.connections) {
    const to = numbers.get(c.to);
    if (!numbers.has(c.from) || to === undefined) continue;
    let list = arrows.get(c.from);
    if (!list) arrows.set(c.from, (list = []));
    list.push(to);
  }

  const out = new TextSink();
  out.add('<map version="1.0.1">\n');
  out.add('<!-- To view this file, download free mind mapping software FreeMind from http://freemind.sourceforge.net -->\n');
  let n = 0;
  // Whether the topic at each depth of the current path was opened (or written self-closed).
  const opened: boolean[] = [];
  walkOutline(
    outline.roots,
    (t, depth) => {
      n++;
      out.add(indent(depth));
      out.add('<node TEXT="');
      out.add(xmlAttr(t.label));
      out.add('" ID="ID_');
      out.add(String(n));
      out.add('"');
      if (t.collapsed && t.children.length > 0) out.add(' FOLDED="true"');
      if (t.link) {
        out.add(' LINK="');
        out.add(xmlAttr(t.link));
        out.add('"');
      }
      if (t.color) {
        out.add(' BACKGROUND_COLOR="');
        out.add(xmlAttr(t.color));
        out.add('"');
      }
      const note = t.notes !== undefined && t.notes.trim() !== '';
      const targets = t.sourceId !== undefined ? arrows.get(t.sourceId) : undefined;
      const open = t.priority !== undefined || note || targets !== undefined || t.children.length > 0;
      opened[depth] = open;
      if (!open) {
        out.add('/>\n');
        return;
      }
      out.add('>\n');
      const ipad = indent(depth + 1);
      if (t.priority) out.add(`${ipad}<icon BUILTIN="${PRIORITY_ICONS[t.priority]}"/>\n`);
      if (note) {
        out.add(noteHtml(t.notes!, ipad));
        out.add('\n');
      }
      if (targets) {
        for (const to of targets) out.add(`${ipad}<arrowlink DESTINATION="ID_${to}" STARTARROW="None" ENDARROW="Default"/>\n`);
      }
    },
    (_t, depth) => {
      if (opened[depth]) {
        out.add(indent(depth));
        out.add('</node>\n');
      }
    },
  );
  out.add('</map>\n');
  return out.text();
}
