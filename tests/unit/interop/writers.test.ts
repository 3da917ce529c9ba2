/**
 * The export writers on their own: each file is parsed back with a plain parser of its format (not
 * MindFlow's readers) to check structure and escaping; deep chains must not overflow the stack.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import type { List, ListItem, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportFormat } from '../../../src/state/interop/exportFormats';
import { fromMap } from '../../../src/state/interop/fromMap';
import { lostSentence, walkOutline, xmlAttr, xmlText } from '../../../src/state/interop/writeCommon';
import { writeFreemind } from '../../../src/state/interop/writeFreemind';
import { escapeLine, HEADING_LEVELS, MAX_LIST_DEPTH, writeMarkdown } from '../../../src/state/interop/writeMarkdown';
import { writeOpml } from '../../../src/state/interop/writeOpml';
import { writeXmind, xmindContent } from '../../../src/state/interop/writeXmind';
import { mapToSvg } from '../../../src/ui/editor/export/svgExport';
import { chainState, richState, TRICKY } from './exportMaps';
import { buildState } from '../../../src/state/snapshot';
import { makeEdge, makeNode } from '../helpers/mapFixtures';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true, isArray: (_n: string, _p: unknown, _leaf: boolean, attr: boolean) => !attr });
// Parsed XML: elements are arrays of X, attributes strings.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type X = Record<string, any>;

// One 100,000-level chain for every writer (building it is most of the time on a busy machine).
let chainOutline: ReturnType<typeof fromMap> | undefined;
const chain100k = () => (chainOutline ??= fromMap(chainState(100_000)));
const SLOW = { timeout: 60_000 };

const LABELS = ['Plan & <Goals>', '# Heading-like', 'Line one\nLine two', '1. numbered', 'Collapsed', 'Hidden child', 'deep', TRICKY, 'はい 日本語 — emoji 🌱'];

describe('fromMap', () => {
  it('gives topics in tree order with every field, and connections as the non-tree edges', () => {
    const { outline, features } = fromMap(richState());
    const labels: string[] = [];
    walkOutline(outline.roots, (t) => labels.push(t.label));
    expect(labels).toEqual(LABELS);
    const [root] = outline.roots;
    const h = root.children[0];
    expect(h).toMatchObject({ tags: ['x', 'y/z'], priority: 'high', color: '#ef4444', sourceId: 'h' });
    expect(h.children[1]).toMatchObject({ done: true, link: 'https://example.com/a_(b)?q=1&r=2', linkTitle: 'Example' });
    expect(h.children[0].done).toBe(false);
    expect(root.children[1].collapsed).toBe(true);
    expect(root.color).toBeUndefined(); // the default colour is not a feature
    expect(outline.connections).toEqual([
      { from: 'h', to: 'deep' },
      { from: 'q', to: 'two' },
    ]);
    expect(features).toMatchObject({ topics: 9, notes: 2, links: 1, linkTitles: 1, tagged: 1, priorities: 3, colours: 2, collapsed: 1, connections: 2, multiline: 1, tasks: 2, openTasks: 1 });
  });

  it('walks a 100,000-level chain without recursion', SLOW, () => {
    const { outline, features } = chain100k();
    expect(features.topics).toBe(100_001);
    let deepest = 0;
    walkOutline(outline.roots, (_t, d) => (deepest = Math.max(deepest, d)));
    expect(deepest).toBe(100_000);
  });
});

describe('escaping helpers', () => {
  it('escape XML text and attributes, keeping line breaks in attributes and dropping characters XML cannot hold', () => {
    expect(xmlText('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(xmlAttr('say "hi"\nthen\tgo')).toBe('say &quot;hi&quot;&#xa;then&#x9;go');
    expect(xmlAttr('bell\u0007 and lone \ud800 surrogate')).toBe('bell and lone  surrogate');
    expect(xmlAttr('pair 🌱 kept')).toBe('pair 🌱 kept');
  });

  it('escape Markdown syntax at line start and inline', () => {
    expect(escapeLine('# not a heading')).toBe('\\# not a heading');
    expect(escapeLine('1. not a list')).toBe('1\\. not a list');
    expect(escapeLine('- not a list')).toBe('\\- not a list');
    expect(escapeLine('*a* _b_ [c](d)')).toBe('\\*a\\* \\_b\\_ \\[c\\](d)');
    expect(escapeLine('    indented')).toBe('&#32;   indented');
  });

  it('say what a format could not hold in one sentence', () => {
    const item = (count: number, one: string, many: string) => ({ count, one, many });
    expect(lostSentence('OPML', [item(3, 'connection', 'connections'), item(12, 'colour', 'colours')])).toBe(
      'OPML has no place for 3 connections and 12 colours',
    );
    expect(lostSentence('OPML', [item(1, 'connection', 'connections'), item(0, 'x', 'xs'), item(1200, 'colour', 'colours'), item(2, 'tag', 'tags')])).toBe(
      'OPML has no place for 1 connection, 1,200 colours and 2 tags',
    );
    expect(lostSentence('OPML', [item(0, 'connection', 'connections')])).toBeNull();
  });
});

/** Headings and list items of a Markdown document, in order, with their depth and text. */
function markdownTopics(text: string): { depth: number; label: string; checked?: boolean | null; notes: string[] }[] {
  const tree: Root = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const out: { depth: number; label: string; checked?: boolean | null; notes: string[] }[] = [];
  const items: { item: ListItem; depth: number }[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading') out.push({ depth: node.depth - 1, label: toString(node, { includeHtml: false }).trim(), notes: [] });
    else if (node.type === 'paragraph') out[out.length - 1].notes.push(toString(node));
    else if (node.type === 'list') {
      const lists: { list: List; depth: number }[] = [{ list: node, depth: HEADING_LEVELS }];
      while (lists.length) {
        const { list, depth } = lists.shift()!;
        for (const item of list.children) items.push({ item, depth });
      }
    }
    while (items.length) {
      const { item, depth } = items.shift()!;
      const [first, ...rest] = item.children;
      const entry = { depth, label: first ? toString(first, { includeHtml: false }).trim() : '', checked: item.checked, notes: [] as string[] };
      out.push(entry);
      const nested: typeof items = [];
      for (const c of rest) {
        if (c.type === 'paragraph') entry.notes.push(toString(c));
        if (c.type === 'list') for (const k of c.children) nested.push({ item: k, depth: depth + 1 });
      }
      items.unshift(...nested);
    }
  }
  return out;
}

