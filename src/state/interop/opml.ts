/**
 * OPML 1.0 / 2.0 → Outline. Every `<outline>` element is one topic. Choices, also in the report:
 * - `text` holding escaped HTML (`&lt;b&gt;…`) becomes plain text, its first href the link;
 * - `_note` → notes; `url` / `htmlUrl` / `xmlUrl` → the link (type="include" outlines keep their url as
 *   a link and are never fetched); `category` → tags; `_complete` → a checked-off task;
 * - folding: the head's `expansionState` when it lists line numbers (OPML's "flatdown" rule: the
 *   Nth visible line is expanded), else each outline's `collapse="true"`; with neither, all open.
 *   Outlines inside a collapsed branch have no line number: they follow their own `collapse="true"`
 *   when those attributes agree with expansionState on every shown line, else stay closed.
 * Walks are iterative: a 100,000-level outline must not overflow the stack.
 */
import { isSafeUrl } from '../restore';
import { htmlToText } from './html';
import type { Outline, OutlineTopic } from './outline';
import { FormatError, type ReadResult } from './reader';
import { ReportBuilder, pathOf } from './report';
import { childElement, childElements, parseXml, textContent, type XmlElement } from './xml';

interface Frame {
  topic: OutlineTopic;
  parent: Frame | null;
  el: XmlElement;
  /** Its own `collapse="true"`. */
  collapse: boolean;
  /** A line expansionState numbers: a top-level outline or a child of a shown, open one. */
  shown: boolean;
  /** Listed as open in expansionState. */
  open: boolean;
}


/** Escaped HTML in `text`: only known inline tags count, so code such as `a < b` stays text. */
const INLINE_HTML = /<\/?(?:a|b|i|u|s|em|strong|span|br|p|div|strike|del|ins|code|img|font|sup|sub|mark)\b[^>]*>/i;

/**
 * A label that only looks like HTML, as MindFlow's OPML export writes it (writeOpml.ts): escaped
 * text, blanks and line breaks in one bare span. Nothing in it was formatting: read back as the
 * text, without a "formatted text" conversion in the report.
 */
const ESCAPED_LABEL = /^<span>(?:[^<]|<br>)*<\/span>$/;

// Attribute names as lowerCaseNames gives them: files write `Text=`, `TEXT=` or `_Note=` as well.
const LINK_ATTRS = ['url', 'htmlurl', 'xmlurl'];

/** Attributes read into topic fields; any other attribute is counted as dropped. */
const READ_ATTRS = new Set(['text', '_note', 'url', 'htmlurl', 'xmlurl', 'type', 'category', '_complete', 'collapse', 'title']);

/** Text that is tags and nothing else: HTML would give it no text at all. */
function isMarkupAlone(text: string): boolean {
  return text.replace(/<[^<>]*>/g, '') === '';
}

/**
 * An outline's attributes under lower-case names (the first of names that differ only in case wins),
 * as the original names when they already are (the usual case: no copy).
 */
function lowerCaseNames(attrs: Record<string, string>): Record<string, string> {
  let lower = true;
  for (const k in attrs) if (k !== k.toLowerCase()) lower = false;
  if (lower) return attrs;
  const out: Record<string, string> = Object.create(null);
  for (const k in attrs) out[k.toLowerCase()] ??= attrs[k];
  return out;
}

function parseExpansionState(head: XmlElement | undefined): number[] | null {
  const el = head ? childElement(head, 'expansionState') : undefined;
  if (!el) return null;
  const nums = textContent(el)
    .split(/[\s,]+/)
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .sort((a, b) => a - b);
  return nums.length > 0 ? nums : null;
}

