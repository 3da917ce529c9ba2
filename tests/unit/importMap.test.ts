import { describe, expect, it } from 'vitest';
import { childIds, getNode } from '../../src/state/doc';
import { applyTemplate, importText, type Template } from '../../src/state/importMap';
import { MESSAGES } from '../../src/state/model';
import { select, updateSettings } from '../../src/state/operations';
import { exportJson } from '../../src/state/snapshot';
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
