/**
 * A FreeMind 1.0.1 `.mm` file, the dialect both FreeMind and Freeplane open: `<node TEXT ID>` per
 * topic with FOLDED, LINK and BACKGROUND_COLOR (the topic's colour), the note as `<richcontent TYPE="NOTE">` HTML, connections as
 * `<arrowlink DESTINATION>`, priority as the numbered icons (full-1 high, full-2 medium, full-3 low).
 */
import type { Priority } from '../model';
import type { Outline } from './outline';
import { indent, walkOutline, xmlAttr, xmlText } from './writeCommon';

export const PRIORITY_ICONS: Record<Priority, string> = { high: 'full-1', medium: 'full-2', low: 'full-3' };

// Whitespace that HTML paragraphs would collapse: blanks that start a line, runs, tabs, several blank lines.
const SIGNIFICANT_SPACE = /(^|\n)[ \t]| {2}|\t|\n[ \t]*\n[ \t]*\n/;

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
  const ids = new Map<string, string>();
  let n = 0;
  walkOutline(outline.roots, (t) => {
    n++;
    if (t.sourceId !== undefined) ids.set(t.sourceId, `ID_${n}`);
  });
  const arrows = new Map<string, string[]>();
  for (const c of outline.connections) {
    const to = ids.get(c.to);
    if (!ids.has(c.from) || to === undefined) continue;
    let list = arrows.get(c.from);
    if (!list) arrows.set(c.from, (list = []));
    list.push(to);
  }

  const out: string[] = [
    '<map version="1.0.1">',
    '<!-- To view this file, download free mind mapping software FreeMind from http://freemind.sourceforge.net -->',
  ];
  n = 0;
  // Whether the topic at each depth of the current path was opened (or written self-closed).
  const opened: boolean[] = [];
  walkOutline(
    outline.roots,
    (t, depth) => {
      n++;
      const pad = indent(depth);
      let attrs = ` TEXT="${xmlAttr(t.label)}" ID="ID_${n}"`;
      if (t.collapsed && t.children.length > 0) attrs += ' FOLDED="true"';
      if (t.link) attrs += ` LINK="${xmlAttr(t.link)}"`;
      if (t.color) attrs += ` BACKGROUND_COLOR="${xmlAttr(t.color)}"`;
      const inner: string[] = [];
      const ipad = indent(depth + 1);
      if (t.priority) inner.push(`${ipad}<icon BUILTIN="${PRIORITY_ICONS[t.priority]}"/>`);
      if (t.notes && t.notes.trim() !== '') inner.push(noteHtml(t.notes, ipad));
      const targets = t.sourceId !== undefined ? arrows.get(t.sourceId) : undefined;
      if (targets) {
        for (const to of targets) inner.push(`${ipad}<arrowlink DESTINATION="${to}" STARTARROW="None" ENDARROW="Default"/>`);
      }
      opened[depth] = inner.length > 0 || t.children.length > 0;
      if (!opened[depth]) {
        out.push(`${pad}<node${attrs}/>`);
        return;
      }
      out.push(`${pad}<node${attrs}>`);
      for (const line of inner) out.push(line);
    },
    (_t, depth) => {
      if (opened[depth]) out.push(`${indent(depth)}</node>`);
    },
  );
  out.push('</map>', '');
  return out.join('\n');
}
