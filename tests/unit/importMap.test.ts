import { describe, expect, it } from 'vitest';
import { childIds, getNode } from '../../src/state/doc';
import { applyTemplate, importSnapshot, importText, type Template } from '../../src/state/importMap';
import { MESSAGES } from '../../src/state/model';
import { addChild, select, updateSettings } from '../../src/state/operations';
import { keepLaidOut } from '../../src/state/layout/apply';
import { exportJson, snapshotOf } from '../../src/state/snapshot';
import { tree } from './helpers/tree';

describe('importText', () => {
  it('replaces nodes and edges, clears the selection, reports the count, and undoes as one step', () => {
    const source = tree('Plan', ['Goals', 'G1'], 'Risks');
    const text = exportJson(source.getState());
    const store = tree('Other', 'X');
    select(store, 'X');
    expect(importText(store, text)).toEqual({ ok: true, count: 4, repairs: [] });
    const s = store.getState();
    expect(getNode(s, 'root')!.data.label).toBe('Plan');
    expect(childIds(s, 'root')).toEqual(['Goals', 'Risks']);
    expect(getNode(s, 'X')).toBeUndefined();
    expect(s.selectedNodeId).toBeNull();
    store.undo();
    expect(getNode(store.getState(), 'X')).toBeDefined();
    expect(getNode(store.getState(), 'root')!.data.label).toBe('Other');
  });

  it.each(['', 'not json', '{"nodes": []}', '{"nodes": {}, "edges": []}', '[1,2]', 'null'])(
    'rejects %j with the spec message and changes nothing',
    (text) => {
      const store = tree('Keep', 'A');
      const before = store.getState();
      expect(importText(store, text)).toEqual({ ok: false, error: MESSAGES.importInvalid });
      expect(store.getState()).toBe(before);
      expect(store.canUndo()).toBe(false);
    },
  );

  it('keeps the layout settings of the open map', () => {
    const store = tree('Root');
    updateSettings(store, { layout: 'balanced', autoLayout: true });
    importText(store, exportJson(tree('New').getState()));
    expect(store.getState().settings).toEqual({ layout: 'balanced', autoLayout: true });
  });

  it('says what it repaired', () => {
    const store = tree('Root');
    const text = JSON.stringify({
      nodes: [
        { id: 'root', type: 'root', position: { x: 0, y: 0 }, data: { label: 'R' } },
        { id: 'a', parentId: 'ghost', position: { x: 'x', y: 1 }, data: { label: 7, color: 'red' } },
      ],
      edges: [{ id: 'e1', source: 'a', target: 'nowhere' }],
    });
    const r = importText(store, text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.repairs.length).toBeGreaterThan(0);
    expect(getNode(store.getState(), 'a')!.parentId).toBe('root');
  });
});

