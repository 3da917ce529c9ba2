import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src/state/interop/markdown';
import { countTopics, type OutlineTopic } from '../../../src/state/interop/outline';
import { FormatError } from '../../../src/state/interop/reader';
import type { ImportReport } from '../../../src/state/interop/report';

const CORPUS = join(process.cwd(), '..', 'shared', 'interop-corpus', 'markdown');
const corpus = (name: string) => readFileSync(join(CORPUS, name), 'utf8');

function read(text: string, fileName = 'test.md') {
  const r = readMarkdown(text, fileName);
  return { outline: r.outline, report: r.report.build(countTopics(r.outline.roots)) };
}

function all(roots: readonly OutlineTopic[]): OutlineTopic[] {
  const out: OutlineTopic[] = [];
  const stack = [...roots].reverse();
  while (stack.length) {
    const t = stack.pop()!;
    out.push(t);
    for (let i = t.children.length - 1; i >= 0; i--) stack.push(t.children[i]);
  }
  return out;
}

function find(roots: readonly OutlineTopic[], label: string): OutlineTopic {
  const t = all(roots).find((x) => x.label === label);
  if (!t) throw new Error(`no topic "${label}"`);
  return t;
}

/** A compact view of the tree: "label" per topic, children indented by two spaces. */
function shape(roots: readonly OutlineTopic[]): string {
  const lines: string[] = [];
  const stack: { t: OutlineTopic; d: number }[] = [...roots].reverse().map((t) => ({ t, d: 0 }));
  while (stack.length) {
    const { t, d } = stack.pop()!;
    lines.push('  '.repeat(d) + t.label);
    for (let i = t.children.length - 1; i >= 0; i--) stack.push({ t: t.children[i], d: d + 1 });
  }
  return lines.join('\n');
}

function feature(report: ImportReport, name: string) {
  return report.features.find((f) => f.feature === name);
}

function expectBalanced(report: ImportReport) {
  for (const f of report.features) expect(f.found, f.feature).toBe(f.kept + f.converted + f.dropped);
}

