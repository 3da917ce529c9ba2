import { afterEach, describe, expect, it, vi } from 'vitest';
import { readOpml } from '../../../src/state/interop/opml';
import { countTopics } from '../../../src/state/interop/outline';
import { decodeXml } from '../../../src/state/interop/xml';
import { toMap } from '../../../src/state/interop/toMap';
import { allTopics, corpusXml, expectBalanced, feature } from './helpers';

function read(file: string) {
  const r = readOpml(corpusXml(`opml/${file}`), file);
  const topics = allTopics(r.outline.roots);
  return { ...r, topics, report: r.report.build(topics.length) };
}

afterEach(() => vi.restoreAllMocks());

describe('readOpml over the corpus', () => {
  it.each([
    ['opml-editor-source.opml', 1329, 2],
    ['drummer-states.opml', 59, 1],
    ['opml-editor-includes.opml', 3, 3],
    ['workflowy-export.opml', 9, 1],
  ])('%s: %i topics, %i top-level, a balanced report', (file, count, top) => {
    const r = read(file);
    expect(countTopics(r.outline.roots)).toBe(count);
    expect(r.outline.roots).toHaveLength(top);
    expectBalanced(r.report);
  });

  it('the head title names the map; several top-level outlines get a root named by it', () => {
    const r = readOpml(corpusXml('opml/opml-editor-source.opml'), 'source.opml');
    expect(r.outline.title).toBe('nodeEditor: opmlPackage');
    const m = toMap(r.outline, r.report, 'source.opml');
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expect(m.snapshot.nodes[0].data.label).toBe('nodeEditor: opmlPackage');
    expect(m.count).toBe(1330);
    expect(r.report.build(m.count).choices.some((c) => c.includes('a root named "nodeEditor: opmlPackage"'))).toBe(true);
  });

  it('escaped HTML in text becomes plain text; code with < and & stays as written', () => {
    const w = read('workflowy-export.opml');
    expect(w.topics.map((t) => t.label)).toContain('The bold, the underlined and the italic');
    expect(w.topics.filter((t) => t.done)).toHaveLength(2);
    const s = read('opml-editor-source.opml');
    expect(feature(s.report, 'formatted texts')!.converted).toBeGreaterThan(0);
    expect(s.topics.some((t) => t.label.startsWith('var escaped = s.replace(/[<>&"]/g'))).toBe(true);
    // Tags stay only where they are the whole text (lines of a code listing: `<a name="json"></a><pre …>`).
    const tagged = s.topics.filter((t) => /<\/?(a|b|i)\b/.test(t.label));
    expect(tagged.every((t) => t.label.replace(/<[^<>]*>/g, '') === '')).toBe(true);
  });

  it('collapse="true" on an outline without children is counted as dropped, with or without expansionState', () => {
    for (const head of ['', '<head><expansionState>1</expansionState></head>']) {
      const text = `<opml version="2.0">${head}<body><outline text="Root"><outline text="Leaf" collapse="true"/></outline></body></opml>`;
      const r = readOpml(text, 'f.opml');
      expect(allTopics(r.outline.roots).some((t) => t.collapsed)).toBe(false);
      expect(feature(r.report.build(2), 'folded topics without subtopics')).toMatchObject({ found: 1, dropped: 1 });
    }
  });

  it('expansionState: the listed lines are open (OPML flatdown), the rest closed', () => {
    const r = read('drummer-states.opml'); // "1,4": the root and its third child
    const root = r.outline.roots[0];
    expect(root.collapsed).toBeUndefined();
    const open = root.children.filter((c) => !c.collapsed).map((c) => c.label);
    expect(open).toEqual(['Mid-Atlantic']);
    expect(r.report.choices.some((c) => c.includes('expansionState'))).toBe(true);
  });

  it('inside collapsed branches, collapse="true" decides when it agrees with expansionState on every shown line', () => {
    // Shown lines: 1 R, 2 A, 3 B; R is open. A1 and A2 are hidden inside A.
    const doc = (bCollapse: string) => `<?xml version="1.0"?>
<opml version="2.0"><head><expansionState>1</expansionState></head><body>
  <outline text="R">
    <outline text="A" collapse="true">
      <outline text="A1"><outline text="A1a"/></outline>
      <outline text="A2" collapse="true"><outline text="A2a"/></outline>
    </outline>
    <outline text="B"${bCollapse}><outline text="B1"/></outline>
  </outline>
</body></opml>`;
    const folded = (text: string) => {
      const r = readOpml(text, 'f.opml');
      const report = r.report.build(countTopics(r.outline.roots));
      expectBalanced(report);
      return { labels: allTopics(r.outline.roots).filter((t) => t.collapsed).map((t) => t.label), report };
    };
    const agreeing = folded(doc(' collapse="true"'));
    expect(agreeing.labels).toEqual(['A', 'A2', 'B']);
    expect(agreeing.report.choices.some((c) => c.includes('inside collapsed branches'))).toBe(true);
    // B is closed by expansionState but has no collapse="true": the attributes are not a full record.
    const partial = folded(doc(''));
    expect(partial.labels).toEqual(['A', 'A1', 'A2', 'B']);
    expect(partial.report.choices.some((c) => c.includes('inside collapsed branches'))).toBe(false);
  });

  it("the OPML Editor's few collapse attributes do not override its expansionState", () => {
    const r = read('opml-editor-source.opml');
    expect(r.report.choices.some((c) => c.includes('inside collapsed branches'))).toBe(false);
  });

  it('include outlines keep their URL as a link and are never fetched', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const r = read('opml-editor-includes.opml');
    expect(r.topics.map((t) => t.link)).toEqual([
      'http://scripting.com/publicfolder/misc/inclusionDemo/colors.opml',
      'http://scripting.com/publicfolder/misc/inclusionDemo/names.opml',
      'http://scripting.com/publicfolder/misc/inclusionDemo/veggies.opml',
    ]);
    expect(feature(r.report, 'included outlines')!.converted).toBe(3);
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('_note, category, type="link", collapse and attributes it does not hold', () => {
    const r = readOpml(`<?xml version="1.0"?><opml version="2.0"><head><title>T</title></head><body>
      <outline text="A" _note="First para&#10;&#10;Second para" category="/Work/Urgent,home,//slash" collapse="true">
        <outline text="B" type="link" url="https://example.org/b" pgfnum="3"/>
        <outline text="C" url="javascript:alert(1)"/>
      </outline></body></opml>`);
    const [a] = r.outline.roots;
    const report = r.report.build(3);
    expect(a.notes).toBe('First para\n\nSecond para');
    // A category path loses its own leading slash only: "//slash" is the tag "/slash".
    expect(a.tags).toEqual(['Work/Urgent', 'home', '/slash']);
    expect(a.collapsed).toBe(true);
    expect(a.children[0].link).toBe('https://example.org/b');
    expect(a.children[1].link).toBeUndefined();
    expect(a.children[1].notes).toBe('Link: javascript:alert(1)');
    expect(feature(report, '"pgfnum" attributes')!.dropped).toBe(1);
    expectBalanced(report);
  });

  it('ISO-8859-1 declared encoding decodes', () => {
    const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
    // "é" and "è" are one byte each in Latin-1 (0xe9, 0xe8); as UTF-8 they would not decode
    const latin = Uint8Array.from([
      ...ascii('<?xml version="1.0" encoding="ISO-8859-1"?><opml version="1.0"><body><outline text="Caf'),
      0xe9,
      ...ascii(' cr'),
      0xe8,
      ...ascii('me"/></body></opml>'),
    ]);
    const r = readOpml(decodeXml(latin, 'OPML').text);
    expect(r.outline.roots[0].label).toBe('Café crème');
  });

  it('a 100,000-level chain does not overflow the stack', () => {
    const depth = 100_000;
    const xml = `<opml version="2.0"><body>${'<outline text="x">'.repeat(depth)}${'</outline>'.repeat(depth)}</body></opml>`;
    const r = readOpml(xml);
    expect(countTopics(r.outline.roots)).toBe(depth);
    const m = toMap(r.outline, r.report);
    expect(m.ok && m.count).toBe(depth);
  }, 60_000);

  it('refuses XML that is not OPML', () => {
    expect(() => readOpml('<map/>')).toThrow('Could not read this OPML file: its root element is <map>, not <opml>');
    expect(() => readOpml('<opml version="2.0"><head/></opml>')).toThrow('Could not read this OPML file: it has no <body>');
  });
});