/** Reads an OPML outline. Throws FormatError for anything that is not one. */
export function readOpml(text: string, fileName?: string): ReadResult {
  const format = 'OPML';
  const root = parseXml(text, { format });
  if (root.name !== 'opml') throw new FormatError(format, `its root element is <${root.name}>, not <opml>`);
  const body = childElement(root, 'body');
  if (!body) throw new FormatError(format, 'it has no <body>');
  const head = childElement(root, 'head');
  const report = new ReportBuilder(format, fileName);

  const titleEl = head ? childElement(head, 'title') : undefined;
  const headTitle = titleEl ? textContent(titleEl).trim() : '';
  const title = headTitle || body.attrs.text?.trim() || undefined;
  const otherHeadFields = head !== undefined && childElements(head).some((c) => c.name !== 'title' && c.name !== 'expansionState');

  const roots: OutlineTopic[] = [];
  const frames: Frame[] = [];
  const stack: { el: XmlElement; parent: Frame | null }[] = [];
  const top = childElements(body, 'outline');
  for (let i = top.length - 1; i >= 0; i--) stack.push({ el: top[i], parent: null });
  let includes = 0;

  while (stack.length > 0) {
    const { el, parent } = stack.pop()!;
    const a = lowerCaseNames(el.attrs);
    const topic: OutlineTopic = { label: '', children: [] };
    const frame: Frame = { topic, parent, el, collapse: a.collapse === 'true', shown: false, open: false };
    frames.push(frame);
    if (parent) parent.topic.children.push(topic);
    else roots.push(topic);
    const path = pathOf(frame);
    const kids = el.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i];
      if (typeof c !== 'string' && c.name === 'outline') stack.push({ el: c, parent: frame });
    }

    const notes: string[] = [];
    const links: string[] = [];
    const rawText = a.text ?? a.title ?? '';
    // Markup alone, without even a blank between its tags (a code listing's `<div class="x">` or
    // `</div>` line), is the text itself; formatting around blanks alone (`<b> </b>`) is an untitled topic.
    if (ESCAPED_LABEL.test(rawText)) topic.label = htmlToText(rawText).text;
    else if (INLINE_HTML.test(rawText) && !isMarkupAlone(rawText)) {
      const h = htmlToText(rawText);
      topic.label = h.text;
      links.push(...h.hrefs);
      report.converted('formatted texts', 'plain text', path);
    } else topic.label = rawText;

    if (a._note !== undefined && a._note.trim() !== '') {
      notes.push(a._note);
      report.kept('notes', path);
    }
    const type = a.type?.toLowerCase();
    for (const key of LINK_ATTRS) {
      const v = a[key]?.trim();
      if (v) links.unshift(v);
    }
    if (type === 'include') {
      includes++;
      report.converted('included outlines', 'links', path);
    }
    for (let i = 0; i < links.length; i++) {
      const url = links[i];
      if (topic.link === undefined && isSafeUrl(url)) {
        topic.link = url;
        if (type !== 'include') report.kept('links', path);
      } else {
        notes.push(`Link: ${url}`);
        report.converted('links', 'notes', path);
      }
    }
    if (type && type !== 'include' && type !== 'link' && type !== 'rss') report.dropped(`"${type}" outline types`, path);

    if (a.category !== undefined) {
      const tags = a.category
        .split(',')
        // "/Work/Urgent" is the category path "Work/Urgent"; only the path's own slash goes ("//x" is "/x").
        .map((c) => c.trim().replace(/^\//, ''))
        .filter((c) => c !== '');
      if (tags.length > 0) {
        topic.tags = tags;
        report.kept('categories', path, tags.length);
      }
    }
    if (a._complete === 'true') {
      topic.done = true;
      report.kept('completed tasks', path);
    }
    if (a.iscomment === 'true') report.dropped('comment flags', path);
    for (const key in el.attrs) {
      const name = key.toLowerCase();
      if (!READ_ATTRS.has(name) && name !== 'iscomment') report.dropped(`"${key}" attributes`, path);
    }
    if (notes.length > 0) topic.notes = notes.join('\n\n');
  }
  if (includes > 0) report.choose('Included outlines (type="include") were kept as links to their URL; they were not fetched.');

  applyFolding(frames, parseExpansionState(head), report);
  countHeadTitle(headTitle, roots.length === 1 ? roots[0].label : null, otherHeadFields, report);
  const outline: Outline = { roots, connections: [], ...(title ? { title } : {}) };
  return { outline, report };
}

/**
 * The head title is kept when it names the root added above several top-level outlines (or the
 * one topic of an empty body), or is the one top-level outline's own text (as MindFlow's export
 * writes it); otherwise one top-level outline is the root itself, and the title is dropped.
 */
function countHeadTitle(headTitle: string, onlyRoot: string | null, otherHeadFields: boolean, report: ReportBuilder): void {
  const used = headTitle !== '' && (onlyRoot === null || onlyRoot.trim() === headTitle);
  if (headTitle !== '') {
    if (used) report.kept('head title');
    else report.dropped('head title');
  }
  if (otherHeadFields) {
    report.choose(`Head fields other than ${used ? 'the title and expansion state' : 'the expansion state'} (owner, dates, window) were not imported.`);
  }
  if (headTitle !== '' && !used) report.choose('The head title was not used: the outline has one top-level outline, which became the root.');
}

function applyFolding(frames: Frame[], expansion: number[] | null, report: ReportBuilder): void {
  if (expansion === null) {
    for (const f of frames) {
      if (!f.collapse) continue;
      if (f.topic.children.length > 0) {
        f.topic.collapsed = true;
        report.kept('collapsed', pathOf(f));
      } else report.dropped('folded topics without subtopics', pathOf(f));
    }
    if (frames.some((f) => f.collapse)) report.choose('Folding follows each outline\'s collapse="true".');
    return;
  }
  // Flatdown: visit visible lines in order (frames are in document order), numbering them from 1;
  // line N in the list is expanded, which makes its children the next visible lines. Everything else
  // with children is collapsed. Flags on the frames rather than sets: no hashing of 100k objects.
  let next = 0;
  let line = 0;
  // Lines inside a collapsed branch are not numbered, so expansionState cannot say whether they are
  // open. When every shown outline's collapse="true" agrees with it (MindFlow writes both), those
  // attributes are a full record and the hidden outlines follow theirs; otherwise they stay closed.
  let hidden = false;
  let agrees = true;
  for (const f of frames) {
    if (f.parent !== null && !(f.parent.shown && f.parent.open)) {
      if (f.topic.children.length > 0) hidden = true;
      continue;
    }
    f.shown = true;
    line++;
    while (next < expansion.length && expansion[next] < line) next++;
    if (next < expansion.length && expansion[next] === line) {
      f.open = true;
      next++;
    }
    if (f.topic.children.length > 0 && f.collapse === f.open) agrees = false;
  }
  const ownState = hidden && agrees;
  for (const f of frames) {
    if (f.topic.children.length === 0) {
      if (f.collapse) report.dropped('folded topics without subtopics', pathOf(f));
      continue;
    }
    const collapsed = f.shown || !ownState ? !f.open : f.collapse;
    if (collapsed) {
      f.topic.collapsed = true;
      report.kept('collapsed', pathOf(f));
    }
  }
  report.choose(
    ownState
      ? 'Folding follows the head\'s expansionState (the listed lines are open, the rest closed); inside collapsed branches, which it does not number, each outline\'s collapse="true", which agrees with it on every shown line.'
      : 'Folding follows the head\'s expansionState (the listed lines are open, the rest closed).',
  );
}
