/**
 * Note and rich-text HTML → plain text, for notes and labels read from other formats.
 * Paragraphs and other blocks are separated by blank lines, `<br>` is a newline, list items keep
 * "- " / "1. " markers (indented two spaces per nesting level), entities are decoded and scripts,
 * styles and the document head are dropped. The result is plain text: it is shown as text, never
 * as HTML.
 */
import { Parser } from 'htmlparser2';

export interface HtmlText {
  text: string;
  /** The first href of an `<a>` seen, if any. */
  href?: string;
  /** Every href seen, in order (the first included). */
  hrefs: string[];
  /** `<img>` elements seen (images are not kept). */
  images: number;
}

const BLOCKS = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl',
  'section', 'article', 'header', 'footer', 'hr', 'address', 'figure', 'figcaption', 'main', 'nav',
  'aside', 'form', 'fieldset', 'details', 'summary',
]);
const LINE_BLOCKS = new Set(['tr', 'dt', 'dd', 'caption']);
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'parsererror']);
const CELLS = new Set(['td', 'th']);

interface ListState {
  ordered: boolean;
  next: number;
}

// The commonest note body (Freeplane writes it for every plain note): html, an empty head, a body of
// text and <p> elements, no entities. Each alternative starts with a different character, so the
// match is linear.
const SIMPLE_DOCUMENT =
  /^\s*(?:<html(?:\s[^<>]*)?>\s*)?(?:<head(?:\s[^<>]*)?>\s*<\/head>\s*)?(?:<body(?:\s[^<>]*)?>)?([^<&]*(?:<\/?p(?:\s[^<>]*)?>[^<&]*)*)(?:<\/body>\s*)?(?:<\/html>\s*)?$/i;
const P_TAG = /<\/?p(?:\s[^<>]*)?>/i;

/**
 * The text of a simple document (see SIMPLE_DOCUMENT) without a parser, exactly as the parser path
 * would give it; null for anything else.
 */
function simpleDocumentText(html: string): string | null {
  const m = SIMPLE_DOCUMENT.exec(html);
  if (m === null) return null;
  const parts: string[] = [];
  for (const chunk of m[1].split(P_TAG)) {
    // Only collapsible blanks go at the ends: a no-break space stays (it becomes a plain one).
    const text = chunk.replace(/[ \t\n\r\f]+/g, ' ').replace(/^ | $/g, '').replace(/\u00a0/g, ' ');
    if (text !== '') parts.push(text);
  }
  return parts.join('\n\n').replace(/[ \t]+\n/g, '\n').trim();
}

/** Converts an HTML fragment or document to plain text (see the file comment). */
export function htmlToText(html: string): HtmlText {
  const simple = simpleDocumentText(html);
  if (simple !== null) return { text: simple, hrefs: [], images: 0 };
  return parseToText(html);
}

/**
 * The text without blanks at the ends of its lines and at its start and end, except inside the
 * given ranges (text in <pre>, kept exactly as written).
 */
function withoutLineEndBlanks(text: string, keptRanges: readonly number[]): string {
  const strip = (s: string) => s.replace(/[ \t]+\n/g, '\n');
  if (keptRanges.length === 0) return strip(text).trim();
  let out = strip(text.slice(0, keptRanges[0])).trimStart();
  for (let k = 0; k < keptRanges.length; k += 2) {
    const next = k + 2 < keptRanges.length ? keptRanges[k + 2] : text.length;
    const between = strip(text.slice(keptRanges[k + 1], next));
    out += text.slice(keptRanges[k], keptRanges[k + 1]) + (k + 2 < keptRanges.length ? between : between.trimEnd());
  }
  // A note of blanks alone is no note.
  return out.trim() === '' ? '' : out;
}

