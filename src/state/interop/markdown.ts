/**
 * Markdown reader: headings and list items become topics (heading levels nest, list items nest
 * under the heading before them); every other block (paragraphs, code, tables, block quotes, HTML,
 * rules, footnotes) becomes notes text of the topic it belongs to, and inline formatting becomes
 * plain text. The first link of a heading or item becomes the topic's link; other links go in the
 * notes. markmap's fold comments (`<!-- markmap: fold -->`, `foldAll`) fold the topic they follow.
 *
 * Why not mdast-util-from-markdown: micromark builds a token stream for every character, and on
 * this project's 2-core machine it took ~50 s for 20,000 nested list items (it grows faster than
 * the input with list nesting) and about 1 s per 20,000 short paragraphs, so a 100,000-topic file
 * could not import within 3 s. This reader is a line scanner for the block structure (CommonMark's
 * container rules for lists, fences, ATX/setext headings, block quotes, GFM tables, HTML blocks) and
 * a single-pass inline converter (escapes, code spans, links and images incl. reference style,
 * autolinks, emphasis pairing, entities, inline HTML). It never recurses over the document: a list
 * nested 100,000 levels deep is a 100,000-entry array, not a call stack.
 */
import { LIMITS, isSafeUrl } from '../restore';
import { htmlToText } from './html';
import type { Outline, OutlineTopic } from './outline';
import { FormatError, type ReadResult } from './reader';
import { type ExamplePath, ReportBuilder, topicPath } from './report';
import { UNTITLED, UNTITLED_FEATURE, UNTITLED_INTO, isBlankTitle } from './untitled';

const FORMAT = 'Markdown';

// ---------------------------------------------------------------- inline → plain text

interface InlineLink {
  text: string;
  url: string;
  /** The link's title (`[text](url "title")`), escapes removed. */
  title?: string;
}

interface InlineResult {
  text: string;
  links: InlineLink[];
  images: InlineLink[];
  /** Emphasis pairs, code spans, strikethrough and inline HTML tags removed. */
  formatting: number;
  /** markmap's magic comment: 1 for `<!-- markmap: fold -->`, 2 for `foldAll` (0: none). */
  fold: 0 | 1 | 2;
  /** Defined footnotes referenced (normalized labels, in order). */
  cites: string[];
}

/** markmap's folding comments (its "magic comments"), which its writer and ours put after a label. */
const MAGIC_FOLD = /^<!--\s*markmap:\s*(fold|foldAll)\s*-->$/;

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®', trade: '™',
  hellip: '…', mdash: '—', ndash: '–', laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“',
  rdquo: '”', bull: '•', middot: '·', times: '×', divide: '÷', deg: '°', plusmn: '±', para: '¶',
  sect: '§', euro: '€', pound: '£', yen: '¥', cent: '¢', larr: '←', rarr: '→', uarr: '↑', darr: '↓',
  harr: '↔', hearts: '♥', check: '✓', shy: '\u00ad', zwj: '\u200d', zwnj: '\u200c', ensp: '\u2002', emsp: '\u2003',
};

const PUNCT = /[!-/:-@[-`{-~\u2000-\u206f\u2e00-\u2e7f\u3000-\u303f\uff00-\uffef]/;
const SPACE = /\s/;
const SPECIAL = /[\\`*_~[\]<>!&]|https?:\/\/|www\./i;
/**
 * How far a link's text may reach for its closing bracket (keeps `[[[[…` linear): the longest title
 * with every character escaped, so that the title limit applies to the text, not to the link around it.
 */
const MAX_LINK_TEXT = 2 * LIMITS.label + 2;
/** How far a link's `(destination "title")` may reach (keeps `[a](` repeated linear). */
const MAX_DESTINATION = 4096;
/** How many unmatched emphasis openers a closer looks back through. */
const MAX_OPENER_LOOKBACK = 200;

function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : '\ufffd';
}

type Piece = string | { ch: string; n: number; open: boolean; close: boolean; matched: boolean };

const NO_FOOTNOTES: ReadonlySet<string> = new Set();

function normalizeLabel(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

const unescape = (s: string) => s.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/**
 * Index of the unescaped `ch` that closes a span starting at `from` (a `<destination>` or a title),
 * or -1 when there is none within MAX_DESTINATION.
 */
function closingMark(s: string, from: number, ch: string): number {
  const limit = Math.min(s.length, from + MAX_DESTINATION);
  for (let i = from; i < limit; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === ch) return i;
  }
  return -1;
}

/** `(url "title")` after a link's text: the url, the title and where the parenthesis closes, or null. */
function parseDestination(s: string, at: number): { url: string; title?: string; end: number } | null {
  if (s[at] !== '(') return null;
  let i = at + 1;
  while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n')) i++;
  let url: string;
  if (s[i] === '<') {
    const close = closingMark(s, i + 1, '>');
    if (close === -1) return null;
    url = unescape(s.slice(i + 1, close));
    i = close + 1;
  } else {
    let depth = 0;
    const start = i;
    const limit = Math.min(s.length, at + MAX_DESTINATION);
    while (i < limit) {
      const c = s[i];
      if (c === '\\' && i + 1 < s.length) {
        i += 2;
        continue;
      }
      if (c === '(') {
        // CommonMark implementations cap nested parentheses in a destination (cmark at 32).
        if (++depth > 32) return null;
      } else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (c === ' ' || c === '\t' || c === '\n') break;
      i++;
    }
    if (i >= limit) return null;
    url = unescape(s.slice(start, i));
  }
  const afterUrl = i;
  while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n')) i++;
  let title: string | undefined;
  // A title must be set off from the destination by a blank.
  if (i > afterUrl && (s[i] === '"' || s[i] === "'" || s[i] === '(')) {
    const close = closingMark(s, i + 1, s[i] === '(' ? ')' : s[i]);
    if (close === -1) return null;
    title = unescape(s.slice(i + 1, close));
    i = close + 1;
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n')) i++;
  }
  if (s[i] !== ')') return null;
  return title === undefined ? { url, end: i + 1 } : { url, title, end: i + 1 };
}

