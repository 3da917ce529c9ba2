/**
 * Which format a file is, from its content; the extension only breaks ties between Markdown and
 * indented text. A file whose extension claims a structured format (.mm, .opml, .xmind) but whose
 * content is something else is refused with a FormatError naming the claimed format.
 */
import { utf16ByBom, utf16ByZeros } from './encoding';
import { FormatError, MAX_IMPORT_BYTES } from './reader';

export type FormatId = 'json' | 'freemind' | 'opml' | 'xmind' | 'markdown' | 'text';

/** Human names, as errors and reports use them ("Could not read this OPML file: …"). */
export const FORMAT_NAMES: Record<FormatId, string> = {
  json: 'JSON',
  freemind: 'FreeMind',
  opml: 'OPML',
  xmind: 'XMind',
  markdown: 'Markdown',
  text: 'text',
};

const EXTENSIONS: Record<string, FormatId> = {
  json: 'json',
  mm: 'freemind',
  opml: 'opml',
  xmind: 'xmind',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  mkd: 'markdown',
  txt: 'text',
  txtmap: 'text',
  text: 'text',
};

/** What a file's extension claims, or undefined for none or an unknown one. */
export function formatFromExtension(fileName: string | undefined): FormatId | undefined {
  const m = fileName ? /\.([A-Za-z0-9]+)$/.exec(fileName) : null;
  return m ? EXTENSIONS[m[1].toLowerCase()] : undefined;
}

/** The name a file is called by in an error before its content is known ("XMind", "PDF", "map"). */
export function claimedName(fileName: string | undefined): string {
  const claimed = formatFromExtension(fileName);
  if (claimed) return FORMAT_NAMES[claimed];
  const m = fileName ? /\.([A-Za-z0-9]{1,8})$/.exec(fileName) : null;
  return m ? m[1].toUpperCase() : 'map';
}

const SNIFF_BYTES = 64 * 1024;
const MB = 1024 * 1024;

/** The refusal for a file over the size limit, or null. Checks a length, so tests need no 200 MB. */
export function sizeError(byteLength: number, fileName?: string): string | null {
  if (byteLength <= MAX_IMPORT_BYTES) return null;
  return new FormatError(claimedName(fileName), `it is larger than ${Math.round(MAX_IMPORT_BYTES / MB)} MB, the most MindFlow imports`).message;
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

/** The start of the file as text, for sniffing (UTF-16 by its BOM or its zero bytes, else UTF-8). */
function headText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const utf16 = utf16ByBom(head) ?? utf16ByZeros(head);
  return new TextDecoder(utf16 ?? 'utf-8').decode(head);
}

/** Control characters that text files do not hold (tab, line ends, form feed and escape excepted). */
function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0b && c !== 0x0c && c !== 0x0d && c !== 0x1b) return true;
  }
  return false;
}

/** The name of the first element of an XML text (after the declaration, comments and DOCTYPE). */
export function xmlRootName(text: string): string | undefined {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end === -1) return undefined;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end === -1) return undefined;
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      // A DOCTYPE, with or without an internal subset in brackets.
      const gt = text.indexOf('>', i);
      const lb = text.indexOf('[', i);
      if (lb !== -1 && (gt === -1 || lb < gt)) {
        const rb = text.indexOf(']', lb);
        const end = rb === -1 ? -1 : text.indexOf('>', rb);
        if (end === -1) return undefined;
        i = end + 1;
      } else {
        if (gt === -1) return undefined;
        i = gt + 1;
      }
    } else if (text[i] === '<') {
      const m = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(i, i + 200));
      return m ? m[1] : undefined;
    } else return undefined;
  }
}

