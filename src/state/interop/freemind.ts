/**
 * FreeMind and Freeplane `.mm` → Outline, counting what is kept, converted and dropped.
 *
 * Every `<node>` element becomes one topic (MapStyle `<stylenode>`s live inside a hook and are never
 * read as topics). Choices, also written into the report:
 * - internal links (`LINK="#ID_…"`) become connections when their target exists (else a note line);
 *   links that are not http(s)/mailto (files, relative paths) go into the notes;
 * - attributes go into the notes as "name: value" lines; DETAILS come before the note;
 * - Freeplane clones (`TREE_ID`) copy their original's own content (their children are written as
 *   clones of their own);
 * - summary and floating (FreeNode) topics stay topics, with a note saying what they were.
 */
import { isSafeUrl } from '../restore';
import type { Priority } from '../model';
import { htmlToText } from './html';
import type { Outline, OutlineConnection, OutlineTopic } from './outline';
import { FormatError, type ReadResult } from './reader';
import { ReportBuilder, pathOf } from './report';
import { UNTITLED } from './untitled';
import { decodeXmlEntities, parseXml, type XmlElement } from './xml';

interface Frame {
  topic: OutlineTopic;
  parent: Frame | null;
}


const PRIORITY_ICONS: Record<string, Priority> = {
  'full-1': 'high',
  'full-2': 'medium',
  'full-3': 'low',
  'priority-1': 'high',
  'priority-2': 'medium',
  'priority-3': 'low',
};

const SUMMARY_NOTE = 'Summary topic: in the original map it summarised a group of the topics before it.';
const FLOATING_NOTE = 'Floating topic: in the original map it was placed freely, not attached to its parent.';

/** Node attributes that only place or size a topic; the map gets a tidy layout instead. */
const LAYOUT_ATTRS = new Set(['POSITION', 'HGAP', 'VGAP', 'VSHIFT', 'HGAP_QUANTITY', 'VGAP_QUANTITY', 'VSHIFT_QUANTITY']);
const STYLE_ATTRS = new Set([
  'STYLE', 'STYLE_REF', 'LOCALIZED_STYLE_REF', 'MIN_WIDTH', 'MAX_WIDTH', 'TEXT_ALIGN', 'BORDER_WIDTH', 'BORDER_DASH',
  'BORDER_COLOR', 'BORDER_COLOR_LIKE_EDGE', 'UNIFORM_SHAPE', 'SHAPE_HORIZONTAL_MARGIN', 'SHAPE_VERTICAL_MARGIN',
  'ICON_SIZE', 'CHILD_NODES_LAYOUT', 'NUMBERED', 'FORMAT', 'FORMAT_AS_HYPERLINK',
]);

interface RichText {
  text: string;
  /** The body was a browser `<parsererror>` written by the exporting tool, not content. */
  parserError?: string;
  html: boolean;
  hrefs: string[];
  images: number;
}

/** The text of a `<richcontent>`: HTML bodies through htmlToText, `<text>` bodies as written. */
function richText(el: XmlElement): RichText {
  const raw = el.raw ?? '';
  const pe = /<parsererror\b[^>]*>([\s\S]*?)<\/parsererror>/.exec(raw);
  if (pe && !/<html\b/i.test(raw)) return { text: '', parserError: decodeXmlEntities(pe[1]).trim(), html: false, hrefs: [], images: 0 };
  const textBody = /^\s*<text\b[^>]*>([\s\S]*?)<\/text>\s*$/.exec(raw);
  if (textBody || /^\s*<text\b[^>]*\/>\s*$/.test(raw)) {
    return { text: decodeXmlEntities(textBody ? textBody[1] : '').replace(/\s+$/, ''), html: false, hrefs: [], images: 0 };
  }
  const h = htmlToText(raw);
  return { text: h.text, html: true, hrefs: h.hrefs, images: h.images };
}

function isPlainContentType(ct: string | undefined): boolean {
  return ct !== undefined && ct.startsWith('plain/');
}

