/**
 * Blanks at the edges of titles and notes survive a round trip: Markdown encodes a title's edge
 * blanks as character references and reads them back; FreeMind's `<pre>` notes and XMind's plain
 * notes come back exactly (XMind's own line break after a note still goes).
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { childIds, getNode, type MindMapState } from '../../../src/state/doc';
import { readMapFile } from '../../../src/state/interop';
import { exportFormat, type ExportFormatId } from '../../../src/state/interop/exportFormats';
import { htmlToText } from '../../../src/state/interop/html';
import { readMarkdown } from '../../../src/state/interop/markdown';
import { buildState } from '../../../src/state/snapshot';
import { allTopics, headingAndListMap } from './helpers';

const mapOf = headingAndListMap;

function fields(s: MindMapState): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  const stack = [s.rootId];
  while (stack.length > 0) {
    const n = getNode(s, stack.pop()!)!;
    out.push([n.data.label, n.data.notes]);
    stack.push(...[...childIds(s, n.id)].reverse());
  }
  return out;
}

function trip(format: ExportFormatId, s: MindMapState): MindMapState {
  const f = exportFormat(format);
  const { data } = f.write(s);
  const fileName = `m.${f.extension}`;
  const r = readMapFile(typeof data === 'string' ? { text: data, fileName } : { bytes: data, fileName });
  if (r.ok !== true) throw new Error('not read back');
  return buildState(r.snapshot, r.snapshot.nodes[0].id);
}

const TITLES = ['Replaced the first semicolon with a comma. ', ' Press right arrow', '\u00a0nbsp lead', 'nbsp end\u00a0', '  both  ', '} ', 'tab\t', '# hash ', 'https://e.com '];

describe('Markdown: blanks at the edges of titles', () => {
  it('come back exactly, at heading and at list depth, with a link too', () => {
    const s = mapOf([...TITLES.map((label) => ({ label })), { label: ' linked ', attachment: { type: 'link', url: 'https://e.com/x', title: 'https://e.com/x' } }]);
    expect(fields(trip('markdown', s))).toEqual(fields(s));
  });

  it('the reader keeps blanks given by references and trims raw ones', () => {
    const r = readMarkdown('# &#32;Root&#160;\n\n- &nbsp;a&#9;\n-   b   \n- c <!-- markmap: fold -->\n  - d\n');
    expect(allTopics(r.outline.roots).map((t) => t.label)).toEqual([' Root\u00a0', '\u00a0a\t', 'b', 'c', 'd']);
  });
});

describe('FreeMind and XMind: blanks at the edges of notes', () => {
  const NOTES = ['  indented note\twith tab  ', '\tstarts with a tab', 'e-mail: '];

  it.each(['freemind', 'xmind'] as const)('%s keeps them', (format) => {
    const s = mapOf(NOTES.map((notes, i) => ({ label: `N${i}`, notes })));
    expect(fields(trip(format, s))).toEqual(fields(s));
  });

  it('<pre> text is kept exactly, other HTML text is trimmed', () => {
    expect(htmlToText('<html><body><pre>  a\tb  </pre></body></html>').text).toBe('  a\tb  ');
    expect(htmlToText('<p>  x  </p><pre> y </pre><p> z </p>').text).toBe('x\n\n y \n\nz');
    expect(htmlToText('<pre>   </pre>').text).toBe('');
  });

  it('XMind: the line breaks around a plain note go, its blanks stay', () => {
    const content = [
      {
        title: 'S',
        rootTopic: {
          id: 'r',
          title: 'R',
          notes: { plain: { content: '  kept  \n' } },
          children: { attached: [{ id: 'a', title: 'A', notes: { plain: { content: '\r\nline\r\n \r\n' } } }] },
        },
      },
    ];
    const r = readMapFile({ bytes: zipSync({ 'content.json': strToU8(JSON.stringify(content)) }), fileName: 'x.xmind' });
    if (r.ok !== true) throw new Error('not read');
    expect(r.snapshot.nodes.map((n) => n.data.notes)).toEqual(['  kept  ', 'line']);
  });
});