describe('Markdown reader over the corpus', () => {
  // README counts are headings + list items. Topics the reader adds itself are said below.
  it.each([
    ['indent4-mixed-lists-zh.md', 25],
    ['markmap-gtor.md', 38],
    ['typora-slip-model-zh.md', 45],
    // 1 heading + 277 items: the exporter's raw newlines inside node texts are lazy continuation
    // lines of the item before them (CommonMark), so they join that item's label, not new topics.
    ['wisemapping-export-bug3.md', 278],
  ])('%s has the README count of headings and list items', (name, count) => {
    const { outline, report } = read(corpus(name), name);
    expect(countTopics(outline.roots)).toBe(count);
    const headings = feature(report, 'headings')?.kept ?? 0;
    const items = feature(report, 'list items')?.kept ?? 0;
    expect(headings + items).toBe(count);
    expectBalanced(report);
  });

  // The reference CommonMark + GFM parser (too slow for 100k-topic files, see markdown.ts) as an
  // oracle: the same topics with the same labels, in the same order.
  it.each(['indent4-mixed-lists-zh.md', 'markdown-it-demo.md', 'markmap-gtor.md', 'typora-slip-model-zh.md', 'wisemapping-export-bug3.md'])(
    '%s: the same headings and list items as mdast-util-from-markdown',
    (name) => {
      const text = corpus(name);
      const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
      const expected: string[] = [];
      type MdNode = { type: string; children?: MdNode[] };
      const stack: { n: MdNode; quoted: boolean }[] = [{ n: fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }), quoted: false }];
      while (stack.length) {
        const { n, quoted } = stack.pop()!;
        const q = quoted || n.type === 'blockquote';
        if (!q && n.type === 'heading') expected.push(norm(toString(n)));
        if (!q && n.type === 'listItem') expected.push(norm(toString(n.children?.[0])));
        for (let i = (n.children?.length ?? 0) - 1; i >= 0; i--) stack.push({ n: n.children![i], quoted: q });
      }
      const { outline } = read(text, name);
      // markdown-it-demo gets a root of its own for the text before its first heading.
      const topics = outline.roots.length === 1 && outline.roots[0].label === name.replace(/\.md$/, '') ? outline.roots[0].children : outline.roots;
      const labels = all(topics).map((t) => norm(t.label));
      // markdown-it-demo's "Which new measures[^1]": a footnote reference, no text in either.
      expect(labels).toEqual(expected);
    },
  );

  it('markdown-it-demo.md: 42 headings and items, under a root for the text before the first heading', () => {
    const { outline, report } = read(corpus('markdown-it-demo.md'), 'markdown-it-demo.md');
    expect((feature(report, 'headings')?.kept ?? 0) + (feature(report, 'list items')?.kept ?? 0)).toBe(42);
    // The file starts with a thematic break, not front matter: no title, and the advertisement
    // paragraph before the first heading is kept as the notes of a root named after the file.
    expect(outline.title).toBeUndefined();
    expect(outline.roots).toHaveLength(1);
    const root = outline.roots[0];
    expect(root.label).toBe('markdown-it-demo');
    expect(root.notes).toContain('Advertisement :)');
    expect(root.notes).toContain('You will like those projects!');
    expect(countTopics(outline.roots)).toBe(43);
    expect(root.children.map((c) => c.label)).toEqual([
      'pica - high quality and fast image resize in browser.',
      'babelfish - developer friendly i18n with plurals support and easy syntax.',
      'h1 Heading 8-)',
    ]);
    expect(root.children[0].link).toBe('https://nodeca.github.io/pica/demo/');
    expectBalanced(report);
  });

  it('headings nest by level and list items nest under the heading before them', () => {
    const { outline } = read(corpus('markdown-it-demo.md'));
    expect(shape(find(outline.roots, 'h1 Heading 8-)').children.slice(0, 1))).toBe(
      ['h2 Heading', '  h3 Heading', '    h4 Heading', '      h5 Heading', '        h6 Heading'].join('\n'),
    );
    const lists = find(outline.roots, 'Lists');
    expect(shape(lists.children.slice(0, 2))).toBe(
      [
        'Create a list by starting a line with +, -, or *',
        'Sub-lists are made by indenting 2 spaces:',
        '  Marker character change forces new list start:',
        '    Ac tristique libero volutpat at',
        '    Facilisis in pretium nisl aliquet',
        '    Nulla volutpat aliquam velit',
      ].join('\n'),
    );
  });

  it('keeps paragraphs, code, tables and quotes as notes, with inline formatting as plain text', () => {
    const { outline, report } = read(corpus('markmap-gtor.md'));
    const root = outline.roots[0];
    expect(root.label).toBe('A General Theory of Reactivity');
    const paragraphs = root.notes!.split('\n\n');
    expect(paragraphs[0]).toBe('A work in progress.');
    expect(paragraphs[1]).toBe(
      'In the context of a computer program, reactivity is the process of receiving\nexternal stimuli and propagating events.\n' +
        'This is a rather broad definition that covers a wide variety of topics.\n' +
        'The term is usually reserved for systems that respond in turns to sensors,\n' +
        'schedules, and above all, problems that exist between the chair and keyboard.',
    );
    // A reference link resolved through its definition, written after the address.
    expect(root.notes).toContain('To a similar end, various (https://github.com/Reactive-Extensions/RxJS/');
    // Its first table's header row is indented 13 spaces: indented code in CommonMark and GFM, so the
    // README counts 4 tables, not 5; the other four keep their rows.
    expect(root.notes).toContain('\n         | **Singular**         | **Plural**\n');
    expect(find(outline.roots, 'Concepts').notes).toMatch(/^Interface \| {2}\| {2}\| \|?/m);
    expect(feature(report, 'paragraphs')?.converted).toBeGreaterThan(150);
    expect(feature(report, 'code blocks')?.converted).toBe(54);
    expect(feature(report, 'tables')?.converted).toBe(4);
    const iterators = find(outline.roots, 'Iterators');
    expect(iterators.notes).toMatch(/```js\nvar iterator = iterate[\s\S]*\n```/);
  });

  it('typora: two H1s stay two roots (the caller names the one above them), math and images kept as text', () => {
    const { outline, report } = read(corpus('typora-slip-model-zh.md'));
    expect(outline.roots.map((r) => r.label)).toEqual(['SLIP模型', '二、函数']);
    expect(find(outline.roots, '牛顿欧拉方法').notes).toMatch(/^\$\$\n\\sum F = /);
    expect(find(outline.roots, '机器人物理模型参数整定').notes).toMatch(/^Image: img \(https:\/\/picx\.zhimg\.com\//);
    expect(feature(report, 'images')?.converted).toBeGreaterThan(0);
  });
});

