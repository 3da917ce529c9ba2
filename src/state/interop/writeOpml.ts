/**
 * OPML 2.0: one `<outline text>` per topic with `_note` for notes, `type="link" url` for the link and
 * `category` ("/tag1,/tag2") for tags, `_complete="true"` for a checked-off task. Collapsed state
 * goes in the head's `expansionState`: the 1-based numbers of the visible lines that are expanded
 * (as outliners write it), which a reader prefers. It cannot number a topic inside a collapsed
 * branch, so each collapsed outline also gets `collapse="true"`: where those agree with
 * expansionState on every shown line, readMapFile takes them for the hidden ones.
 */
import type { Outline } from './outline';
import { indent, walkOutline, xmlAttr, xmlText } from './writeCommon';

// Readers (MindFlow's too) take a `text` holding these inline tags as HTML (Workflowy writes it so).
const INLINE_HTML = /<\/?(?:a|b|i|u|s|em|strong|span|br|p|div|strike|del|ins|code|img|font|sup|sub|mark)\b[^>]*>/i;

/** The `text` value: the label, or for a label that looks like HTML, the label as escaped HTML in a span. */
function outlineText(label: string): string {
  if (!INLINE_HTML.test(label)) return label;
  const html = label.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;')).replace(/\r?\n/g, '<br>');
  return `<span>${html}</span>`;
}

export function writeOpml(outline: Outline): string {
  const body: string[] = [];
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
      let attrs = ` text="${xmlAttr(outlineText(t.label))}"`;
      if (t.notes) attrs += ` _note="${xmlAttr(t.notes)}"`;
      if (t.link) attrs += ` type="link" url="${xmlAttr(t.link)}"`;
      if (hasKids && t.collapsed) attrs += ' collapse="true"';
      if (t.done) attrs += ' _complete="true"';
      if (t.tags && t.tags.length) attrs += ` category="${xmlAttr(t.tags.map((g) => `/${g.replace(/,/g, ' ')}`).join(','))}"`;
      const pad = indent(depth + 2);
      body.push(hasKids ? `${pad}<outline${attrs}>` : `${pad}<outline${attrs}/>`);
    },
    (t, depth) => {
      if (depth === hiddenBelow) hiddenBelow = Infinity;
      if (t.children.length > 0) body.push(`${indent(depth + 2)}</outline>`);
    },
  );

  const head = ['  <head>'];
  const title = outline.title ?? outline.roots[0]?.label;
  if (title) head.push(`    <title>${xmlText(title)}</title>`);
  head.push(`    <expansionState>${expanded.join(',')}</expansionState>`);
  head.push('  </head>');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    ...head,
    '  <body>',
    ...body,
    '  </body>',
    '</opml>',
    '',
  ].join('\n');
}
