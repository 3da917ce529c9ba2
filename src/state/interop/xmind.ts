/**
 * XMind reader: 2020+ files (`content.json`) and XMind 8 files (`content.xml`), both inside a zip.
 * Both are first read into one sheet/topic form (XSheet, XTopic), so that listing sheets, counting
 * topics and mapping to the outline (with the fidelity report) are written once. Every walk is
 * iterative: a 100,000-level chain must not overflow the stack.
 */
import type { Priority } from '../model';
import { isSafeUrl } from '../restore';
import { htmlToText } from './html';
import type { Outline, OutlineConnection, OutlineTopic } from './outline';
import { FormatError, type ReadResult } from './reader';
import { counted } from './plural';
import { ReportBuilder, pathOf } from './report';
import { UNTITLED, UNTITLED_FEATURE, isBlankTitle } from './untitled';
import { childElement, childElements, parseXml, textContent, type XmlElement } from './xml';
import { unzip } from './zip';

const FORMAT = 'XMind';
export const CONTENT_XML_STUB_WARNING = "content.xml is XMind's compatibility stub: ignored";

type Kind = 'root' | 'attached' | 'detached' | 'callout' | 'summary';

interface XNotes {
  text: string;
  /** The notes were rich text (HTML, XMind's paragraph form or a Quill delta) turned into text. */
  rich: boolean;
  hrefs: string[];
  images: number;
}

interface XTopic {
  id?: string;
  title?: string;
  kind: Kind;
  notes?: XNotes;
  labels: string[];
  markers: string[];
  href?: string;
  /** The topic's fill colour (#rgb or #rrggbb), when its own style gives an opaque one. */
  color?: string;
  folded: boolean;
  images: number;
  /** Summary ranges ("(0,2)") by the id of the summary topic. */
  summaryRanges?: Map<string, string>;
  boundaries: number;
  /** Other things the topic carried that MindFlow has no place for, by report feature name. */
  dropped: string[];
  comments: string[];
  children: XTopic[];
}

interface XRelationship {
  from: string;
  to: string;
  title?: string;
}

interface XSheet {
  title: string;
  root?: XTopic;
  relationships: XRelationship[];
}

