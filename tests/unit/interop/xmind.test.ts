import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../../src/state/interop';
import { countTopics, type OutlineTopic } from '../../../src/state/interop/outline';
import { FormatError } from '../../../src/state/interop/reader';
import type { ImportReport } from '../../../src/state/interop/report';
import { CONTENT_XML_STUB_WARNING, listXmindSheets, readXmind } from '../../../src/state/interop/xmind';

const CORPUS = join(process.cwd(), '..', 'shared', 'interop-corpus', 'xmind');
const load = (name: string) => new Uint8Array(readFileSync(join(CORPUS, name)));

function all(roots: readonly OutlineTopic[]): OutlineTopic[] {
  const out: OutlineTopic[] = [];
  const stack = [...roots];
  while (stack.length) {
    const t = stack.pop()!;
    out.push(t);
    stack.push(...t.children);
  }
  return out;
}

function find(roots: readonly OutlineTopic[], label: string): OutlineTopic {
  const t = all(roots).find((x) => x.label === label);
  if (!t) throw new Error(`no topic "${label}"`);
  return t;
}

function read(name: string, sheet: number | 'all' = 'all') {
  const r = readXmind(load(name), name, sheet);
  return { outline: r.outline, report: r.report.build(countTopics(r.outline.roots)) };
}

function feature(report: ImportReport, name: string) {
  return report.features.find((f) => f.feature === name);
}

function reasonOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    expect((e as FormatError).format).toBe('XMind');
    return (e as FormatError).reason;
  }
  throw new Error('expected a FormatError');
}

// Topic counts from the corpus README: every sheet, detached, callout and summary topics included.
const COUNTS: [string, number, number[]][] = [
  ['xmind-2025-vana-features.xmind', 42, [42]],
  ['xmind-zen-2019-two-sheets.xmind', 28, [25, 3]],
  ['xmind-2026-familial-cancer-mtb.xmind', 130, [63, 67]],
  ['xmind8-pro-two-sheets.xmind', 46, [40, 6]],
  ['xmind8-testtemplate-rich.xmind', 119, [109, 8, 2]],
  ['xmind8-native-elements-zh.xmind', 19, [19]],
];

