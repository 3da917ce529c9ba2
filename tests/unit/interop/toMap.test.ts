import { afterEach, describe, expect, it } from 'vitest';
import { setIdGenerator } from '../../../src/state/ids';
import { topic, type Outline } from '../../../src/state/interop/outline';
import { ReportBuilder } from '../../../src/state/interop/report';
import { baseName, outlineToSnapshot, toMap } from '../../../src/state/interop/toMap';
import { DEFAULT_COLOR, ID_LENGTH, type MapSnapshot } from '../../../src/state/model';
import { LIMITS } from '../../../src/state/restore';
import { expectBalanced, feature } from './helpers';

afterEach(() => setIdGenerator(null));

function convert(outline: Outline, fileName?: string) {
  const report = new ReportBuilder('Test', fileName);
  const result = toMap(outline, report, fileName);
  if (!result.ok) throw new Error(result.error);
  return { ...result, report: report.build(result.count) };
}

function byLabel(s: MapSnapshot, label: string) {
  const n = s.nodes.find((x) => x.data.label === label);
  if (!n) throw new Error(`no topic ${label}`);
  return n;
}

describe('toMap', () => {
  it('notes hold one kind of line break: Windows and old Mac ones become \\n', () => {
    const { snapshot } = convert({ roots: [topic('R', [topic('A', [], { notes: 'one\r\ntwo\rthree\n\nfour' })])], connections: [] });
    expect(byLabel(snapshot, 'A').data.notes).toBe('one\ntwo\nthree\n\nfour');
  });

  it('one top-level topic is the root; ids are fresh nanoids; tree edges as the app makes them', () => {
    const { snapshot, count } = convert({ roots: [topic('R', [topic('A', [topic('A1')]), topic('B')])], connections: [] });
    expect(count).toBe(4);
    const root = snapshot.nodes[0];
    expect(root).toMatchObject({ type: 'root', parentId: null, data: { label: 'R' } });
    expect(new Set(snapshot.nodes.map((n) => n.id)).size).toBe(4);
    for (const n of snapshot.nodes) expect(n.id).toHaveLength(ID_LENGTH);
    const a = byLabel(snapshot, 'A');
    const a1 = byLabel(snapshot, 'A1');
    expect(a1.parentId).toBe(a.id);
    const edge = snapshot.edges.find((e) => e.target === a1.id)!;
    expect(edge).toEqual({ id: `e-${a.id}-${a1.id}`, source: a.id, target: a1.id, style: { stroke: DEFAULT_COLOR, strokeWidth: 2 }, animated: false });
    // children keep their order
    expect(snapshot.nodes.filter((n) => n.parentId === root.id).map((n) => n.data.label)).toEqual(['A', 'B']);
  });

  it('several top-level topics get a root named by the title, else by the file name', () => {
    const two = { roots: [topic('A'), topic('B')], connections: [] };
    expect(convert({ ...two, title: 'Head title' }, 'x.opml').snapshot.nodes[0].data.label).toBe('Head title');
    const named = convert(two, 'folder/My outline.opml');
    expect(named.snapshot.nodes[0].data.label).toBe('My outline');
    expect(named.report.choices.some((c) => c.includes('a root named "My outline"'))).toBe(true);
    expect(baseName('.hidden')).toBe('.hidden');
    expect(baseName(undefined)).toBeUndefined();
  });

  it('fields: collapsed, link attachment, notes, tags, priority, done, colour', () => {
    const { snapshot } = convert({
      roots: [
        topic('R', [
          topic('T', [topic('kid')], {
            collapsed: true,
            link: 'https://example.org',
            linkTitle: 'Example',
            notes: 'Para 1\n\nPara 2',
            tags: ['a', 'a', ' b '],
            priority: 'high',
            done: true,
            color: '#ABCDEF',
          }),
          topic('L', [], { link: 'mailto:x@example.org' }),
        ]),
      ],
      connections: [],
    });
    const t = byLabel(snapshot, 'T');
    expect(t.data).toMatchObject({
      expanded: false,
      attachment: { type: 'link', url: 'https://example.org', title: 'Example' },
      notes: 'Para 1\n\nPara 2',
      tags: ['a', 'b'],
      priority: 'high',
      done: true,
      color: '#abcdef',
    });
    expect(byLabel(snapshot, 'L').data.attachment).toEqual({ type: 'link', url: 'mailto:x@example.org', title: 'mailto:x@example.org' });
  });

  it('connections become non-tree edges styled like a connect; bad ones are reported, not lost silently', () => {
    const { snapshot, report } = convert({
      roots: [topic('R', [topic('A', [], { sourceId: 'a' }), topic('B', [], { sourceId: 'b' })], { sourceId: 'r' })],
      connections: [
        { from: 'a', to: 'b', label: 'relates' },
        { from: 'b', to: 'a' },
        { from: 'r', to: 'a' },
        { from: 'a', to: 'a' },
        { from: 'a', to: 'zzz' },
      ],
    });
    const a = byLabel(snapshot, 'A');
    const b = byLabel(snapshot, 'B');
    expect(snapshot.edges.filter((e) => e.source === a.id && e.target === b.id)).toEqual([
      { id: `e-${a.id}-${b.id}`, source: a.id, target: b.id, style: { stroke: DEFAULT_COLOR, strokeWidth: 2 }, animated: false },
    ]);
    expect(snapshot.edges).toHaveLength(3);
    expect(feature(report, 'connections that repeat another link')!.dropped).toBe(2);
    expect(feature(report, 'connections from a topic to itself')!.dropped).toBe(1);
    expect(feature(report, 'connections to missing topics')!.dropped).toBe(1);
    expect(feature(report, 'connection labels')!.dropped).toBe(1);
    expectBalanced(report);
  });

  it("applies the app's limits and reports every cut", () => {
    const long = 'x'.repeat(LIMITS.label + 5);
    const tags = Array.from({ length: 60 }, (_, i) => `tag${i}`);
    tags.push('y'.repeat(LIMITS.tag + 1));
    const { snapshot, report } = convert({
      roots: [
        topic('R', [
          topic(long),
          topic('N', [], { notes: 'n'.repeat(LIMITS.notes + 1) }),
          topic('G', [], { tags }),
          topic('U', [], { link: 'javascript:alert(1)' }),
          topic('F', [], { link: 'file:///etc/passwd' }),
        ]),
      ],
      connections: [],
    });
    const cut = snapshot.nodes.find((n) => n.data.label.startsWith('xxx'))!;
    expect(cut.data.label).toHaveLength(LIMITS.label);
    expect(cut.data.notes).toBe(`Full text: ${long}`);
    expect(byLabel(snapshot, 'N').data.notes).toHaveLength(LIMITS.notes);
    expect(byLabel(snapshot, 'G').data.tags).toHaveLength(LIMITS.tags);
    expect(byLabel(snapshot, 'U').data.attachment).toBeUndefined();
    expect(byLabel(snapshot, 'U').data.notes).toBe('Link: javascript:alert(1)');
    expect(byLabel(snapshot, 'F').data.notes).toBe('Link: file:///etc/passwd');
    expect(feature(report, 'over-long topic texts')!.converted).toBe(1);
    expect(feature(report, 'over-long notes')!.converted).toBe(1);
    expect(feature(report, 'tags beyond 50 on one topic')!.dropped).toBe(11);
    expect(feature(report, 'over-long tags')!.converted).toBe(1);
    expect(feature(report, 'links that are not web or mail addresses')!.converted).toBe(2);
    expect(report.warnings).toEqual([]);
    expectBalanced(report);
  });

  it('lays the map out Balanced: main branches on both sides, no two topics on one spot', () => {
    const { snapshot } = convert({ roots: [topic('R', ['A', 'B', 'C', 'D'].map((l) => topic(l, [topic(`${l}1`), topic(`${l}2`)])))], connections: [] });
    const root = snapshot.nodes[0];
    expect(root.position).toEqual({ x: 0, y: 0 });
    const main = snapshot.nodes.filter((n) => n.parentId === root.id);
    expect(main.some((n) => n.position.x > 0)).toBe(true);
    expect(main.some((n) => n.position.x < 0)).toBe(true);
    expect(new Set(snapshot.nodes.map((n) => `${n.position.x},${n.position.y}`)).size).toBe(snapshot.nodes.length);
  });

  it('leaves the layout to a caller that does its own (the editor, with measured sizes)', () => {
    const outline: Outline = { roots: [topic('R', [topic('A', [topic('A1')]), topic('B')])], connections: [] };
    const result = toMap(outline, new ReportBuilder('OPML'), 'map.opml', false);
    if (!result.ok) throw new Error(result.error);
    expect(result.snapshot.nodes.map((n) => n.position)).toEqual(result.snapshot.nodes.map(() => ({ x: 0, y: 0 })));
    expect(result.count).toBe(4);
  });

  it('an empty outline still gives a map with one root', () => {
    const { snapshot, count } = convert({ roots: [], connections: [] }, 'empty.opml');
    expect(count).toBe(1);
    expect(snapshot.nodes[0].data.label).toBe('empty');
  });

  it('a 100,000-level chain and 100,000 siblings convert without recursion', () => {
    let leaf = topic('t99999');
    const root = leaf;
    for (let i = 1; i < 100_000; i++) {
      const next = topic(`t${99_999 - i}`);
      leaf.children.push(next);
      leaf = next;
    }
    const deep = outlineToSnapshot({ roots: [root], connections: [] }, new ReportBuilder('Test'));
    expect(deep.nodes).toHaveLength(100_000);
    expect(deep.edges).toHaveLength(99_999);
    const wide = convert({ roots: [topic('R', Array.from({ length: 100_000 }, (_, i) => topic(`c${i}`)))], connections: [] });
    expect(wide.count).toBe(100_001);
  }, 60_000);
});
