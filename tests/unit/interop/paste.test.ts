import { describe, expect, it } from 'vitest';
import { childIds, edgeId, getEdge, getNode } from '../../../src/state/doc';
import { topic, type Outline } from '../../../src/state/interop/outline';
import { PASTE_MESSAGES, PASTE_STEP_X, PASTE_STEP_Y, pasteOutline, readPastedOutline } from '../../../src/state/interop/paste';
import { branchAsMap, branchAsMarkdown, branchAsText, branchCopy } from '../../../src/state/interop/branchText';
import { exportJson } from '../../../src/state/snapshot';
import { connect, moveNode, setExpanded, updateNodeData, updateSettings } from '../../../src/state/operations';
import { keepLaidOut } from '../../../src/state/layout/apply';
import { tree } from '../helpers/tree';
import { tableGet } from '../../../src/state/table';

const outline = (...roots: Outline['roots']): Outline => ({ roots, connections: [] });

function readOrThrow(text: string): Outline {
  const r = readPastedOutline(text);
  if (!r.ok) throw new Error(r.error);
  return r.outline;
}

/** Every topic below `id`, in pre-order. */
function descendants(s: ReturnType<ReturnType<typeof tree>['getState']>, id: string): string[] {
  const out: string[] = [];
  const stack = [...childIds(s, id)].reverse();
  while (stack.length) {
    const k = stack.pop()!;
    out.push(k);
    stack.push(...[...childIds(s, k)].reverse());
  }
  return out;
}

