/**
 * Round trips: a map exported in a format and imported again keeps labels, order, notes text,
 * links, collapsed state and connections wherever the format has a slot for them (and the other
 * fields it holds: tags, priority, tasks, colours). Checked on built maps and on corpus files
 * (import → export → import), which are read from ../shared/interop-corpus, never copied here.
 * A small map with one of each slot goes through every format: what a format keeps must come back,
 * what it lacks must be named by the export's toast sentence.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childIds, edgeIdsOf, getEdge, getNode, type MindMapState } from '../../../src/state/doc';
import { exportFormat, type ExportFormatId } from '../../../src/state/interop/exportFormats';
import { readMapFile } from '../../../src/state/interop';
import { branchAsText } from '../../../src/state/interop/branchText';
import { buildState } from '../../../src/state/snapshot';
import { makeEdge, makeNode } from '../helpers/mapFixtures';
import { chainState, richState } from './exportMaps';
import { expectBalanced } from './helpers';

const CORPUS = join(__dirname, '../../../../shared/interop-corpus');

type Field = 'notes' | 'link' | 'title' | 'collapsed' | 'tags' | 'priority' | 'done' | 'color' | 'connections';

interface Essence {
  /** depth|label per topic in pre-order. */
  topics: string[];
  fields: Record<Exclude<Field, 'connections'>, (string | undefined)[]>;
  /** "from>to" as pre-order positions. */
  connections: string[];
}

/** What a round trip must keep, read from a state without recursion. */
function essence(s: MindMapState): Essence {
  const topics: string[] = [];
  const fields: Essence['fields'] = { notes: [], link: [], title: [], collapsed: [], tags: [], priority: [], done: [], color: [] };
  const order = new Map<string, number>();
  const ids: string[] = [];
  const stack: [string, number][] = [[s.rootId, 0]];
  while (stack.length) {
    const [id, depth] = stack.pop()!;
    const n = getNode(s, id)!;
    order.set(id, ids.length);
    ids.push(id);
    const kids = childIds(s, id);
    // Readers trim a label's outer blanks (invisible on a topic card).
    topics.push(`${depth}|${n.data.label.trim()}`);
    // Readers drop blanks at line ends and around a note (HTML notes cannot show them either).
    fields.notes.push(n.data.notes?.replace(/[ \t]+\n/g, '\n').trim());
    fields.link.push(n.data.attachment?.url);
    // A link's title defaults to its URL: only another title is one.
    const a = n.data.attachment;
    fields.title.push(a && a.title !== a.url ? a.title : undefined);
    fields.collapsed.push(kids.length > 0 && !n.data.expanded ? 'collapsed' : undefined);
    fields.tags.push(n.data.tags?.join(','));
    fields.priority.push(n.data.priority);
    fields.done.push(n.data.done === undefined ? undefined : String(n.data.done));
    fields.color.push(n.data.color);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
  }
  const connections: string[] = [];
  for (const id of ids) {
    for (const eid of edgeIdsOf(s, id)) {
      const e = getEdge(s, eid)!;
      if (e.source === id && getNode(s, e.target)!.parentId !== id) connections.push(`${order.get(id)}>${order.get(e.target)}`);
    }
  }
  return { topics, fields, connections };
}

function expectKept(before: MindMapState, after: MindMapState, kept: readonly Field[]): void {
  const a = essence(before);
  const b = essence(after);
  expect(b.topics).toEqual(a.topics);
  for (const f of kept) {
    if (f === 'connections') expect(b.connections, f).toEqual(a.connections);
    else expect(b.fields[f], f).toEqual(a.fields[f]);
  }
}

/** Reads a file into a state through the one import entry (readMapFile), as the app does. */
function importAs(data: string | Uint8Array, fileName: string): MindMapState {
  const r = readMapFile(typeof data === 'string' ? { text: data, fileName } : { bytes: data, fileName }, { sheet: 'all' });
  if (r.ok !== true) throw new Error(r.ok === false ? r.error : 'several sheets');
  return buildState(r.snapshot, r.snapshot.nodes[0].id);
}

/** Like importAs, also checking that every line of the import's report adds up. */
function importChecked(data: string | Uint8Array, fileName: string): MindMapState {
  const r = readMapFile(typeof data === 'string' ? { text: data, fileName } : { bytes: data, fileName }, { sheet: 'all' });
  if (r.ok !== true) throw new Error(r.ok === false ? r.error : 'several sheets');
  expectBalanced(r.report);
  return buildState(r.snapshot, r.snapshot.nodes[0].id);
}

function roundTrip(format: ExportFormatId, state: MindMapState): MindMapState {
  const f = exportFormat(format);
  return importAs(f.write(state).data, `map.${f.extension}`);
}