describe('writeMarkdown', () => {
  it('writes headings then nested lists that read back as the same labels, notes, tasks and link', () => {
    const { text, joinedLines } = writeMarkdown(fromMap(richState()).outline);
    const topics = markdownTopics(text);
    // Line breaks in labels become spaces (a heading holds one line; markmap shows soft breaks as spaces).
    expect(topics.map((t) => t.label)).toEqual(LABELS.map((l) => l.replace('\n', ' ')));
    expect(topics.map((t) => t.depth)).toEqual([0, 1, 2, 2, 1, 2, 3, 1, 1]);
    expect(topics[0].notes).toEqual(['Why: *all* of it', 'Second paragraph\n- a list line\n1. numbered line']);
    expect(topics[5].notes).toEqual(['note under <hidden> & "quoted"']);
    expect(joinedLines).toBe(1);
    expect(text).toContain('[1\\. numbered](<https://example.com/a_(b)?q=1&r=2> "Example")');
    // markmap folds what is collapsed.
    expect(text).toContain('## Collapsed <!-- markmap: fold -->\n');
    expect(text.split('markmap: fold').length - 1).toBe(1);
  });

  it("escapes a heading's final # so that it is not read as a closing sequence", () => {
    const labels = ['C #', 'ends ##', '#', 'a \\#', 'plain'];
    const md = writeMarkdown({ roots: [{ label: 'R', children: labels.map((label) => ({ label, children: [] })) }], connections: [] });
    expect(markdownTopics(md.text).map((t) => t.label)).toEqual(['R', ...labels]);
  });

  it('writes tasks deeper than the headings as GFM task items', () => {
    const s = richState();
    const md = writeMarkdown({ ...fromMap(s).outline, roots: [{ label: 'R', children: [{ label: 'A', children: [{ label: 'B', children: [{ label: 'todo', done: false, children: [] }, { label: 'did', done: true, children: [] }] }] }] }] });
    const topics = markdownTopics(md.text);
    expect(topics.slice(3).map((t) => [t.label, t.checked])).toEqual([
      ['todo', false],
      ['did', true],
    ]);
    expect(md.headingTasks).toBe(0);
  });

  it('flattens a 100,000-level chain below the deepest list level instead of indenting it quadratically', SLOW, () => {
    const md = writeMarkdown(chain100k().outline);
    expect(md.flattened).toBe(100_001 - HEADING_LEVELS - MAX_LIST_DEPTH - 1);
    expect(md.text.length).toBeLessThan(20_000_000);
    const lines = md.text.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBe(100_001);
    expect(lines[lines.length - 1]).toBe(`${'  '.repeat(MAX_LIST_DEPTH)}- n100000`);
  });
});

