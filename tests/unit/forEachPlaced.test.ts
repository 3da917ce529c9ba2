import { describe, expect, it } from 'vitest';
import { tidyUp } from '../../src/state/layout/apply';
import { forEachPlaced, LaidOutBase } from '../../src/state/layout/laidOutTable';
import type { MindMapState } from '../../src/state/doc';
import { tableForEach } from '../../src/state/table';
import { addChild, deleteNode, moveNode, renameNode } from '../../src/state/operations';
import { tree } from './helpers/tree';

/** What each read gives, by id: the place and the title. */
function placed(s: MindMapState) {
  const out = new Map<string, [number | undefined, number | undefined, string]>();
  forEachPlaced(s.nodes, (n, id, x, y) => {
    expect(out.has(id)).toBe(false);
    out.set(id, [x, y, n.data.label]);
  });
  return out;
}

function read(s: MindMapState) {
  const out = new Map<string, [number | undefined, number | undefined, string]>();
  tableForEach(s.nodes, (n, id) => out.set(id, [n.position?.x, n.position?.y, n.data.label]));
  return out;
}

describe('every topic with its place, without a copy per laid-out topic', () => {
  it('gives what a whole read gives, on a laid-out table and after edits over it', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], ['B', 'B1'], 'C');
    expect(tidyUp(store, 'right')).toBe(true);
    expect(store.getState().nodes.base).toBeInstanceOf(LaidOutBase);
    expect(placed(store.getState())).toEqual(read(store.getState()));
    // Edits over the layout: a move, a rename, an add and a delete sit in the table's overlay.
    moveNode(store, 'A1', { x: 999, y: -5 });
    renameNode(store, 'B', 'Bee');
    addChild(store, 'C', 'C1');
    deleteNode(store, 'B1');
    const s = store.getState();
    expect(s.nodes.base).toBeInstanceOf(LaidOutBase);
    const got = placed(s);
    expect(got).toEqual(read(s));
    expect(got.get('A1')).toEqual([999, -5, 'A1']);
    expect(got.get('B')?.[2]).toBe('Bee');
    expect(got.has('B1')).toBe(false);
    expect([...got.values()].some(([, , label]) => label === 'C1')).toBe(true);
  });

  it('reads a table no layout placed as it stands', () => {
    const store = tree('Root', 'A', 'B');
    expect(store.getState().nodes.base).not.toBeInstanceOf(LaidOutBase);
    expect(placed(store.getState())).toEqual(read(store.getState()));
  });
});