/** Index of the `]` that closes the `[` at `at`, or -1. */
function closingBracket(s: string, at: number): number {
  let depth = 0;
  const limit = Math.min(s.length, at + MAX_LINK_TEXT);
  for (let i = at; i < limit; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '`') {
      const run = /^`+/.exec(s.slice(i, i + 20))![0];
      const close = s.indexOf(run, i + run.length);
      if (close !== -1 && close < limit) i = close + run.length - 1;
    } else if (c === '[') {
      if (++depth > 32) return -1;
    } else if (c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** A delimiter run's flanking, as CommonMark defines it. */
function flanking(s: string, start: number, end: number, ch: string): { open: boolean; close: boolean } {
  const before = start > 0 ? s[start - 1] : ' ';
  const after = end < s.length ? s[end] : ' ';
  const bSpace = SPACE.test(before);
  const aSpace = SPACE.test(after);
  const bPunct = PUNCT.test(before);
  const aPunct = PUNCT.test(after);
  const left = !aSpace && (!aPunct || bSpace || bPunct);
  const right = !bSpace && (!bPunct || aSpace || aPunct);
  if (ch === '_') return { open: left && (!right || bPunct), close: right && (!left || aPunct) };
  return { open: left, close: right };
}

/** Text that an escaped colon or dot would turn into a bare link's start. */
const BARE_LINK_START = /(?:https?|www)$/i;

/** Bare `http(s)://` and `www.` links in plain text (GFM autolink literals). */
function bareLinks(text: string, links: InlineLink[]): void {
  if (!/https?:\/\/|www\./i.test(text)) return;
  // A title's blanks from references (keptBlank) end an address as blanks do.
  const re = /\b(?:https?:\/\/|www\.)[^\s<>\ufdd0-\ufdef]*[^\s<>.,:;"')\]*_~!?\ufdd0-\ufdef]/gi;
  for (const m of text.matchAll(re)) {
    const url = /^www\./i.test(m[0]) ? `http://${m[0]}` : m[0];
    links.push({ text: m[0], url });
  }
}

/**
 * Blanks a title's character references give (`&#32;`, `&nbsp;`), as noncharacters until the title's
 * edges are trimmed: CommonMark trims a heading's or item's raw text, not the blanks references give
 * (MindFlow's writer encodes a title's edge blanks so). Titles holding noncharacters keep none.
 */
const REFERENCE_BLANKS = '\t\v\f \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const KEPT_BLANK_BASE = 0xfdd0;
const KEPT_BLANKS = /[\ufdd0-\ufdef]/g;
const HAS_KEPT_BLANK = /[\ufdd0-\ufdef]/;

function keptBlank(decoded: string): string {
  const at = decoded.length === 1 ? REFERENCE_BLANKS.indexOf(decoded) : -1;
  return at === -1 ? decoded : String.fromCharCode(KEPT_BLANK_BASE + at);
}

/** A title's text with keptBlank's stand-ins back as the blanks they stand for. */
function withKeptBlanks(text: string): string {
  return text.replace(KEPT_BLANKS, (c) => REFERENCE_BLANKS[c.charCodeAt(0) - KEPT_BLANK_BASE] ?? c);
}

/**
 * Converts one block's inline Markdown to plain text. Links render as their text (in notes, with
 * the address after it); `defs` resolves reference links.
 */
function inline(src: string, defs: Map<string, string>, inNotes: boolean, footnotes: ReadonlySet<string> = NO_FOOTNOTES, refBlanks = false): InlineResult {
  const result: InlineResult = { text: src, links: [], images: [], formatting: 0, fold: 0, cites: [] };
  if (!SPECIAL.test(src)) return result;
  const pieces: Piece[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') {
      bareLinks(text, result.links);
      pieces.push(text);
      text = '';
    }
  };
  const s = src;
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && /[!-/:-@[-`{-~]/.test(s[i + 1])) {
      // "https\://" and "www\." are not bare links: text before the escape is searched on its own.
      if ((s[i + 1] === ':' || s[i + 1] === '.') && BARE_LINK_START.test(text.slice(-5))) flush();
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      let n = 1;
      while (s[i + n] === '`') n++;
      const run = '`'.repeat(n);
      let close = s.indexOf(run, i + n);
      while (close !== -1 && s[close + n] === '`') {
        let m = close;
        while (s[m] === '`') m++;
        close = s.indexOf(run, m);
      }
      if (close === -1) {
        text += run;
        i += n;
        continue;
      }
      let code = s.slice(i + n, close).replace(/\n/g, ' ');
      if (code.length > 2 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim() !== '') code = code.slice(1, -1);
      flush();
      pieces.push(code);
      result.formatting++;
      i = close + n;
      continue;
    }
    if ((c === '!' && s[i + 1] === '[') || c === '[') {
      const image = c === '!';
      const open = image ? i + 1 : i;
      if (!image && s[i + 1] === '^') {
        // A reference to a defined footnote (as in GFM, only such a one is a reference): in notes it
        // stays as written; a title loses it (the footnote goes into the topic's notes).
        const close = s.indexOf(']', i);
        const key = close !== -1 && close - i < MAX_LINK_TEXT ? normalizeLabel(s.slice(i + 2, close)) : '';
        if (key !== '' && footnotes.has(key)) {
          if (inNotes) text += s.slice(i, close + 1);
          result.cites.push(key);
          i = close + 1;
          continue;
        }
      }
      const close = closingBracket(s, open);
      if (close !== -1) {
        const inner = s.slice(open + 1, close);
        let url: string | undefined;
        let title: string | undefined;
        let end = close + 1;
        const dest = parseDestination(s, close + 1);
        if (dest) {
          url = dest.url;
          title = dest.title;
          end = dest.end;
        } else if (s[close + 1] === '[') {
          const refClose = s.indexOf(']', close + 2);
          if (refClose !== -1) {
            const ref = s.slice(close + 2, refClose);
            url = defs.get(normalizeLabel(ref === '' ? inner : ref));
            if (url !== undefined) end = refClose + 1;
          }
        } else {
          url = defs.get(normalizeLabel(inner));
        }
        if (url !== undefined) {
          const label = inline(inner, defs, inNotes, footnotes, refBlanks);
          result.formatting += label.formatting;
          if (label.fold > result.fold) result.fold = label.fold;
          result.images.push(...label.images);
          result.cites.push(...label.cites);
          flush();
          if (image) {
            result.images.push({ text: label.text, url });
            pieces.push(inNotes ? `Image: ${label.text || url}${label.text ? ` (${url})` : ''}` : label.text);
          } else {
            result.links.push(title === undefined ? { text: label.text, url } : { text: label.text, url, title }, ...label.links);
            pieces.push(inNotes && label.text !== url && url !== '' ? `${label.text} (${url})` : label.text);
          }
          i = end;
          continue;
        }
      }
      text += c;
      i++;
      continue;
    }
    if (c === '<') {
      const auto = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/.exec(s.slice(i, i + 2048));
      if (auto) {
        result.links.push({ text: auto[1], url: auto[1] });
        flush();
        pieces.push(auto[1]);
        i += auto[0].length;
        continue;
      }
      const mail = /^<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)>/.exec(
        s.slice(i, i + 512),
      );
      if (mail) {
        result.links.push({ text: mail[1], url: `mailto:${mail[1]}` });
        flush();
        pieces.push(mail[1]);
        i += mail[0].length;
        continue;
      }
      const tag = /^(?:<!--[\s\S]*?-->|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>)/.exec(
        s.slice(i, i + 4096),
      );
      if (tag) {
        const t = tag[0];
        const magic = inNotes ? null : MAGIC_FOLD.exec(t);
        if (magic) {
          const level = magic[1] === 'foldAll' ? 2 : 1;
          if (level > result.fold) result.fold = level;
        } else if (/^<br\b/i.test(t)) text += '\n';
        else if (/^<img\b/i.test(t)) {
          const src = /\ssrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(t);
          const alt = /\salt\s*=\s*("([^"]*)"|'([^']*)')/i.exec(t);
          const url = src ? (src[2] ?? src[3] ?? src[4] ?? '') : '';
          const altText = alt ? (alt[2] ?? alt[3] ?? '') : '';
          result.images.push({ text: altText, url });
          if (inNotes) text += `Image: ${altText || url}${altText && url ? ` (${url})` : ''}`;
          else text += altText;
        } else result.formatting++;
        i += t.length;
        continue;
      }
    }
    if (c === '&') {
      const ent = /^&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/.exec(s.slice(i, i + 40));
      if (ent) {
        const decoded = ent[1] ? codePoint(parseInt(ent[1], 16)) : ent[2] ? codePoint(parseInt(ent[2], 10)) : ENTITIES[ent[3]];
        if (decoded !== undefined) {
          text += refBlanks ? keptBlank(decoded) : decoded;
          i += ent[0].length;
          continue;
        }
      }
    }
    if (c === '*' || c === '_' || c === '~') {
      let n = 1;
      while (s[i + n] === c) n++;
      if (c === '~' && n > 2) {
        text += s.slice(i, i + n);
        i += n;
        continue;
      }
      const f = flanking(s, i, i + n, c);
      if (f.open || f.close) {
        flush();
        pieces.push({ ch: c, n, open: f.open, close: f.close, matched: false });
      } else text += s.slice(i, i + n);
      i += n;
      continue;
    }
    text += c;
    i++;
  }
  flush();

  // Pair each closer with the nearest opener of the same character; matched runs are removed.
  const openers: number[] = [];
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k];
    if (typeof p === 'string') continue;
    if (p.close) {
      let j = openers.length - 1;
      const bottom = Math.max(0, openers.length - MAX_OPENER_LOOKBACK);
      while (j >= bottom) {
        const o = pieces[openers[j]] as Exclude<Piece, string>;
        if (o.ch === p.ch && (p.ch !== '~' || o.n === p.n)) break;
        j--;
      }
      if (j >= bottom) {
        (pieces[openers[j]] as Exclude<Piece, string>).matched = true;
        p.matched = true;
        openers.length = j;
        result.formatting++;
        continue;
      }
    }
    if (p.open) openers.push(k);
  }
  let out = '';
  for (const p of pieces) out += typeof p === 'string' ? p : p.matched ? '' : p.ch.repeat(p.n);
  result.text = out;
  return result;
}

