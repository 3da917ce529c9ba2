/**
 * Round trips over generated maps: labels and notes full of what each format treats as syntax
 * (Markdown markers, bare addresses, HTML, entities, XML specials, fences, rules, tabs, line
 * breaks, emoji), links with brackets, quotes and spaces, link titles, collapsed branches anywhere, colours, tags with
 * commas and slashes, priorities, tasks and connections, exported and read back through readMapFile. What a format keeps must come back
 * exactly; the comparisons relax only what the format cannot hold (listed per format below).
 * Seeded, so a failure repeats; the counterexample is printed shrunk.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { childIds, edgeIdsOf, getEdge, getNode, type MindMapState } from '../../../src/state/doc';
import { readMapFile } from '../../../src/state/interop';
import { exportFormat, type ExportFormatId } from '../../../src/state/interop/exportFormats';
import { HEADING_LEVELS } from '../../../src/state/interop/writeMarkdown';
import { PALETTE, PRIORITIES, type MindNode, type Priority } from '../../../src/state/model';
import { buildState } from '../../../src/state/snapshot';
import { makeEdge, makeNode } from '../helpers/mapFixtures';
import { expectBalanced } from './helpers';

const PIECES = [
  ...'ab Z#*_[]()<>&\\`|~-+=.!:"\'\n\t1é日🌱;/{}%$^?,',
  'a', 'b', ' ', '\n', '1. ', '- ', '> ', '&amp;', '&#32;', '<b>', '</span>', '```', '    ', '[Note: x]', '<!-- c -->',
  '<!-- markmap: fold -->', '---', '===', ' #', '[^1]', ']: ', '](', '\r\n',
  'https://e.org/p', 'www.', 'http:',
];
const textArb = (max: number) => fc.array(fc.constantFrom(...PIECES), { maxLength: max }).map((a) => a.join(''));
const URLS = ['https://example.com/a_(b)?q=1&r=2', 'http://x.org/<y>', 'mailto:a@b.c', 'https://e.com/a b', 'https://e.com/"q"', 'https://e.com/\\x'];

interface GenTopic {
  label: string;
  notes?: string;
  link?: string;
  title?: string;
  expanded: boolean;
  color: string;
  tags?: string[];
  priority?: Priority;
  done?: boolean;
  /** Index of the parent among the topics before it (taken modulo their number). */
  parent: number;
}

interface GenMap {
  topics: GenTopic[];
  connections: [number, number][];
}

const tagArb = fc
  .array(fc.constantFrom('a', 'b', ',', '/', ' ', 'x y', '#', '日', '"', '&'), { minLength: 1, maxLength: 5 })
  .map((a) => a.join('').trim())
  .filter((t) => t !== '');

const topicArb: fc.Arbitrary<GenTopic> = fc.record({
  // Readers name a topic without text "Untitled" (their choice for foreign files), so labels have text.
  label: textArb(12).filter((l) => l.trim() !== ''),
  notes: fc.option(textArb(30), { nil: undefined }),
  link: fc.option(fc.constantFrom(...URLS), { nil: undefined }),
  title: fc.option(textArb(8), { nil: undefined }),
  expanded: fc.boolean(),
  color: fc.constantFrom(...PALETTE),
  tags: fc.option(fc.uniqueArray(tagArb, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  priority: fc.option(fc.constantFrom(...PRIORITIES), { nil: undefined }),
  done: fc.option(fc.boolean(), { nil: undefined }),
  parent: fc.nat(),
});
const mapArb: fc.Arbitrary<GenMap> = fc.record({
  topics: fc.array(topicArb, { minLength: 1, maxLength: 25 }),
  connections: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }),
});

function build(m: GenMap): MindMapState {
  const nodes: MindNode[] = [makeNode('root', null, { label: 'Root' })];
  m.topics.forEach((t, i) => {
    const data = {
      label: t.label,
      expanded: t.expanded,
      color: t.color,
      ...(t.notes !== undefined ? { notes: t.notes } : {}),
      ...(t.tags ? { tags: t.tags } : {}),
      ...(t.priority ? { priority: t.priority } : {}),
      ...(t.done !== undefined ? { done: t.done } : {}),
    };
    if (t.link) Object.assign(data, { attachment: { type: 'link', url: t.link, title: t.title?.trim() ? t.title : t.link } });
    nodes.push(makeNode(`n${i}`, nodes[t.parent % nodes.length].id, data));
  });
  const edges = nodes.slice(1).map((n) => makeEdge(n.parentId!, n.id));
  const ids = new Set(edges.map((e) => e.id));
  for (const [a, b] of m.connections) {
    const from = nodes[a % nodes.length];
    const to = nodes[b % nodes.length];
    const e = makeEdge(from.id, to.id);
    if (from === to || to.parentId === from.id || from.parentId === to.id || ids.has(e.id) || ids.has(`e-${to.id}-${from.id}`)) continue;
    ids.add(e.id);
    edges.push(e);
  }
  return buildState({ nodes, edges }, 'root');
}

