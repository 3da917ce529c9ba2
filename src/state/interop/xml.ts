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
import { XMLParser } from 'fast-xml-parser';
import { FormatError } from './reader';

export interface XmlElement {
  name: string;
  /** Attribute values, decoded, in a null-prototype object. Names as written (with any namespace prefix). */
  attrs: Record<string, string>;
  /** Child elements and text, in document order. */
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
const ATTR_PREFIX = '@';

function attributes(raw: Record<string, string> | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  if (raw) for (const key in raw) out[key.slice(ATTR_PREFIX.length)] = raw[key];
  return out;
}

/** Refuses any DTD that declares entities (billion laughs, external entities). */
function refuseEntityDeclarations(text: string, format: string): void {
  const doctype = text.search(/<!DOCTYPE/i);
  if (doctype === -1) return;
  // The internal subset ends before the root element's start tag; an entity declared anywhere before
  // it is refused, whatever the DTD's exact shape.
  const rootStart = text.slice(doctype + 9).search(/<[A-Za-z_:]/);
  const prolog = rootStart === -1 ? text.slice(doctype) : text.slice(doctype, doctype + 9 + rootStart);
  if (/<!ENTITY/i.test(prolog)) throw new FormatError(format, 'its DTD declares entities, which are not allowed');
}

function makeParser(options: ParseXmlOptions): XMLParser {
  return new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    // A prefix keeps names such as "constructor" from the parser's reserved-name refusal; the
    // conversion below strips it into a null-prototype object.
    attributeNamePrefix: ATTR_PREFIX,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: !options.keepWhitespace,
    // Entities are decoded by the processors below, so exactly XML's rules apply (and raw attribute
    // whitespace can be normalised before `&#10;` turns into a newline).
    processEntities: false,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    commentPropName: false,
    cdataPropName: '#cdata',
    maxNestedTags: Number.MAX_SAFE_INTEGER,
    jPath: false,
    stopNodes: (options.rawElements ?? []).map((n) => `..${n}`),
    tagValueProcessor: (_name: string, value: string) => decodeXmlEntities(value),
    attributeValueProcessor: (_name: string, value: string) => decodeXmlEntities(value.replace(RAW_WHITESPACE, ' ')),
  });
}

type OrderedNode = Record<string, unknown>;

function firstLine(message: string): string {
  const line = message.split('\n')[0].trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

// One markup construct at a '<': a comment, CDATA, a processing instruction, a DOCTYPE (with an
// internal subset), or a start/end/empty tag whose quoted attribute values may hold '>'.
const MARKUP =
  /<(?:!--[\s\S]*?-->|!\[CDATA\[[\s\S]*?\]\]>|\?[\s\S]*?\?>|!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|(\/?)([A-Za-z_:][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>)/y;

/**
 * Well-formedness of the element structure: every '<' starts valid markup, end tags match their
 * start tags, nothing is left open (a truncated file), one root element. The parser itself tolerates
 * all of these, so they are checked here; one regex step per tag, far cheaper than a full validator.
 */
function checkStructure(text: string, format: string): void {
  const open: string[] = [];
  let roots = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    MARKUP.lastIndex = at;
    const m = MARKUP.exec(text);
    if (!m) {
      throw new FormatError(
        format,
        text.indexOf('>', at) === -1 ? 'the XML ends inside a tag (the file looks truncated)' : `the XML is malformed (line ${lineAt(text, at)}: a "<" that starts no valid tag)`,
      );
    }
    const name = m[2];
    if (name !== undefined) {
      if (m[1] === '/') {
        const expected = open.pop();
        if (expected !== name) {
          const what = expected === undefined ? `an end tag </${name}> with no start tag` : `</${name}> where </${expected}> was expected`;
          throw new FormatError(format, `the XML is malformed (line ${lineAt(text, at)}: ${what})`);
        }
      } else if (!m[3].endsWith('/')) {
        if (open.length === 0) roots++;
        open.push(name);
      } else if (open.length === 0) roots++;
      if (roots > 1) throw new FormatError(format, 'the XML has more than one root element; it must have one');
    }
    at = text.indexOf('<', MARKUP.lastIndex);
  }
  if (open.length > 0) throw new FormatError(format, `the XML ends before <${open[open.length - 1]}> is closed (the file looks truncated)`);
}

/**
 * Parses `text` into its root element. Throws FormatError(format, reason) for malformed, truncated
 * or entity-declaring XML, or a document without a root element.
 */
export function parseXml(text: string, options: ParseXmlOptions): XmlElement {
  const { format } = options;
  refuseEntityDeclarations(text, format);
  checkStructure(text, format);
  let ordered: OrderedNode[];
  try {
    ordered = makeParser(options).parse(text) as OrderedNode[];
  } catch (e) {
    throw new FormatError(format, `the XML is malformed (${firstLine(e instanceof Error ? e.message : String(e))})`);
  }
  const rawSet = new Set(options.rawElements ?? []);
  const doc: XmlElement = { name: '#document', attrs: attributes(undefined), children: [] };
  // Iterative conversion: each stack entry pairs an ordered-parser child list with the element it fills.
  const stack: { items: OrderedNode[]; into: XmlElement }[] = [{ items: ordered, into: doc }];
  while (stack.length > 0) {
    const { items, into } = stack.pop()!;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      for (const key in item) {
        if (key === ':@') continue;
        const value = item[key];
        if (key === '#text') {
          into.children.push(String(value));
        } else if (key === '#cdata') {
          const parts = value as OrderedNode[];
          for (const p of parts) into.children.push(String(p['#text'] ?? ''));
        } else {
          const attrs = attributes(item[':@'] as Record<string, string> | undefined);
          const el: XmlElement = { name: key, attrs, children: [] };
          into.children.push(el);
          const kids = value as OrderedNode[];
          if (rawSet.has(key)) {
            el.raw = kids.length > 0 ? String(kids[0]['#text'] ?? '') : '';
          } else if (kids.length > 0) {
            stack.push({ items: kids, into: el });
          }
        }
      }
    }
  }
  const roots = doc.children.filter((c): c is XmlElement => typeof c !== 'string');
  if (roots.length === 0) throw new FormatError(format, 'it has no XML root element');
  if (roots.length > 1) throw new FormatError(format, 'the XML has more than one root element; it must have one');
  return roots[0];
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
 * declaration, else UTF-8. An encoding TextDecoder does not know is a FormatError.
 */
export function decodeXmlBytes(bytes: Uint8Array, format: string): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 200)));
  const m = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  const label = m ? m[1] : 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new FormatError(format, `its declared encoding "${label}" is not supported`);
  }
  return decoder.decode(bytes);
}
