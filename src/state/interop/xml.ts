/**
 * The one XML parse for every XML format (FreeMind/Freeplane .mm, OPML, XMind 8 content.xml).
 *
 * Safety and fidelity rules, all enforced here so readers need not think about them:
 * - a DTD that declares entities is refused (no entity expansion at all, nothing external fetched);
 * - only XML's five named entities and numeric references (`&#x306f;`, `&#10;`) are decoded;
 *   anything else (`&nbsp;` outside a DTD) stays as written;
 * - raw tabs and newlines inside attribute values become spaces, as XML's attribute-value
 *   normalisation says, while `&#10;` stays a newline;
 * - attribute values stay strings (no number parsing), child order is kept;
 * - malformed or truncated XML throws a FormatError naming the format.
 * The result is a plain element tree; every walk over it must be iterative (a 100,000-level outline
 * is a 100,000-level tree).
 */
import { decodeUtf16, decodeUtf8OrWindows1252, decodeWindows1252 } from './encoding';
import { FormatError } from './reader';

export interface XmlElement {
  name: string;
  /**
   * Attribute values, decoded, in a null-prototype object (read only: elements without attributes
   * share one). Names as written (with any namespace prefix).
   */
  attrs: Record<string, string>;
  /** Child elements and text, in document order. Read only: childless elements share one frozen array. */
  children: XmlChild[];
  /** For elements named in `rawElements`: the inner markup exactly as written (entities not decoded). */
  raw?: string;
}

export type XmlChild = XmlElement | string;

export interface ParseXmlOptions {
  /** Names the format in errors: "Could not read this {format} file: …". */
  format: string;
  /** Elements whose inner markup is kept raw (e.g. rich-text HTML bodies) instead of parsed. */
  rawElements?: string[];
  /** Keep whitespace-only text and untrimmed text (mixed content). Default false: text is trimmed. */
  keepWhitespace?: boolean;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,10})|(lt|gt|amp|quot|apos));/g;

function codePoint(n: number): string {
  const ok =
    n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);
  return ok ? String.fromCodePoint(n) : '\ufffd';
}

/** Decodes XML's five named entities and numeric character references; leaves anything else as is. */
export function decodeXmlEntities(s: string): string {
  if (s.indexOf('&') === -1) return s;
  return s.replace(ENTITY, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (hex !== undefined) return codePoint(parseInt(hex, 16));
    if (dec !== undefined) return codePoint(parseInt(dec, 10));
    return NAMED[name!];
  });
}

const RAW_WHITESPACE = /[\t\n\r]/g;
const HAS_RAW_WHITESPACE = /[\t\n\r]/;

/** Shared by every element without children (most of a map's elements): one array less each. */
const NO_CHILDREN: XmlChild[] = Object.freeze([]) as unknown as XmlChild[];

const NO_ATTRS: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);

function append(el: XmlElement, child: XmlChild): void {
  if (el.children === NO_CHILDREN) el.children = [child];
  else el.children.push(child);
}

/**
 * Where the first `<!DOCTYPE` (in any case) starts, or -1. A search for "<!" and a look at the word
 * after it: a case-insensitive regex search reads a 14 MB map several times slower.
 */
function doctypeAt(text: string): number {
  for (let i = text.indexOf('<!'); i !== -1; i = text.indexOf('<!', i + 2)) {
    if (text.charCodeAt(i + 2) !== 0x2d && text.slice(i + 2, i + 9).toUpperCase() === 'DOCTYPE') return i;
  }
  return -1;
}

