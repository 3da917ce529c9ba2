/**
 * What every format writer shares: an iterative walk over an outline (a map may be a 100,000-level
 * chain), XML escaping, and the sentence that says what a format could not hold.
 */
import type { OutlineTopic } from './outline';

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

/** True for a UTF-16 unit XML 1.0 cannot hold at all (even as a reference), surrogates aside. */
function forbidden(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff;
}

/** The text without the characters XML 1.0 cannot hold: control characters and lone surrogates. */
export function xmlChars(s: string): string {
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (forbidden(c) || (c >= 0xd800 && c <= 0xdfff)) break;
  }
  if (i === s.length) return s; // the usual case: nothing to drop, no copy
  let out = s.slice(0, i);
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
      }
    } else if (!(c >= 0xdc00 && c <= 0xdfff) && !forbidden(c)) out += s[i];
  }
  return out;
}

/** Text safe inside an XML element. */
export function xmlText(s: string): string {
  return xmlChars(s).replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // A parser turns raw line breaks and tabs in attributes into spaces; references keep them.
  '\n': '&#xa;',
  '\r': '&#xd;',
  '\t': '&#x9;',
};

/** Text safe inside a double-quoted XML attribute, line breaks and tabs kept. */
export function xmlAttr(s: string): string {
  return xmlChars(s).replace(/[&<>"\n\r\t]/g, (c) => ATTR_ESCAPES[c]);
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

const number = new Intl.NumberFormat('en-US');

/**
 * "OPML has no place for 3 connections and 12 colours", or null when nothing was lost. Items with a
 * zero count are left out.
 */
export function lostSentence(format: string, items: readonly LostItem[]): string | null {
  const parts = items.filter((i) => i.count > 0).map((i) => `${number.format(i.count)} ${i.count === 1 ? i.one : i.many}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${format} has no place for ${list}`;
}
