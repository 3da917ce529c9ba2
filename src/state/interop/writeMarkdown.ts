/**
 * Markdown that markmap reads: headings for the first levels (the root as `#`), nested `-` lists
 * below (GFM task items for tasks), notes as paragraphs under their topic, a link as `[label](url)`,
 * a collapsed branch marked `<!-- markmap: fold -->` as markmap folds it. Every character that
 * Markdown would read as syntax is escaped, so labels and notes come back as written.
 */
import type { Outline, OutlineTopic } from './outline';
import { walkOutline } from './writeCommon';

/** Depths 0 .. HEADING_LEVELS - 1 are headings (#, ##, ###); deeper topics are list items. */
export const HEADING_LEVELS = 3;
/**
 * Lists nest at most this deep: each level indents every line below it, so a 100,000-level chain
 * would otherwise need gigabytes of spaces. Deeper topics are written at this level, in order.
 */
export const MAX_LIST_DEPTH = 60;

// Inline syntax (emphasis, code, links, HTML, entities, GFM strikethrough and tables, escapes).
const INLINE = /[\\`*_[\]<>&~|]/g;
// What makes a line start a block: headings, quotes, list markers, setext underlines, fences.
const LINE_START = /^(#|>|-|\+|=|\d{1,9}(?=[.)]))/;

/** One line of text, escaped so that Markdown reads it back as the same characters. */
export function escapeLine(line: string): string {
  let s = line.replace(INLINE, '\\$&');
  // A paragraph drops each line's leading whitespace; a reference keeps the first blank.
  const lead = /^[ \t]/.exec(s);
  if (lead) return (lead[0] === '\t' ? '&#9;' : '&#32;') + s.slice(1);
  const m = LINE_START.exec(s);
  if (m) {
    // "1." → "1\.", "#" → "\#"
    s = /\d/.test(m[0][0]) ? `${m[0]}\\${s.slice(m[0].length)}` : `\\${s}`;
  }
  return s;
}

/** Paragraphs of a note, each line escaped and indented; blank lines kept between paragraphs. */
function noteLines(notes: string, pad: string, out: string[]): void {
  const paragraphs = notes.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n+/);
  for (const p of paragraphs) {
    const lines = p.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    out.push('');
    for (const l of lines) out.push(pad + escapeLine(l.replace(/\s+$/, '')));
  }
}

// An empty heading or item would vanish from some readers; a lone space reference keeps the topic.
const EMPTY = '&#32;';

/** A topic's text from its label lines (escaped here; an empty label becomes an escaped blank). */
function labelText(t: OutlineTopic, lines: string[]): string {
  const text = lines.length ? lines.map(escapeLine).join('\n') : EMPTY;
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
}

export function writeMarkdown(outline: Outline): MarkdownResult {
  const out: string[] = [];
  let flattened = 0;
  let joinedLines = 0;
  let headingTasks = 0;
  const pads: string[] = [];
  const padFor = (level: number) => (pads[level] ??= '  '.repeat(level));
  let lastWasList = false;

  walkOutline(outline.roots, (t, depth) => {
    // A heading holds one line, and markmap shows a list item's soft line breaks as spaces.
    if (/[\r\n]/.test(t.label)) joinedLines++;
    const words = t.label.split(/[\r\n]+/).map((l) => l.trim()).filter((l) => l !== '');
    const one = words.length ? [words.join(' ')] : [];
    if (depth < HEADING_LEVELS) {
      if (t.done !== undefined) headingTasks++;
      if (out.length > 0) out.push('');
      out.push(`${'#'.repeat(depth + 1)} ${headingText(labelText(t, one))}${fold(t)}`);
      if (t.notes) noteLines(t.notes, '', out);
      lastWasList = false;
      return;
    }
    let level = depth - HEADING_LEVELS;
    if (level > MAX_LIST_DEPTH) {
      level = MAX_LIST_DEPTH;
      flattened++;
    }
    if (!lastWasList) out.push('');
    const pad = padFor(level);
    const text = labelText(t, one);
    const task = t.done === undefined ? '' : t.done ? '[x] ' : '[ ] ';
    out.push(`${pad}- ${task}${text}${fold(t)}`);
    if (t.notes) {
      noteLines(t.notes, `${pad}  `, out);
      out.push('');
    }
    lastWasList = true;
  });
  out.push('');
  return { text: out.join('\n'), flattened, joinedLines, headingTasks };
}
