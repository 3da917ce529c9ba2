import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../../src/state/interop';
import { readFreemind } from '../../../src/state/interop/freemind';
import { countTopics } from '../../../src/state/interop/outline';
import { allTopics, corpusBytes, corpusXml, expectBalanced, feature } from './helpers';

function read(file: string) {
  const r = readFreemind(corpusXml(`mm/${file}`), file);
  const topics = allTopics(r.outline.roots);
  return { ...r, topics, report: r.report.build(topics.length) };
}

describe('readFreemind over the corpus', () => {
  it.each([
    ['freeplane-1.12-userguide.mm', 1460, 'Freeplane'],
    ['freeplane-1.11-markdownhelper-wiki.mm', 2010, 'Freeplane'],
    ['freeplane-1.12-userguide-ja.mm', 380, 'Freeplane'],
    ['freemind-1.0.1-doc.mm', 482, 'FreeMind'],
    ['wisemapping-export-enc-parsererror.mm', 24, 'FreeMind'],
  ])('%s: %i topics (style nodes excluded), a balanced report', (file, count, format) => {
    const r = read(file);
    expect(countTopics(r.outline.roots)).toBe(count);
    expect(r.outline.roots).toHaveLength(1);
    expect(r.report.format).toBe(format);
    expectBalanced(r.report);
  });

  it('Freeplane user guide: folds, links, details as notes, summaries and a floating topic', () => {
    const r = read('freeplane-1.12-userguide.mm');
    expect(r.topics.filter((t) => t.collapsed)).toHaveLength(659);
    expect(feature(r.report, 'collapsed')?.kept).toBe(659);
    // 53 LINKs: web links kept, 33 internal ones, the rest (files) into notes
    const links = feature(r.report, 'links')!;
    const internal = feature(r.report, 'links to other topics')!;
    const files = feature(r.report, 'links to files or other maps')!;
    expect(links.found + internal.found + files.found).toBe(53);
    expect(internal.found).toBe(33);
    expect(r.topics[0].label).toBe('Tutorial\nFreeplane 1.7');
    const summaries = r.topics.filter((t) => t.notes?.startsWith('Summary topic'));
    expect(summaries).toHaveLength(24);
    const floating = r.topics.find((t) => t.label === 'Free floating node')!;
    expect(floating.notes).toMatch(/^Floating topic/);
    // style nodes of the MapStyle hook never become topics
    expect(r.topics.some((t) => /^styles?\./.test(t.label))).toBe(false);
    // a topic's rich-text details keep their paragraphs
    expect(r.topics.some((t) => (t.notes ?? '').includes('\n\n'))).toBe(true);
  });

  it('FreeMind: an arrow written as <arrowlink> and <linktarget> is one connection', () => {
    const r = read('freemind-1.0.1-doc.mm');
    expect(r.outline.connections).toHaveLength(11);
    const keys = new Set(r.outline.connections.map((c) => `${c.from}>${c.to}`));
    expect(keys.size).toBe(11);
    expect(r.topics.filter((t) => t.collapsed)).toHaveLength(58);
    expect(r.topics.filter((t) => t.link).length + feature(r.report, 'links to files or other maps')!.found).toBe(47);
    expect(r.topics.every((t) => t.link === undefined || /^(https?|mailto):/.test(t.link))).toBe(true);
    expect(feature(r.report, 'clouds')?.dropped).toBe(4);
  });

  it('FreeMind: raw newlines inside a TEXT attribute become spaces, as XML says', () => {
    const r = read('freemind-1.0.1-doc.mm');
    const raw = corpusXml('mm/freemind-1.0.1-doc.mm').split('\n');
    // line 31 of the file opens a TEXT attribute that continues on the next lines
    const start = raw[30].slice(raw[30].indexOf('TEXT="') + 6).trim();
    const t = r.topics.find((x) => x.label.startsWith(start.slice(0, 20)))!;
    expect(t).toBeDefined();
    expect(t.label).not.toContain('\n');
  });

  it('Japanese stored as numeric character references decodes', () => {
    const r = read('freeplane-1.12-userguide-ja.mm');
    expect(r.topics[0].label).toBe('チュートリアル\nFreeplane 1.2');
    expect(r.topics[0].children.map((c) => c.label)).toContain('はじめに');
    expect(r.topics.some((t) => t.label.includes('&#x'))).toBe(false);
  });

  it('a <parsererror> body is not topic text: "Untitled" with the message in the notes, and a warning', () => {
    const r = read('wisemapping-export-enc-parsererror.mm');
    expect(r.topics.some((t) => t.label.includes('disallowed character'))).toBe(false);
    const t = r.topics.find((x) => x.sourceId === 'ID_6')!;
    expect(t.label).toBe('Untitled');
    expect(t.notes).toContain('1:590: disallowed character in entity name.');
    expect(r.report.warnings.length).toBeGreaterThan(0);
    expect(feature(r.report, 'unreadable topic texts')?.dropped).toBe(4);
  });

  it('Freeplane clones copy their original; plain/markdown notes and attributes land in the notes', () => {
    const r = read('freeplane-1.11-markdownhelper-wiki.mm');
    const clone = r.topics.find((t) => t.sourceId === 'ID_1391994300')!;
    expect(clone.label).toBe("Enter **MarkdownHelperNode** as new style's name\n(*)");
    expect(feature(r.report, 'clones')?.converted).toBe(194);
    // every clone reads like its original (TREE_ID names it)
    const raw = corpusXml('mm/freeplane-1.11-markdownhelper-wiki.mm');
    const byId = new Map(r.topics.filter((t) => t.sourceId).map((t) => [t.sourceId!, t]));
    const pairs = [...raw.matchAll(/<node ID="([^"]+)" TREE_ID="([^"]+)"/g)];
    expect(pairs.length).toBeGreaterThan(100);
    for (const [, id, of] of pairs) expect(byId.get(id)!.label).toBe(byId.get(of)!.label);
    const local = r.topics.find((t) => t.sourceId === 'ID_1537940240')!;
    expect(local.notes).toContain("= edofro.MarkDownHelper.MDH.imageLink(node,'../raw/',true)");
    expect(feature(r.report, 'attributes')?.converted).toBe(299);
    expect(r.report.choices.some((c) => c.includes('name: value'))).toBe(true);
  });

  it('names a rich-text topic in the report by the text it was given', () => {
    const text = `<map version="freeplane 1.9.13"><node TEXT="Root" ID="r">
      <node ID="a"><richcontent TYPE="NODE"><html><body><p>Rich <b>title</b></p></body></html></richcontent></node></node></map>`;
    const report = readFreemind(text).report.build(2);
    expect(feature(report, 'rich-text labels')?.examples).toEqual(['Root › Rich title']);
  });

  it('priority icons become priority; other icons are counted as dropped', () => {
    const text = `<map version="freeplane 1.9.0"><node TEXT="R" ID="a"><icon BUILTIN="full-1"/><icon BUILTIN="full-2"/><icon BUILTIN="idea"/>
      <node TEXT="c" ID="b" FOLDED="true" LINK="#a"><node TEXT="d" ID="d"/></node></node></map>`;
    const r = readFreemind(text);
    const report = r.report.build(3);
    expect(r.outline.roots[0].priority).toBe('high');
    expect(feature(report, 'icons')?.dropped).toBe(2);
    expect(r.outline.roots[0].children[0].collapsed).toBe(true);
    expect(r.outline.connections).toEqual([{ from: 'b', to: 'a', counted: { feature: 'links to other topics', as: 'converted', into: 'connections', example: expect.any(Function) } }]);
    expectBalanced(report);
  });

  it('a 100,000-level chain does not overflow the stack', () => {
    const depth = 100_000;
    const r = readFreemind(`<map version="1.0.1">${'<node TEXT="x" FOLDED="true">'.repeat(depth)}${'</node>'.repeat(depth)}</map>`);
    expect(countTopics(r.outline.roots)).toBe(depth);
    // The last topic has no subtopics to fold.
    expect(r.report.build(depth).features.find((f) => f.feature === 'collapsed')?.kept).toBe(depth - 1);
  }, 60_000);

  it('a folded topic without subtopics is not collapsed, and the flag is counted as dropped (as from XMind and OPML)', () => {
    const r = readFreemind('<map version="1.0.1"><node TEXT="Root" FOLDED="true"><node TEXT="Leaf" FOLDED="true"/></node></map>');
    const [root] = r.outline.roots;
    expect(root.collapsed).toBe(true);
    expect(root.children[0].collapsed).toBeUndefined();
    const features = r.report.build(2).features;
    expect(features.find((f) => f.feature === 'collapsed')).toMatchObject({ found: 1, kept: 1 });
    expect(features.find((f) => f.feature === 'folded topics without subtopics')).toMatchObject({ found: 1, dropped: 1, examples: ['Root › Leaf'] });
  });

  it('refuses XML that is not a map', () => {
    expect(() => readFreemind('<opml><body/></opml>')).toThrow('Could not read this FreeMind file: its root element is <opml>, not <map>');
    expect(() => readFreemind('<map version="1.0.1"></map>')).toThrow(/no topics/);
  });
});

describe('report examples follow the count they belong to', () => {
  it('a connection dropped after it was counted kept takes its example to the drop', () => {
    const out = readMapFile({ bytes: corpusBytes('mm/freeplane-1.12-userguide.mm'), fileName: 'userguide.mm' });
    if (out.ok !== true) throw new Error('not read');
    const kept = feature(out.report, 'connections')!;
    const self = feature(out.report, 'connections from a topic to itself')!;
    expect(kept.kept).toBe(1);
    expect(kept.examples).toHaveLength(1);
    expect(self.dropped).toBe(10);
    expect(self.examples.length).toBeGreaterThan(0);
    expect(self.examples).not.toContain(kept.examples[0]);
  });
});