describe('pasteOutline', () => {
  it('adds the top-level topics as children of the target, with new ids, as one undo step', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    const r = pasteOutline(store, 'A', outline(topic('P', [topic('P1'), topic('P2')]), topic('Q')));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.count).toBe(4);
    const s = store.getState();
    const kids = childIds(s, 'A');
    expect(kids).toHaveLength(3);
    expect(kids[0]).toBe('A1');
    expect(kids.slice(1)).toEqual(r.ids);
    const [p, q] = r.ids;
    expect(getNode(s, p)!.data.label).toBe('P');
    expect(getNode(s, q)!.data.label).toBe('Q');
    expect(childIds(s, p).map((id) => getNode(s, id)!.data.label)).toEqual(['P1', 'P2']);
    // Tree edges from the target and inside the pasted branch.
    expect(getEdge(s, edgeId('A', p))).toBeDefined();
    expect(getEdge(s, edgeId(p, childIds(s, p)[0]))).toBeDefined();
    expect(s.nodes.n).toBe(8);

    store.undo();
    expect(store.getState().nodes.n).toBe(4);
    expect(childIds(store.getState(), 'A')).toEqual(['A1']);
    store.redo();
    expect(childIds(store.getState(), 'A')).toHaveLength(3);
  });

  it('pastes 30,000 siblings in one step, in order, each parent list written once', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    const lines = Array.from({ length: 30_000 }, (_, i) => topic(`item ${i}`));
    const r = pasteOutline(store, 'A', outline(...lines));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = store.getState();
    const kids = childIds(s, 'A');
    expect(kids).toHaveLength(30_001);
    expect(getNode(s, kids[1])!.data.label).toBe('item 0');
    expect(getNode(s, kids[30_000])!.data.label).toBe('item 29999');
    // Its edge from the root, to A1, and to each pasted topic.
    expect(tableGet(s.adj, 'A')).toHaveLength(30_002);
    store.undo();
    expect(childIds(store.getState(), 'A')).toEqual(['A1']);
  });

  it('places pasted topics right of the target, one row each, below its children, in columns by depth', () => {
    const store = tree('Root', ['A', 'A1']);
    const a = getNode(store.getState(), 'A')!;
    const a1 = getNode(store.getState(), 'A1')!;
    const r = pasteOutline(store, 'A', outline(topic('P', [topic('P1')]), topic('Q')));
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    const [p, q] = r.ids;
    const p1 = childIds(s, p)[0];
    const top = a1.position.y + PASTE_STEP_Y;
    expect(getNode(s, p)!.position).toEqual({ x: a.position.x + PASTE_STEP_X, y: top });
    expect(getNode(s, p1)!.position).toEqual({ x: a.position.x + 2 * PASTE_STEP_X, y: top + PASTE_STEP_Y });
    expect(getNode(s, q)!.position).toEqual({ x: a.position.x + PASTE_STEP_X, y: top + 2 * PASTE_STEP_Y });
  });

  it('places them leftwards under a topic in the left half of a Balanced map', () => {
    const store = tree('Root', 'A', 'B');
    updateSettings(store, { layout: 'balanced', autoLayout: false });
    moveNode(store, 'B', { x: -300, y: 40 });
    const r = pasteOutline(store, 'B', outline(topic('P', [topic('P1')])));
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    const p = r.ids[0];
    expect(getNode(s, p)!.position.x).toBe(-300 - PASTE_STEP_X);
    expect(getNode(s, childIds(s, p)[0])!.position.x).toBe(-300 - 2 * PASTE_STEP_X);
  });

  it('keeps notes, links, tags, priority, folding and connections; opens a folded target', () => {
    const store = tree('Root', ['A', 'A1']);
    setExpanded(store, 'A', false);
    const o: Outline = {
      roots: [
        topic('Linked', [topic('Inner')], {
          notes: 'A note',
          link: 'https://example.com',
          tags: ['t1'],
          priority: 'low',
          collapsed: true,
          color: '#10b981',
          sourceId: 's1',
        }),
        topic('Other', [], { sourceId: 's2' }),
      ],
      connections: [{ from: 's1', to: 's2' }, { from: 's1', to: 'nowhere' }],
    };
    const r = pasteOutline(store, 'A', o);
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    const [linked, other] = r.ids;
    const d = getNode(s, linked)!.data;
    expect(d).toMatchObject({ label: 'Linked', notes: 'A note', tags: ['t1'], priority: 'low', expanded: false, color: '#10b981' });
    expect(d.attachment).toEqual({ type: 'link', url: 'https://example.com', title: 'https://example.com' });
    // Children take their parent's colour.
    expect(getNode(s, childIds(s, linked)[0])!.data.color).toBe('#10b981');
    expect(getEdge(s, edgeId(linked, other))).toBeDefined();
    expect(getNode(s, 'A')!.data.expanded).toBe(true);
    store.undo();
    expect(getNode(store.getState(), 'A')!.data.expanded).toBe(false);
  });

  it('a branch copied as Markdown (what paste prefers) pastes back with notes, link and title, folding and tasks', () => {
    const source = tree('Root', ['Plan', ['Goals', ['G1', 'Open task', 'Done task']], 'Risks']);
    source.transact('set up', (d) => {
      const data = (id: string) => tableGet(d.nodes, id)!.data;
      Object.assign(data('Goals'), { notes: 'Why we go.\n\n- cheap\n- soon', expanded: false });
      Object.assign(data('G1'), { attachment: { type: 'link', url: 'https://example.com/g', title: 'Guide' } });
      Object.assign(data('Open task'), { done: false });
      Object.assign(data('Done task'), { done: true });
    });
    const store = tree('Target', 'T');
    const r = pasteOutline(store, 'T', readOrThrow(branchAsMarkdown(source.getState(), 'Plan')));
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    const byLabel = new Map(r.ids.concat(...r.ids.map((id) => descendants(s, id))).map((id) => [getNode(s, id)!.data.label, getNode(s, id)!.data]));
    expect([...byLabel.keys()]).toEqual(['Plan', 'Goals', 'G1', 'Open task', 'Done task', 'Risks']);
    expect(byLabel.get('Goals')).toMatchObject({ notes: 'Why we go.\n\n- cheap\n- soon', expanded: false });
    expect(byLabel.get('G1')!.attachment).toEqual({ type: 'link', url: 'https://example.com/g', title: 'Guide' });
    expect(byLabel.get('Open task')!.done).toBe(false);
    expect(byLabel.get('Done task')!.done).toBe(true);
    expect(byLabel.get('Risks')!.done).toBeUndefined();
  });

  it('cleans pasted values like any import: unsafe links to notes, over-long labels cut, both said', () => {
    const store = tree('Root');
    const r = pasteOutline(store, 'root', outline(topic('x'.repeat(5000), [], { link: 'javascript:alert(1)' })));
    if (!r.ok) throw new Error(r.error);
    const d = getNode(store.getState(), r.ids[0])!.data;
    expect(d.label.length).toBe(1000);
    expect(d.attachment).toBeUndefined();
    expect(d.notes).toContain('Link: javascript:alert(1)');
    expect(r.changes).toContain('1 link that is not a web or mail address to notes');
    expect(r.changes).toContain('1 over-long topic text to text cut to 1,000 characters');
  });

  it('refuses a missing target or an empty outline and changes nothing', () => {
    const store = tree('Root', 'A');
    const before = store.getState();
    expect(pasteOutline(store, 'ghost', outline(topic('P')))).toEqual({ ok: false, error: PASTE_MESSAGES.noTopic });
    expect(pasteOutline(store, 'A', outline())).toEqual({ ok: false, error: PASTE_MESSAGES.empty });
    expect(store.getState()).toBe(before);
    expect(store.canUndo()).toBe(false);
  });

  it('under auto-layout the map layout places the pasted topics, in the same undo step', () => {
    const store = tree('Root', 'A', 'B');
    keepLaidOut(store);
    updateSettings(store, { layout: 'right', autoLayout: true });
    const steps = () => (store.undoLabel() ? 1 : 0);
    store.clearHistory();
    const r = pasteOutline(store, 'A', outline(topic('P'), topic('Q')));
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    const [p, q] = r.ids.map((id) => getNode(s, id)!.position);
    expect(p.x).toBe(q.x);
    expect(p.x).toBeGreaterThan(getNode(s, 'A')!.position.x);
    expect(steps()).toBe(1);
    store.undo();
    expect(store.canUndo()).toBe(false);
    expect(childIds(store.getState(), 'A')).toEqual([]);
  });
});

