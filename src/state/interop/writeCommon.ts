/**
 * What every format writer shares: an iterative walk over an outline (a map may be a 100,000-level
 * chain), XML escaping, and the sentence that says what a format could not hold.
 */
import { connectionEnds, type Outline, type OutlineTopic } from './outline';
import { counted } from './plural';

/**
 * Visits every topic in pre-order: `enter` before its children, `leave` after them (both with the
 * topic's depth, the roots at 0). Uses an explicit stack, never recursion.
 */
export function walkOutline(
  roots: readonly OutlineTopic[],
  enter: (t: OutlineTopic, depth: number) => void,
  leave?: (t: OutlineTopic, depth: number) => void,
): void {
  // Frames: the topic and the index of its next child to visit.
  const topics: OutlineTopic[] = [];
  const next: number[] = [];
  for (const root of roots) {
    enter(root, 0);
    topics.push(root);
    next.push(0);
    while (topics.length > 0) {
      const top = topics.length - 1;
      const t = topics[top];
      const i = next[top];
      if (i < t.children.length) {
        next[top] = i + 1;
        const child = t.children[i];
        enter(child, topics.length);
        topics.push(child);
        next.push(0);
      } else {
        topics.pop();
        next.pop();
        leave?.(t, topics.length);
      }
    }
  }
}

/**
 * The 1-based pre-order numbers of the topics that connections name (the last topic with a given
 * sourceId wins), for writers that give topics sequential ids. Walks the tree only when there are
 * connections, and keeps only their ends.
 */
export function connectedNumbers(outline: Outline): Map<string, number> {
  const numbers = new Map<string, number>();
  if (outline.connections.length === 0) return numbers;
  const ends = connectionEnds(outline);
  let n = 0;
  walkOutline(outline.roots, (t) => {
    n++;
    if (t.sourceId !== undefined && ends.has(t.sourceId)) numbers.set(t.sourceId, n);
  });
  return numbers;
}

/** True for a UTF-16 unit XML 1.0 cannot hold at all (even as a reference), surrogates aside. */
function forbidden(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff;
}

// What an ASCII unit needs. KEEP: nothing; DROP: XML cannot hold it; else an index into REFS.
const KEEP = 0;
const DROP = 1;
const REFS = ['', '', '&amp;', '&lt;', '&gt;', '&quot;', '&#xa;', '&#xd;', '&#x9;'];
const TEXT_ASCII = new Uint8Array(128);
const ATTR_ASCII = new Uint8Array(128);
for (let c = 0; c < 0x20; c++) TEXT_ASCII[c] = ATTR_ASCII[c] = forbidden(c) ? DROP : KEEP;
TEXT_ASCII[0x26] = ATTR_ASCII[0x26] = 2;
TEXT_ASCII[0x3c] = ATTR_ASCII[0x3c] = 3;
TEXT_ASCII[0x3e] = ATTR_ASCII[0x3e] = 4;
ATTR_ASCII[0x22] = 5;
// A parser turns raw line breaks and tabs in attributes into spaces; references keep them.
ATTR_ASCII[0x0a] = 6;
ATTR_ASCII[0x0d] = 7;
ATTR_ASCII[0x09] = 8;

/**
 * One pass over the text: units that need nothing are never copied one by one; the result is built
 * from slices between the units that are escaped or dropped (the text itself when there are none).
 */
function escapeXml(s: string, table: Uint8Array): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string;
    if (c < 0x80) {
      const k = table[c];
      if (k === KEEP) continue;
      rep = REFS[k];
    } else if (c < 0xd800) continue;
    else if (c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++; // a surrogate pair: kept
        continue;
      }
      rep = ''; // a lone high surrogate
    } else if (c <= 0xdfff || c === 0xfffe || c === 0xffff) rep = '';
    else continue;
    out += s.slice(from, i) + rep;
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

const XML_CHARS = TEXT_ASCII.map((k) => (k === DROP ? DROP : KEEP));

/** The text without the characters XML 1.0 cannot hold: control characters and lone surrogates. */
export function xmlChars(s: string): string {
  return escapeXml(s, XML_CHARS);
}

/** Text safe inside an XML element. */
export function xmlText(s: string): string {
  return escapeXml(s, TEXT_ASCII);
}

/** Text safe inside a double-quoted XML attribute, line breaks and tabs kept. */
export function xmlAttr(s: string): string {
  return escapeXml(s, ATTR_ASCII);
}

/** Characters a TextSink gathers before it joins them into one flat chunk. */
const CHUNK = 1 << 16;

/**
 * Text written piece by piece. Pieces are joined into a flat chunk every CHUNK characters, so a
 * 100,000-topic file is a few hundred strings for the garbage collector to keep and move until the
 * end rather than some hundred thousand; writers add constant pieces and the (usually unchanged)
 * escaped values one by one instead of building a string per topic. About half the time of one
 * array of lines joined at the end.
 */
export class TextSink {
  private pieces: string[] = [];
  private size = 0;
  private readonly chunks: string[] = [];

  add(s: string): void {
    this.pieces.push(s);
    this.size += s.length;
    if (this.size >= CHUNK) this.flush();
  }

  /** The text so far. */
  text(): string {
    this.flush();
    return this.chunks.length === 1 ? this.chunks[0] : this.chunks.join('');
  }

  private flush(): void {
    if (this.pieces.length === 0) return;
    this.chunks.push(this.pieces.join(''));
    this.pieces = [];
    this.size = 0;
  }
}

/** Indentation for pretty-printed XML, capped so that a deep chain does not grow quadratically. */
const INDENT_CAP = 32;
const INDENTS: string[] = [];
for (let i = 0; i <= INDENT_CAP; i++) INDENTS.push('  '.repeat(i));
export function indent(depth: number): string {
  return INDENTS[depth < INDENT_CAP ? depth : INDENT_CAP];
}

/** A feature a format may have no place for, with its singular and plural names. */
export interface LostItem {
  count: number;
  one: string;
  many: string;
}

/**
 * "OPML has no place for 3 connections and 12 colours", or null when nothing was lost. Items with a
 * zero count are left out.
 */
export function lostSentence(format: string, items: readonly LostItem[]): string | null {
  const parts = items.filter((i) => i.count > 0).map((i) => counted(i.count, i.many, i.one));
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${format} has no place for ${list}`;
}