/**
 * A heading's or item's text as a title: its lines (soft breaks, `<br>`) trimmed and joined by one
 * space; other runs of blanks stay, as CommonMark keeps them in text.
 */
function oneLineLabel(text: string): string {
  if (!/[\r\n]/.test(text)) return text.trim();
  return text
    .split(/[\r\n]+/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join(' ');
}

/** The text without the line break it ends with and the blanks around it; trailing blanks alone stay. */
function withoutTrailingBreak(text: string): string {
  let end = text.length;
  let broken = false;
  while (end > 0 && /\s/.test(text[end - 1])) {
    end--;
    if (text[end] === '\n') broken = true;
  }
  return broken ? text.slice(0, end) : text;
}

// ---------------------------------------------------------------- block structure

interface Target {
  topic: OutlineTopic | null;
  /** The target of the parent topic (null for a top-level topic and the preamble). */
  parent: Target | null;
  /** Finished note blocks, in order. */
  blocks: string[];
  path: ExamplePath;
  /** Footnotes its title or notes reference (normalized labels). */
  cites?: Set<string>;
}

/** A footnote definition (`[^label]: text`) and the topic it was written under. */
interface FootnoteDef {
  key: string;
  label: string;
  text: string;
  target: Target;
}

/** Notes that reference footnotes (`cites`) on `target`. */
function cite(target: Target, keys: readonly string[]): void {
  if (keys.length === 0) return;
  target.cites ??= new Set();
  for (const k of keys) target.cites.add(k);
}

interface Item {
  target: Target;
  /** Column where the item's content starts. */
  contentIndent: number;
  /** Label lines still being read (the item's first paragraph). */
  labelLines: string[] | null;
}

interface Heading {
  level: number;
  target: Target;
}

type BlockKind = 'paragraph' | 'code' | 'fence' | 'quote' | 'table' | 'html';

interface OpenBlock {
  kind: BlockKind;
  lines: string[];
  target: Target;
  /** Column the block's lines are relative to (the owning item's content column). */
  indent: number;
  fence?: { ch: string; n: number; info: string };
  htmlEnd?: RegExp;
}

const ATX = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const ITEM = /^([-+*]|\d{1,9}[.)])([ \t]+|$)/;
const THEMATIC = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;