/** Reads a FreeMind or Freeplane map. Throws FormatError for anything that is not one. */
export function readFreemind(text: string, fileName?: string): ReadResult {
  const root = parseXml(text, { format: 'FreeMind', rawElements: ['richcontent'] });
  if (root.name !== 'map') throw new FormatError('FreeMind', `its root element is <${root.name}>, not <map>`);
  const version = root.attrs.version ?? '';
  const format = /freeplane/i.test(version) ? 'Freeplane' : 'FreeMind';
  const report = new ReportBuilder(format, fileName);

  const roots: OutlineTopic[] = [];
  const connections: OutlineConnection[] = [];
  const connectionKeys = new Set<string>();
  // Topics by ID, for clones and links to other topics: the pairs are kept in order and the map is
  // built only when some topic needs it (most maps have neither).
  const idList: string[] = [];
  const idFrames: Frame[] = [];
  const clones: { frame: Frame; of: string }[] = [];
  const internalLinks: { frame: Frame; target: string; raw: string }[] = [];
  let sawAttributes = false;

  const addConnection = (c: OutlineConnection): boolean => {
    const key = `${c.from}\u0000${c.to}`;
    if (connectionKeys.has(key)) return false;
    connectionKeys.add(key);
    connections.push(c);
    return true;
  };

  const stack: { el: XmlElement; parent: Frame | null }[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) {
    const c = root.children[i];
    if (typeof c !== 'string' && c.name === 'node') stack.push({ el: c, parent: null });
  }
  if (stack.length === 0) throw new FormatError(format, 'the map has no topics (no <node> element)');

  // Scratch lists for one topic's note parts, emptied per topic (one set for the whole map).
  const notes: string[] = [];
  const after: string[] = [];
  const details: string[] = [];
  const noteTexts: string[] = [];
  const attributes: string[] = [];

  while (stack.length > 0) {
    const { el, parent } = stack.pop()!;
    const a = el.attrs;
    notes.length = 0;
    after.length = 0;
    details.length = 0;
    noteTexts.length = 0;
    attributes.length = 0;
    const topic: OutlineTopic = { label: '', children: [] };
    const frame: Frame = { topic, parent };
    if (parent) parent.topic.children.push(topic);
    else roots.push(topic);
    const path = pathOf(frame);
    if (a.ID) {
      topic.sourceId = a.ID;
      idList.push(a.ID);
      idFrames.push(frame);
    }

    let label: string | undefined = a.TEXT;
    let labelFromParserError: string | undefined;
    if (label !== undefined && label.startsWith('=')) report.converted('formulas', 'text', path);

    let priorityFromIcon = false;
    let summary = false;
    let floating = false;

    // Children of the <node>: rich content, icons, links, hooks, styles and sub-topics.
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (typeof c !== 'string' && c.name === 'node') stack.push({ el: c, parent: frame });
    }
    for (const c of el.children) {
      if (typeof c === 'string') continue;
      switch (c.name) {
        case 'node':
          break;
        case 'richcontent': {
          const type = (c.attrs.TYPE ?? '').toUpperCase();
          const rich = richText(c);
          if (rich.images > 0) report.dropped('images in rich text', path, rich.images);
          for (let k = 1; k < rich.hrefs.length; k++) after.push(`Link: ${rich.hrefs[k]}`);
          if (type === 'NODE') {
            if (rich.parserError !== undefined) {
              labelFromParserError = rich.parserError;
              report.dropped('unreadable topic texts', path);
            } else if (label === undefined) {
              label = rich.text.replace(/\n{2,}/g, '\n');
              report.converted('rich-text labels', 'text', path);
            } else report.dropped('second topic texts', path);
          } else if (type === 'DETAILS' || type === 'NOTE') {
            const kind = type === 'DETAILS' ? 'details' : 'notes';
            if (rich.parserError !== undefined) {
              report.dropped(`unreadable ${kind}`, path);
              report.warn(`The exporting tool wrote a parser error instead of some ${kind} ("${rich.parserError}"); they were left out.`);
            } else if (rich.text !== '') {
              (type === 'DETAILS' ? details : noteTexts).push(rich.text);
              if (rich.html && !isPlainContentType(c.attrs['CONTENT-TYPE'])) report.converted(`rich-text ${kind}`, 'text', path);
              else if (type === 'DETAILS') report.converted('details', 'notes', path);
              else report.kept('notes', path);
            } else report.dropped(`empty ${kind}`, path);
          } else {
            report.dropped('other rich content', path);
          }
          break;
        }
        case 'icon': {
          const name = c.attrs.BUILTIN ?? '';
          const p = PRIORITY_ICONS[name];
          if (p && !priorityFromIcon) {
            topic.priority = p;
            priorityFromIcon = true;
            report.converted('priority icons', 'priority', path);
          } else report.dropped('icons', path);
          break;
        }
        case 'arrowlink': {
          const to = c.attrs.DESTINATION;
          if (!a.ID || !to) {
            report.dropped('connections', path);
            break;
          }
          const lbl = c.attrs.MIDDLE_LABEL || c.attrs.SOURCE_LABEL || c.attrs.TARGET_LABEL;
          if (addConnection({ from: a.ID, to, ...(lbl ? { label: lbl } : {}), counted: { feature: 'connections', as: 'kept', example: path } })) report.kept('connections', path);
          else report.dropped('connections that repeat another link', path);
          break;
        }
        case 'linktarget':
          // FreeMind writes each arrow twice: <arrowlink> on its source, <linktarget> on its target.
          break;
        case 'attribute': {
          const name = c.attrs.NAME ?? '';
          const value = c.attrs.VALUE ?? '';
          attributes.push(`${name}: ${value}`);
          sawAttributes = true;
          report.converted('attributes', 'notes', path);
          break;
        }
        case 'hook': {
          const name = c.attrs.NAME ?? '';
          if (name === 'SummaryNode') {
            summary = true;
            report.converted('summary topics', 'topics with a note', path);
          } else if (name === 'FreeNode') {
            floating = true;
            report.converted('floating topics', 'topics with a note', path);
          } else if (name === 'FirstGroupNode') report.dropped('summary group starts', path);
          else if (name === 'NodeConditionalStyles') report.dropped('conditional styles', path);
          else if (name === 'AlwaysUnfoldedNode') report.dropped('always-unfolded flags', path);
          else if (name === 'ExternalObject') {
            const uri = c.attrs.URI;
            if (uri) {
              after.push(`Image: ${uri}`);
              report.converted('images', 'notes', path);
            } else report.dropped('images', path);
          } else if (name === 'MapStyle') {
            report.dropped('map styles', path);
            report.choose('The map\'s own styles (MapStyle) were not imported; MindFlow uses its theme.');
          } else {
            // Old FreeMind names plugins by path ("accessories/plugins/BlinkingNodeHook.properties").
            const short = name.split('/').pop()!.replace(/\.(properties|xml)$/, '');
            report.dropped(short ? `${short} hooks` : 'hooks', path);
          }
          break;
        }
        case 'cloud':
          report.dropped('clouds', path);
          break;
        case 'font':
          report.dropped('fonts', path);
          break;
        case 'edge':
          report.dropped('edge styles', path);
          break;
        default:
          report.dropped(`<${c.name}> elements`, path);
      }
    }

    if (a.TREE_ID && label === undefined) {
      clones.push({ frame, of: a.TREE_ID });
    } else if (label === undefined) {
      if (labelFromParserError !== undefined) {
        notes.push(`The file held an error message instead of this topic's text: ${labelFromParserError}`);
        report.warn('Some topics had an error message from the exporting tool instead of their text; they are named "Untitled" and the message is in their notes.');
      }
      label = summary ? 'Summary' : UNTITLED;
    }
    topic.label = label ?? '';
    if (summary) notes.unshift(SUMMARY_NOTE);
    if (floating) notes.unshift(FLOATING_NOTE);
    notes.push(...details, ...noteTexts);
    if (attributes.length > 0) notes.push(attributes.join('\n'));

    if (a.FOLDED === 'true') {
      if (el.children.some((c) => typeof c !== 'string' && c.name === 'node')) {
        topic.collapsed = true;
        report.kept('collapsed', path);
      } else report.dropped('folded topics without subtopics', path);
    }
    const link = a.LINK?.trim();
    if (link) {
      if (link.startsWith('#')) {
        internalLinks.push({ frame, target: link.slice(1), raw: link });
      } else if (isSafeUrl(link)) {
        topic.link = link;
        report.kept('links', path);
      } else {
        after.push(`Link: ${link}`);
        report.converted('links to files or other maps', 'notes', path);
      }
    }
    if (a.BACKGROUND_COLOR) {
      const color = /^#[0-9a-f]{6}$/i.exec(a.BACKGROUND_COLOR.trim());
      if (color) {
        topic.color = color[0].toLowerCase();
        report.kept('colours', path);
      } else report.dropped('colours', path);
    }
    if (a.COLOR) report.dropped('text colours', path);
    let styled = false;
    let placed = false;
    for (const k in a) {
      if (STYLE_ATTRS.has(k)) styled = true;
      else if (LAYOUT_ATTRS.has(k)) placed = true;
    }
    if (styled) report.dropped('topic styles', path);
    if (placed) report.dropped('positions', path);

    notes.push(...after);
    if (notes.length > 0) topic.notes = notes.join('\n\n');
  }

  const byId = new Map<string, Frame>();
  if (clones.length > 0 || internalLinks.length > 0) {
    for (let i = 0; i < idList.length; i++) if (!byId.has(idList[i])) byId.set(idList[i], idFrames[i]);
  }

  // Clones copy their original's own content; originals that are clones themselves resolve first.
  let pending = clones;
  while (pending.length > 0) {
    const next: typeof clones = [];
    for (const c of pending) {
      const original = byId.get(c.of);
      if (original && original.topic.label === '' && pending.some((p) => p.frame === original)) {
        next.push(c);
        continue;
      }
      const t = c.frame.topic;
      if (original) {
        const o = original.topic;
        t.label = o.label;
        if (o.notes !== undefined) t.notes = t.notes ? `${o.notes}\n\n${t.notes}` : o.notes;
        const path = pathOf(c.frame);
        // What a clone gets from its original is counted as the map holds it, as if read from the clone.
        if (o.link !== undefined && t.link === undefined) {
          t.link = o.link;
          report.kept('links', path);
        }
        if (o.priority !== undefined) t.priority ??= o.priority;
        if (o.color !== undefined && t.color === undefined) {
          t.color = o.color;
          report.kept('colours', path);
        }
        report.converted('clones', 'copies', path);
      } else {
        t.label = UNTITLED;
        report.dropped('clones of missing topics', pathOf(c.frame));
      }
    }
    if (next.length === pending.length) {
      for (const c of next) {
        c.frame.topic.label = UNTITLED;
        report.dropped('clones of missing topics', pathOf(c.frame));
      }
      break;
    }
    pending = next;
  }
  if (clones.length > 0) report.choose('Clones became copies of their original topic (edits no longer affect both).');

  for (const l of internalLinks) {
    const from = l.frame.topic.sourceId;
    if (from && byId.has(l.target) && l.target !== from) {
      const path = pathOf(l.frame);
      const counted = { feature: 'links to other topics', as: 'converted' as const, into: 'connections', example: path };
      if (addConnection({ from, to: l.target, counted })) report.converted('links to other topics', 'connections', path);
      else report.dropped('links to other topics', path);
    } else {
      const t = l.frame.topic;
      const line = `Link: ${l.raw}`;
      t.notes = t.notes ? `${t.notes}\n\n${line}` : line;
      report.converted('links to other topics', 'notes', pathOf(l.frame));
    }
  }
  if (internalLinks.length > 0) report.choose('Links to other topics of the map became connections.');
  if (sawAttributes) report.choose('Attributes were written into the notes as "name: value" lines.');

  const outline: Outline = { roots, connections };
  return { outline, report };
}