function parseToText(html: string): HtmlText {
  let out = '';
  /** 0: none, 1: newline, 2: blank line, before the next text. */
  let pendingBreak = 0;
  let pendingSpace = false;
  let pendingMarker = '';
  let skip = 0;
  let pre = 0;
  /** Where text inside <pre> starts and ends in `out`, in pairs: its blanks at line ends are kept. */
  const preRanges: number[] = [];
  let cellIndex = 0;
  const lists: ListState[] = [];
  const hrefs: string[] = [];
  let images = 0;

  const blockBreak = (): void => {
    const strength = lists.length > 0 ? 1 : 2;
    if (pendingBreak < strength) pendingBreak = strength;
  };

  const write = (s: string): void => {
    if (out.length > 0) {
      if (pendingBreak > 0) out += pendingBreak === 2 ? '\n\n' : '\n';
      else if (pendingSpace) out += ' ';
    }
    if (out.length === 0 || pendingBreak > 0) out += pendingMarker;
    pendingMarker = '';
    pendingBreak = 0;
    pendingSpace = false;
    out += s;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (SKIPPED.has(name)) {
          skip++;
          return;
        }
        if (skip > 0) return;
        if (name === 'br') {
          if (out.length > 0) pendingBreak = pendingBreak === 0 ? 1 : 2;
          pendingSpace = false;
        } else if (name === 'a' && typeof attribs.href === 'string' && attribs.href.trim() !== '') {
          hrefs.push(attribs.href.trim());
        } else if (name === 'img') {
          images++;
        } else if (name === 'li') {
          if (pendingBreak < 1) pendingBreak = 1;
          const list = lists[lists.length - 1];
          const indent = '  '.repeat(Math.max(0, lists.length - 1));
          pendingMarker = indent + (list?.ordered ? `${list.next++}. ` : '- ');
        } else if (name === 'ul' || name === 'ol') {
          if (lists.length > 0) {
            if (pendingBreak < 1) pendingBreak = 1;
          } else blockBreak();
          const start = Number.parseInt(attribs.start ?? '1', 10);
          lists.push({ ordered: name === 'ol', next: Number.isFinite(start) ? start : 1 });
        } else if (name === 'pre') {
          blockBreak();
          pre++;
        } else if (BLOCKS.has(name)) {
          blockBreak();
        } else if (LINE_BLOCKS.has(name)) {
          if (pendingBreak < 1) pendingBreak = 1;
          cellIndex = 0;
        } else if (CELLS.has(name)) {
          if (cellIndex++ > 0) {
            if (pendingBreak === 0) out += ' | ';
          }
          pendingSpace = false;
        }
      },
      ontext(data) {
        if (skip > 0) return;
        if (pre > 0) {
          if (data.length > 0) {
            // Text in <pre> stays as written, its whitespace and line breaks included.
            write('');
            preRanges.push(out.length);
            out += data;
            preRanges.push(out.length);
          }
          return;
        }
        const collapsed = data.replace(/[ \t\n\r\f]+/g, ' ');
        if (collapsed === ' ' || collapsed === '') {
          if (collapsed === ' ') pendingSpace = true;
          return;
        }
        const lead = collapsed.startsWith(' ');
        const trail = collapsed.endsWith(' ');
        if (lead) pendingSpace = true;
        // The parser hands over each entity as its own text: "a&nbsp;b" is "a", "\u00a0", "b". Only
        // collapsible blanks are cut at the ends, so a no-break space stays (as a plain one).
        write(collapsed.slice(lead ? 1 : 0, trail ? -1 : undefined).replace(/\u00a0/g, ' '));
        if (trail) pendingSpace = true;
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) {
          if (skip > 0) skip--;
          return;
        }
        if (skip > 0) return;
        if (name === 'ul' || name === 'ol') {
          lists.pop();
          blockBreak();
        } else if (name === 'li') {
          pendingMarker = '';
          if (pendingBreak < 1) pendingBreak = 1;
        } else if (name === 'pre') {
          if (pre > 0) pre--;
          blockBreak();
        } else if (BLOCKS.has(name)) {
          blockBreak();
        } else if (LINE_BLOCKS.has(name)) {
          if (pendingBreak < 1) pendingBreak = 1;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  const text = withoutLineEndBlanks(out, preRanges);
  return { text, ...(hrefs.length > 0 ? { href: hrefs[0] } : {}), hrefs, images };
}