const ATX = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S/;
const FENCE = /^ {0,3}(?:```|~~~)/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const FRONT_MATTER = /^---\r?\n[\s\S]*?\n(?:---|\.\.\.)\r?\n/;

/** Columns of a line's leading blanks, a tab counting 4 (as CommonMark counts it for indented code). */
function leadColumns(line: string): number {
  let w = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\t') w += 4 - (w % 4);
    else if (c === ' ' || c === '\u00a0') w++;
    else break;
  }
  return w;
}

/**
 * Markdown by headings, fences, front matter or mostly list lines; indented text otherwise. A list
 * item indented under a plain line right above it ("Project" then "\t- Goals") is an outline, not
 * Markdown: Markdown would fold such lines into one paragraph, or leave the line above out of the tree.
 */
export function looksLikeMarkdown(text: string): boolean {
  if (FRONT_MATTER.test(text.slice(0, SNIFF_BYTES)) && /^[A-Za-z_][\w-]*\s*:/m.test(text.slice(4, 4096))) return true;
  const lines = text.slice(0, SNIFF_BYTES).split(/\r?\n/);
  let content = 0;
  let items = 0;
  let outlined = false;
  let prev = '';
  for (const line of lines) {
    if (line.trim() === '') {
      prev = '';
      continue;
    }
    if (ATX.test(line) || FENCE.test(line)) return true;
    if (prev !== '' && SETEXT.test(line) && !LIST_ITEM.test(prev)) return true;
    content++;
    const item = LIST_ITEM.test(line);
    if (item) items++;
    if (item && prev !== '' && !LIST_ITEM.test(prev) && leadColumns(line) >= 2 && leadColumns(line) > leadColumns(prev)) outlined = true;
    prev = line;
  }
  return !outlined && content > 0 && items * 2 >= content;
}

/**
 * Text that opens with "{" or "[" is JSON (broken JSON gets JSON's message, as a .json file does),
 * unless its first line is a tag in brackets followed by words, as outlines and task lists write
 * them: "{Draft} Plan", "{TODO: write} the plan", "[ ] Buy milk", "[x] Call Ann".
 */
const BRACKETED_TAG = /^(?:\{[^{}"'\n]*\}|\[[^[\]{}"'\n]*\])[ \t]*[^\s,:\]}]/;
const looksLikeJson = (start: string) => (start[0] === '{' || start[0] === '[') && !BRACKETED_TAG.test(start);

/**
 * Whether the root element's start tag is well-formed XML (name="value" attributes only), so that an
 * outline line such as "<map of the world>" is read as text, not refused as a broken FreeMind map.
 */
function opensAsXml(text: string, root: string): boolean {
  const at = text.indexOf(`<${root}`);
  const tag = new RegExp(`^<${root}(?:\\s+[A-Za-z_][\\w.:-]*\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*\\s*/?>`);
  return tag.test(text.slice(at, at + 4096));
}

/**
 * Whether text opens with markup, read as Markdown (which holds HTML): a comment, an element Markdown
 * files open with (a centred logo, a badge row, a table), or any element closed further on. An outline
 * line such as "<map of the world>" is none of these.
 */
const HTML_OPENERS = new Set(['a', 'b', 'blockquote', 'br', 'center', 'details', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'p', 'picture', 'pre', 'section', 'span', 'strong', 'table', 'ul', 'ol']);

function opensWithHtml(text: string): boolean {
  if (text.startsWith('<!--')) return true;
  const m = /^<([A-Za-z][A-Za-z0-9]*)[\s/>]/.exec(text);
  if (m === null) return false;
  const name = m[1].toLowerCase();
  return HTML_OPENERS.has(name) || text.toLowerCase().includes(`</${name}`) || /^<[^>]*\/>/.test(text);
}

function describe(format: FormatId | 'xml' | 'binary'): string {
  switch (format) {
    case 'json':
      return 'JSON';
    case 'freemind':
      return 'a FreeMind map';
    case 'opml':
      return 'an OPML outline';
    case 'xmind':
      return 'a zip archive';
    case 'markdown':
      return 'Markdown text';
    case 'text':
      return 'plain text';
    case 'xml':
      return 'XML of another kind';
    case 'binary':
      return 'binary data';
  }
}

/**
 * The file's format from its content. Throws FormatError when the content is not a format MindFlow
 * reads, or contradicts a structured format its extension claims.
 */
export function detectFormat(input: { bytes?: Uint8Array; text?: string; fileName?: string }): FormatId {
  const claimed = formatFromExtension(input.fileName);
  const name = claimedName(input.fileName);
  let found: FormatId | 'xml' | 'binary';
  let head: string;
  if (input.bytes && isZip(input.bytes)) {
    found = 'xmind';
    head = '';
  } else {
    head = input.text !== undefined ? input.text.slice(0, SNIFF_BYTES) : headText(input.bytes ?? new Uint8Array());
    head = head.replace(/^\ufeff/, '');
    const start = head.trimStart();
    // An empty .json file gets the seed's "Invalid JSON data…" as any other bad JSON (below).
    if (start === '' && claimed !== 'json') throw new FormatError(name, 'it is empty');
    if (hasControlCharacters(start.slice(0, 4096))) found = 'binary';
    else if (looksLikeJson(start)) found = 'json';
    else if (start[0] === '<' && xmlRootName(start) === 'map' && opensAsXml(start, 'map')) found = 'freemind';
    else if (start[0] === '<' && xmlRootName(start) === 'opml' && opensAsXml(start, 'opml')) found = 'opml';
    // Other XML is refused; a Markdown file may well start with an HTML comment or <div>.
    else if (start.startsWith('<?xml')) found = 'xml';
    else found = looksLikeMarkdown(head) || (claimed !== 'text' && opensWithHtml(start)) ? 'markdown' : 'text';
  }

  if (claimed === 'json') return 'json'; // JSON keeps the seed's own "Invalid JSON data…" message
  if ((claimed === 'freemind' || claimed === 'opml' || claimed === 'xmind') && found !== claimed) {
    const what = claimed === 'opml' ? 'an OPML outline' : claimed === 'xmind' ? 'an XMind map' : 'a FreeMind map';
    throw new FormatError(name, `it holds ${describe(found)}, not ${what}`);
  }
  if (found === 'binary') throw new FormatError(name, 'it holds binary data, not a map MindFlow can read');
  if (found === 'xml') {
    const root = xmlRootName(head.trimStart());
    throw new FormatError(name, `it is XML with a <${root ?? '?'}> root, neither a FreeMind map nor OPML`);
  }
  // Text formats: the content decides, the extension breaks a tie (plain lines in a .md file).
  if (found === 'text' && claimed === 'markdown') return 'markdown';
  return found;
}
