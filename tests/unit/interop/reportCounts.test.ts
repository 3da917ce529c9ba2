/**
 * Fidelity-report counts that match what the map holds: a front-matter title only kept where it
 * names a topic, repeated FreeMind arrows counted, a feature converted into two things reported
 * per thing, and what clones copy counted with the rest.
 */
import { describe, expect, it } from 'vitest';
import { readMapFile, type ImportReport } from '../../../src/state/interop';
import { ReportBuilder, summaryLine } from '../../../src/state/interop/report';
import { expectBalanced } from './helpers';

function imported(text: string, fileName: string): ImportReport {
  const r = readMapFile({ text, fileName });
  if (r.ok !== true) throw new Error(r.ok === false ? r.error : 'sheets');
  expectBalanced(r.report);
  return r.report;
}

const lines = (report: ImportReport, name: string) => report.features.filter((f) => f.feature === name);

describe('Markdown front-matter title', () => {
  it('is dropped, and said so, where the file has one top-level topic', () => {
    const report = imported('---\ntitle: Front Title\n---\nSetext One\n==========\n\nSub\n---\n', 'fm.md');
    expect(lines(report, 'front matter title')).toMatchObject([{ found: 1, kept: 0, dropped: 1 }]);
    expect(report.choices.some((c) => c.startsWith('The front-matter title was not used'))).toBe(true);
  });

  it('is kept where it names the root above several topics, or the one topic of a file of front matter alone', () => {
    expect(lines(imported('---\ntitle: Front Title\n---\n# A\n# B\n', 'two.md'), 'front matter title')).toMatchObject([{ kept: 1, dropped: 0 }]);
    expect(lines(imported('---\ntitle: Only\n---\n', 'only.md'), 'front matter title')).toMatchObject([{ kept: 1, dropped: 0 }]);
  });
});

describe('FreeMind arrows and links', () => {
  it('a repeated arrowlink is counted as a connection that repeats another link', () => {
    const report = imported(
      '<map version="1.0.1"><node TEXT="R" ID="r"><node TEXT="a" ID="a"><arrowlink DESTINATION="b"/><arrowlink DESTINATION="b"/></node><node TEXT="b" ID="b"/></node></map>',
      'arrows.mm',
    );
    expect(lines(report, 'connections')).toMatchObject([{ found: 1, kept: 1 }]);
    expect(lines(report, 'connections that repeat another link')).toMatchObject([{ found: 1, dropped: 1 }]);
  });

  it('links to other topics that become notes and connections get a line each', () => {
    const report = imported(
      '<map version="1.0.1"><node TEXT="R" ID="r"><node TEXT="to missing" ID="a" LINK="#ID_999"/><node TEXT="to existing" ID="b" LINK="#c"/><node TEXT="c" ID="c"/></node></map>',
      'links.mm',
    );
    expect(lines(report, 'links to other topics').map((f) => [f.converted, f.into])).toEqual([
      [1, 'notes'],
      [1, 'connections'],
    ]);
    expect(summaryLine(report)).toContain('Converted: 1 link to other topics to notes, 1 link to other topics to connection');
  });

  it('a converted item taken back leaves its own line', () => {
    const b = new ReportBuilder('Test');
    b.converted('links', 'notes');
    b.converted('links', 'connections');
    b.withdraw({ feature: 'links', as: 'converted', into: 'connections' });
    expect(b.build(1).features).toMatchObject([{ feature: 'links', converted: 1, into: 'notes' }]);
  });
});

describe('Freeplane clones', () => {
  it("count the colour and link they copy from their original, as the map holds them", () => {
    const report = imported(
      '<map version="freeplane 1.11.1"><node TEXT="R" ID="r"><node TEXT="orig" ID="o" BACKGROUND_COLOR="#ff0000" LINK="https://e.com"/><node ID="k" TREE_ID="o"/></node></map>',
      'clones.mm',
    );
    expect(lines(report, 'colours')).toMatchObject([{ found: 2, kept: 2 }]);
    expect(lines(report, 'links')).toMatchObject([{ found: 2, kept: 2 }]);
  });
});
