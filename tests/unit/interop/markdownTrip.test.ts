/**
 * Markdown export and import again: titles at the length limit with a link, bare addresses and runs
 * of blanks in titles, and blanks at the end of note lines come back as they were; what Markdown
 * cannot hold is named by the export's sentence.
 */
import { describe, expect, it } from 'vitest';
import { childIds, getNode, type MindMapState } from '../../../src/state/doc';
import { readMapFile, type ImportReport } from '../../../src/state/interop';
import { exportFormat, type ExportFormatId } from '../../../src/state/interop/exportFormats';
import { LIMITS } from '../../../src/state/rules';
import { buildState } from '../../../src/state/snapshot';
import { corpusBytes, expectBalanced, feature, headingAndListMap } from './helpers';

function imported(data: string | Uint8Array, fileName: string): { state: MindMapState; report: ImportReport } {
  const r = readMapFile(typeof data === 'string' ? { text: data, fileName } : { bytes: data, fileName });
  if (r.ok !== true) throw new Error(r.ok === false ? r.error : 'several sheets');
  expectBalanced(r.report);
  return { state: buildState(r.snapshot, r.snapshot.nodes[0].id), report: r.report };
}

const mapOf = headingAndListMap;

/** Label, notes and link of every topic, in pre-order. */
function topics(s: MindMapState): [string, string | undefined, string | undefined][] {
  const out: [string, string | undefined, string | undefined][] = [];
  const stack = [s.rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const n = getNode(s, id)!;
    out.push([n.data.label, n.data.notes, n.data.attachment?.url]);
    const kids = childIds(s, id);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

/** The link titles of the topics with this label. */
function titlesOf(s: MindMapState, label: string): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  const stack = [s.rootId];
  while (stack.length > 0) {
    const n = getNode(s, stack.pop()!)!;
    if (n.data.label === label) out.push(n.data.attachment?.title);
    stack.push(...childIds(s, n.id));
  }
  return out;
}

function trip(format: ExportFormatId, s: MindMapState) {
  const f = exportFormat(format);
  const out = f.write(s);
  return { ...imported(out.data, `map.${f.extension}`), lost: out.lost, data: out.data };
}

const link = (url: string) => ({ attachment: { type: 'link' as const, url, title: url } });

describe('Markdown: titles at the length limit', () => {
  it('a title of 1,000 characters with a link comes back unchanged, without a cut reported', () => {
    const s = mapOf([
      { label: 'L'.repeat(LIMITS.label), ...link('https://example.com/a') },
      // Every character escaped: the written link text is twice the title.
      { label: '*'.repeat(LIMITS.label), ...link('https://example.com/b') },
    ]);
    const back = trip('markdown', s);
    expect(back.data).toContain(`## [${'L'.repeat(LIMITS.label)}](<https://example.com/a>)`);
    expect(topics(back.state)).toEqual(topics(s));
    expect(feature(back.report, 'over-long topic texts')).toBeUndefined();
  });

  it('an over-long heading with a link keeps its link; its text is cut to the limit and the cut reported', () => {
    const long = 'L'.repeat(LIMITS.label + 1);
    const { state, report } = imported(`# Root\n\n## [${long}](<https://example.com/a>)\n`, 'long.md');
    const [, [label, notes, url]] = topics(state);
    expect(label).toBe('L'.repeat(LIMITS.label));
    expect(url).toBe('https://example.com/a');
    expect(notes).toBe(`Full text: ${long}`);
    expect(feature(report, 'over-long topic texts')).toMatchObject({ found: 1, converted: 1 });
  });

  it('the Freeplane user guide, exported to Markdown and imported, keeps every title and link', () => {
    const guide = imported(corpusBytes('mm/freeplane-1.12-userguide.mm'), 'freeplane-1.12-userguide.mm').state;
    const back = trip('markdown', guide);
    // A heading holds one line: line breaks in titles become spaces (the export's sentence says so).
    const oneLine = (rows: ReturnType<typeof topics>) => rows.map(([label, , url]) => [label.replace(/\s*[\r\n]\s*/g, ' ').trim(), url]);
    expect(oneLine(topics(back.state))).toEqual(oneLine(topics(guide)));
    expect(feature(back.report, 'over-long topic texts')).toBeUndefined();
  });
});

describe('Markdown: blanks and addresses in titles and notes', () => {
  it('a bare address in a title stays text: no link is made of it, none moves to the notes', () => {
    const s = mapOf([
      { label: 'see https://example.org/x for more' },
      { label: 'go to www.example.org now' },
      { label: 'HTTP://EXAMPLE.ORG/Y and http://a.b/c' },
      { label: 'linked, and see https://example.org/z', ...link('https://example.com/a') },
    ]);
    expect(topics(trip('markdown', s).state)).toEqual(topics(s));
  });

  it('runs of blanks inside a title stay', () => {
    const s = mapOf([{ label: 'a  double  space' }, { label: 'tab\there and   three' }, { label: 'linked  title', ...link('https://example.com/a') }]);
    const back = trip('markdown', s);
    expect(topics(back.state)).toEqual(topics(s));
    // The link's text is the title itself: no link title is made of it.
    expect(titlesOf(back.state, 'linked  title')).toEqual(['https://example.com/a', 'https://example.com/a']);
  });

  it.each(['markdown', 'freemind'] as const)('%s: blanks at the end of note lines stay', (format) => {
    const s = mapOf([
      { label: 'Notes', notes: 'trailing spaces   \nnext line\ttab\t\n\nlast of a paragraph  \n\nend' },
      { label: 'One', notes: 'one blank \nthen text' },
    ]);
    const back = trip(format, s);
    expect(topics(back.state)).toEqual(topics(s));
    expect(back.lost).toBeNull();
  });

  it('blank lines that come back otherwise are named by the export sentence', () => {
    const s = mapOf([{ label: 'Spaced', notes: 'first\n\n\n\nsecond\n  \nthird' }]);
    const back = trip('markdown', s);
    expect(back.lost).toBe('Markdown has no place for 2 notes’ blank-line spacing');
    const notes = topics(back.state).find(([label]) => label === 'Spaced')?.[1];
    expect(notes).toBe('first\n\nsecond\n\nthird');
  });
});

describe('Markdown: control characters', () => {
  it('a title or note with a control character exports to a file Markdown import reads back the same', () => {
    const s = mapOf([{ label: 'Ding\u0007 topic', notes: 'Word\u000bline break' }]);
    const back = trip('markdown', s);
    expect(back.data).toContain('Ding&#7; topic');
    expect(topics(back.state)).toEqual(topics(s));
  });
});
