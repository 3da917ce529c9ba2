/**
 * Counts in the import report use the singular for one: "1 topic",
 * "1 heading", "1 connection from a topic to itself".
 */
import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../../src/state/interop';
import { counted, singular } from '../../../src/state/interop/plural';
import { ReportBuilder, summaryLine } from '../../../src/state/interop/report';

function summaryOf(text: string, fileName: string): string {
  const r = readMapFile({ text, fileName });
  if (r.ok !== true) throw new Error(r.ok === false ? r.error : 'several sheets');
  return summaryLine(r.report);
}

describe('counted', () => {
  it('writes one in the singular and every other count in the plural, with thousands separators', () => {
    expect(counted(1, 'topics')).toBe('1 topic');
    expect(counted(0, 'topics')).toBe('0 topics');
    expect(counted(2, 'topics')).toBe('2 topics');
    expect(counted(1460, 'topics')).toBe('1,460 topics');
    expect(counted(1, 'tasks written as headings', 'task written as a heading')).toBe('1 task written as a heading');
  });

  it('makes the head noun of a feature name singular, not the words that qualify it', () => {
    const cases: [string, string][] = [
      ['headings', 'heading'],
      ['list items', 'list item'],
      ['collapsed', 'collapsed'],
      ['inline formatting', 'inline formatting'],
      ['front matter title', 'front matter title'],
      ['formatted texts', 'formatted text'],
      ['block quotes', 'block quote'],
      ['over-long topic texts', 'over-long topic text'],
      ['texts cut to 1,000 characters', 'text cut to 1,000 characters'],
      ['connections from a topic to itself', 'connection from a topic to itself'],
      ['connections that repeat another link', 'connection that repeats another link'],
      ['links that are not web or mail addresses', 'link that is not a web or mail address'],
      ['fold comments on topics without subtopics', 'fold comment on topics without subtopics'],
      ['tags beyond 50 on one topic', 'tag beyond 50 on one topic'],
      ['images without an address', 'image without an address'],
      ['topics labelled "Untitled"', 'topic labelled "Untitled"'],
      ['topics with a note', 'topic with a note'],
      ['categories', 'category'],
      ['summaries', 'summary'],
      ['task list checkboxes', 'task list checkbox'],
      ['"status" attributes', '"status" attribute'],
      ['<cloud> elements', '<cloud> element'],
      ['BlinkingNodeHook hooks', 'BlinkingNodeHook hook'],
      ['notes text', 'notes text'],
    ];
    for (const [many, one] of cases) expect(singular(many), many).toBe(one);
  });
});

describe('the report summary', () => {
  it('counts one topic, one heading and one cut text in the singular', () => {
    const line = summaryOf(`# ${'L'.repeat(1001)}\n`, 'one.md');
    expect(line).toBe('1 topic. Kept: 1 heading. Converted: 1 over-long topic text to text cut to 1,000 characters');
  });

  it('counts one formatted text, one block quote and one link in the singular', () => {
    const line = summaryOf('# Root\n\n## **Bold** [site](https://example.com)\n\n> quoted\n', 'one.md');
    expect(line).toContain('1 link');
    expect(line).toContain('1 block quote to notes');
    expect(line).toContain('1 inline formatting to plain text');
    expect(line).not.toMatch(/\b1 [a-z-]+s\b/);

    const opml = summaryOf('<opml version="2.0"><body><outline text="&lt;b&gt;Bold&lt;/b&gt; text"/></body></opml>', 'one.opml');
    expect(opml).toBe('1 topic. Converted: 1 formatted text to plain text');
  });

  it('counts one connection from a topic to itself in the singular, dropped and not also kept', () => {
    const mm = '<map version="1.0.1"><node TEXT="Root" ID="ID_1"><arrowlink DESTINATION="ID_1"/></node></map>';
    expect(summaryOf(mm, 'self.mm')).toBe('1 topic. Dropped: 1 connection from a topic to itself');
  });

  it('keeps the connections the map holds and counts only the others as dropped', () => {
    const mm =
      '<map version="1.0.1"><node TEXT="Root" ID="r"><node TEXT="A" ID="a"><arrowlink DESTINATION="a"/><arrowlink DESTINATION="b"/></node>' +
      '<node TEXT="B" ID="b"><arrowlink DESTINATION="r"/></node></node></map>';
    expect(summaryOf(mm, 'links.mm')).toBe('3 topics. Kept: 1 connection. Dropped: 1 connection from a topic to itself, 1 connection that repeats another link');
  });

  it('keeps the plural for other counts and the name of the notes field in what items became', () => {
    const report = new ReportBuilder('Test');
    report.converted('links', 'notes');
    report.converted('paragraphs', 'notes');
    report.converted('paragraphs', 'notes');
    report.dropped('icons', undefined, 3);
    expect(summaryLine(report.build(2))).toBe('2 topics. Converted: 1 link to notes, 2 paragraphs to notes. Dropped: 3 icons');
  });
});