describe('XMind reader over the corpus', () => {
  it.each(COUNTS)('%s has the README topic count, per sheet and in all', (name, total, perSheet) => {
    const sheets = listXmindSheets(load(name));
    expect(sheets.map((s) => s.topics)).toEqual(perSheet);
    const { outline, report } = read(name);
    expect(countTopics(outline.roots)).toBe(total);
    expect(outline.roots).toHaveLength(perSheet.length);
    for (const f of report.features) expect(f.found, f.feature).toBe(f.kept + f.converted + f.dropped);
    expect(report.format).toBe('XMind');
  });

  it('lists sheets by title, reads one sheet, and all sheets as main branches', () => {
    const bytes = load('xmind-zen-2019-two-sheets.xmind');
    expect(listXmindSheets(bytes)).toEqual([
      { title: 'Map 1', topics: 25, empty: false },
      { title: 'Map 2', topics: 3, empty: false },
    ]);
    const second = readXmind(bytes, 'x.xmind', 1);
    expect(second.outline.roots.map((r) => r.label)).toEqual(['another sheet']);
    expect(second.outline.roots[0].children.map((c) => c.label)).toEqual(['Main Topic 1', 'Main Topic 2']);
    expect(second.report.build(3).choices.join(' ')).toContain('Sheet "Map 2" was read');
    const both = readXmind(bytes, 'x.xmind', 'all');
    expect(both.outline.roots.map((r) => r.label)).toEqual(['Central Topic', 'another sheet']);
    expect(() => readXmind(bytes, 'x.xmind', 2)).toThrow(FormatError);
  });

  it('warns that content.xml is a stub when content.json is there', () => {
    expect(read('xmind-2025-vana-features.xmind').report.warnings).toContain(CONTENT_XML_STUB_WARNING);
    expect(CONTENT_XML_STUB_WARNING).toBe("content.xml is XMind's compatibility stub: ignored");
    expect(read('xmind8-pro-two-sheets.xmind').report.warnings).not.toContain(CONTENT_XML_STUB_WARNING);
  });

  it('2020+: notes, labels, markers, links, relationships, summaries, floating and untitled topics', () => {
    const { outline, report } = read('xmind-2025-vana-features.xmind');
    expect(find(outline.roots, 'note').notes).toBe('hello');
    expect(find(outline.roots, 'label').tags).toEqual(['this', 'that', 'then']);
    const marker = find(outline.roots, 'marker');
    expect(marker.priority).toBe('medium');
    expect(marker.done).toBe(false);
    expect(feature(report, 'markers')).toMatchObject({ found: 5, dropped: 5 });
    expect(find(outline.roots, 'to url').link).toBe('http://github.com');
    // The relationship c › a (third) → "</>{}[]*+-".
    expect(outline.connections).toEqual([{ from: 'fa64feb7-d141-40ef-b905-ee8241d8cb9e', to: '02ff821b-6ff7-4ece-8a1f-e7f3f9cdf697', counted: { feature: 'relationships', as: 'kept' } }]);
    expect(find(outline.roots, '</>{}[]*+-').sourceId).toBe('02ff821b-6ff7-4ece-8a1f-e7f3f9cdf697');
    const summary = find(outline.roots, 'aaa');
    expect(summary.notes).toMatch(/^Summary topic: .*subtopics 1 to 3/);
    const c = all(outline.roots).find((t) => t.label === 'c' && t.children.length > 0)!;
    expect(c.children.map((t) => t.label)).toEqual(['a', 'a', 'a', 'aaa']);
    expect(find(outline.roots, 'floating test').notes).toMatch(/^Floating topic/);
    expect(feature(report, 'untitled topics')?.converted).toBe(3);
    expect(all(outline.roots).filter((t) => t.label === 'Untitled')).toHaveLength(3);
    expect(feature(report, 'images')?.dropped).toBe(3);
  });

  it('XMind Zen 2019: paragraph notes, callouts, attachments in the archive', () => {
    const { outline, report } = read('xmind-zen-2019-two-sheets.xmind');
    expect(find(outline.roots, 'note topic').notes).toBe('note info\nnew line of note');
    expect(feature(report, 'rich-text notes')).toMatchObject({ converted: 2, into: 'text' });
    expect(find(outline.roots, 'Callout').notes).toMatch(/^Callout/);
    expect(find(outline.roots, 'test.txt').notes).toMatch(/Attached file .*\.txt/);
    expect(find(outline.roots, 'link topic').link).toBe('http://www.link.com');
    expect(find(outline.roots, 'topic 1').priority).toBe('high');
  });

  it('XMind 8: notes, folded, labels, relationships, topic links, comments, other links', () => {
    const { outline, report } = read('xmind8-pro-two-sheets.xmind');
    expect(find(outline.roots, 'note2').notes).toBe('line1\nline2');
    expect(find(outline.roots, 'pic').collapsed).toBe(true);
    expect(find(outline.roots, 'label').tags).toEqual(['this is a  label']);
    expect(find(outline.roots, 'to url').link).toBe('http://test.com');
    expect(find(outline.roots, 'to file').notes).toBe('Link: file:////abc/ef');
    // The relationship and the two xmind:# topic links (one into the other sheet) become connections.
    expect(outline.connections).toContainEqual({ from: '2iblin5mer66nq9omm98htnmdm', to: '3ib375f8hmg0abviusakg856sq', counted: { feature: 'relationships', as: 'kept' } });
    expect(outline.connections).toContainEqual({ from: '5roos0gmob6ndc1vpb5btka8ne', to: '4tmccl0gm2i50cploeik8jd9pc', counted: { feature: 'links to topics', as: 'converted', into: 'connections', example: expect.any(Function) } });
    expect(feature(report, 'links to topics')).toMatchObject({ found: 2, converted: 2, into: 'connections' });
    expect(feature(report, 'comments')?.converted).toBe(5);
    // Read alone, sheet 1's link into sheet 2 stays as a note.
    const one = readXmind(load('xmind8-pro-two-sheets.xmind'), 'x.xmind', 0);
    expect(find(one.outline.roots, 'to topic').notes).toBe('Link to a topic of another sheet: xmind:#4tmccl0gm2i50cploeik8jd9pc');
  });

  it('XMind 8: notes whose <html> comes before <plain>, relationships with titles', () => {
    const { outline, report } = read('xmind8-testtemplate-rich.xmind');
    expect(outline.connections.filter((c) => c.label !== undefined).length).toBeGreaterThan(0);
    // 14 relationships: 9 of them run from a topic to its own subtopics, which the branch already draws.
    expect(feature(report, 'relationships')).toMatchObject({ found: 14, kept: 5, dropped: 9 });
    expect(report.warnings).toContain('Relationships left out: 9 that repeat a branch line or another relationship.');
    const withNotes = all(outline.roots).filter((t) => t.notes && !/^(Floating|Summary|Callout|Link|Attached|Comment)/.test(t.notes));
    expect(withNotes.length).toBeGreaterThanOrEqual(2);
    for (const t of withNotes) expect(t.notes).not.toMatch(/<|style-id/);
  });
});