/** root → a → b → tasks: list items deep enough for GFM task items, with notes. */
function chainWithTasks(): MindMapState {
  const nodes = [
    makeNode('root', null),
    makeNode('a', 'root'),
    makeNode('b', 'a'),
    makeNode('t1', 'b', { label: 'open task', done: false, notes: 'first\n\nsecond *para*' }),
    makeNode('t2', 't1', { label: 'done task', done: true }),
    makeNode('t3', 'b', { label: 'plain item' }),
  ];
  return buildState({ nodes, edges: nodes.slice(1).map((n) => makeEdge(n.parentId!, n.id)) }, 'root');
}

describe('round trip of a built map', () => {
  it('JSON keeps everything', () => {
    const s = richState();
    expectKept(s, roundTrip('json', s), ['notes', 'link', 'collapsed', 'tags', 'priority', 'done', 'color', 'connections']);
  });

  it('FreeMind keeps labels, order, notes, links, folding, connections, priorities and colours', () => {
    const s = richState();
    expectKept(s, roundTrip('freemind', s), ['notes', 'link', 'collapsed', 'priority', 'color', 'connections']);
  });

  it('OPML keeps labels, order, notes, links, folding (inside collapsed branches too), categories and completed tasks', () => {
    const s = richState();
    const back = roundTrip('opml', s);
    // "Hidden child" is open inside the collapsed branch: expansionState has no line for it, collapse="true" has.
    expectKept(s, back, ['notes', 'link', 'tags', 'collapsed']);
    const before = essence(s).fields;
    const after = essence(back).fields;
    // Checked-off tasks come back; an unchecked task is a plain topic (OPML has only _complete).
    expect(after.done).toEqual(before.done.map((d) => (d === 'true' ? 'true' : undefined)));
  });

  it('XMind keeps labels, order, notes, links, folding, connections, labels as tags, priorities and tasks', () => {
    const s = richState();
    expectKept(s, roundTrip('xmind', s), ['notes', 'link', 'collapsed', 'tags', 'priority', 'done', 'connections']);
  });

  it('Markdown keeps order, notes, links, folding (markmap fold comments) and tasks below the headings; heading labels hold one line', () => {
    const s = richState();
    const back = roundTrip('markdown', s);
    const before = essence(s);
    const after = essence(back);
    expect(after.topics).toEqual(before.topics.map((t) => t.replace('\n', ' ')));
    expect(after.fields.notes).toEqual(before.fields.notes);
    expect(after.fields.link).toEqual(before.fields.link);
    expect(after.fields.title).toEqual(before.fields.title);
    expect(after.fields.collapsed).toEqual(before.fields.collapsed);
    // The two tasks sit at the third level, written as headings (no checkbox there).
    expect(after.fields.done).toEqual(before.fields.done.map(() => undefined));
    const deep = roundTrip('markdown', chainWithTasks());
    expectKept(chainWithTasks(), deep, ['notes', 'done']);
  });

  it('OPML keeps labels that look like HTML as they are', () => {
    const nodes = [
      makeNode('root', null),
      makeNode('a', 'root', { label: 'Beta & <b>' }),
      makeNode('b', 'root', { label: 'x <br> y\nz' }),
      // HTML collapses blanks: runs and a line's leading blanks are written as &nbsp; and come back.
      makeNode('c', 'root', { label: 'x  <i>   y\n  z' }),
    ];
    const s = buildState({ nodes, edges: nodes.slice(1).map((n) => makeEdge('root', n.id)) }, 'root');
    expectKept(s, roundTrip('opml', s), []);
  });

  it('exports of an import of the export are the same file (a fixed point after one trip)', () => {
    for (const id of ['freemind', 'opml', 'markdown'] as const) {
      const once = roundTrip(id, richState());
      const twice = roundTrip(id, once);
      expect(exportFormat(id).write(twice).data).toBe(exportFormat(id).write(once).data);
    }
  });
});

/**
 * A small trip plan with one of each slot, none of them at its default: notes with paragraphs and
 * list markers (one indented), links (one with a query, one with a title), collapsed topics at heading and at list depth
 * (one open branch inside a collapsed one), a connection and a colour.
 */
function slotMap(): MindMapState {
  const link = 'https://example.com/flights?from=BER&to=OSL';
  const nodes = [
    makeNode('root', null, { label: 'Trip plan' }),
    makeNode('before', 'root', {
      label: 'Before',
      color: '#ef4444',
      notes: 'Start early.\nTwo lines in one paragraph.\n\n- passport\n- tickets\n  - printed\n\n1. book\n2. pack',
    }),
    makeNode('flights', 'before', { label: 'Book flights', attachment: { type: 'link', url: link, title: link } }),
    makeNode('pack', 'before', { label: 'Pack', expanded: false }),
    makeNode('clothes', 'pack', { label: 'Clothes' }),
    makeNode('socks', 'clothes', { label: 'Socks' }),
    makeNode('during', 'root', { label: 'During' }),
    makeNode('sights', 'during', { label: 'Sights' }),
    makeNode('museum', 'sights', {
      label: 'Museum',
      notes: 'Closed on Mondays',
      attachment: { type: 'link', url: 'https://example.org/museum', title: 'Opening "hours" (summer)' },
    }),
    makeNode('old', 'sights', { label: 'Old town', expanded: false }),
    makeNode('cafe', 'old', { label: 'Cafe' }),
    makeNode('after', 'root', { label: 'After' }),
  ];
  const edges = nodes.slice(1).map((n) => makeEdge(n.parentId!, n.id));
  edges.push(makeEdge('flights', 'museum'));
  return buildState({ nodes, edges }, 'root');
}

