/**
 * OPML 2.0: one `<outline text>` per topic with `_note` for notes, `type="link" url` for the link and
 * `category` ("/tag1,/tag2") for tags, `_complete="true"` for a checked-off task. Collapsed state
 * goes in the head's `expansionState`: the 1-based numbers of the visible lines that are expanded
 * (as outliners write it), which a reader prefers. It cannot number a topic inside a collapsed
 * branch, so each collapsed outline also gets `collapse="true"`: where those agree with
 * expansionState on every shown line, readMapFile takes them for the hidden ones.
 */
import type { Outline } from './outline';
import { indent, TextSink, walkOutline, xmlAttr, xmlText } from './writeCommon';

// Readers (MindFlow's too) take a `text` holding these inline tags as HTML (Workflowy writes it so).
const INLINE_HTML = /<\/?(?:a|b|i|u|s|em|strong|span|br|p|div|strike|del|ins|code|img|font|sup|sub|mark)\b[^>]*>/i;

/**
 * The `text` value: the label, or for a label that looks like HTML, the label as escaped HTML in a
 * span. HTML collapses blanks, so a line's leading blanks and each blank after the first of a run
 * are written as `&nbsp;` (a tab as a blank); line breaks are `<br>`.
 */
function outlineText(label: string): string {
  if (!label.includes('<') || !INLINE_HTML.test(label)) return label;
  const html = label
    .replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
    .replace(/\t/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/^ +/, (lead) => '&nbsp;'.repeat(lead.length)).replace(/ {2,}/g, (run) => ` ${'&nbsp;'.repeat(run.length - 1)}`))
    .join('<br>');
  return `<span>${html}</span>`;
}

export function writeOpml(outline: Outline): string {
  // The body is written first: the head's expansionState is known only after it.
  const body = new TextSink();
  const expanded: number[] = [];
  let line = 0;
  // Depth of the shallowest collapsed ancestor of the current topic; Infinity when every one is open.
  let hiddenBelow = Infinity;

  walkOutline(
    outline.roots,
    (t, depth) => {
      const visible = depth <= hiddenBelow;
      const hasKids = t.children.length > 0;
      if (visible) {
        line++;
        if (hasKids && !t.collapsed) expanded.push(line);
        if (hasKids && t.collapsed && hiddenBelow === Infinity) hiddenBelow = depth;
      }
      body.add(indent(depth + 2));
      body.add('<outline text="');
      body.add(xmlAttr(outlineText(t.label)));
      if (t.notes) {
        body.add('" _note="');
        body.add(xmlAttr(t.notes));
      }
      if (t.link) {
        body.add('" type="link" url="');
        body.add(xmlAttr(t.link));
      }
      body.add('"');
      if (hasKids && t.collapsed) body.add(' collapse="true"');
      if (t.done) body.add(' _complete="true"');
      if (t.tags && t.tags.length) body.add(` category="${xmlAttr(t.tags.map((g) => `/${g.replace(/,/g, ' ')}`).join(','))}"`);
      body.add(hasKids ? '>\n' : '/>\n');
    },
    (t, depth) => {
      if (depth === hiddenBelow) hiddenBelow = Infinity;
      if (t.children.length > 0) {
        body.add(indent(depth + 2));
        body.add('</outline>\n');
      }
    },
  );

  const head = ['  <head>'];
  const title = outline.title ?? outline.roots[0]?.label;
  if (title) head.push(`    <title>${xmlText(title)}</title>`);
  head.push(`    <expansionState>${expanded.join(',')}</expansionState>`);
  head.push('  </head>');
  const top = ['<?xml version="1.0" encoding="UTF-8"?>', '<opml version="2.0">', ...head, '  <body>', ''].join('\n');
  return `${top}${body.text()}  </body>\n</opml>\n`;
}