function outlines(el: X): X[] {
  return (el.outline as X[] | undefined) ?? [];
}

describe('writeOpml', () => {
  it('writes OPML 2.0 whose outlines carry the labels, notes, link, categories, tasks and folding', () => {
    const text = writeOpml(fromMap(richState()).outline);
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = xml.parse(text) as X;
    const opml = (doc.opml as X[])[0];
    expect(opml.version).toBe('2.0');
    const head = (opml.head as X[])[0];
    // Visible lines: 1 root, 2 heading-like, 3 two, 4 num, 5 Collapsed, 6 quotes, 7 cjk; open: 1 and 2.
    expect(head.expansionState).toEqual(['1,2']);
    const root = outlines((opml.body as X[])[0])[0];
    expect(root.text).toBe('Plan & <Goals>');
    expect(root._note).toBe('Why: *all* of it\n\nSecond paragraph\n- a list line\n1. numbered line');
    const [h, col, q] = outlines(root);
    expect(h.category).toBe('/x,/y/z');
    expect(outlines(h).map((o) => o.text)).toEqual(['Line one\nLine two', '1. numbered']);
    expect(outlines(h)[1]).toMatchObject({ type: 'link', url: 'https://example.com/a_(b)?q=1&r=2', _complete: 'true' });
    expect(col.collapse).toBe('true');
    expect(q.text).toBe(TRICKY);
    // "Hidden child" (open, with a child) sits inside the collapsed branch: no line number, no collapse.
    expect(outlines(col)[0]).toMatchObject({ text: 'Hidden child' });
    expect(outlines(col)[0].collapse).toBeUndefined();
  });

  it('writes a 100,000-level chain', SLOW, () => {
    const text = writeOpml(chain100k().outline);
    expect(text.split('<outline ').length - 1).toBe(100_001);
    expect(text.split('</outline>').length - 1).toBe(100_000);
  });
});

describe('writeFreemind', () => {
  it('writes a FreeMind 1.0.1 map with folding, links, colours, priority icons, HTML notes and arrowlinks', () => {
    const text = writeFreemind(fromMap(richState()).outline);
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text.startsWith('<map version="1.0.1">')).toBe(true);
    const map = ((xml.parse(text) as X).map as X[])[0];
    const root = (map.node as X[])[0];
    const all: X[] = [];
    const stack = [root];
    while (stack.length) {
      const n = stack.shift()!;
      all.push(n);
      stack.unshift(...((n.node as X[] | undefined) ?? []));
    }
    expect(all.map((n) => n.TEXT)).toEqual(LABELS);
    const byText = new Map(all.map((n) => [n.TEXT, n]));
    expect(new Set(all.map((n) => n.ID)).size).toBe(9);
    expect(byText.get('Collapsed')!.FOLDED).toBe('true');
    expect(all.filter((n) => n.FOLDED).length).toBe(1);
    expect(byText.get('1. numbered')!.LINK).toBe('https://example.com/a_(b)?q=1&r=2');
    expect(byText.get('# Heading-like')!.BACKGROUND_COLOR).toBe('#ef4444');
    expect((byText.get('# Heading-like')!.icon as X[])[0].BUILTIN).toBe('full-1');
    expect((byText.get('deep')!.icon as X[])[0].BUILTIN).toBe('full-2');
    const arrow = (byText.get('# Heading-like')!.arrowlink as X[])[0];
    expect(arrow.DESTINATION).toBe(byText.get('deep')!.ID);
    expect(((byText.get(TRICKY)!.arrowlink as X[])[0]).DESTINATION).toBe(byText.get('Line one\nLine two')!.ID);
    const note = (byText.get('Hidden child')!.richcontent as X[])[0];
    expect(note.TYPE).toBe('NOTE');
    expect(text).toContain('note under &lt;hidden&gt; &amp; "quoted"');
  });

  it('writes a 100,000-level chain', SLOW, () => {
    const text = writeFreemind(chain100k().outline);
    expect(text.split('<node ').length - 1).toBe(100_001);
    expect(text.split('</node>').length - 1).toBe(100_000);
  });
});