const DEFINITION = /^ {0,3}\[([^\]^][^\]]{0,998})\]:[ \t]*<?([^\s>]+)>?(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/;
const FOOTNOTE_DEF = /^ {0,3}\[\^([^\]]+)\]:[ \t]*(.*)$/;
const HTML_BLOCK_TAGS = new Set(
  ('address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead ' +
    'title tr track ul').split(' '),
);
const HTML_OPEN_OR_CLOSE_TAG_LINE =
  /^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)\s*$/;

/**
 * CommonMark's HTML block start conditions 1–7: the pattern that ends the block (`null`: a blank
 * line), or undefined when the line does not start an HTML block. Kind 7 (any lone tag) cannot
 * interrupt a paragraph.
 */
function htmlBlockStart(line: string, inParagraph: boolean): RegExp | null | undefined {
  const t = line.slice(indentOf(line).at);
  if (indentOf(line).cols > 3 || t[0] !== '<') return undefined;
  if (/^<(?:script|pre|style|textarea)(?:\s|>|$)/i.test(t)) return /<\/(?:script|pre|style|textarea)>/i;
  if (t.startsWith('<!--')) return /-->/;
  if (t.startsWith('<?')) return /\?>/;
  if (t.startsWith('<![CDATA[')) return /\]\]>/;
  if (/^<![A-Za-z]/.test(t)) return />/;
  const m = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?:\s|\/?>|$)/.exec(t);
  if (m && HTML_BLOCK_TAGS.has(m[1].toLowerCase())) return null;
  if (!inParagraph && t.length < 4096 && HTML_OPEN_OR_CLOSE_TAG_LINE.test(t)) return null;
  return undefined;
}

/** An ATX heading's level and text (closing #s removed), or null. Written without a lazy regex: a
 * pattern like /(.*?)(#+)?$/ retries the tail at every character of a long line. */
function atxHeading(line: string): { level: number; text: string } | null {
  const m = ATX.exec(line);
  if (!m) return null;
  const level = m[0].trim().length;
  let text = line.slice(m[0].length).trim();
  const closing = /(?:^|[ \t])#+$/.exec(text);
  if (closing) text = text.slice(0, closing.index).trim();
  return { level, text };
}

/** A GFM table's delimiter row ("| :-- | --: |"), checked cell by cell (one regex over the whole row
 * backtracks quadratically on long runs of spaces). */
function isDelimiterRow(line: string): boolean {
  if (indentOf(line).cols > 3) return false;
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|')) t = t.slice(0, -1);
  if (t === '') return false;
  for (const cell of t.split('|')) if (!/^:?-+:?$/.test(cell.trim())) return false;
  return true;
}

/**
 * Whether `text` (indentation removed) starts a list item. Inside a paragraph only a bullet or an
 * ordered item numbered 1, with text, may interrupt it (CommonMark); otherwise the line continues it.
 */
function startsItem(text: string, inParagraph: boolean): boolean {
  const m = ITEM.exec(text);
  if (!m || THEMATIC.test(text)) return false;
  if (!inParagraph) return true;
  if (text.slice(m[0].length).trim() === '') return false;
  return !/^\d/.test(m[1]) || /^0*1[.)]$/.test(m[1]);
}

/** Leading whitespace width in columns (tabs to the next multiple of 4) and the rest of the line. */
function indentOf(line: string): { cols: number; at: number } {
  let cols = 0;
  let at = 0;
  while (at < line.length) {
    const c = line[at];
    if (c === ' ') cols++;
    else if (c === '\t') cols += 4 - (cols % 4);
    else break;
    at++;
  }
  return { cols, at };
}

/** The line with `cols` columns of indentation removed (tabs expanded as needed). */
function dedent(line: string, cols: number): string {
  if (cols <= 0) return line;
  let col = 0;
  let at = 0;
  while (at < line.length && col < cols) {
    const c = line[at];
    if (c === ' ') col++;
    else if (c === '\t') {
      const next = col + 4 - (col % 4);
      if (next > cols) return ' '.repeat(next - cols) + line.slice(at + 1);
      col = next;
    } else break;
    at++;
  }
  return line.slice(at);
}

interface FrontMatter {
  title?: string;
  otherFields: number;
  /** Lines the front matter took, closing line included. */
  lines: number;
}

/**
 * YAML front matter: `---` on the first line, a closing `---` or `...`, and YAML-looking lines in
 * between (every unindented line a `key:` or a comment). A file that starts with a thematic break
 * followed by Markdown is not front matter.
 */