describe('Markdown mapping rules', () => {
  it('front matter title names the outline; other fields are reported', () => {
    const { outline, report } = read('---\ntitle: "My Plan"\ntags: [a, b]\n---\n\n# One\n\n# Two\n');
    expect(outline.title).toBe('My Plan');
    expect(outline.roots.map((r) => r.label)).toEqual(['One', 'Two']);
    expect(feature(report, 'front matter fields')).toMatchObject({ found: 1, dropped: 1 });
  });

  it('the first safe link of a heading or item becomes its link, others go in the notes', () => {
    const md = [
      '# Links',
      '- [Docs](https://example.com/docs) and [API](https://example.com/api)',
      '- [bad](javascript:alert(1)) then <https://example.org>',
      '- see www.example.net/page',
    ].join('\n');
    const { outline, report } = read(md);
    const [a, b, c] = outline.roots[0].children;
    expect(a.label).toBe('Docs and API');
    expect(a.link).toBe('https://example.com/docs');
    expect(a.linkTitle).toBe('Docs');
    expect(a.notes).toBe('API: https://example.com/api');
    expect(b.link).toBeUndefined();
    expect(b.notes).toBe('bad: javascript:alert(1)\nhttps://example.org');
    expect(c.link).toBe('http://www.example.net/page');
    expect(feature(report, 'links')).toMatchObject({ found: 5, kept: 2, converted: 3 });
  });

  it("a link's title becomes the link title; its text only where it says more than the label", () => {
    const md = [
      '# Titles',
      '- [Docs](https://example.com/docs "The \\"full\\" docs")',
      "- [Paren](<https://example.com/a\\>b> (round \\) title))",
      '- [Whole label](https://example.com/w)',
      '- See [the API](https://example.com/api) now',
      '- [No blank](<https://example.com/n>"x")',
    ].join('\n');
    const [a, b, c, d, e] = read(md).outline.roots[0].children;
    expect(a).toMatchObject({ label: 'Docs', link: 'https://example.com/docs', linkTitle: 'The "full" docs' });
    expect(b).toMatchObject({ label: 'Paren', link: 'https://example.com/a>b', linkTitle: 'round ) title' });
    expect(c).toMatchObject({ label: 'Whole label', link: 'https://example.com/w' });
    expect(c.linkTitle).toBeUndefined();
    expect(d).toMatchObject({ label: 'See the API now', linkTitle: 'the API' });
    // CommonMark: a title needs a blank before it, so this is no link (only the autolink inside it).
    expect(e).toMatchObject({ label: '[No blank](https://example.com/n"x")', link: 'https://example.com/n' });
    expect(e.linkTitle).toBeUndefined();
  });

  it('[^x] is a footnote reference only when that footnote is defined (as in GFM); else a link or text', () => {
    const md = ['# F', '- [^](https://example.com/a)', '- [^b](https://example.com/b)', '- x [^c] y', '- [^d](https://example.com/d)', '', '[^d]: The note'].join('\n');
    const [a, b, c, d] = read(md).outline.roots[0].children;
    expect(a).toMatchObject({ label: '^', link: 'https://example.com/a' });
    expect(b).toMatchObject({ label: '^b', link: 'https://example.com/b' });
    expect(c.label).toBe('x [^c] y');
    // Defined: a footnote reference (it leaves the title); the parenthesised address is then a bare link.
    expect(d).toMatchObject({ label: '(https://example.com/d)', link: 'https://example.com/d', notes: '[^d]: The note' });
  });

  it('a footnote goes into the notes of each topic that references it; one nothing references stays where it was written', () => {
    const md = [
      '# Plan',
      '## Goals[^g]',
      '- Ship it[^s] soon',
      '- Test it',
      '## Risks',
      'Some text with a note[^g].',
      '',
      '[^g]: Set by the **board**.',
      '[^s]: Release 1.0.',
      '[^n]: Read by nobody.',
    ].join('\n');
    const { outline, report } = read(md);
    const root = outline.roots[0];
    expect(find(outline.roots, 'Goals').notes).toBe('[^g]: Set by the board.');
    expect(find(outline.roots, 'Ship it soon').notes).toBe('[^s]: Release 1.0.');
    expect(find(outline.roots, 'Test it').notes).toBeUndefined();
    expect(find(outline.roots, 'Risks').notes).toBe('Some text with a note[^g].\n\n[^g]: Set by the board.\n\n[^n]: Read by nobody.');
    expect(root.notes).toBeUndefined();
    expect(feature(report, 'footnotes')).toMatchObject({ found: 3, converted: 3 });
    expect(feature(report, 'footnote references in titles')).toMatchObject({ found: 2, converted: 2 });
    expectBalanced(report);
  });

  it('inline formatting, escapes, entities and code spans become plain text', () => {
    const { outline } = read('# **Bold** *it* _em_ ~~gone~~ `a*b*c` \\*lit\\* snake_case_name &amp; &#x306f; <b>x</b>\n');
    expect(outline.roots[0].label).toBe('Bold it em gone a*b*c *lit* snake_case_name & は x');
  });

  it('task list items set done; setext headings are headings', () => {
    const { outline, report } = read('Title\n=====\n\nPart\n----\n\n- [x] shipped\n- [ ] open\n');
    expect(shape(outline.roots)).toBe('Title\n  Part\n    shipped\n    open');
    expect(find(outline.roots, 'shipped').done).toBe(true);
    expect(find(outline.roots, 'open').done).toBe(false);
    expect(feature(report, 'task list checkboxes')?.converted).toBe(2);
  });

  it('blocks inside an item are its notes; a table keeps its rows', () => {
    const md = [
      '# T',
      '',
      '- item',
      '',
      '  more about the item',
      '',
      '  ```js',
      '  let x = 1;',
      '  ```',
      '  - child',
      '',
      '| a | b |',
      '|---|--:|',
      '| 1 | **2** |',
      '',
      '> quoted *text*',
      '> - listed',
    ].join('\n');
    const { outline, report } = read(md);
    expect(shape(outline.roots)).toBe('T\n  item\n    child');
    expect(find(outline.roots, 'item').notes).toBe('more about the item\n\n```js\nlet x = 1;\n```');
    expect(outline.roots[0].notes).toBe('a | b\n1 | 2\n\n> quoted text\n> - listed');
    expectBalanced(report);
  });

  it('an HTML block becomes text, its images their addresses', () => {
    const { outline, report } = read('# H\n\n<p align="center"><img src="https://x.example/a.png" alt="Logo"> <b>Hi</b></p>\n');
    expect(outline.roots[0].notes).toBe('Hi\nImage: Logo (https://x.example/a.png)');
    expect(feature(report, 'images')?.converted).toBe(1);
    expect(feature(report, 'HTML blocks')?.converted).toBe(1);
  });

  it('HTML comments stay as notes; scripts and styles are counted as dropped, not as converted', () => {
    const md = '# Plan\n\n<!-- TODO: call Bob before Friday -->\n\n<script>alert(1)</script>\n\n<style>p { color: red }</style>\n\nVisible paragraph.\n';
    const { outline, report } = read(md);
    expect(outline.roots[0].notes).toBe('TODO: call Bob before Friday\n\nVisible paragraph.');
    expect(feature(report, 'HTML comments')?.converted).toBe(1);
    expect(feature(report, 'scripts and styles in HTML')?.dropped).toBe(2);
    expect(feature(report, 'HTML blocks')).toBeUndefined();
    expectBalanced(report);
  });

  it('follows CommonMark where block starts are subtle', () => {
    const md = [
      '# T',
      '- one',
      '  2. not a sublist: an ordered item numbered 2 cannot interrupt a paragraph',
      '- two',
      '      - indented 4 past the content: continuation text',
      '- <b>bold</b> at the start of an item, and [later][def]',
      '',
      '<b>Inline</b> tags at a line start are a paragraph, not an HTML block',
      '- three',
      '',
      'text',
      '[def]: https://example.com/def',
      '',
      '[def]: https://example.com/def',
    ].join('\n');
    const { outline } = read(md);
    expect(outline.roots[0].children.map((c) => c.label)).toEqual([
      'one 2. not a sublist: an ordered item numbered 2 cannot interrupt a paragraph',
      'two - indented 4 past the content: continuation text',
      'bold at the start of an item, and later',
      'three',
    ]);
    // The definition comes after its use. The first "[def]: …" continues a paragraph, so it is text
    // (with "[def]" a reference link), and the unindented paragraph after the list is the heading's.
    expect(outline.roots[0].children[2].link).toBe('https://example.com/def');
    expect(outline.roots[0].notes).toBe(
      'Inline tags at a line start are a paragraph, not an HTML block\n\ntext\ndef (https://example.com/def): https://example.com/def',
    );
  });

  it("markmap's fold comments fold a topic (fold) or its whole branch (foldAll)", () => {
    const md = [
      '# Root',
      '## heading 1',
      '- item 1 <!-- markmap: foldAll -->',
      '  - item 1.1',
      '    - item 1.1.1',
      '  - item 1.2',
      '- item 2',
      '## heading 2 <!--markmap:fold-->',
      '- item 3 <!-- markmap: fold -->',
      '- [item 4](https://example.com) <!-- markmap: fold -->',
      '  - item 4.1',
      '- `<!-- markmap: fold -->` in code',
      '  - code child',
      '',
      'A <!-- markmap: fold --> comment in a note.',
    ].join('\n');
    const { outline, report } = read(md);
    const collapsed = all(outline.roots)
      .filter((t) => t.collapsed)
      .map((t) => t.label);
    expect(collapsed).toEqual(['item 1', 'item 1.1', 'heading 2', 'item 4']);
    expect(find(outline.roots, 'item 4').link).toBe('https://example.com');
    expect(find(outline.roots, 'heading 2').label).toBe('heading 2');
    expect(find(outline.roots, '<!-- markmap: fold --> in code').collapsed).toBeUndefined();
    expect(find(outline.roots, 'item 3').collapsed).toBeUndefined();
    expect(feature(report, 'collapsed')).toMatchObject({ found: 4, kept: 4 });
    expect(feature(report, 'fold comments on topics without subtopics')).toMatchObject({ found: 1, dropped: 1, examples: ['Root › heading 2 › item 3'] });
    expect(report.choices.some((c) => c.includes('fold comments'))).toBe(true);
    expectBalanced(report);
  });

  it('a file with only text becomes one topic with that text as notes', () => {
    const { outline } = read('Just a paragraph.\n\nAnd another.\n', 'notes.md');
    expect(outline.roots).toEqual([{ label: 'notes', notes: 'Just a paragraph.\n\nAnd another.', children: [] }]);
  });

  it('refuses a file with nothing in it', () => {
    expect(() => readMarkdown('\n  \n', 'empty.md')).toThrow(FormatError);
    expect(() => readMarkdown('', 'empty.md')).toThrow('Could not read this Markdown file: it holds no headings, lists or text');
    // Front matter without a title and nothing else: nothing to name a topic by.
    expect(() => readMarkdown('---\ntags: [a]\n---\n', 'empty.md')).toThrow(FormatError);
  });

  it('a file of front matter alone is one topic named by its title', () => {
    const { outline, report } = read('---\ntitle: Only front\ntags: [a]\n---\n', 'new.md');
    expect(outline.roots).toEqual([{ label: 'Only front', children: [] }]);
    expect(report.choices).toContain('The file holds only its front matter: one topic named "Only front".');
  });
});