function xtopic(kind: Kind): XTopic {
  return { kind, labels: [], markers: [], folded: false, images: 0, boundaries: 0, dropped: [], comments: [], children: [] };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

const utf8 = new TextDecoder('utf-8');

function decode(bytes: Uint8Array): string {
  const text = utf8.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A note without the blank lines around it (XMind ends plain notes and Quill ops with a line break)
 * but with the blanks at the start of its first line and the end of its last, which MindFlow's own
 * exports write exactly. A note of blanks alone is empty.
 */
function trimNote(s: string): string {
  const text = s.replace(/\r\n?/g, '\n').replace(/^(?:[^\S\n]*\n)+|(?:\n[^\S\n]*)+$/g, '');
  return text.trim() === '' ? '' : text;
}

// ---------------------------------------------------------------- content.json (XMind 2020+)

function jsonNotes(notes: unknown): XNotes | undefined {
  if (!isRecord(notes)) return undefined;
  const content = (k: string): unknown => (isRecord(notes[k]) ? (notes[k] as Record<string, unknown>).content : undefined);
  const plain = str(content('plain'));
  const realHtml = str(content('realHTML'));
  const zenHtml = content('html');
  const ops = isRecord(notes.ops) ? notes.ops.ops : undefined;
  const rich = realHtml !== undefined || zenHtml !== undefined || ops !== undefined;
  const html = realHtml !== undefined ? htmlToText(realHtml) : undefined;
  const hrefs = html?.hrefs ?? [];
  const images = html?.images ?? 0;
  if (plain !== undefined && trimNote(plain) !== '') return { text: trimNote(plain), rich, hrefs, images };
  if (html) return { text: trimNote(html.text), rich: true, hrefs, images };
  if (isRecord(zenHtml) && Array.isArray(zenHtml.paragraphs)) {
    const lines = zenHtml.paragraphs.map((p: unknown) =>
      isRecord(p) && Array.isArray(p.spans) ? p.spans.map((s: unknown) => (isRecord(s) ? (str(s.text) ?? '') : '')).join('') : '',
    );
    return { text: trimNote(lines.join('\n')), rich: true, hrefs: [], images: 0 };
  }
  if (Array.isArray(ops)) {
    const text = ops.map((o: unknown) => (isRecord(o) ? (str(o.insert) ?? '') : '')).join('');
    return { text: trimNote(text), rich: true, hrefs: [], images: 0 };
  }
  return plain !== undefined ? { text: '', rich: false, hrefs: [], images: 0 } : undefined;
}

/**
 * A topic style's `svg:fill` as the topic's colour: hex as #rgb or #rrggbb, or #rrggbbaa when opaque
 * (XMind 2020+ writes "#D0D0D0FF"). A translucent fill is counted as dropped (its colour alone would
 * look darker than XMind shows it); "none", "inherited" and the like are no fill at all.
 */
function setFill(t: XTopic, fill: string | undefined): void {
  if (fill === undefined) return;
  const v = fill.trim();
  if (/^#(?:[0-9a-fA-F]{3}){1,2}$/.test(v)) t.color = v;
  else if (/^#[0-9a-fA-F]{8}$/.test(v)) {
    if (v.slice(7).toLowerCase() === 'ff') t.color = v.slice(0, 7);
    else t.dropped.push('translucent fill colours');
  }
}

function readJsonTopic(src: Record<string, unknown>, kind: Kind): { topic: XTopic; kids: { src: Record<string, unknown>; kind: Kind }[] } {
  const t = xtopic(kind);
  t.id = str(src.id);
  t.title = str(src.title);
  t.notes = jsonNotes(src.notes);
  if (Array.isArray(src.labels)) for (const l of src.labels) if (typeof l === 'string' && l.trim() !== '') t.labels.push(l.trim());
  if (Array.isArray(src.markers)) for (const m of src.markers) if (isRecord(m) && typeof m.markerId === 'string') t.markers.push(m.markerId);
  t.href = str(src.href);
  t.folded = src.branch === 'folded';
  const style = isRecord(src.style) && isRecord(src.style.properties) ? src.style.properties : undefined;
  setFill(t, style ? str(style['svg:fill']) : undefined);
  if (src.image !== undefined) t.images++;
  if (Array.isArray(src.boundaries)) t.boundaries = src.boundaries.length;
  if (Array.isArray(src.summaries)) {
    t.summaryRanges = new Map();
    for (const s of src.summaries) if (isRecord(s) && typeof s.topicId === 'string') t.summaryRanges.set(s.topicId, str(s.range) ?? '');
  }
  if (src.numbering !== undefined) t.dropped.push('numbering');
  if (src.task !== undefined || src.extensions !== undefined) {
    const ext = Array.isArray(src.extensions) ? src.extensions : [];
    if (src.task !== undefined || ext.some((e) => isRecord(e) && e.provider === 'org.xmind.ui.taskInfo')) t.dropped.push('task details');
  }
  const kids: { src: Record<string, unknown>; kind: Kind }[] = [];
  const children = isRecord(src.children) ? src.children : {};
  for (const k of ['attached', 'detached', 'callout', 'summary'] as const) {
    const list = children[k];
    if (Array.isArray(list)) for (const c of list) if (isRecord(c)) kids.push({ src: c, kind: k });
  }
  return { topic: t, kids };
}

function readContentJson(text: string): XSheet[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new FormatError(FORMAT, `content.json is not valid JSON (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
  if (!Array.isArray(data)) throw new FormatError(FORMAT, 'content.json does not hold a list of sheets');
  const sheets: XSheet[] = [];
  for (let i = 0; i < data.length; i++) {
    const s = data[i];
    if (!isRecord(s)) continue;
    const sheet: XSheet = { title: str(s.title)?.trim() || `Sheet ${i + 1}`, relationships: [] };
    if (isRecord(s.rootTopic)) {
      const stack: { src: Record<string, unknown>; kind: Kind; parent: XTopic | null }[] = [{ src: s.rootTopic, kind: 'root', parent: null }];
      while (stack.length > 0) {
        const { src, kind, parent } = stack.pop()!;
        const { topic, kids } = readJsonTopic(src, kind);
        if (parent) parent.children.push(topic);
        else sheet.root = topic;
        for (let k = kids.length - 1; k >= 0; k--) stack.push({ src: kids[k].src, kind: kids[k].kind, parent: topic });
      }
    }
    if (Array.isArray(s.relationships)) {
      for (const r of s.relationships) {
        if (!isRecord(r)) continue;
        const from = str(r.end1Id);
        const to = str(r.end2Id);
        if (from && to) sheet.relationships.push({ from, to, title: str(r.title) });
      }
    }
    sheets.push(sheet);
  }
  return sheets;
}

// ---------------------------------------------------------------- content.xml (XMind 8)

const KNOWN_XML_CHILDREN = new Set([
  'title', 'children', 'notes', 'labels', 'marker-refs', 'position', 'xhtml:img', 'summaries', 'boundaries', 'extensions', 'numbering',
]);

function xmlNotes(el: XmlElement): XNotes | undefined {
  const plainEl = childElement(el, 'plain');
  const htmlEl = childElement(el, 'html');
  const plain = plainEl ? trimNote(textContent(plainEl)) : '';
  const html = htmlEl?.raw !== undefined ? htmlToText(htmlEl.raw.replace(/<(\/?)xhtml:/g, '<$1')) : undefined;
  const hrefs = html?.hrefs ?? [];
  const images = html?.images ?? 0;
  if (plain !== '') return { text: plain, rich: html !== undefined, hrefs, images };
  if (html) return { text: trimNote(html.text), rich: true, hrefs, images };
  return plainEl ? { text: '', rich: false, hrefs: [], images: 0 } : undefined;
}

function readXmlTopic(
  el: XmlElement,
  kind: Kind,
  comments: Map<string, string[]>,
  fills: Map<string, string>,
): { topic: XTopic; kids: { el: XmlElement; kind: Kind }[] } {
  const t = xtopic(kind);
  t.id = el.attrs.id;
  const styleId = el.attrs['style-id'];
  if (styleId !== undefined) setFill(t, fills.get(styleId));
  const titleEl = childElement(el, 'title');
  if (titleEl) t.title = textContent(titleEl);
  t.href = el.attrs['xlink:href'];
  t.folded = el.attrs.branch === 'folded';
  if (t.id && comments.has(t.id)) t.comments = comments.get(t.id)!;
  const kids: { el: XmlElement; kind: Kind }[] = [];
  for (const c of childElements(el)) {
    switch (c.name) {
      case 'notes':
        t.notes = xmlNotes(c);
        break;
      case 'labels':
        for (const l of childElements(c, 'label')) {
          const v = textContent(l).trim();
          if (v !== '') t.labels.push(v);
        }
        break;
      case 'marker-refs':
        for (const m of childElements(c, 'marker-ref')) if (m.attrs['marker-id']) t.markers.push(m.attrs['marker-id']);
        break;
      case 'xhtml:img':
        t.images++;
        break;
      case 'boundaries':
        t.boundaries += childElements(c, 'boundary').length;
        break;
      case 'summaries':
        t.summaryRanges = new Map();
        for (const s of childElements(c, 'summary')) if (s.attrs['topic-id']) t.summaryRanges.set(s.attrs['topic-id'], s.attrs.range ?? '');
        break;
      case 'numbering':
        t.dropped.push('numbering');
        break;
      case 'extensions':
        for (const x of childElements(c, 'extension')) if (x.attrs.provider === 'org.xmind.ui.taskInfo') t.dropped.push('task details');
        break;
      case 'children':
        for (const group of childElements(c, 'topics')) {
          const type = group.attrs.type;
          const k: Kind = type === 'detached' || type === 'callout' || type === 'summary' ? type : 'attached';
          for (const child of childElements(group, 'topic')) kids.push({ el: child, kind: k });
        }
        break;
      default:
        if (!KNOWN_XML_CHILDREN.has(c.name)) t.dropped.push(`<${c.name}> elements`);
    }
  }
  return { topic: t, kids };
}

function readComments(files: Map<string, Uint8Array>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const bytes = files.get('comments.xml');
  if (!bytes) return out;
  const root = parseXml(decode(bytes), { format: FORMAT });
  for (const c of childElements(root, 'comment')) {
    const id = c.attrs['object-id'];
    const content = childElement(c, 'content');
    const text = content ? textContent(content).trim() : '';
    if (!id || text === '') continue;
    const author = c.attrs.author ? ` (${c.attrs.author})` : '';
    const list = out.get(id) ?? [];
    list.push(`Comment${author}: ${text}`);
    out.set(id, list);
  }
  return out;
}

/**
 * XMind 8 keeps a topic's own look in styles.xml, named by the topic's `style-id`: the fill of each
 * topic style by its id. A styles.xml that cannot be read costs the colours only, with a warning.
 */
function readTopicFills(files: Map<string, Uint8Array>, report?: ReportBuilder): Map<string, string> {
  const out = new Map<string, string>();
  const bytes = files.get('styles.xml');
  if (!bytes) return out;
  let root: XmlElement;
  try {
    root = parseXml(decode(bytes), { format: FORMAT });
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    report?.warn(`styles.xml could not be read (${e.reason}): topic colours were not imported.`);
    return out;
  }
  for (const group of childElements(root)) {
    for (const style of childElements(group, 'style')) {
      const props = childElement(style, 'topic-properties');
      const fill = props?.attrs['svg:fill'];
      if (style.attrs.id && fill !== undefined) out.set(style.attrs.id, fill);
    }
  }
  return out;
}

function readContentXml(text: string, files: Map<string, Uint8Array>, report?: ReportBuilder): XSheet[] {
  const root = parseXml(text, { format: FORMAT, rawElements: ['html'] });
  if (root.name !== 'xmap-content') throw new FormatError(FORMAT, `content.xml's root element is <${root.name}>, not <xmap-content>`);
  const comments = readComments(files);
  const fills = readTopicFills(files, report);
  const sheets: XSheet[] = [];
  const sheetEls = childElements(root, 'sheet');
  for (let i = 0; i < sheetEls.length; i++) {
    const s = sheetEls[i];
    const titleEl = childElement(s, 'title');
    const sheet: XSheet = { title: (titleEl ? textContent(titleEl).trim() : '') || `Sheet ${i + 1}`, relationships: [] };
    const rootEl = childElement(s, 'topic');
    if (rootEl) {
      const stack: { el: XmlElement; kind: Kind; parent: XTopic | null }[] = [{ el: rootEl, kind: 'root', parent: null }];
      while (stack.length > 0) {
        const { el, kind, parent } = stack.pop()!;
        const { topic, kids } = readXmlTopic(el, kind, comments, fills);
        if (parent) parent.children.push(topic);
        else sheet.root = topic;
        for (let k = kids.length - 1; k >= 0; k--) stack.push({ el: kids[k].el, kind: kids[k].kind, parent: topic });
      }
    }
    const rels = childElement(s, 'relationships');
    if (rels) {
      for (const r of childElements(rels, 'relationship')) {
        const titleR = childElement(r, 'title');
        if (r.attrs.end1 && r.attrs.end2) sheet.relationships.push({ from: r.attrs.end1, to: r.attrs.end2, title: titleR ? textContent(titleR) : undefined });
      }
    }
    sheets.push(sheet);
  }
  return sheets;
}

// ---------------------------------------------------------------- the archive

function readSheets(bytes: Uint8Array, report?: ReportBuilder): XSheet[] {
  let files: Map<string, Uint8Array>;
  try {
    files = unzip(bytes);
  } catch (e) {
    if (e instanceof FormatError) throw new FormatError(FORMAT, e.reason);
    throw e;
  }
  const json = files.get('content.json');
  const xml = files.get('content.xml') ?? files.get('/content.xml');
  if (json) {
    if (xml) report?.warn(CONTENT_XML_STUB_WARNING);
    return readContentJson(decode(json));
  }
  if (xml) return readContentXml(decode(xml), files, report);
  throw new FormatError(FORMAT, 'content.json is missing');
}

function countXTopics(root: XTopic | undefined): number {
  if (!root) return 0;
  let n = 0;
  const stack = [root];
  while (stack.length > 0) {
    const t = stack.pop()!;
    n++;
    for (const c of t.children) stack.push(c);
  }
  return n;
}

function isEmptySheet(s: XSheet): boolean {
  return !s.root || (s.root.children.length === 0 && (s.root.title ?? '').trim() === '');
}

/**
 * Each sheet's title, number of topics (attached, detached, callouts and summaries included) and
 * whether it is empty (nothing to import: offered, not choosable; "All sheets" skips it).
 */
export function listXmindSheets(bytes: Uint8Array): SheetSummary[] {
  return readSheets(bytes).map((s) => ({ title: s.title, topics: countXTopics(s.root), empty: isEmptySheet(s) }));
}

export interface SheetSummary {
  title: string;
  topics: number;
  empty: boolean;
}

// ---------------------------------------------------------------- XTopic → OutlineTopic

/** XMind's priority markers 1–9 on MindFlow's three: 1 high, 2 medium, 3–9 low (what the writer writes back). */
function priorityOf(marker: string): Priority | undefined {
  const m = /^priority-([1-9])$/.exec(marker);
  if (!m) return undefined;
  return m[1] === '1' ? 'high' : m[1] === '2' ? 'medium' : 'low';
}

const KIND_NOTES: Record<Exclude<Kind, 'root' | 'attached'>, string> = {
  detached: 'Floating topic: in the original map it was placed freely, not attached to its parent.',
  callout: 'Callout: in the original map it was a callout on its parent topic.',
  summary: 'Summary topic: in the original map it summarised a group of its parent’s subtopics',
};
const KIND_FEATURES: Record<Exclude<Kind, 'root' | 'attached'>, string> = {
  detached: 'floating topics',
  callout: 'callouts',
  summary: 'summaries',
};

function summaryNote(range: string | undefined): string {
  const m = range ? /^\(\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(range) : null;
  if (!m) return `${KIND_NOTES.summary}.`;
  return `${KIND_NOTES.summary} (subtopics ${Number(m[1]) + 1} to ${Number(m[2]) + 1}).`;
}

interface Frame {
  topic: OutlineTopic;
  parent: Frame | null;
}


function fileNameOfHref(href: string): string {
  const tail = href.split(/[\\/]/).pop() ?? href;
  return tail.replace(/^xap:/, '');
}

interface Mapped {
  roots: OutlineTopic[];
  connections: OutlineConnection[];
}

/** Maps the sheets' topics to the outline form, counting every feature in the report. */
function mapSheets(sheets: XSheet[], report: ReportBuilder): Mapped {
  const roots: OutlineTopic[] = [];
  const connections: OutlineConnection[] = [];
  const ids = new Set<string>();
  /** The source id of each topic's parent, to tell a relationship that only repeats a branch. */
  const parentOf = new Map<string, string>();
  const topicLinks: { frame: Frame; target: string; href: string }[] = [];

  for (const sheet of sheets) {
    if (!sheet.root) continue;
    const stack: { x: XTopic; parent: Frame | null; summaryRange?: string }[] = [{ x: sheet.root, parent: null }];
    while (stack.length > 0) {
      const { x, parent, summaryRange } = stack.pop()!;
      const topic: OutlineTopic = { label: x.title ?? '', children: [] };
      const frame: Frame = { topic, parent };
      if (parent) parent.topic.children.push(topic);
      else roots.push(topic);
      const path = pathOf(frame);
      if (x.id) {
        topic.sourceId = x.id;
        ids.add(x.id);
        if (parent?.topic.sourceId) parentOf.set(x.id, parent.topic.sourceId);
      }
      const notes: string[] = [];
      const after: string[] = [];

      if (isBlankTitle(topic.label)) {
        topic.label = x.images > 0 ? 'Image' : x.href && /^xap:/.test(x.href) ? fileNameOfHref(x.href) : UNTITLED;
        report.converted(UNTITLED_FEATURE, `topics labelled "${topic.label === 'Image' || topic.label === UNTITLED ? topic.label : 'file name'}"`, path);
      }
      if (x.kind !== 'root' && x.kind !== 'attached') {
        notes.push(x.kind === 'summary' ? summaryNote(summaryRange) : KIND_NOTES[x.kind]);
        report.converted(KIND_FEATURES[x.kind], 'topics with a note', path);
      }
      if (x.notes) {
        const n = x.notes;
        if (n.text !== '') {
          notes.push(n.text);
          if (n.rich) report.converted('rich-text notes', 'text', path);
          else report.kept('notes', path);
        } else report.dropped('empty notes', path);
        for (const h of n.hrefs) if (!n.text.includes(h)) after.push(`Link: ${h}`);
        if (n.images > 0) report.dropped('images in notes', path, n.images);
      }
      for (const c of x.comments) {
        after.push(c);
        report.converted('comments', 'notes', path);
      }
      if (x.labels.length > 0) {
        topic.tags = x.labels;
        report.kept('labels', path, x.labels.length);
      }
      let priorityMarker = false;
      let taskMarker = false;
      for (const m of x.markers) {
        const p = priorityOf(m);
        if (p && !priorityMarker) {
          priorityMarker = true;
          topic.priority = p;
          report.converted('priority markers', 'priority', path);
          report.choose('XMind priorities 1–9 became MindFlow priorities: 1 high, 2 medium, 3 to 9 low.');
        } else if (/^task-/.test(m) && !taskMarker) {
          taskMarker = true;
          topic.done = m === 'task-done';
          report.converted('task markers', 'done or open tasks', path);
        } else report.dropped('markers', path);
      }
      if (x.href !== undefined && x.href.trim() !== '') {
        const href = x.href.trim();
        if (/^xmind:#/.test(href)) topicLinks.push({ frame, target: href.slice('xmind:#'.length), href });
        else if (/^xap:/.test(href)) {
          after.push(`Attached file (inside the XMind file, not imported): ${fileNameOfHref(href)}`);
          report.converted('attached files', 'notes', path);
        } else if (isSafeUrl(href)) {
          topic.link = href;
          report.kept('links', path);
        } else {
          after.push(`Link: ${href}`);
          report.converted('links that are not web or mail addresses', 'notes', path);
        }
      }
      if (x.folded) {
        if (x.children.length > 0) {
          topic.collapsed = true;
          report.kept('collapsed', path);
        } else report.dropped('folded topics without subtopics', path);
      }
      if (x.color) {
        topic.color = x.color;
        report.kept('fill colours', path);
      }
      if (x.images > 0) report.dropped('images', path, x.images);
      if (x.boundaries > 0) report.dropped('boundaries', path, x.boundaries);
      for (const d of x.dropped) report.dropped(d, path);

      if (notes.length > 0 || after.length > 0) {
        const all = [...notes, ...after].filter((s) => s !== '');
        if (all.length > 0) topic.notes = all.join('\n\n');
      }

      for (let k = x.children.length - 1; k >= 0; k--) {
        const c = x.children[k];
        stack.push({ x: c, parent: frame, summaryRange: c.kind === 'summary' && c.id ? x.summaryRanges?.get(c.id) : undefined });
      }
    }
    for (const r of sheet.relationships) {
      connections.push({ from: r.from, to: r.to, ...(r.title ? { label: r.title } : {}) });
    }
  }

  // Relationships between topics of sheets that were not read cannot be kept; one between a topic
  // and its parent, or a second one between the same two topics, would only repeat a line.
  const kept: OutlineConnection[] = [];
  const pairs = new Set<string>();
  const repeats = (a: string, b: string): boolean => {
    if (parentOf.get(a) === b || parentOf.get(b) === a) return true;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    if (pairs.has(key)) return true;
    pairs.add(key);
    return false;
  };
  const why = { sheets: 0, self: 0, repeat: 0 };
  for (const c of connections) {
    let reason: keyof typeof why | undefined;
    if (!ids.has(c.from) || !ids.has(c.to)) reason = 'sheets';
    else if (c.from === c.to) reason = 'self';
    else if (repeats(c.from, c.to)) reason = 'repeat';
    if (reason) {
      why[reason]++;
      report.dropped('relationships');
    } else {
      kept.push({ ...c, counted: { feature: 'relationships', as: 'kept' } });
      report.kept('relationships');
    }
  }
  const reasons = [
    why.sheets && `${why.sheets} to topics of sheets that were not read`,
    why.self && `${why.self} from a topic to itself`,
    why.repeat && counted(why.repeat, 'that repeat a branch line or another relationship', 'that repeats a branch line or another relationship'),
  ].filter(Boolean);
  if (reasons.length > 0) report.warn(`Relationships left out: ${reasons.join(', ')}.`);
  // An XMind topic link ("xmind:#id") is a connection when its target was read, else a note.
  for (const l of topicLinks) {
    const path = pathOf(l.frame);
    const from = l.frame.topic.sourceId;
    if (from && from === l.target) {
      report.dropped('links from a topic to itself', path);
    } else if (from && ids.has(l.target) && repeats(from, l.target)) {
      report.dropped('links to topics that repeat a branch or relationship', path);
    } else if (from && ids.has(l.target)) {
      kept.push({ from, to: l.target, counted: { feature: 'links to topics', as: 'converted', into: 'connections', example: path } });
      report.converted('links to topics', 'connections', path);
    } else {
      const line = `Link to a topic of another sheet: ${l.href}`;
      l.frame.topic.notes = l.frame.topic.notes ? `${l.frame.topic.notes}\n\n${line}` : line;
      report.converted('links to topics', 'notes', path);
    }
  }
  return { roots, connections: kept };
}

/**
 * Reads sheet `sheet` (0-based) of an XMind file, or every sheet (`'all'`: each sheet's root becomes
 * a main branch; empty sheets are skipped and reported). Throws FormatError for anything that is not
 * an XMind file.
 */
export function readXmind(bytes: Uint8Array, fileName: string | undefined, sheet: number | 'all'): ReadResult {
  const report = new ReportBuilder(FORMAT, fileName);
  const sheets = readSheets(bytes, report);
  if (sheets.length === 0) throw new FormatError(FORMAT, 'it has no sheets');
  let chosen: XSheet[];
  if (sheet === 'all') {
    chosen = [];
    for (const s of sheets) {
      if (isEmptySheet(s)) report.choose(`Sheet "${s.title}" is empty and was skipped.`);
      else chosen.push(s);
    }
    if (chosen.length === 0) throw new FormatError(FORMAT, 'every sheet is empty');
    if (chosen.length > 1) {
      const read = chosen.length === sheets.length ? `All ${chosen.length} sheets were` : `${chosen.length} of the ${sheets.length} sheets were`;
      report.choose(`${read} read; each sheet's central topic is a main branch.`);
    }
  } else {
    const s = sheets[sheet];
    if (!Number.isInteger(sheet) || !s) throw new FormatError(FORMAT, `it has no sheet ${String(sheet)} (it has ${sheets.length})`);
    if (isEmptySheet(s)) throw new FormatError(FORMAT, `sheet "${s.title}" is empty`);
    chosen = [s];
    if (sheets.length > 1) report.choose(`Sheet "${s.title}" was read (${counted(sheets.length - 1, 'other sheets')} left out).`);
  }
  const { roots, connections } = mapSheets(chosen, report);
  return { outline: { roots, connections } satisfies Outline, report };
}