describe('importSnapshot', () => {
  const unplaced = () => {
    const s = snapshotOf(tree('Plan', ['Goals', 'G1', 'G2'], 'Risks', 'Budget').getState());
    for (const n of s.nodes) n.position = { x: 0, y: 0 };
    return s;
  };

  it('replaces the map and lays a map without positions out Balanced, all in one undo step', () => {
    const store = tree('Other', 'X');
    const r = importSnapshot(store, unplaced(), { tidy: {} });
    expect(r).toEqual({ ok: true, count: 6, repairs: [] });
    const s = store.getState();
    const pos = (id: string) => getNode(s, id)!.position;
    expect(pos('root')).toEqual({ x: 0, y: 0 });
    // Balanced: main branches on both sides of the root, no two topics on one spot.
    const xs = childIds(s, 'root').map((id) => Math.sign(pos(id).x));
    expect(xs).toContain(1);
    expect(xs).toContain(-1);
    const spots = new Set(['root', 'Goals', 'G1', 'G2', 'Risks', 'Budget'].map((id) => `${pos(id).x},${pos(id).y}`));
    expect(spots.size).toBe(6);
    store.undo();
    expect(getNode(store.getState(), 'root')!.data.label).toBe('Other');
    expect(getNode(store.getState(), 'X')).toBeDefined();
    expect(store.canUndo()).toBe(false);
  });

  it('gives a map it lays out Balanced that layout, so edges and new topics follow its sides; undo brings the old setting back', () => {
    const store = tree('Other', 'X');
    expect(store.getState().settings.layout).toBe('free');
    importSnapshot(store, unplaced(), { tidy: {} });
    const s = store.getState();
    expect(s.settings).toEqual({ layout: 'balanced', autoLayout: false });
    // A topic of the left half gets its new child on its left.
    const left = childIds(s, 'root').find((id) => getNode(s, id)!.position.x < 0)!;
    const right = childIds(s, 'root').find((id) => getNode(s, id)!.position.x > 0)!;
    const leftKid = addChild(store, left)!;
    const rightKid = addChild(store, right)!;
    const at = (id: string) => getNode(store.getState(), id)!.position.x;
    expect(at(leftKid)).toBe(at(left) - 200);
    expect(at(rightKid)).toBe(at(right) + 200);
    store.undo();
    store.undo();
    store.undo();
    expect(store.getState().settings.layout).toBe('free');
  });

  it('keeps positions when asked for no layout, and refuses a snapshot that is not a map', () => {
    const store = tree('Keep', 'A');
    expect(importSnapshot(store, unplaced()).ok).toBe(true);
    expect(getNode(store.getState(), 'Goals')!.position).toEqual({ x: 0, y: 0 });
    const before = store.getState();
    expect(importSnapshot(store, { nodes: 'x' } as never)).toEqual({ ok: false, error: MESSAGES.importInvalid });
    expect(store.getState()).toBe(before);
  });

  it('under auto-layout, lays the map out in the map\'s layout, which then has nothing left to move', () => {
    const store = tree('Root');
    keepLaidOut(store);
    updateSettings(store, { layout: 'right', autoLayout: true });
    store.clearHistory();
    importSnapshot(store, unplaced(), { tidy: {} });
    const s = store.getState();
    const pos = (id: string) => getNode(s, id)!.position;
    // Right: every main branch to the right of the root, in one column.
    for (const id of childIds(s, 'root')) expect(pos(id).x).toBe(pos('Goals').x);
    expect(pos('Goals').x).toBeGreaterThan(0);
    store.undo();
    expect(store.canUndo()).toBe(false);
    expect(getNode(store.getState(), 'Goals')).toBeUndefined();
  });

  it('measures topics of the incoming map', () => {
    const store = tree('Root');
    const seen: string[] = [];
    importSnapshot(store, unplaced(), {
      tidy: {
        sizeOf: (incoming) => (id) => {
          seen.push(getNode(incoming, id)!.data.label);
          return { width: 150, height: 40 };
        },
      },
    });
    expect(seen).toContain('Budget');
  });
});

describe('applyTemplate', () => {
  const swot: Template = {
    id: 'swot',
    name: 'SWOT',
    description: 'Strengths, weaknesses, opportunities, threats',
    tags: ['strategy'],
    nodes: [
      { id: 'root', type: 'root', position: { x: 0, y: 0 }, parentId: null, connectionType: 'standard', data: { label: 'SWOT', expanded: true, color: '#9b87f5', animation: 'pulse' } },
      { id: 's', type: 'child', position: { x: 200, y: 0 }, parentId: 'root', connectionType: 'standard', data: { label: 'Strengths', expanded: true, color: '#10b981', animation: 'none' } },
    ],
  };

  it('replaces the map with the template, adding its tree edges, as one undo step', () => {
    const store = tree('Mine', 'A');
    const r = applyTemplate(store, swot);
    expect(r.ok).toBe(true);
    const s = store.getState();
    expect(getNode(s, 'root')!.data.label).toBe('SWOT');
    expect(childIds(s, 'root')).toEqual(['s']);
    expect(s.edges.n).toBe(1);
    store.undo();
    expect(getNode(store.getState(), 'root')!.data.label).toBe('Mine');
  });
});
