/**
 * Every corpus file through the one entry (readMapFile): detected by content, read, converted,
 * restored and laid out; topic counts as the corpus README states (a synthesised root adds one
 * where a file has several top-level topics) and every report line adds up.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../../src/state/interop';
import { restoreMap } from '../../../src/state/restore';
import { CORPUS, corpusBytes, expectBalanced } from './helpers';

/** Topics per the corpus README, for the formats whose readers count one topic per element or line. */
const COUNTS: Record<string, { topics: number; format: string; root?: 'synthesised' }> = {
  'mm/freeplane-1.12-userguide.mm': { topics: 1460, format: 'Freeplane' },
  'mm/freeplane-1.11-markdownhelper-wiki.mm': { topics: 2010, format: 'Freeplane' },
  'mm/freeplane-1.12-userguide-ja.mm': { topics: 380, format: 'Freeplane' },
  'mm/freemind-1.0.1-doc.mm': { topics: 482, format: 'FreeMind' },
  'mm/wisemapping-export-enc-parsererror.mm': { topics: 24, format: 'FreeMind' },
  'opml/opml-editor-source.opml': { topics: 1329, format: 'OPML', root: 'synthesised' },
  'opml/drummer-states.opml': { topics: 59, format: 'OPML' },
  'opml/opml-editor-includes.opml': { topics: 3, format: 'OPML', root: 'synthesised' },
  'opml/workflowy-export.opml': { topics: 9, format: 'OPML' },
  // 345 non-empty lines less 29 note lines and 38 continuation lines
  'text/wisemapping-export-bug3.txt': { topics: 278, format: 'Indented text' },
  'text/markmap-example.txtmap': { topics: 10, format: 'Indented text' },
};

const files = ['mm', 'opml', 'text', 'markdown', 'xmind'].flatMap((d) => readdirSync(join(CORPUS, d)).map((f) => `${d}/${f}`));

describe('readMapFile over the whole corpus', () => {
  it('has the 22 corpus files', () => {
    expect(files).toHaveLength(22);
  });

  for (const file of files) {
    it(file, () => {
      const bytes = corpusBytes(file);
      const fileName = file.split('/')[1];
      let out = readMapFile({ bytes, fileName });
      if (out.ok === 'choose-sheet') {
        expect(out.sheets.length).toBeGreaterThan(1);
        out = readMapFile({ bytes, fileName }, { sheet: 'all' });
      }
      if (out.ok !== true) throw new Error(`${file}: ${out.ok === false ? out.error : 'asked for a sheet again'}`);
      expect(out.count).toBe(out.snapshot.nodes.length);
      expect(out.report.topics).toBe(out.count);
      expectBalanced(out.report);
      const expected = COUNTS[file];
      if (expected) {
        expect(out.format).toBe(expected.format);
        expect(out.count).toBe(expected.topics + (expected.root === 'synthesised' ? 1 : 0));
      }
      // the snapshot is what the editor restores: it must pass the pipeline unchanged
      const again = restoreMap(out.snapshot);
      expect(again.ok && again.repairs).toEqual([]);
      expect(out.snapshot.nodes.filter((n) => n.parentId === null)).toHaveLength(1);
      // laid out: not every topic on the root's spot
      expect(out.count === 1 || out.snapshot.nodes.some((n) => n.position.x !== 0)).toBe(true);
    }, 30_000);
  }

  it('keeps notes, links, connections and folds through the whole pipeline (Freeplane user guide)', () => {
    const out = readMapFile({ bytes: corpusBytes('mm/freeplane-1.12-userguide.mm'), fileName: 'freeplaneUserGuide.mm' });
    if (out.ok !== true) throw new Error('not read');
    const nodes = out.snapshot.nodes;
    expect(nodes.filter((n) => !n.data.expanded)).toHaveLength(659);
    expect(nodes.filter((n) => n.data.attachment?.type === 'link').length).toBeGreaterThan(0);
    const tree = new Set(nodes.filter((n) => n.parentId).map((n) => `e-${n.parentId}-${n.id}`));
    const connections = out.snapshot.edges.filter((e) => !tree.has(e.id));
    // 12 arrowlinks and 33 links to other topics, less 10 arrows from a topic to itself (the guide
    // demonstrates them) and one link that repeats an arrow
    expect(connections).toHaveLength(34);
    const report = out.report.features;
    expect(report.find((f) => f.feature === 'connections from a topic to itself')?.dropped).toBe(10);
    expect(report.find((f) => f.feature === 'connections that repeat another link')?.dropped).toBe(1);
    expect(nodes.some((n) => (n.data.notes ?? '').includes('\n\n'))).toBe(true);
  });

  it('JSON keeps the seed message; a size over the limit is refused before reading', () => {
    expect(readMapFile({ text: '{"nodes": [', fileName: 'map.json' })).toEqual({ ok: false, error: 'Invalid JSON data. Please check the format and try again.' });
    expect(readMapFile({ text: '{"nodes": [], "edges": []}' }).ok).toBe(true);
    // Pasted JSON of another kind is refused the same way, not read as a one-line outline.
    for (const text of ['42', '[1, 2]', 'true', '"a title"', ' null ']) {
      expect(readMapFile({ text }), text).toEqual({ ok: false, error: 'Invalid JSON data. Please check the format and try again.' });
    }
    // Lines that are not JSON stay an outline; a .txt file is the text its name says.
    expect(readMapFile({ text: '42 ideas\n  first' }).ok).toBe(true);
    expect(readMapFile({ text: '42', fileName: 'numbers.txt' }).ok).toBe(true);
    const fake = { length: 200 * 1024 * 1024 + 1 } as Uint8Array; // only its length is read
    expect(readMapFile({ bytes: fake, fileName: 'huge.mm' })).toEqual({
      ok: false,
      error: 'Could not read this FreeMind file: it is larger than 200 MB, the most MindFlow imports',
    });
  });

  it('decodes XML bytes by their declared encoding (ISO-8859-1)', () => {
    const latin1 = Uint8Array.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><opml version="2.0"><head><title>Caf\u00e9</title></head><body><outline text="cr\u00e8me br\u00fbl\u00e9e"/></body></opml>',
      (c) => c.charCodeAt(0),
    );
    const out = readMapFile({ bytes: latin1, fileName: 'dessert.opml' });
    if (out.ok !== true) throw new Error('not read');
    expect(out.snapshot.nodes.map((n) => n.data.label)).toEqual(['crème brûlée']);
  });

  it('a file that is not what it claims gets a message naming the claimed format', () => {
    expect(readMapFile({ text: '{"nodes": []}', fileName: 'map.mm' })).toEqual({
      ok: false,
      error: 'Could not read this FreeMind file: it holds JSON, not a FreeMind map',
    });
    const truncated = new TextDecoder().decode(corpusBytes('mm/freemind-1.0.1-doc.mm')).slice(0, 5000);
    const out = readMapFile({ text: truncated, fileName: 'freemind.mm' });
    expect(out.ok).toBe(false);
    expect(out.ok === false && out.error).toMatch(/^Could not read this FreeMind file: /);
  });
});