function frontMatter(lines: string[]): FrontMatter | null {
  if (lines.length < 2 || lines[0].trimEnd() !== '---') return null;
  let end = -1;
  for (let i = 1; i < lines.length && i < 1000; i++) {
    const l = lines[i].trimEnd();
    if (l === '---' || l === '...') {
      end = i;
      break;
    }
  }
  if (end === -1) return null;
  let keys = 0;
  let title: string | undefined;
  for (let i = 1; i < end; i++) {
    const l = lines[i];
    if (l.trim() === '' || /^[ \t]/.test(l) || /^#/.test(l) || /^- /.test(l)) continue;
    const m = /^([A-Za-z_][\w .-]*?)[ \t]*:(?:[ \t]+(.*))?$/.exec(l);
    if (!m) return null;
    keys++;
    if (m[1].toLowerCase() === 'title' && m[2] !== undefined) {
      title = m[2].trim().replace(/^(["'])(.*)\1$/, '$2').trim() || undefined;
    }
  }
  if (keys === 0) return null;
  return { title, otherFields: keys - (title !== undefined ? 1 : 0), lines: end + 1 };
}

function splitCells(row: string): string[] {
  let r = row.trim();
  if (r.startsWith('|')) r = r.slice(1);
  if (r.endsWith('|') && !r.endsWith('\\|')) r = r.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < r.length; i++) {
    if (r[i] === '\\' && r[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (r[i] === '|') {
      cells.push(cur.trim());
      cur = '';
    } else cur += r[i];
  }
  cells.push(cur.trim());
  return cells;
}

/**
 * Each footnote goes into the notes of every topic that references it (in its title or its notes),
 * after what they hold; one that nothing references stays with the topic it was written under.
 */
function placeFootnotes(defs: readonly FootnoteDef[], targets: readonly Target[], report: ReportBuilder): void {
  const citing = new Map<string, Target[]>();
  for (const t of targets) {
    if (!t.cites) continue;
    for (const k of t.cites) {
      const list = citing.get(k);
      if (list) list.push(t);
      else citing.set(k, [t]);
    }
  }
  const placed = new Set<string>();
  for (const d of defs) {
    // As in GFM, the first definition of a label is the footnote; a later one is its own note.
    const at = placed.has(d.key) ? undefined : citing.get(d.key);
    placed.add(d.key);
    const note = `[^${d.label}]: ${d.text}`;
    for (const t of at ?? [d.target]) t.blocks.push(note);
    report.converted('footnotes', 'notes', (at ?? [d.target])[0].path);
  }
}

/** Reads Markdown (CommonMark + GFM) into an outline. Throws FormatError for a file with nothing in it. */
export function readMarkdown(text: string, fileName?: string): ReadResult {
  const report = new ReportBuilder(FORMAT, fileName);
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A plain split when there is no CR: a regex split of 100,000 lines is several times slower.
  const lines = input.indexOf('\r') === -1 ? input.split('\n') : input.split(/\r\n?|\n/);

  // Reference definitions may come after their use: they are collected during the scan, and every
  // inline conversion (labels, notes) waits in `later` until the scan is done.
  const defs = new Map<string, string>();
  const footnotes = new Set<string>();
  const footnoteDefs: FootnoteDef[] = [];
  const later: (() => void)[] = [];

  const fm = frontMatter(lines);
  const roots: OutlineTopic[] = [];
  const preamble: Target = { topic: null, parent: null, blocks: [], path: '(before the first heading)' };
  const pathOf = (target: Target) => () => {
    const labels: string[] = [];
    for (let t: Target | null = target; t; t = t.parent) labels.push(t.topic!.label);
    return topicPath(labels.reverse());
  };

  const targets: Target[] = [];
  const headings: Heading[] = [];
  const items: Item[] = [];
  let block: OpenBlock | null = null;
  /** The previous line was blank (ends paragraphs; a list item's continuation must then be indented). */
  let blank = false;

  const newTopic = (parent: Target | null): Target => {
    const topic: OutlineTopic = { label: '', children: [] };
    if (parent) parent.topic!.children.push(topic);
    else roots.push(topic);
    const target: Target = { topic, parent, blocks: [], path: '' };
    target.path = pathOf(target);
    targets.push(target);
    return target;
  };

  /** Topics whose label carries markmap's fold comment (`all`: foldAll, the whole branch). */
  const folds: { target: Target; all: boolean }[] = [];

  const setLabel = (target: Target, raw: string, kind: 'headings' | 'list items') => {
    later.push(() => setLabelNow(target, raw, kind));
  };

  /** Gives a topic its label from inline Markdown: first link → the topic's link, others → notes. */
  const setLabelNow = (target: Target, raw: string, kind: 'headings' | 'list items') => {
    const topic = target.topic!;
    let src = raw.trim();
    if (kind === 'list items') {
      const task = /^\[([ xX])\][ \t]+/.exec(src);
      if (task) {
        topic.done = task[1] !== ' ';
        src = src.slice(task[0].length);
        report.converted('task list checkboxes', 'done or open tasks', target.path);
      }
    }
    // Noncharacters in the title itself: its blanks from references are not told apart (and trimmed).
    const r = inline(src, defs, false, footnotes, !HAS_KEPT_BLANK.test(src));
    cite(target, r.cites);
    if (r.cites.length > 0) report.converted('footnote references in titles', "the footnote in the topic's notes", target.path, r.cites.length);
    if (r.fold > 0) folds.push({ target, all: r.fold === 2 });
    let label = withKeptBlanks(oneLineLabel(r.text));
    if (isBlankTitle(label) && r.images.length > 0) label = withKeptBlanks(r.images[0].text) || 'Image';
    if (isBlankTitle(label)) {
      label = UNTITLED;
      report.converted(UNTITLED_FEATURE, UNTITLED_INTO, target.path);
    }
    topic.label = label;
    report.kept(kind, target.path);
    if (r.formatting > 0) report.converted('inline formatting', 'plain text', target.path, r.formatting);
    const extra: string[] = [];
    for (const image of r.images) {
      const img = { ...image, text: withKeptBlanks(image.text) };
      extra.push(`Image: ${img.text || img.url}${img.text && img.url ? ` (${img.url})` : ''}`);
      report.converted('images', 'notes text', target.path);
    }
    let first = true;
    for (const l of r.links) {
      if (first && isSafeUrl(l.url)) {
        topic.link = l.url;
        // The title if it has one, else the link's text where that says more than the label itself.
        const text = withKeptBlanks(oneLineLabel(l.text));
        if (l.title !== undefined && l.title.trim() !== '') topic.linkTitle = l.title.replace(/\s+/g, ' ').trim();
        else if (text !== '' && text !== l.url && text !== label) topic.linkTitle = text;
        report.kept('links', target.path);
      } else {
        const text = withKeptBlanks(l.text);
        extra.push(text && text !== l.url ? `${text}: ${l.url}` : l.url);
        report.converted('links', 'notes', target.path);
      }
      first = false;
    }
    if (extra.length > 0) target.blocks.unshift(extra.join('\n'));
  };

  const closeBlock = () => {
    const b = block;
    block = null;
    if (b) later.push(() => renderBlock(b));
  };

  /** Renders a finished block as notes text of its target. */
  const renderBlock = (b: OpenBlock) => {
    const t = b.target;
    const note = (s: string) => {
      if (s.trim() !== '') t.blocks.push(s.replace(/\s+$/, ''));
    };
    const inlineNote = (s: string): string => {
      const r = inline(s, defs, true, footnotes);
      cite(t, r.cites);
      if (r.formatting > 0) report.converted('inline formatting', 'plain text', t.path, r.formatting);
      if (r.images.length > 0) report.converted('images', 'notes text', t.path, r.images.length);
      if (r.links.length > 0) report.converted('links', 'notes', t.path, r.links.length);
      return r.text;
    };
    switch (b.kind) {
      case 'paragraph': {
        const body = b.lines.map((l) => l.trim()).join('\n');
        // Its lines are trimmed: blanks it still ends with were written as references, and stay.
        const text = withoutTrailingBreak(inlineNote(body.replace(/( {2,}|\\)\n/g, '\n')));
        if (text.trim() !== '') t.blocks.push(text);
        report.converted('paragraphs', 'notes', t.path);
        break;
      }
      case 'code':
      case 'fence': {
        while (b.lines.length > 0 && b.lines[b.lines.length - 1].trim() === '') b.lines.pop();
        const body = b.lines.join('\n');
        t.blocks.push(b.kind === 'fence' ? `\`\`\`${b.fence?.info ?? ''}\n${body}\n\`\`\`` : body);
        report.converted('code blocks', 'notes', t.path);
        break;
      }
      case 'quote': {
        const body = b.lines.map((l) => {
          const m = /^((?:[ \t]*>[ \t]?)*)(.*)$/.exec(l)!;
          const depth = (m[1].match(/>/g) ?? []).length;
          return (depth > 0 ? '>'.repeat(depth) + ' ' : '> ') + inlineNote(m[2]);
        });
        note(body.join('\n'));
        report.converted('block quotes', 'notes', t.path);
        break;
      }
      case 'table': {
        const rows = b.lines.filter((_, k) => k !== 1).map((r) => splitCells(r).map(inlineNote).join(' | '));
        note(rows.join('\n'));
        report.converted('tables', 'notes', t.path);
        break;
      }
      case 'html': {
        const html = b.lines.join('\n');
        const h = htmlToText(html);
        const links = h.hrefs.filter((u) => !h.text.includes(u));
        const images: string[] = [];
        for (const m of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi)) {
          const alt = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(m[0]);
          const altText = alt ? (alt[1] ?? alt[2] ?? '') : '';
          const url = m[1] ?? m[2] ?? m[3] ?? '';
          images.push(`Image: ${altText || url}${altText && url ? ` (${url})` : ''}`);
        }
        if (images.length > 0) report.converted('images', 'notes text', t.path, images.length);
        if (h.images > images.length) report.dropped('images without an address', t.path, h.images - images.length);
        // Comments are how Markdown writers keep notes to themselves: they stay, as notes text.
        const comments = [...html.matchAll(/<!--([\s\S]*?)-->/g)].map((m) => m[1].trim()).filter((c) => c !== '');
        if (comments.length > 0) report.converted('HTML comments', 'notes text', t.path, comments.length);
        const code = html.match(/<(?:script|style)\b/gi)?.length ?? 0;
        if (code > 0) report.dropped('scripts and styles in HTML', t.path, code);
        const text = [h.text, ...comments, ...links.map((u) => `Link: ${u}`), ...images].filter((s) => s !== '').join('\n');
        note(text);
        if (h.text !== '' || links.length > 0) report.converted('HTML blocks', 'notes text', t.path);
        else if (text === '' && comments.length === 0 && code === 0 && h.images === 0) report.dropped('HTML blocks with no text', t.path);
        break;
      }
    }
  };

  /** Where non-topic blocks go now: the open list item, else the current heading, else the preamble. */
  const currentTarget = (): Target => {
    if (items.length > 0) return items[items.length - 1].target;
    if (headings.length > 0) return headings[headings.length - 1].target;
    return preamble;
  };

  const finishLabel = (item: Item) => {
    if (item.labelLines === null) return;
    setLabel(item.target, item.labelLines.map((l) => l.trim()).join(' '), 'list items');
    item.labelLines = null;
  };

  const closeItemsDeeperThan = (cols: number) => {
    while (items.length > 0 && items[items.length - 1].contentIndent > cols) finishLabel(items.pop()!);
  };

  /** Starts list items at the start of `content` (possibly several: "- - x"), under the open item or heading. */
  const startItems = (content: string, baseCols: number) => {
    let rest = content;
    let col = baseCols;
    // The caller checked the whole line for a thematic break; a short nested rest ("- * * *") is checked
    // here, a long one is not (checking every suffix of "- - - … x" would be quadratic).
    for (let first = true; ; first = false) {
      const m = ITEM.exec(rest);
      if (!m || (!first && rest.length < 200 && THEMATIC.test(rest))) break;
      const parentItem = items.length > 0 ? items[items.length - 1] : null;
      if (parentItem) finishLabel(parentItem);
      const parent = parentItem ? parentItem.target : headings.length > 0 ? headings[headings.length - 1].target : null;
      const target = newTopic(parent);
      const afterMarker = rest.slice(m[0].length);
      const spaces = indentOf(rest.slice(m[1].length)).cols;
      const markerCols = m[1].length;
      const contentIndent = col + markerCols + (afterMarker === '' || spaces > 4 ? 1 : spaces);
      const item: Item = { target, contentIndent, labelLines: [] };
      items.push(item);
      col = contentIndent;
      rest = afterMarker;
      if (rest.trim() === '') break;
      if (!ITEM.test(rest) || (rest.length < 200 && THEMATIC.test(rest))) {
        const h = atxHeading(rest);
        item.labelLines = [h ? h.text : rest];
        break;
      }
    }
  };

  const firstLine = fm ? fm.lines : 0;
  if (fm) {
    if (fm.otherFields > 0) report.dropped('front matter fields', undefined, fm.otherFields);
  }

  for (let li = firstLine; li < lines.length; li++) {
    const raw = lines[li];

    // Inside a fenced code block: only its closing fence ends it.
    if (block !== null && block.kind === 'fence') {
      const body = dedent(raw, block.indent);
      const ind = indentOf(raw).cols;
      if (raw.trim() !== '' && ind < block.indent && items.length > 0) {
        // The item holding the fence ended (an unclosed fence inside a list item).
        closeBlock();
      } else {
        const f = FENCE.exec(body);
        if (f && f[1][0] === block.fence!.ch && f[1].length >= block.fence!.n && f[2].trim() === '') closeBlock();
        else block.lines.push(body);
        continue;
      }
    }
    if (block !== null && block.kind === 'html') {
      if (block.htmlEnd ? block.htmlEnd.test(raw) : raw.trim() === '') {
        if (block.htmlEnd) block.lines.push(raw);
        closeBlock();
        blank = raw.trim() === '';
        continue;
      }
      block.lines.push(raw);
      continue;
    }

    if (raw.trim() === '') {
      if (block !== null && block.kind === 'code') block.lines.push('');
      else closeBlock();
      // Only the deepest item can still be reading its label: starting a child finishes the parent's.
      if (items.length > 0) finishLabel(items[items.length - 1]);
      blank = true;
      continue;
    }

    const { cols } = indentOf(raw);
    const lazyCandidate = !blank && ((block !== null && block.kind === 'paragraph') || (items.length > 0 && items[items.length - 1].labelLines !== null));

    // Which open list items does this line continue?
    if (items.length > 0) {
      const top = items[items.length - 1];
      const body = dedent(raw, Math.min(cols, top.contentIndent));
      // A list item line at a lower indent closes the deeper items (it is their sibling or an ancestor's).
      const isItem = startsItem(raw.slice(indentOf(raw).at), false);
      if (cols >= top.contentIndent) {
        // Inside the deepest item.
      } else if (isItem || !lazyCandidate || ATX.test(body) || FENCE.test(body) || /^ {0,3}>/.test(body) || THEMATIC.test(body)) {
        closeBlock();
        closeItemsDeeperThan(cols);
      } else {
        // A lazy continuation line of the open paragraph or label.
        const lab = top.labelLines;
        if (lab !== null) lab.push(raw.trim());
        else block!.lines.push(raw.trim());
        blank = false;
        continue;
      }
    }

    const container = items.length > 0 ? items[items.length - 1].contentIndent : 0;
    const line = dedent(raw, container);
    const rel = indentOf(line).cols;
    const stripped = line.slice(indentOf(line).at);
    const wasBlank = blank;
    blank = false;

    // A list item (new, or nested in the open one).
    const openLabel = items.length > 0 ? items[items.length - 1].labelLines : null;
    const inParagraph =
      !wasBlank && ((block !== null && (block.kind === 'paragraph' || block.kind === 'table')) || (openLabel !== null && openLabel.length > 0));
    if (rel < 4 && startsItem(stripped, inParagraph)) {
      closeBlock();
      startItems(stripped, container + rel);
      continue;
    }

    const top = items.length > 0 ? items[items.length - 1] : null;
    // An item's label continues on the next line (no blank between).
    if (top && top.labelLines !== null && !wasBlank) {
      if (top.labelLines.length === 0) {
        top.labelLines.push(stripped);
        continue;
      }
      if (!(ATX.test(line) || FENCE.test(line) || /^ {0,3}>/.test(line) || THEMATIC.test(line) || htmlBlockStart(line, true) !== undefined)) {
        top.labelLines.push(stripped);
        continue;
      }
    }
    if (top) finishLabel(top);

    // Indented code (not inside a paragraph).
    if (rel >= 4 && !(block !== null && (block.kind === 'paragraph' || block.kind === 'table'))) {
      if (block === null || block.kind !== 'code') {
        closeBlock();
        block = { kind: 'code', lines: [], target: currentTarget(), indent: container };
      }
      block.lines.push(dedent(line, 4));
      continue;
    }
    if (block !== null && block.kind === 'code') closeBlock();

    // Setext heading underline (only for a top-level paragraph).
    if (items.length === 0 && block !== null && block.kind === 'paragraph' && SETEXT.test(line)) {
      const para = block;
      block = null;
      const level = /=/.test(line) ? 1 : 2;
      while (headings.length > 0 && headings[headings.length - 1].level >= level) headings.pop();
      const target = newTopic(headings.length > 0 ? headings[headings.length - 1].target : null);
      headings.push({ level, target });
      setLabel(target, para.lines.map((l) => l.trim()).join(' '), 'headings');
      continue;
    }

    const atx = atxHeading(line);
    if (atx) {
      closeBlock();
      if (items.length === 0) {
        const level = atx.level;
        while (headings.length > 0 && headings[headings.length - 1].level >= level) headings.pop();
        const target = newTopic(headings.length > 0 ? headings[headings.length - 1].target : null);
        headings.push({ level, target });
        setLabel(target, atx.text, 'headings');
      } else {
        // A heading inside a list item is part of the item's notes.
        block = { kind: 'paragraph', lines: [atx.text], target: currentTarget(), indent: container };
        closeBlock();
      }
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence && !(fence[1][0] === '`' && fence[2].includes('`'))) {
      closeBlock();
      block = { kind: 'fence', lines: [], target: currentTarget(), indent: container + rel, fence: { ch: fence[1][0], n: fence[1].length, info: fence[2].trim().split(/\s/)[0] } };
      continue;
    }

    if (THEMATIC.test(line)) {
      closeBlock();
      const target = currentTarget();
      later.push(() => {
        target.blocks.push('---');
        report.converted('thematic breaks', 'notes', target.path);
      });
      continue;
    }

    if (/^ {0,3}>/.test(line)) {
      if (block === null || block.kind !== 'quote') {
        closeBlock();
        block = { kind: 'quote', lines: [], target: currentTarget(), indent: container };
      }
      block.lines.push(stripped);
      continue;
    }
    if (block !== null && block.kind === 'quote') {
      // A lazy continuation of the quote's paragraph.
      block.lines.push(stripped);
      continue;
    }

    const htmlEnd = htmlBlockStart(line, block !== null && (block.kind === 'paragraph' || block.kind === 'table'));
    if (htmlEnd !== undefined) {
      closeBlock();
      block = { kind: 'html', lines: [line], target: currentTarget(), indent: container, htmlEnd: htmlEnd ?? undefined };
      if (htmlEnd && htmlEnd.test(line.slice(indentOf(line).at + 2))) closeBlock();
      continue;
    }

    // A GFM table goes on until a blank line or another block (a row needs no pipe).
    if (block !== null && block.kind === 'table') {
      if (!DEFINITION.test(line)) {
        block.lines.push(stripped);
        continue;
      }
      closeBlock();
    }

    if (block === null || block.kind !== 'paragraph') {
      const next = li + 1 < lines.length ? dedent(lines[li + 1], container) : '';
      if (stripped.includes('|') && next.includes('-') && isDelimiterRow(next) && (next.includes('|') || stripped.includes('|'))) {
        closeBlock();
        block = { kind: 'table', lines: [stripped], target: currentTarget(), indent: container };
        continue;
      }
      const fn = FOOTNOTE_DEF.exec(line);
      if (fn) {
        footnotes.add(normalizeLabel(fn[1]));
        closeBlock();
        const target = currentTarget();
        later.push(() => {
          const r = inline(fn[2], defs, true, footnotes);
          footnoteDefs.push({ key: normalizeLabel(fn[1]), label: fn[1], text: r.text, target });
        });
        continue;
      }
      const def = DEFINITION.exec(line);
      if (def) {
        const key = normalizeLabel(def[1]);
        if (!defs.has(key)) defs.set(key, def[2]);
        continue;
      }
      closeBlock();
      block = { kind: 'paragraph', lines: [], target: currentTarget(), indent: container };
    }
    block.lines.push(stripped);
  }
  closeBlock();
  if (items.length > 0) finishLabel(items[items.length - 1]);
  for (const f of later) f();
  placeFootnotes(footnoteDefs, targets, report);
  applyFolds(folds, report);

  // Notes onto their topics; the preamble onto the root.
  for (const t of targets) if (t.blocks.length > 0) t.topic!.notes = t.blocks.join('\n\n');
  const topics = targets.length;

  const outline: Outline = { roots, connections: [] };
  if (fm?.title !== undefined) outline.title = fm.title;
  if (preamble.blocks.length > 0) {
    const notes = preamble.blocks.join('\n\n');
    if (roots.length === 1) {
      roots[0].notes = roots[0].notes ? `${notes}\n\n${roots[0].notes}` : notes;
    } else {
      const label = fm?.title ?? baseLabel(fileName);
      const root: OutlineTopic = { label, notes, children: roots.splice(0, roots.length) };
      roots.push(root);
      report.choose(
        topics === 0
          ? `The file has no headings or lists; its text became the notes of one topic named "${label}".`
          : `The text before the first heading became the notes of a root named "${label}" above the ${topics > 1 ? 'top-level topics' : 'topic'}.`,
      );
    }
  }
  // Front matter and nothing else (a note just started): one topic named by its title.
  if (roots.length === 0 && fm?.title !== undefined) {
    roots.push({ label: fm.title, children: [] });
    report.choose(`The file holds only its front matter: one topic named "${fm.title}".`);
  }
  if (roots.length === 0) throw new FormatError(FORMAT, 'it holds no headings, lists or text');
  if (fm?.title !== undefined) countFrontMatterTitle(fm.title, roots, report);
  return { outline, report };
}

/**
 * The front-matter title is kept when it names a topic: a root added above several top-level topics
 * (here or in toMap) or the one topic of a file of front matter alone. One top-level topic is the
 * root itself, and the title is dropped.
 */
function countFrontMatterTitle(title: string, roots: readonly OutlineTopic[], report: ReportBuilder): void {
  if (roots.length > 1 || roots[0].label === title) {
    report.kept('front matter title');
    return;
  }
  report.dropped('front matter title');
  report.choose('The front-matter title was not used: the file has one top-level topic, which became the root.');
}

/**
 * markmap's fold comments → collapsed topics: `fold` folds the topic, `foldAll` the topic and every
 * branch below it. A topic folded twice (inside a foldAll branch and by its own comment) counts once.
 */
function applyFolds(folds: readonly { target: Target; all: boolean }[], report: ReportBuilder): void {
  if (folds.length === 0) return;
  const done = new Set<OutlineTopic>();
  const fold = (target: Target, topic: OutlineTopic, path: ExamplePath) => {
    if (done.has(topic)) return;
    done.add(topic);
    if (topic.children.length > 0) {
      topic.collapsed = true;
      report.kept('collapsed', path);
    } else if (target.topic === topic) report.dropped('fold comments on topics without subtopics', path);
  };
  for (const { target, all } of folds) {
    const topic = target.topic!;
    // Already folded by an ancestor's foldAll, whose walk covered this branch.
    const covered = done.has(topic);
    fold(target, topic, target.path);
    if (!all || covered) continue;
    // Descendants of a foldAll branch, without recursion; a path is built only when reported.
    const walked: { topic: OutlineTopic; parent: number }[] = [];
    const pathAt = (k: number) => () => {
      const labels: string[] = [];
      for (let i = k; i !== -1; i = walked[i].parent) labels.push(walked[i].topic.label);
      for (let p: Target | null = target; p; p = p.parent) labels.push(p.topic!.label);
      return topicPath(labels.reverse());
    };
    const stack: { topic: OutlineTopic; parent: number }[] = [];
    for (let i = topic.children.length - 1; i >= 0; i--) stack.push({ topic: topic.children[i], parent: -1 });
    while (stack.length > 0) {
      const entry = stack.pop()!;
      if (entry.topic.children.length === 0) continue;
      const k = walked.push(entry) - 1;
      fold(target, entry.topic, pathAt(k));
      const kids = entry.topic.children;
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ topic: kids[i], parent: k });
    }
  }
  report.choose('markmap\'s fold comments (<!-- markmap: fold -->, foldAll) were read as collapsed branches.');
}

function baseLabel(fileName: string | undefined): string {
  if (!fileName) return 'Imported map';
  const name = fileName.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim() || 'Imported map';
}