describe('Markdown reader at scale', () => {
  it('reads 100,000 list items and headings quickly', () => {
    const lines: string[] = [];
    let n = 0;
    for (let h = 0; n < 100_000; h++) {
      lines.push(`## Section ${h} with **bold** and a [link](https://example.com/${h})`, '', `A paragraph for ${h}, with *emphasis*.`, '');
      n++;
      for (let i = 0; i < 99 && n < 100_000; i++, n++) lines.push('  '.repeat(i % 4) + `- Item ${n} _under_ ${h}`);
      lines.push('');
    }
    const started = performance.now();
    const { outline } = readMarkdown(lines.join('\n'), 'big.md');
    const ms = performance.now() - started;
    expect(countTopics(outline.roots)).toBe(100_000);
    expect(outline.roots[5].children[3].children[0].label).toBe('Item 514 under 5');
    // The target is well under 3 s on a quiet machine; the bound leaves room for a busy shared one.
    expect(ms).toBeLessThan(10_000);
  }, 30_000);

  it('stays linear on pathological lines', () => {
    const N = 100_000;
    const cases = [
      '['.repeat(N),
      '![x]('.repeat(N / 5),
      '[a]('.repeat(N / 4),
      '_a *b '.repeat(N / 6),
      '# ' + 'a '.repeat(N) + '#',
      'a|b\n-' + ' '.repeat(N) + 'x',
      '- '.repeat(N / 2) + 'x' + '\n'.repeat(N / 2),
      '- a\nb\n'.repeat(N / 6),
    ];
    for (const src of cases) {
      const started = performance.now();
      expect(readMarkdown(src, 'odd.md').outline.roots.length).toBeGreaterThan(0);
      // Each takes well under 0.5 s; a quadratic path would take minutes.
      expect(performance.now() - started, src.slice(0, 20)).toBeLessThan(5_000);
    }
  }, 60_000);

  it('reads 100,000 nesting levels without recursion', () => {
    const { outline } = readMarkdown('- '.repeat(100_000) + 'deepest', 'deep.md');
    expect(countTopics(outline.roots)).toBe(100_000);
    let t = outline.roots[0];
    while (t.children.length) t = t.children[0];
    expect(t.label).toBe('deepest');
    expect(() => readMarkdown('>'.repeat(100_000) + ' quote', 'quote.md')).not.toThrow();
    const indented = Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    expect(countTopics(readMarkdown(indented, 'stairs.md').outline.roots)).toBe(2_000);
  }, 30_000);
});
