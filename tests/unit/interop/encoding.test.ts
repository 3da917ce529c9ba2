/**
 * Files that do not say their encoding: .mm and .opml whose bytes are not UTF-8 (nothing declared,
 * or UTF-8 declared) are read as Windows-1252, and UTF-16 without a byte-order mark as UTF-16, each
 * with a warning, as Markdown and text files are.
 */
import { describe, expect, it } from 'vitest';
import { NOT_UTF8_WARNING, readMapFile } from '../../../src/state/interop';
import { decodeText, utf16ByZeros, utf16Warning } from '../../../src/state/interop/encoding';
import { decodeXml } from '../../../src/state/interop/xml';

/** Text as Windows-1252 bytes (the characters used here are all in it). */
function cp1252(text: string): Uint8Array {
  const high: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94 };
  return Uint8Array.from([...text].map((c) => high[c] ?? c.charCodeAt(0)));
}

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(2 * i, text.charCodeAt(i), littleEndian);
  return out;
}

function labels(bytes: Uint8Array, fileName: string) {
  const r = readMapFile({ bytes, fileName });
  if (r.ok !== true) throw new Error(r.ok === false ? r.error : 'sheets');
  return { labels: r.snapshot.nodes.map((n) => n.data.label), warnings: r.report.warnings };
}

describe('XML files that are not UTF-8', () => {
  it.each([
    ['a .mm without a declaration', 'a.mm', '<map version="1.0.1"><node TEXT="Café € “quoted”"><node TEXT="naïve"/></node></map>'],
    ['a .mm declaring UTF-8', 'b.mm', '<?xml version="1.0" encoding="UTF-8"?><map version="1.0.1"><node TEXT="Café € “quoted”"><node TEXT="naïve"/></node></map>'],
    ['an .opml without a declaration', 'c.opml', '<opml version="2.0"><body><outline text="Café € “quoted”"><outline text="naïve"/></outline></body></opml>'],
  ])('%s is read as Windows-1252, with the warning', (_name, fileName, xml) => {
    const r = labels(cp1252(xml), fileName);
    expect(r.labels).toEqual(['Café € “quoted”', 'naïve']);
    expect(r.warnings).toContain(NOT_UTF8_WARNING);
  });

  it('UTF-8 and declared Windows-1252 stay as they are, without a warning', () => {
    const utf8 = new TextEncoder().encode('<map version="1.0.1"><node TEXT="Café €"/></map>');
    expect(labels(utf8, 'u.mm')).toEqual({ labels: ['Café €'], warnings: [] });
    const declared = cp1252('<?xml version="1.0" encoding="windows-1252"?><map version="1.0.1"><node TEXT="Café € “q”"/></map>');
    expect(decodeXml(declared, 'FreeMind')).toEqual({ text: expect.stringContaining('Café € “q”'), warning: null });
  });
});

describe('UTF-16 without a byte-order mark', () => {
  it.each([
    ['little-endian', true, 'utf-16le'],
    ['big-endian', false, 'utf-16be'],
  ] as const)('%s text is read as such, with a warning', (_name, little, encoding) => {
    const bytes = utf16('Root é\n\tChild A\n\tChild B\n', little);
    expect(utf16ByZeros(bytes)).toBe(encoding);
    const r = labels(bytes, 'outline.txt');
    expect(r.labels).toEqual(['Root é', 'Child A', 'Child B']);
    expect(r.warnings).toEqual([utf16Warning(encoding)]);
  });

  it('an .opml in UTF-16 without a byte-order mark is read too', () => {
    const r = labels(utf16('<opml version="2.0"><body><outline text="Ünïcode"/></body></opml>', true), 'x.opml');
    expect(r.labels).toEqual(['Ünïcode']);
  });

  it('UTF-8, Windows-1252 and binary data are not taken for UTF-16', () => {
    expect(utf16ByZeros(new TextEncoder().encode('# Title\n\n- item é\n'))).toBeNull();
    expect(decodeText(cp1252('Caf\u00e9 €')).warning).toBe(NOT_UTF8_WARNING);
    const binary = Uint8Array.from({ length: 512 }, (_, i) => (i * 37) & 0xff);
    expect(readMapFile({ bytes: binary, fileName: 'x.txt' })).toEqual({ ok: false, error: 'Could not read this text file: it holds binary data, not a map MindFlow can read' });
  });
});
