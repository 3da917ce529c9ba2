/**
 * A topic without text: the app refuses an empty or blank title, so every importer names it
 * "Untitled" and counts it under one report line, as XMind import always did.
 */
import { describe, expect, it } from 'vitest';
import { childIds, getNode } from '../../../src/state/doc';
import { readMapFile } from '../../../src/state/interop';
import { readFreemind } from '../../../src/state/interop/freemind';
import { pasteOutline, readPastedOutline } from '../../../src/state/interop/paste';
import { labelError } from '../../../src/state/rules';
import { tree } from '../helpers/tree';
import { allTopics, corpusXml, expectBalanced, feature } from './helpers';

function imported(text: string, fileName: string) {
  const r = readMapFile({ text, fileName });
  if (r.ok !== true) throw new Error(r.ok === false ? r.error : 'several sheets');
  expectBalanced(r.report);
  return { labels: r.snapshot.nodes.map((n) => n.data.label), untitled: feature(r.report, 'untitled topics'), report: r.report };
}

const HTML_LIST = '&lt;html&gt;&lt;body&gt;&lt;ul&gt;&lt;li&gt; &lt;/li&gt;&lt;/ul&gt;&lt;/body&gt;&lt;/html&gt;';

const FILES: [string, string, string][] = [
  ['FreeMind, an empty TEXT', 'empty.mm', '<map version="1.0.1"><node TEXT="Root"><node TEXT="First"/><node TEXT=""/></node></map>'],
  ['FreeMind, a blank TEXT', 'blank.mm', '<map version="1.0.1"><node TEXT="Root"><node TEXT="First"/><node TEXT=" &#9; "/></node></map>'],
  [
    'FreeMind, rich text that is an empty HTML list',
    'rich.mm',
    `<map version="1.0.1"><node TEXT="Root"><node TEXT="First"/><node><richcontent TYPE="NODE">${HTML_LIST.replace(/&lt;/g, '<').replace(/&gt;/g, '>')}</richcontent></node></node></map>`,
  ],
  ['OPML, an empty text', 'empty.opml', '<opml version="2.0"><body><outline text="Root"><outline text="First"/><outline text=""/></outline></body></opml>'],
  ['OPML, a blank text', 'blank.opml', '<opml version="2.0"><body><outline text="Root"><outline text="First"/><outline text="   "/></outline></body></opml>'],
  ['OPML, HTML without text', 'html.opml', '<opml version="2.0"><body><outline text="Root"><outline text="First"/><outline text="&lt;b&gt; &lt;/b&gt;"/></outline></body></opml>'],
  ['Markdown, an empty list item', 'empty.md', '# Root\n\n- First\n-\n'],
  ['Markdown, a heading of blanks', 'blank.md', '# Root\n\n## First\n\n## &#32;\n'],
];

describe('topics without text', () => {
  it.each(FILES)('%s: the topic is "Untitled" and the report counts it', (_name, fileName, text) => {
    const { labels, untitled } = imported(text, fileName);
    expect(labels).toEqual(['Root', 'First', 'Untitled']);
    expect(untitled).toMatchObject({ found: 1, converted: 1, into: 'topics labelled "Untitled"' });
    for (const label of labels) expect(labelError(label), label).toBeNull();
  });

  it('the Freeplane user guide: every topic has a title the Edit panel accepts, the empty ones counted', () => {
    const text = corpusXml('mm/freeplane-1.12-userguide.mm');
    const blank = allTopics(readFreemind(text).outline.roots).filter((t) => t.label.trim() === '').length;
    expect(blank).toBeGreaterThanOrEqual(56);
    const r = readMapFile({ text, fileName: 'freeplane-1.12-userguide.mm' });
    if (r.ok !== true) throw new Error('not read');
    expect(r.count).toBe(1460);
    expect(r.snapshot.nodes.filter((n) => labelError(n.data.label) !== null)).toEqual([]);
    expect(feature(r.report, 'untitled topics')).toMatchObject({ found: blank, converted: blank });
  });

  it('pasted topics without text are "Untitled" too', () => {
    const store = tree('Root', 'A');
    const read = readPastedOutline('<opml version="2.0"><body><outline text="P"><outline text=""/></outline></body></opml>');
    if (!read.ok) throw new Error(read.error);
    const r = pasteOutline(store, 'A', read.outline);
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    expect(r.ids.map((id) => getNode(s, id)!.data.label)).toEqual(['P']);
    expect(childIds(s, r.ids[0]).map((id) => getNode(s, id)!.data.label)).toEqual(['Untitled']);
  });
});