interface Relax {
  /** Line breaks in labels, with the blanks around them, become one space (Markdown). */
  labelSpaces?: boolean;
  /** Labels that look like HTML are written as escaped HTML: a tab becomes a blank, blanks before a line break go (OPML). */
  htmlLabelSpaces?: boolean;
  /** Blank lines between note paragraphs (blanks on them included) become one empty line (Markdown paragraphs). */
  noteBlankRuns?: boolean;
  /** Compared beyond labels, order, notes, links and folding. */
  titles?: boolean;
  coloursAndConnections?: boolean;
  priorities?: boolean;
  /** Tags exactly, or with commas as spaces (OPML's category list cannot hold a comma). */
  tags?: 'exact' | 'commas';
  /** Tasks: all, only checked ones (OPML's _complete), or only list items (Markdown's headings have no checkbox). */
  tasks?: 'all' | 'checked' | 'lists';
}

/** One line per topic (depth, label, notes, link, folded, and the extra slots), then the connections. */
function essence(s: MindMapState, r: Relax): string[] {
  const out: string[] = [];
  const order = new Map<string, number>();
  const stack: [string, number][] = [[s.rootId, 0]];
  while (stack.length) {
    const [id, depth] = stack.pop()!;
    const d = getNode(s, id)!.data;
    order.set(id, order.size);
    const kids = childIds(s, id);
    let label = d.label.trim();
    if (r.labelSpaces) label = label.replace(/\s*[\r\n]\s*/g, ' ');
    else if (r.htmlLabelSpaces && /<[a-z/]/i.test(label)) label = label.replace(/\t/g, ' ').replace(/ *\r?\n/g, '\n');
    let notes = d.notes?.replace(/\r\n?/g, '\n');
    if (r.noteBlankRuns) notes = notes?.replace(/\n(?:[ \t]*\n)+/g, '\n\n');
    const a = d.attachment;
    const row: unknown[] = [depth, label, notes?.trim() || undefined, a?.url, kids.length > 0 && !d.expanded];
    if (r.titles) row.push(a && a.title !== a.url ? a.title.replace(/\s+/g, ' ').trim() : undefined);
    if (r.coloursAndConnections) row.push(d.color);
    if (r.priorities) row.push(d.priority);
    if (r.tags === 'exact') row.push(d.tags);
    if (r.tags === 'commas') {
      const tags = [...new Set(d.tags?.map((t) => t.replace(/,/g, ' ').trim()).filter((t) => t !== ''))];
      row.push(tags.length > 0 ? tags : undefined);
    }
    if (r.tasks === 'all') row.push(d.done);
    if (r.tasks === 'checked') row.push(d.done === true || undefined);
    if (r.tasks === 'lists') row.push(depth >= HEADING_LEVELS ? d.done : undefined);
    out.push(JSON.stringify(row));
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
  }
  if (r.coloursAndConnections) {
    for (const [id, k] of order) {
      for (const eid of edgeIdsOf(s, id)) {
        const e = getEdge(s, eid)!;
        if (e.source === id && getNode(s, e.target)!.parentId !== id) out.push(`${k}>${order.get(e.target)}`);
      }
    }
  }
  return out;
}

const CASES: [ExportFormatId, Relax][] = [
  ['freemind', { coloursAndConnections: true, priorities: true }],
  ['xmind', { coloursAndConnections: true, priorities: true, tags: 'exact', tasks: 'all' }],
  ['opml', { htmlLabelSpaces: true, tags: 'commas', tasks: 'checked' }],
  ['markdown', { labelSpaces: true, noteBlankRuns: true, titles: true, tasks: 'lists' }],
];

describe('round trip of generated maps', () => {
  for (const [format, relax] of CASES) {
    it(`${format}: what the format holds comes back`, { timeout: 60_000 }, () => {
      const f = exportFormat(format);
      fc.assert(
        fc.property(mapArb, (m) => {
          const s = build(m);
          const data = f.write(s).data;
          const fileName = `map.${f.extension}`;
          const r = readMapFile(typeof data === 'string' ? { text: data, fileName } : { bytes: data, fileName }, { sheet: 'all' });
          if (r.ok !== true) throw new Error(`not read back: ${r.ok === false ? r.error : 'several sheets'}`);
          expectBalanced(r.report);
          const before = essence(s, relax);
          const after = essence(buildState(r.snapshot, r.snapshot.nodes[0].id), relax);
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            const rows = before.map((b, i) => `${b === after[i] ? '  ' : '≠ '}${b}  →  ${after[i]}`);
            if (after.length > before.length) rows.push(`and more: ${after.slice(before.length).join(' ')}`);
            throw new Error(`${format} round trip differs:\n${rows.join('\n')}`);
          }
        }),
        { numRuns: 400, seed: 20261123 },
      );
    });
  }
});