describe('writeXmind', () => {
  it('zips content.json, metadata.json, manifest.json and the content.xml stub', () => {
    const files = unzipSync(writeXmind(fromMap(richState()).outline, new Date('2026-01-02T03:04:05Z')));
    expect(Object.keys(files).sort()).toEqual(['content.json', 'content.xml', 'manifest.json', 'metadata.json']);
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(Object.keys(manifest['file-entries'])).toEqual(expect.arrayContaining(['content.json', 'metadata.json']));
    expect(JSON.parse(strFromU8(files['metadata.json']))).toMatchObject({ creator: { name: 'MindFlow' }, dataStructureVersion: '2' });
    expect(XMLValidator.validate(strFromU8(files['content.xml']))).toBe(true);

    const [sheet] = JSON.parse(strFromU8(files['content.json']));
    expect(sheet.class).toBe('sheet');
    const root = sheet.rootTopic;
    expect(root.title).toBe('Plan & <Goals>');
    expect(root.notes.plain.content).toBe('Why: *all* of it\n\nSecond paragraph\n- a list line\n1. numbered line');
    const [h, col, q] = root.children.attached;
    expect(h).toMatchObject({ title: '# Heading-like', labels: ['x', 'y/z'], markers: [{ markerId: 'priority-1' }], style: { properties: { 'svg:fill': '#ef4444' } } });
    expect(h.children.attached[0].markers).toEqual([{ markerId: 'task-start' }]);
    expect(h.children.attached[1]).toMatchObject({ title: '1. numbered', href: 'https://example.com/a_(b)?q=1&r=2', markers: [{ markerId: 'task-done' }] });
    expect(col.branch).toBe('folded');
    expect(q.title).toBe(TRICKY);
    const ids = new Set<string>();
    const stack = [root];
    while (stack.length) {
      const t = stack.pop();
      expect(ids.has(t.id)).toBe(false);
      ids.add(t.id);
      stack.push(...(t.children?.attached ?? []));
    }
    expect(sheet.relationships).toHaveLength(2);
    const deep = col.children.attached[0].children.attached[0];
    expect(sheet.relationships[0]).toMatchObject({ end1Id: h.id, end2Id: deep.id });
    expect(sheet.relationships[1]).toMatchObject({ end1Id: q.id, end2Id: h.children.attached[0].id });
  });

  it('writes several roots under one root named by the title', () => {
    const sheets = JSON.parse(xmindContent({ title: 'Both', roots: [{ label: 'A', children: [] }, { label: 'B', children: [] }], connections: [] }));
    expect(sheets[0].rootTopic.title).toBe('Both');
    expect(sheets[0].rootTopic.children.attached.map((t: { title: string }) => t.title)).toEqual(['A', 'B']);
  });

  it('writes the content of a 100,000-level chain without recursion', SLOW, () => {
    const json = xmindContent(chain100k().outline);
    expect(json.split('"class":"topic"').length - 1).toBe(100_001);
    expect(json.endsWith('}]')).toBe(true);
  });
});