describe('round trip slot by slot (import → export → import of a small map)', () => {
  const all: Field[] = ['notes', 'link', 'title', 'collapsed', 'color', 'connections'];

  /** Exports, checks the toast's sentence, reads the file back and compares every slot. */
  function check(format: ExportFormatId, kept: readonly Field[], lost: string | null): void {
    const s = slotMap();
    const f = exportFormat(format);
    const out = f.write(s);
    expect(out.lost).toBe(lost);
    const back = importChecked(out.data, `map.${f.extension}`);
    const a = essence(s);
    const b = essence(back);
    expect(b.topics, 'labels and order').toEqual(a.topics);
    for (const field of all) {
      const want = field === 'connections' ? a.connections : a.fields[field];
      const got = field === 'connections' ? b.connections : b.fields[field];
      if (kept.includes(field)) expect(got, field).toEqual(want);
      // A slot the format lacks comes back empty, and the toast said so.
      else expect(got, field).not.toEqual(want);
    }
  }

  it('the map uses every slot', () => {
    const e = essence(slotMap());
    expect(e.connections).toHaveLength(1);
    expect(e.fields.collapsed.filter(Boolean)).toHaveLength(2);
    expect(e.fields.link.filter(Boolean)).toHaveLength(2);
    expect(e.fields.title.filter(Boolean)).toHaveLength(1);
    expect(e.fields.notes.filter(Boolean)).toHaveLength(2);
    expect(e.fields.color).toContain('#ef4444');
  });

  it('FreeMind keeps all of them but the link title, and says so', () =>
    check('freemind', ['notes', 'link', 'collapsed', 'color', 'connections'], 'FreeMind has no place for 1 link title'));

  it('XMind keeps all of them but the link title, and says so', () =>
    check('xmind', ['notes', 'link', 'collapsed', 'color', 'connections'], 'XMind has no place for 1 link title'));

  it('OPML keeps labels, order, notes, links and folding; says it has no place for the connection, the colour and the link title', () =>
    check('opml', ['notes', 'link', 'collapsed'], 'OPML has no place for 1 connection, 1 colour and 1 link title'));

  it('Markdown keeps labels, order, notes, links with their titles and folding; says it has no place for the connection and the colour', () =>
    check('markdown', ['notes', 'link', 'title', 'collapsed'], 'Markdown has no place for 1 connection and 1 colour'));

  it('indented text (the clipboard copy) keeps labels and order', () => {
    const s = slotMap();
    const back = importChecked(branchAsText(s, s.rootId), 'map.txt');
    expect(essence(back).topics).toEqual(essence(s).topics);
  });
});

describe('round trip of a 100,000-level chain', () => {
  it.each(['opml', 'freemind', 'xmind'] as const)('%s: written and read back without recursion', { timeout: 120_000 }, (format) => {
    const back = roundTrip(format, chainState(100_000));
    expect(back.nodes.n).toBe(100_001);
    let depth = 0;
    for (let id: string | undefined = back.rootId; id !== undefined; id = childIds(back, id)[0]) depth++;
    expect(depth).toBe(100_001);
  });
});

const corpus = existsSync(CORPUS) ? describe : describe.skip;

corpus('round trip of corpus files (import → export → import)', () => {
  const ALL: Field[] = ['notes', 'link', 'title', 'collapsed', 'tags', 'priority', 'done', 'color', 'connections'];
  const OWN: Record<string, ExportFormatId> = { mm: 'freemind', opml: 'opml', md: 'markdown', xmind: 'xmind' };
  const files = existsSync(CORPUS)
    ? ['mm', 'opml', 'markdown', 'xmind'].flatMap((dir) =>
        readdirSync(join(CORPUS, dir))
          .filter((f) => OWN[f.split('.').pop()!] !== undefined)
          .map((f) => `${dir}/${f}`),
      )
    : [];

  it('covers every map file of the corpus', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  // What the first import made of a file, its own format holds all of it: nothing may change.
  for (const file of files) {
    const format = OWN[file.split('.').pop()!];
    it(`${file} through ${format} keeps every field`, { timeout: 60_000 }, () => {
      const first = importAs(new Uint8Array(readFileSync(join(CORPUS, file))), file);
      expectKept(first, roundTrip(format, first), ALL);
    });
  }

  it('xmind/xmind8-pro-two-sheets.xmind through json keeps every field', { timeout: 60_000 }, () => {
    const first = importAs(new Uint8Array(readFileSync(join(CORPUS, 'xmind/xmind8-pro-two-sheets.xmind'))), 'two-sheets.xmind');
    expectKept(first, roundTrip('json', first), ALL);
  });
});
