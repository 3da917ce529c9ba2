import { describe, expect, it } from 'vitest';
import { ReportBuilder } from '../../../src/state/interop/report';
import { hasOwnPositions } from '../../../src/ui/editor/import/ownPositions';
import { dragHasFiles } from '../../../src/ui/editor/import/importRequests';
import { outcomeLine, reportFileName, reportJson } from '../../../src/ui/editor/import/reportFile';
import { whenWritten } from '../../../src/ui/editor/import/whenWritten';

describe('import report file', () => {
  it('is named after the export files, with the local date', () => {
    expect(reportFileName(new Date(2026, 0, 5, 23, 59))).toBe('mindflow_import-report_2026-01-05.json');
  });

  it('holds the summary line, every feature and the warnings', () => {
    const b = new ReportBuilder('OPML', 'plan.opml');
    b.kept('collapsed', 'Root › A');
    b.converted('rich-text notes', 'text', 'Root › B', 3);
    b.dropped('icons', undefined, 2);
    b.warn('expansionState ignored');
    const json = JSON.parse(reportJson(b.build(12), new Date('2026-11-23T10:00:00Z')));
    expect(json.summary).toBe('12 topics. Kept: 1 collapsed. Converted: 3 rich-text notes to text. Dropped: 2 icons');
    expect(json.importedAt).toBe('2026-11-23T10:00:00.000Z');
    expect(json.fileName).toBe('plan.opml');
    expect(json.features.map((f: { feature: string }) => f.feature)).toEqual(['collapsed', 'rich-text notes', 'icons']);
    expect(json.warnings).toEqual(['expansionState ignored']);
  });

  it('says per feature what happened, leaving out empty outcomes', () => {
    expect(outcomeLine({ found: 1460, kept: 659, converted: 0, dropped: 801 })).toBe('found 1,460 · kept 659 · dropped 801');
    expect(outcomeLine({ found: 3, kept: 0, converted: 3, dropped: 0, into: 'notes' })).toBe('found 3 · converted 3 to notes');
  });
});

describe('import helpers', () => {
  it('keeps the positions of MindFlow JSON only', () => {
    expect(hasOwnPositions({ format: 'JSON' })).toBe(true);
    expect(hasOwnPositions({ format: 'Freeplane' })).toBe(false);
    expect(hasOwnPositions({ format: 'Indented text' })).toBe(false);
  });

  it('takes a drag as a file drop only when it carries files', () => {
    expect(dragHasFiles(['Files'])).toBe(true);
    expect(dragHasFiles(['text/plain', 'text/uri-list'])).toBe(false);
    expect(dragHasFiles(undefined)).toBe(false);
  });
});

describe('an import is in once the document holds the map', () => {
  /** A binding whose writing the test moves on. */
  function fakeBinding(writing: boolean) {
    const listeners = new Set<(w: boolean) => void>();
    return {
      writing,
      onWriting(l: (w: boolean) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      set(w: boolean) {
        this.writing = w;
        for (const l of [...listeners]) l(w);
      },
      listeners,
    };
  }
  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 0));
    return done;
  };

  it('at once when nothing is being written', async () => {
    expect(await settled(whenWritten(fakeBinding(false)))).toBe(true);
  });

  it('once the parts being written are all in, and stops listening then', async () => {
    const b = fakeBinding(true);
    const written = whenWritten(b);
    expect(await settled(written)).toBe(false);
    b.set(true);
    expect(await settled(written)).toBe(false);
    b.set(false);
    expect(await settled(written)).toBe(true);
    expect(b.listeners.size).toBe(0);
  });
});
