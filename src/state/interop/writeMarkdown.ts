/**
 * Markdown that markmap reads: headings for the first levels (the root as `#`), nested `-` lists
 * below (GFM task items for tasks), notes as paragraphs under their topic, a link as `[label](url)`,
 * a collapsed branch marked `<!-- markmap: fold -->` as markmap folds it. Every character that
 * Markdown would read as syntax is escaped, so labels and notes come back as written.
 */
import type { Outline, OutlineTopic } from './outline';
import { TextSink, walkOutline } from './writeCommon';

/** Depths 0 .. HEADING_LEVELS - 1 are headings (#, ##, ###); deeper topics are list items. */
export const HEADING_LEVELS = 3;
/**
 * Lists nest at most this deep: each level indents every line below it, so a 100,000-level chain
 * would otherwise need gigabytes of spaces. Deeper topics are written at this level, in order.
 */
export const MAX_LIST_DEPTH = 60;

// Inline syntax (emphasis, code, links, HTML, entities, GFM strikethrough and tables, escapes).
const INLINE = /[\\`*_[\]<>&~|]/g;
const HAS_INLINE = /[\\`*_[\]<>&~|]/;
// What makes a line start a block: headings, quotes, list markers, setext underlines, fences.
const LINE_START = /^(#|>|-|\+|=|\d{1,9}(?=[.)]))/;

// Control characters (tab aside): as character references, since a file holding them raw reads as binary.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- as above
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const EDGE_BLANK = /^\s/;

/** One line of text, escaped so that Markdown reads it back as the same characters. */
export function escapeLine(line: string): string {
  let s = HAS_INLINE.test(line) ? line.replace(INLINE, '\\$&') : line;
  // NUL has no reference (Markdown reads &#0; as U+FFFD): it is left out.
  if (HAS_CONTROL.test(s)) s = s.replace(CONTROL, (c) => (c === '\u0000' ? '' : `&#${c.charCodeAt(0)};`));
  // A paragraph drops each line's leading whitespace (and the reader any blank): a reference keeps the first.
  if (EDGE_BLANK.test(s)) return `&#${s.charCodeAt(0)};${s.slice(1)}`;
  const m = LINE_START.exec(s);
  if (m) {
    // "1." → "1\.", "#" → "\#"
    s = /\d/.test(m[0][0]) ? `${m[0]}\\${s.slice(m[0].length)}` : `\\${s}`;
  }
  return s;
}

/** A bare address that GFM would make a link; its colon or dot gets escaped so that it stays text. */
const BARE_LINK = /(https?)(:\/\/)|(www)(\.)/gi;

/**
 * A label's line: escaped, a bare address in it kept as text (the reader would make it the topic's
 * link), and its last character a reference when it is a blank (a heading or item drops blanks at its ends).
 */
function labelLine(line: string): string {
  const last = line.length - 1;
  const trailing = last > 0 && /\s/.test(line[last]) ? `&#${line.charCodeAt(last)};` : '';
  const escaped = escapeLine(trailing ? line.slice(0, last) : line).replace(BARE_LINK, (_m, scheme?: string, slashes?: string, www?: string, dot?: string) =>
    scheme !== undefined ? `${scheme}\\${slashes}` : `${www}\\${dot}`,
  );
  return escaped + trailing;
}

/**
 * A note line, escaped. A paragraph drops the blanks a line ends with; they stay when the last one is
 * written as a character reference.
 */
function noteLine(line: string): string {
  const last = line.length - 1;
  if (last < 0 || !/\s/.test(line[last])) return escapeLine(line);
  return `${escapeLine(line.slice(0, last))}&#${line.charCodeAt(last)};`;
}

// Paragraphs are separated by one empty line: a blank line holding blanks, or several in a row, come back as one empty line.
const BLANK_LINE_SPACING = /\n[^\S\n]+\n|\n\n\n/;

/** Whether a note's blank lines come back otherwise than written (those at its start and end aside). */
function losesBlankLines(notes: string): boolean {
  return BLANK_LINE_SPACING.test(notes.replace(/\r\n?/g, '\n').trim());
}

/** Paragraphs of a note, each line escaped and indented; blank lines kept between paragraphs. */
function noteLines(notes: string, pad: string, out: TextSink): void {
  const paragraphs = notes.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n+/);
  for (const p of paragraphs) {
    const lines = p.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    out.add('\n');
    for (const l of lines) {
      out.add(pad);
      out.add(noteLine(l));
      out.add('\n');
    }
  }
}