describe('XMind reader: hostile input', () => {
  it('refuses what is not a zip, a truncated zip and a zip without content', () => {
    expect(reasonOf(() => readXmind(strToU8('{"not":"a zip"}'), 'a.xmind', 0))).toBe('it is not a ZIP archive');
    const real = load('xmind8-pro-two-sheets.xmind');
    expect(reasonOf(() => readXmind(real.subarray(0, real.length >> 1), 'a.xmind', 0))).toMatch(/truncated/);
    const empty = zipSync({ 'metadata.json': strToU8('{}'), 'manifest.json': strToU8('{}') });
    expect(reasonOf(() => listXmindSheets(empty))).toBe('content.json is missing');
    expect(new FormatError('XMind', 'content.json is missing').message).toBe('Could not read this XMind file: content.json is missing');
  });

  it('refuses a zip bomb', () => {
    const zeros = new Uint8Array(1024 * 1024);
    const zip = zipSync({ 'content.json': [zeros, { level: 9 }] });
    const view = new DataView(zip.buffer);
    for (let i = 0; i + 4 <= zip.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 300 * 1024 * 1024, true);
    expect(reasonOf(() => readXmind(zip, 'bomb.xmind', 0))).toBe('the archive unpacks to more than 200 MB');
  });

  it('refuses broken content and an XML with entity declarations', () => {
    expect(reasonOf(() => listXmindSheets(zipSync({ 'content.json': strToU8('[{"title": ') })))).toMatch(/content.json is not valid JSON/);
    const evil =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
      '<xmap-content><sheet><topic><title>&b;</title></topic></sheet></xmap-content>';
    expect(reasonOf(() => listXmindSheets(zipSync({ 'content.xml': strToU8(evil) })))).toMatch(/entities/);
  });

  it('reads a deep chain without recursion', () => {
    let json = '';
    const depth = 20_000;
    for (let i = 0; i < depth; i++) json += `{"id":"t${i}","title":"T${i}","children":{"attached":[`;
    json += '{"id":"leaf","title":"leaf"}';
    for (let i = 0; i < depth; i++) json += ']}}';
    const bytes = zipSync({ 'content.json': strToU8(`[{"title":"S","rootTopic":${json}}]`) });
    const r = readXmind(bytes, 'deep.xmind', 0);
    expect(countTopics(r.outline.roots)).toBe(depth + 1);
  });

  it('keeps a topic fill colour and every link in rich notes', () => {
    const content = JSON.stringify([
      {
        title: 'S',
        rootTopic: {
          id: 'r',
          title: 'Root',
          style: { properties: { 'svg:fill': '#12AB34' } },
          notes: { realHTML: { content: '<div>See <a href="https://a.example">A</a> and <a href="https://b.example">B</a></div>' } },
        },
      },
    ]);
    const r = readXmind(zipSync({ 'content.json': strToU8(content) }), 'c.xmind', 0);
    const root = r.outline.roots[0];
    expect(root.color).toBe('#12AB34');
    expect(root.notes).toBe('See A and B\n\nLink: https://a.example\n\nLink: https://b.example');
    expect(feature(r.report.build(1), 'fill colours')?.kept).toBe(1);
  });

  it('2020+: opaque 8-digit and 3-digit fills are colours, translucent ones are counted as dropped, "inherited" is no fill', () => {
    const kid = (id: string, fill: string) => ({ id, title: id, style: { properties: { 'svg:fill': fill } } });
    const content = JSON.stringify([
      {
        title: 'S',
        rootTopic: {
          id: 'r',
          title: 'Root',
          children: { attached: [kid('opaque', '#D0D0D0FF'), kid('short', '#a1c'), kid('glass', '#D0D0D033'), kid('none', 'inherited')] },
        },
      },
    ]);
    const r = readXmind(zipSync({ 'content.json': strToU8(content) }), 'fills.xmind', 0);
    const [opaque, short, glass, none] = r.outline.roots[0].children;
    expect([opaque.color, short.color, glass.color, none.color]).toEqual(['#D0D0D0', '#a1c', undefined, undefined]);
    const report = r.report.build(5);
    expect(feature(report, 'fill colours')).toMatchObject({ found: 2, kept: 2 });
    expect(feature(report, 'translucent fill colours')).toMatchObject({ found: 1, dropped: 1, examples: ['Root › glass'] });
  });

  it("XMind 8: a topic's fill from its style in styles.xml; an unreadable styles.xml costs only the colours, with a warning", () => {
    const content =
      '<?xml version="1.0" encoding="UTF-8"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" version="2.0"><sheet id="s"><topic id="r" style-id="st1"><title>Root</title>' +
      '<children><topics type="attached"><topic id="a" style-id="st2"><title>A</title></topic><topic id="b" style-id="missing"><title>B</title></topic></topics></children></topic><title>Sheet</title></sheet></xmap-content>';
    const styles =
      '<?xml version="1.0" encoding="UTF-8"?><xmap-styles xmlns:svg="http://www.w3.org/2000/svg" version="2.0"><automatic-styles>' +
      '<style id="st1" type="topic"><topic-properties svg:fill="#DCE6F2" border-line-color="#558ED5"/></style>' +
      '<style id="st2" type="topic"><topic-properties border-line-color="#558ED5"/></style></automatic-styles></xmap-styles>';
    const r = readXmind(zipSync({ 'content.xml': strToU8(content), 'styles.xml': strToU8(styles) }), 'x8.xmind', 0);
    const root = r.outline.roots[0];
    expect(root.color).toBe('#DCE6F2');
    expect(root.children.map((c) => c.color)).toEqual([undefined, undefined]);
    expect(feature(r.report.build(3), 'fill colours')?.kept).toBe(1);

    const broken = readXmind(zipSync({ 'content.xml': strToU8(content), 'styles.xml': strToU8('<xmap-styles><style') }), 'x8.xmind', 0);
    expect(broken.outline.roots[0].label).toBe('Root');
    expect(broken.outline.roots[0].color).toBeUndefined();
    expect(broken.report.build(3).warnings.join(' ')).toMatch(/styles\.xml could not be read .*: topic colours were not imported/);
  });

  it('skips empty sheets when reading all, and says so', () => {
    const content = JSON.stringify([
      { title: 'Empty', rootTopic: { id: 'e' } },
      { title: 'Full', rootTopic: { id: 'r', title: 'Root', children: { attached: [{ id: 'a', title: 'A' }] } } },
    ]);
    const r = readXmind(zipSync({ 'content.json': strToU8(content) }), 'two.xmind', 'all');
    expect(r.outline.roots.map((t) => t.label)).toEqual(['Root']);
    expect(r.report.build(2).choices.join(' ')).toContain('Sheet "Empty" is empty and was skipped.');
    // One sheet read: no word of "all sheets" or main branches.
    expect(r.report.build(2).choices.join(' ')).not.toMatch(/sheets were read/);
  });

  it('an empty sheet is listed as empty; with one sheet left to read there is no choice to make', () => {
    const sheet = (title: string, root: object) => ({ title, rootTopic: root });
    const full = (id: string) => ({ id, title: `Root ${id}`, children: { attached: [{ id: `${id}a`, title: 'A' }] } });
    const one = zipSync({ 'content.json': strToU8(JSON.stringify([sheet('Empty', { id: 'e' }), sheet('Full', full('r'))])) });
    expect(listXmindSheets(one).map((s) => s.empty)).toEqual([true, false]);
    const out = readMapFile({ bytes: one, fileName: 'one.xmind' });
    expect(out.ok).toBe(true);
    if (out.ok !== true) return;
    expect(out.count).toBe(2);
    expect(out.report.choices).toContain('Sheet "Empty" is empty and was skipped.');
    // Three sheets, one empty: the choice is offered, and "All sheets" says how many were read.
    const three = zipSync({ 'content.json': strToU8(JSON.stringify([sheet('A', full('a')), sheet('Empty', { id: 'e' }), sheet('B', full('b'))])) });
    expect(readMapFile({ bytes: three, fileName: 'three.xmind' })).toMatchObject({ ok: 'choose-sheet' });
    expect(readXmind(three, 'three.xmind', 'all').report.build(5).choices).toContain("2 of the 3 sheets were read; each sheet's central topic is a main branch.");
  });
});