/** Refuses any DTD that declares entities (billion laughs, external entities). */
function refuseEntityDeclarations(text: string, format: string): void {
  const doctype = doctypeAt(text);
  if (doctype === -1) return;
  // The internal subset ends before the root element's start tag; an entity declared anywhere before
  // it is refused, whatever the DTD's exact shape.
  const rootStart = text.slice(doctype + 9).search(/<[A-Za-z_:]/);
  const prolog = rootStart === -1 ? text.slice(doctype) : text.slice(doctype, doctype + 9 + rootStart);
  if (/<!ENTITY/i.test(prolog)) throw new FormatError(format, 'its DTD declares entities, which are not allowed');
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

// One markup construct at a '<': a comment, CDATA, a processing instruction, a DOCTYPE (with an
// internal subset), or a start/end/empty tag (groups: "/", name, attributes) whose quoted attribute
// values may hold '>'. The alternatives start with different characters, so there is no backtracking
// blow-up.
const MARKUP =
  /<(?:!--[\s\S]*?-->|!\[CDATA\[([\s\S]*?)\]\]>|\?[\s\S]*?\?>|!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|(\/?)([^\s/>!?="'<][^\s/>="'<]*)((?:[^>"']|"[^"]*"|'[^']*')*)>)/y;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Attributes of a start tag, decoded, in a null-prototype object (names such as `__proto__` are data). */
function readAttributes(source: string): Record<string, string> {
  if (source.indexOf('=') === -1) return NO_ATTRS;
  const attrs = Object.create(null) as Record<string, string>;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(source); m !== null; m = ATTRIBUTE.exec(source)) {
    const raw = m[2] ?? m[3];
    // XML attribute-value normalisation: raw tabs and line ends are spaces; `&#10;` stays a newline.
    attrs[m[1]] = decodeXmlEntities(HAS_RAW_WHITESPACE.test(raw) ? raw.replace(RAW_WHITESPACE, ' ') : raw);
  }
  return attrs;
}

/**
 * Parses `text` into its root element. Throws FormatError(format, reason) for malformed, truncated
 * or entity-declaring XML, or a document without exactly one root element.
 *
 * Why not fast-xml-parser (tried first, with preserveOrder, processEntities off and decoding in its
 * value processors): it reads text one character at a time and, not checking end tags against start
 * tags, needed a validator pass as well; on a 14 MB, 100,000-topic map the two took about 900 ms of
 * the import, this single regex-driven pass about 200 ms, with the same rules.
 */
export function parseXml(text: string, options: ParseXmlOptions): XmlElement {
  const { format } = options;
  refuseEntityDeclarations(text, format);
  // XML end-of-line handling: CRLF and lone CR are read as LF.
  if (text.indexOf('\r') !== -1) text = text.replace(/\r\n?/g, '\n');
  const rawNames = new Set(options.rawElements ?? []);
  const trim = !options.keepWhitespace;
  const doc: XmlElement = { name: '#document', attrs: Object.create(null) as Record<string, string>, children: [] };
  const open: XmlElement[] = [doc];
  /** Inside a raw element: its depth in `open`, and where its inner markup starts. */
  let raw: { el: XmlElement; depth: number; from: number } | null = null;
  let roots = 0;
  let at = 0;
  for (;;) {
    const lt = text.indexOf('<', at);
    const textEnd = lt === -1 ? text.length : lt;
    if (raw === null && textEnd > at && open.length > 1) {
      let t = text.slice(at, textEnd);
      if (trim) t = t.trim();
      if (t !== '') append(open[open.length - 1], decodeXmlEntities(t));
    }
    if (lt === -1) break;
    MARKUP.lastIndex = lt;
    const m = MARKUP.exec(text);
    if (m === null) {
      throw new FormatError(
        format,
        text.indexOf('>', lt) === -1
          ? 'the XML ends inside a tag (the file looks truncated)'
          : `the XML is malformed (line ${lineAt(text, lt)}: a "<" that starts no valid tag)`,
      );
    }
    at = MARKUP.lastIndex;
    const name = m[3];
    if (name === undefined) {
      if (m[1] !== undefined && raw === null && open.length > 1) append(open[open.length - 1], m[1]);
      continue;
    }
    if (m[2] === '/') {
      const el = open.pop()!;
      if (open.length === 0 || el.name !== name) {
        const what = open.length === 0 ? `an end tag </${name}> with no start tag` : `</${name}> where </${el.name}> was expected`;
        throw new FormatError(format, `the XML is malformed (line ${lineAt(text, lt)}: ${what})`);
      }
      if (raw !== null && raw.depth === open.length) {
        raw.el.raw = text.slice(raw.from, lt);
        raw = null;
      }
      continue;
    }
    const empty = m[4].endsWith('/');
    if (open.length === 1 && ++roots > 1) throw new FormatError(format, 'the XML has more than one root element; it must have one');
    // Inside a raw element, tags are only followed for nesting; no elements are built.
    const el: XmlElement = { name, attrs: raw === null ? readAttributes(m[4]) : doc.attrs, children: NO_CHILDREN };
    if (raw === null) append(open[open.length - 1], el);
    if (empty) {
      if (raw === null && rawNames.has(name)) el.raw = '';
      continue;
    }
    open.push(el);
    if (raw === null && rawNames.has(name)) raw = { el, depth: open.length - 1, from: at };
  }
  if (open.length > 1) throw new FormatError(format, `the XML ends before <${open[open.length - 1].name}> is closed (the file looks truncated)`);
  const root = doc.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!root) throw new FormatError(format, 'it has no XML root element');
  return root;
}

/** Child elements of `el`, optionally only those named `name`. */
export function childElements(el: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (typeof c !== 'string' && (name === undefined || c.name === name)) out.push(c);
  return out;
}

/** The first child element named `name`. */
export function childElement(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) if (typeof c !== 'string' && c.name === name) return c;
  return undefined;
}

/** All text inside `el`, in document order (iterative; raw elements contribute their raw markup). */
export function textContent(el: XmlElement): string {
  let out = '';
  const stack: XmlChild[] = [el];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (typeof c === 'string') {
      out += c;
      continue;
    }
    if (c.raw !== undefined) out += c.raw;
    for (let i = c.children.length - 1; i >= 0; i--) stack.push(c.children[i]);
  }
  return out;
}

/**
 * Decodes XML bytes as their declaration says: a BOM first, else `encoding="…"` in the XML
 * declaration, else UTF-8. UTF-16 without a BOM (told by its zero bytes), and bytes that are not
 * UTF-8 where nothing else is declared (old FreeMind files, files edited by hand), are read as
 * decodeText reads other files, with its warning. An encoding TextDecoder does not know is a FormatError.
 */
export function decodeXml(bytes: Uint8Array, format: string): { text: string; warning: string | null } {
  const utf16 = decodeUtf16(bytes);
  if (utf16) return utf16;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes), warning: null };
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 200)));
  const m = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  const label = m ? m[1] : 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new FormatError(format, `its declared encoding "${label}" is not supported`);
  }
  if (decoder.encoding === 'utf-8') return decodeUtf8OrWindows1252(bytes);
  if (decoder.encoding === 'windows-1252') return { text: decodeWindows1252(bytes), warning: null };
  return { text: decoder.decode(bytes), warning: null };
}