describe('readPastedOutline', () => {
  const labelsOf = (o: Outline) => o.roots.map((r) => [r.label, r.children.map((c) => c.label)]);
  const read = (text: string) => {
    const r = readPastedOutline(text);
    if (!r.ok) throw new Error(r.error);
    return r.outline;
  };

  it('reads indented text, Markdown and OPML by their content', () => {
    expect(labelsOf(read('Alpha\n\tA1\n\tA2\nBeta\n'))).toEqual([['Alpha', ['A1', 'A2']], ['Beta', []]]);
    expect(labelsOf(read('- Alpha\n  - A1\n- Beta\n'))).toEqual([['Alpha', ['A1']], ['Beta', []]]);
    const opml = '<?xml version="1.0"?><opml version="2.0"><head><title>T</title></head><body><outline text="Alpha"><outline text="A1"/></outline></body></opml>';
    expect(labelsOf(read(opml))).toEqual([['Alpha', ['A1']]]);
  });

  it('reads a MindFlow map: its root becomes the pasted topic, connections kept', () => {
    const source = tree('Plan', ['Goals', 'G1'], 'Risks');
    const o = read(exportJson(source.getState()));
    expect(labelsOf(o)).toEqual([['Plan', ['Goals', 'Risks']]]);
  });

  it('a MindFlow map pasted keeps the default colour under a coloured topic (it does not take the parent\'s)', () => {
    const source = tree('Root', ['Red', 'Plain']);
    expect(updateNodeData(source, 'Red', { label: 'Red', color: '#ef4444', animation: 'pulse' })).toEqual({ ok: true });
    const store = tree('Target', 'T');
    const r = pasteOutline(store, 'T', read(branchAsMap(source.getState(), 'Red')));
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    const red = r.ids[0];
    expect(getNode(s, red)!.data.color).toBe('#ef4444');
    expect(getNode(s, childIds(s, red)[0])!.data.color).toBe('#9b87f5');
  });

  it('a MindFlow map pasted keeps the animation, the attachment\'s type and a folded leaf', () => {
    const source = tree('Root', ['Pic', 'Doc']);
    const input = { label: 'Pic', color: '#ef4444', animation: 'shake' as const, attachment: { type: 'image' as const, url: 'https://x.test/a.png', title: 'A picture' } };
    expect(updateNodeData(source, 'Pic', input)).toEqual({ ok: true });
    expect(updateNodeData(source, 'Doc', { label: 'Doc', color: '#9b87f5', animation: 'none', attachment: { type: 'file', url: 'https://x.test/a.pdf' } })).toEqual({ ok: true });
    setExpanded(source, 'Doc', false);
    const store = tree('Target', 'T');
    const r = pasteOutline(store, 'T', read(branchAsMap(source.getState(), 'Pic')));
    if (!r.ok) throw new Error(r.error);
    const s = store.getState();
    const pic = getNode(s, r.ids[0])!.data;
    expect(pic).toMatchObject({ animation: 'shake', attachment: { type: 'image', url: 'https://x.test/a.png', title: 'A picture' } });
    const doc = getNode(s, childIds(s, r.ids[0])[0])!.data;
    expect(doc).toMatchObject({ animation: 'none', expanded: false, attachment: { type: 'file', url: 'https://x.test/a.pdf' } });
  });

  it('round-trips a copied branch, as text and as Markdown', () => {
    const source = tree('Root', ['Plan', ['Goals', 'G1', 'G2'], 'Risks']);
    for (const text of [branchAsText(source.getState(), 'Plan'), branchAsMarkdown(source.getState(), 'Plan')]) {
      const store = tree('Target', 'T');
      const r = pasteOutline(store, 'T', read(text));
      if (!r.ok) throw new Error(r.error);
      const s = store.getState();
      const label = (id: string) => getNode(s, id)!.data.label;
      const plan = r.ids[0];
      expect(label(plan)).toBe('Plan');
      const kids = childIds(s, plan);
      expect(kids.map(label)).toEqual(['Goals', 'Risks']);
      expect(childIds(s, kids[0]).map(label)).toEqual(['G1', 'G2']);
    }
  });

  it('says clearly what it cannot read', () => {
    expect(readPastedOutline('   \n ')).toEqual({ ok: false, error: PASTE_MESSAGES.empty });
    expect(readPastedOutline('{"nodes": 5}')).toEqual({ ok: false, error: PASTE_MESSAGES.notAMap });
    const xml = readPastedOutline('<svg><g/></svg>');
    expect(xml.ok).toBe(false);
    if (!xml.ok) expect(xml.error).toMatch(/^Could not read the pasted text: /);
    const broken = readPastedOutline('<opml version="2.0"><body><outline text="x"');
    expect(broken.ok).toBe(false);
  });
});