// An empty heading or item would vanish from some readers; a lone space reference keeps the topic.
const EMPTY = '&#32;';

/** A topic's text from its one-line label (escaped here; an empty label becomes an escaped blank). */
function labelText(t: OutlineTopic, line: string): string {
  const text = line ? labelLine(line) : EMPTY;
  if (!t.link) return text;
  // The <…> form takes any URL but line breaks; < > and \ inside are escaped.
  const url = `<${t.link.replace(/[\r\n]/g, '').replace(/[<>\\]/g, '\\$&')}>`;
  const title = t.linkTitle ? ` "${t.linkTitle.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ')}"` : '';
  return `[${text}](${url}${title})`;
}

/**
 * A heading's text with a final `#` escaped: an ATX heading drops a closing run of `#`s after a blank
 * ("## C #" reads as "C"). A `#` after an odd run of backslashes is escaped already.
 */
function headingText(text: string): string {
  if (!text.endsWith('#')) return text;
  let slashes = 0;
  for (let i = text.length - 2; i >= 0 && text[i] === '\\'; i--) slashes++;
  return slashes % 2 === 1 ? text : `${text.slice(0, -1)}\\#`;
}

/** markmap's marker for a branch shown folded. */
const FOLD = ' <!-- markmap: fold -->';
const fold = (t: OutlineTopic) => (t.collapsed && t.children.length > 0 ? FOLD : '');

export interface MarkdownResult {
  text: string;
  /** Topics written higher than their depth because lists nest at most MAX_LIST_DEPTH deep. */
  flattened: number;
  /** Labels whose line breaks became spaces. */
  joinedLines: number;
  /** Tasks written as headings, where Markdown has no checkbox. */
  headingTasks: number;
  /** Notes whose blank lines come back as single empty lines between paragraphs. */
  blankLineNotes: number;
}

const LINE_BREAK = /[\r\n]/;
const HEADING_MARKS = ['# ', '## ', '### '];

/** A label on one line: as it is, or its lines trimmed and joined by spaces, blank lines left out. */
function oneLine(label: string): string {
  if (!LINE_BREAK.test(label)) return label;
  return label
    .split(/[\r\n]+/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join(' ');
}

export function writeMarkdown(outline: Outline): MarkdownResult {
  const out = new TextSink();
  let wrote = false;
  let flattened = 0;
  let joinedLines = 0;
  let headingTasks = 0;
  let blankLineNotes = 0;
  const pads: string[] = [];
  const padFor = (level: number) => (pads[level] ??= '  '.repeat(level));
  let lastWasList = false;

  walkOutline(outline.roots, (t, depth) => {
    // A heading holds one line, and markmap shows a list item's soft line breaks as spaces.
    if (LINE_BREAK.test(t.label)) joinedLines++;
    if (t.notes && losesBlankLines(t.notes)) blankLineNotes++;
    const one = oneLine(t.label);
    if (depth < HEADING_LEVELS) {
      if (t.done !== undefined) headingTasks++;
      if (wrote) out.add('\n');
      wrote = true;
      out.add(HEADING_MARKS[depth]);
      out.add(headingText(labelText(t, one)));
      out.add(fold(t));
      out.add('\n');
      if (t.notes) noteLines(t.notes, '', out);
      lastWasList = false;
      return;
    }
    let level = depth - HEADING_LEVELS;
    if (level > MAX_LIST_DEPTH) {
      level = MAX_LIST_DEPTH;
      flattened++;
    }
    if (!lastWasList) out.add('\n');
    wrote = true;
    const pad = padFor(level);
    out.add(pad);
    out.add(t.done === undefined ? '- ' : t.done ? '- [x] ' : '- [ ] ');
    out.add(labelText(t, one));
    out.add(fold(t));
    out.add('\n');
    if (t.notes) {
      noteLines(t.notes, `${pad}  `, out);
      out.add('\n');
    }
    lastWasList = true;
  });
  return { text: out.text(), flattened, joinedLines, headingTasks, blankLineNotes };
}