describe('export formats', () => {
  it('list each format once with its extension and MIME type', () => {
    expect(EXPORT_FORMATS.map((f) => [f.id, f.label, f.extension])).toEqual([
      ['json', 'JSON', 'json'],
      ['markdown', 'Markdown', 'md'],
      ['opml', 'OPML', 'opml'],
      ['freemind', 'FreeMind', 'mm'],
      ['xmind', 'XMind', 'xmind'],
    ]);
    expect(() => exportFormat('nope' as never)).toThrow('Unknown export format');
  });

  it('OPML says so when tags hold commas, which its category list cannot', () => {
    const nodes = [makeNode('root', null), makeNode('a', 'root', { tags: ['one, two', 'x'] }), makeNode('b', 'root', { tags: ['a,b,c'] })];
    const s = buildState({ nodes, edges: nodes.slice(1).map((n) => makeEdge('root', n.id)) }, 'root');
    expect(exportFormat('opml').write(s).lost).toBe('OPML has no place for 2 tags’ commas');
  });

  it('say what each format could not hold', () => {
    const s = richState();
    const lost = Object.fromEntries(EXPORT_FORMATS.map((f) => [f.id, f.write(s).lost]));
    expect(lost.json).toBeNull();
    expect(lost.markdown).toBe('Markdown has no place for 2 connections, 2 colours, 3 priorities, 1 topic’s tags, 2 tasks written as headings and 1 label’s line breaks');
    expect(lost.opml).toBe('OPML has no place for 2 connections, 2 colours, 3 priorities, 1 link title and 1 unchecked task');
    expect(lost.freemind).toBe('FreeMind has no place for 1 topic’s tags, 1 link title and 2 tasks');
    expect(lost.xmind).toBe('XMind has no place for 1 link title');
    expect(exportFormat('xmind').write(s).data).toBeInstanceOf(Uint8Array);
  });
});

describe('SVG export', () => {
  it('draws every shown topic and edge as vector, with labels escaped', () => {
    const svg = mapToSvg(richState(), { theme: 'dark', straight: false });
    expect(XMLValidator.validate(svg)).toBe(true);
    // Shown: everything but the collapsed branch's two descendants; edges: 6 tree edges + q → two.
    expect(svg.split('<g><title>').length - 1).toBe(7);
    expect(svg.split('<path ').length - 1).toBe(7);
    expect(svg).toContain('<title>Plan &amp; &lt;Goals&gt;</title>');
    expect(svg).not.toContain('<Goals>');
    expect(svg).toMatch(/<path d="M[^"]*L[^"]*L/); // smooth-step: more than one segment
    // The connection (q → two) is dashed, as on the canvas; the tree's edges are not.
    expect(svg.split('stroke-dasharray="10 6"').length - 1).toBe(1);
    const straight = mapToSvg(richState(), { theme: 'light', straight: true });
    expect(straight).toMatch(/<path d="M[\d.-]+ [\d.-]+L[\d.-]+ [\d.-]+"/);
  });

  it('draws the marks beside a title as the canvas does: fold chevron, priority, link, task box', () => {
    const svg = mapToSvg(richState(), { theme: 'dark', straight: false });
    const card = (title: string) => svg.split('<g><title>').find((g) => g.startsWith(title))!;
    // "Collapsed" folds its branch: a chevron pointing right (a fold), and its priority badge.
    expect(card('Collapsed')).toContain('<circle ');
    expect(card('Collapsed')).toContain('>Low</text>');
    // The root's open branch: a chevron pointing down.
    expect(card('Plan &amp; &lt;Goals&gt;')).toContain('<circle ');
    // A leaf has no chevron; a done task shows a ticked box, an open one an empty box.
    const two = card('Line one');
    expect(two).not.toContain('<circle ');
    expect(two).toMatch(/<rect [^>]*width="12" height="12"/);
    expect(two).not.toContain('stroke="#ffffff"');
    const done = svg.split('<g><title>').find((g) => /width="12" height="12"/.test(g) && g.includes('stroke="#ffffff"'));
    expect(done).toBeDefined();
    // The done topic has a link: the link icon's two rounded links.
    expect(done!.match(/width="8" height="6"/g)).toHaveLength(2);
  });
});