describe('copy and paste of a branch within MindFlow', () => {
  it('the copy as a map pastes back with every field: tags, priority, colour, tasks, collapsed, connections', () => {
    const store = tree('Root', ['Alpha', 'One', ['Two', 'Deep']], 'Beta');
    store.transact('dress', (d) => {
      const alpha = tableGet(d.nodes, 'Alpha')!;
      alpha.data = { ...alpha.data, tags: ['t1', 't2'], priority: 'high', color: '#ef4444', notes: 'A note', attachment: { type: 'link', url: 'https://example.com/', title: 'Ex' } };
      const one = tableGet(d.nodes, 'One')!;
      one.data = { ...one.data, priority: 'low', done: true };
      const two = tableGet(d.nodes, 'Two')!;
      two.data = { ...two.data, done: false, expanded: false };
    });
    expect(connect(store, 'One', 'Two').ok).toBe(true);
    const copy = branchCopy(store.getState(), 'Alpha');
    const r = pasteOutline(store, 'Beta', readOrThrow(copy.map));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = store.getState();
    const [alpha] = childIds(s, 'Beta');
    const [one, two] = childIds(s, alpha);
    const data = (id: string) => getNode(s, id)!.data;
    expect(data(alpha)).toMatchObject({ label: 'Alpha', tags: ['t1', 't2'], priority: 'high', color: '#ef4444', notes: 'A note', attachment: { url: 'https://example.com/', title: 'Ex' } });
    expect(data(one)).toMatchObject({ label: 'One', priority: 'low', done: true });
    expect(data(two)).toMatchObject({ label: 'Two', done: false, expanded: false });
    expect(childIds(s, two).map((k) => data(k).label)).toEqual(['Deep']);
    expect(getEdge(s, edgeId(one, two))).toBeDefined();
    // The Markdown on the same clipboard has no place for the colour and the connection.
    const viaMarkdown = readOrThrow(copy.markdown);
    expect(viaMarkdown.roots[0].color).toBeUndefined();
    expect(viaMarkdown.connections).toEqual([]);
  });
});
