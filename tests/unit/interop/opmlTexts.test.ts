/**
 * OPML outline texts: markup that gives no text (a code listing's `<div class="x">` line) stays as
 * written, attribute names match in any letter case, and the head title is counted only where it
 * names the root.
 */
import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../../src/state/interop';
import { readOpml } from '../../../src/state/interop/opml';
import { writeOpml } from '../../../src/state/interop/writeOpml';
import { allTopics, corpusXml, expectBalanced, feature } from './helpers';

const opml = (body: string, head = '') => `<opml version="2.0"><head>${head}</head><body>${body}</body></opml>`;

describe('OPML texts that are markup alone', () => {
  it('keep their text when HTML gives none; markup around text is still converted', () => {
    const r = readOpml(
      opml(
        '<outline text="Page"><outline text="&lt;div class=&quot;divPageBody&quot;&gt;"/><outline text="&lt;/div&gt;"/>' +
          '<outline text="&lt;a name=&quot;json&quot;&gt;&lt;/a&gt;&lt;pre class=&quot;v&quot;&gt;"/><outline text="&lt;b&gt;Bold&lt;/b&gt;"/></outline>',
      ),
    );
    expect(allTopics(r.outline.roots).map((t) => t.label)).toEqual(['Page', '<div class="divPageBody">', '</div>', '<a name="json"></a><pre class="v">', 'Bold']);
    expect(feature(r.report.build(5), 'formatted texts')?.converted).toBe(1);
  });

  it('the corpus listing keeps every outline text: none of the code lines becomes "Untitled"', () => {
    const r = readOpml(corpusXml('opml/opml-editor-source.opml'));
    const labels = allTopics(r.outline.roots).map((t) => t.label);
    expect(labels).toContain('<div class="divPageBody">');
    expect(labels.filter((l) => l === '</div>')).toHaveLength(2);
  });
});

describe('OPML labels that only look like HTML', () => {
  it("come back from MindFlow's own export as they were, with no conversion in the report", () => {
    const label = 'For example  <html><img src="linked/Apple.png">\n  <b>not bold</b> &amp;';
    const r = readOpml(writeOpml({ roots: [{ label, children: [] }], connections: [] }));
    expect(allTopics(r.outline.roots).map((t) => t.label)).toEqual([label]);
    expect(feature(r.report.build(1), 'formatted texts')).toBeUndefined();
    // Formatting written by another tool is still converted and said.
    const other = readOpml(opml('<outline text="&lt;span&gt;&lt;b&gt;Bold&lt;/b&gt;&lt;/span&gt;"/>'));
    expect(allTopics(other.outline.roots).map((t) => t.label)).toEqual(['Bold']);
    expect(feature(other.report.build(1), 'formatted texts')?.converted).toBe(1);
  });
});

describe('OPML attribute names in any letter case', () => {
  it('Text, TEXT, _Note and URL are read as text, _note and url', () => {
    const r = readOpml(opml('<outline Text="Mixed case attr" _Note="n" URL="https://e.com"><outline TEXT="upper" Collapse="true"/></outline>'));
    const [top] = r.outline.roots;
    expect(top).toMatchObject({ label: 'Mixed case attr', notes: 'n', link: 'https://e.com' });
    expect(top.children[0].label).toBe('upper');
    const report = r.report.build(2);
    expectBalanced(report);
    expect(report.features.some((f) => f.feature.endsWith('attributes'))).toBe(false);
    expect(feature(report, 'folded topics without subtopics')?.dropped).toBe(1);
  });

  it('other attributes are still reported by their own name', () => {
    const report = readOpml(opml('<outline text="a" Created="today"/>')).report.build(1);
    expect(feature(report, '"Created" attributes')?.dropped).toBe(1);
  });
});

describe('OPML head title', () => {
  function imported(text: string) {
    const r = readMapFile({ text, fileName: 'x.opml' });
    if (r.ok !== true) throw new Error('not read');
    expectBalanced(r.report);
    return r;
  }

  it('is dropped, and said so, where one top-level outline is the root', () => {
    const r = imported(opml('<outline text="Only"><outline text="child"/></outline>', '<title>States</title><ownerName>me</ownerName>'));
    expect(r.snapshot.nodes[0].data.label).toBe('Only');
    expect(feature(r.report, 'head title')).toMatchObject({ found: 1, kept: 0, dropped: 1 });
    expect(r.report.choices).toContain('Head fields other than the expansion state (owner, dates, window) were not imported.');
    expect(r.report.choices.some((c) => c.startsWith('The head title was not used'))).toBe(true);
  });

  it("is kept where it is the one top-level outline's own text, as MindFlow's export writes it", () => {
    const r = imported(opml('<outline text="Plan"><outline text="child"/></outline>', '<title>Plan</title>'));
    expect(r.snapshot.nodes[0].data.label).toBe('Plan');
    expect(feature(r.report, 'head title')).toMatchObject({ found: 1, kept: 1, dropped: 0 });
    expect(r.report.choices.some((c) => c.startsWith('The head title was not used'))).toBe(false);
  });

  it('is kept where it names the root above several top-level outlines', () => {
    const r = imported(opml('<outline text="A"/><outline text="B"/>', '<title>States</title><ownerName>me</ownerName>'));
    expect(r.snapshot.nodes[0].data.label).toBe('States');
    expect(feature(r.report, 'head title')).toMatchObject({ found: 1, kept: 1 });
    expect(r.report.choices).toContain('Head fields other than the title and expansion state (owner, dates, window) were not imported.');
  });
});
