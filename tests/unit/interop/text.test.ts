import { describe, expect, it } from 'vitest';
import { countTopics } from '../../../src/state/interop/outline';
import { NOT_UTF8_WARNING, readMapFile } from '../../../src/state/interop';
import { readText } from '../../../src/state/interop/text';
import { allTopics, corpusText, expectBalanced, feature } from './helpers';

describe('readText', () => {
  it('WiseMapping text export: numbers stripped, [Note: …] lines as notes, continuation lines joined', () => {
    const r = readText(corpusText('text/wisemapping-export-bug3.txt'), 'bug3.txt');
    const topics = allTopics(r.outline.roots);
    const report = r.report.build(topics.length);
    // 345 non-empty lines: 29 notes and 38 continuation lines are not topics (the Markdown
    // export of the same map has the same 278 topics)
    expect(countTopics(r.outline.roots)).toBe(278);
    expect(r.outline.roots).toHaveLength(1);
    expect(topics[0].label).toBe('Indicator needs');
    expect(topics[1].label).toBe('Which new measures');
    expect(topics[1].notes).toBe('Identifying new measures or investments that should be implemented.');
    expect(feature(report, 'notes')!.kept).toBe(29);
    expect(topics.some((t) => /^\d+(\.\d+)*\s/.test(t.label))).toBe(false);
    expect(topics.map((t) => t.label)).toContain("Firm's turnover from (new to firm) product innovation (as a pecentage of total turnover)");
    expectBalanced(report);
  });

  it('markmap example: 4-space indentation, one topic per line', () => {
    const r = readText(corpusText('text/markmap-example.txtmap'));
    expect(countTopics(r.outline.roots)).toBe(10);
    const [root] = r.outline.roots;
    expect(root.label).toBe('some');
    expect(root.children.map((c) => c.label)).toEqual(['example', 'for', 'you']);
    expect(root.children[2].children.map((c) => c.label)).toEqual(['to', 'see', 'file']);
  });

  it('tabs, CRLF, several roots, and an outdent to a level between two others', () => {
    const r = readText('A\r\n\tA1\r\n\t\tA11\r\n\tA2\r\nB\r\n   B1\r\n      B11\r\n  B2\r\n');
    const [a, b] = r.outline.roots;
    expect(r.outline.roots).toHaveLength(2);
    expect(a.children.map((c) => c.label)).toEqual(['A1', 'A2']);
    expect(a.children[0].children[0].label).toBe('A11');
    // "  B2" is shallower than B1 but deeper than B: it closes B1's level and becomes B's child
    expect(b.children.map((c) => c.label)).toEqual(['B1', 'B2']);
  });

  it('list markers are removed, whatever the lines are indented with', () => {
    const labels = (text: string) => allTopics(readText(text).outline.roots).map((t) => t.label);
    expect(labels('Project\n\t- Goals\n\t\t- G1\n\t- Risks')).toEqual(['Project', 'Goals', 'G1', 'Risks']);
    expect(labels('Fruit\n  • Apple\n  ● Pear\n  * Plum\n  + Fig')).toEqual(['Fruit', 'Apple', 'Pear', 'Plum', 'Fig']);
    expect(labels('Root\n\t1. One\n\t2. Two')).toEqual(['Root', 'One', 'Two']);
    // A dash without a space after it is part of the text.
    expect(labels('Temperatures\n\t-5 degrees')).toEqual(['Temperatures', '-5 degrees']);
    // No-break spaces (as word processors indent) nest like spaces.
    const r = readText('Root\n\u00a0\u00a0Child\n\u00a0\u00a0\u00a0\u00a0Grandchild');
    expect(r.outline.roots[0].children[0].children[0].label).toBe('Grandchild');
    expect(r.report.build(3).choices.join(' ')).not.toContain('List markers');
    expect(readText('A\n\t- b').report.build(2).choices).toContain('List markers such as "-" and "•" were removed from the topic texts.');
  });

  it('an outline with "- " markers read through readMapFile: one topic per line, as a .txt file or pasted', () => {
    const text = 'Project\n\t- Goals\n\t\t- G1\n\t- Risks\n';
    for (const fileName of ['outline.txt', undefined]) {
      const out = readMapFile({ text, fileName });
      expect(out.ok === true && out.count).toBe(4);
    }
  });

  it('a Windows-1252 ("ANSI") file is read as such, and the report says so', () => {
    // 'Café naïve\n\tRésumé “quoted”' as Windows-1252 bytes: é e9, ï ef, “ 93, ” 94.
    const ansi = (...parts: (string | number)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p].map((c) => c.charCodeAt(0)))));
    const files = [
      ['ansi.txt', ansi('Caf', 0xe9, ' na', 0xef, 've\n\tR', 0xe9, 'sum', 0xe9, ' ', 0x93, 'quoted', 0x94)],
      ['ansi.md', ansi('# Caf', 0xe9, ' na', 0xef, 've\n## R', 0xe9, 'sum', 0xe9, ' ', 0x93, 'quoted', 0x94)],
    ] as const;
    for (const [fileName, bytes] of files) {
      const out = readMapFile({ bytes, fileName });
      if (out.ok !== true) throw new Error(`not read: ${fileName}`);
      expect(out.state.nodes.n).toBe(2);
      const labels = out.snapshot.nodes.map((n) => n.data.label).sort();
      expect(labels).toEqual(['Café naïve', 'Résumé “quoted”']);
      expect(out.report.warnings).toContain(NOT_UTF8_WARNING);
    }
    // UTF-8 text gets no such warning.
    const utf8 = readMapFile({ bytes: new TextEncoder().encode('Café\n\tRésumé'), fileName: 'u.txt' });
    expect(utf8.ok === true && utf8.report.warnings).toEqual([]);
  });

  it('numbered lines without indentation nest by their numbers', () => {
    const r = readText('1. Intro\n1.1 Background\n1.2 Scope\n1.2.1 In\n2. Method\n');
    expect(r.outline.roots.map((t) => t.label)).toEqual(['Intro', 'Method']);
    expect(r.outline.roots[0].children.map((t) => t.label)).toEqual(['Background', 'Scope']);
    expect(r.outline.roots[0].children[1].children.map((t) => t.label)).toEqual(['In']);
  });

  it('numbers are kept when most lines are not numbered', () => {
    const r = readText('Plans\n  2024 budget\n  Hiring\n  Office\n');
    expect(r.outline.roots[0].children[0].label).toBe('2024 budget');
  });

  it('an unclosed [Note: takes the rest of the file and warns', () => {
    const r = readText('A\n  [Note: first line\nsecond line');
    expect(r.outline.roots[0].notes).toBe('first line\nsecond line');
    expect(r.report.build(1).warnings).toHaveLength(1);
  });

  it('empty text is refused', () => {
    expect(() => readText('  \n\n\t\n')).toThrow('Could not read this text file: it has no text');
  });

  it('a 10,000-level chain does not overflow the stack', () => {
    // a 100,000-level chain of indented lines would be 5 billion characters of indentation
    const depth = 10_000;
    const lines: string[] = [];
    for (let i = 0; i < depth; i++) lines.push(`${' '.repeat(i)}t${i}`);
    const r = readText(lines.join('\n'));
    expect(countTopics(r.outline.roots)).toBe(depth);
    let t = r.outline.roots[0];
    let levels = 1;
    while (t.children.length > 0) {
      t = t.children[0];
      levels++;
    }
    expect(levels).toBe(depth);
  }, 60_000);
});
