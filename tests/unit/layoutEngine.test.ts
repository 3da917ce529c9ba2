import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNode, type MindMapState } from '../../src/state/doc';
import { keepLaidOut, tidyUp } from '../../src/state/layout/apply';
import { LayoutEngine, layoutTree } from '../../src/state/layout/engine';
import { LaidOutBase } from '../../src/state/layout/laidOutTable';
import type { Size, SizeOf, TidyLayout } from '../../src/state/layout/tidy';
import { addChild, deleteNode, moveNode, renameNode, setExpanded, updateSettings } from '../../src/state/operations';
import { serializeMap } from '../../src/state/persistence';
import { parseMapText } from '../../src/state/restore';
import { snapshotOf } from '../../src/state/snapshot';
import { MindMapStore, type ChangeSet } from '../../src/state/store';
import { tableForEach, tableGet } from '../../src/state/table';
import { applyStep, importedStore } from './helpers/edits';
import { mapErrors } from './helpers/mapFixtures';
import { tree, wide } from './helpers/tree';

const KINDS: TidyLayout[] = ['right', 'balanced', 'down'];

/** Sizes that follow the label, as the editor's do: a rename can change the layout. */
function labelSizes(store: MindMapStore): SizeOf {
  return (id: string): Size => ({ width: 90 + 7 * (getNode(store.getState(), id)?.data.label.length ?? 0), height: 40 + (id.length % 3) * 8 });
}

function positionsOf(s: MindMapState): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  tableForEach(s.nodes, (n, id) => out.set(id, { x: n.position.x, y: n.position.y }));
  return out;
}

function expectLaidOut(store: MindMapStore, kind: TidyLayout, sizeOf: SizeOf): void {
  const s = store.getState();
  const want = layoutTree(s, kind, sizeOf).positions;
  const got = positionsOf(s);
  for (const [id, p] of want) expect(got.get(id), id).toEqual(p);
}

afterEach(() => vi.restoreAllMocks());

describe('a full layout', () => {
  it('sizes each topic by its own label, handed to sizeOf as the map is walked', () => {
    const { store } = importedStore(200, 7);
    const s0 = store.getState();
    let k = 0;
    tableForEach(s0.nodes, (_n, id) => renameNode(store, id, 'x'.repeat(1 + (k++ * 7) % 23)));
    const s = store.getState();
    const width = (label: string | undefined) => 90 + 7 * (label?.length ?? 0);
    const lookedUp: SizeOf = (id) => ({ width: width(getNode(s, id)?.data.label), height: 48 });
    let handed = 0;
    const given: SizeOf = (id, label) => {
      if (label !== undefined) handed++;
      return { width: width(label ?? getNode(s, id)?.data.label), height: 48 };
    };
    for (const kind of KINDS) expect(layoutTree(s, kind, given).positions).toEqual(layoutTree(s, kind, lookedUp).positions);
    expect(handed).toBe(3 * s.nodes.n);
  });
});

describe('auto layout, edit by edit', () => {
  it('after every structural edit and rename the map stands exactly where a full layout puts it; undo/redo walk back and forth exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.record({ op: fc.nat(11), a: fc.nat(200), b: fc.nat(200), text: fc.string({ maxLength: 6 }) }), {
          minLength: 1,
          maxLength: 25,
        }),
        (kind, count, seed, steps) => {
          const { store } = importedStore(count, seed);
          const sizeOf = labelSizes(store);
          const stop = keepLaidOut(store, sizeOf);
          const before = snapshotOf(store.getState());
          updateSettings(store, { layout: kind, autoLayout: true });
          expectLaidOut(store, kind, sizeOf);
          const ids = before.nodes.map((n) => n.id);
          let first: ChangeSet | null = null;
          const named = new Set<string>();
          const unsubscribe = store.subscribe((c) => {
            first ??= c;
            for (const id of c.nodes) named.add(id);
            for (const id of c.moved) named.add(id);
          });
          for (const step of steps) {
            first = null;
            named.clear();
            const was = positionsOf(store.getState());
            const widthBefore = sizeOf(ids[step.a % ids.length]).width;
            if (step.op === 9) store.undo();
            else if (step.op === 10) store.redo();
            else if (step.op === 11) tidyUp(store, KINDS[(KINDS.indexOf(kind) + 1) % 3], sizeOf);
            else applyStep(store, ids, step);
            expect(mapErrors(store.getState())).toEqual([]);
            // The canvas redraws what change sets name: every topic that moved must be named.
            for (const [id, p] of positionsOf(store.getState())) {
              const q = was.get(id);
              if (q && (q.x !== p.x || q.y !== p.y)) expect(named.has(id), id).toBe(true);
            }
            const c = first as ChangeSet | null;
            const on = store.getState().settings.autoLayout; // off again after undoing the step that turned it on
            // After a rename too, when the title's size changed: it moves the topics around it.
            const renamed = step.op === 1 && c !== null && c.nodes.size > 0 && sizeOf(ids[step.a % ids.length]).width !== widthBefore;
            if (on && c && !c.undoRedo && (c.structure.size > 0 || c.children.size > 0 || renamed)) expectLaidOut(store, kind, sizeOf);
          }
          unsubscribe();
          while (store.redo()); // the sequence may end part way back
          const after = snapshotOf(store.getState());
          while (store.undo());
          expect(snapshotOf(store.getState())).toEqual(before);
          while (store.redo());
          expect(snapshotOf(store.getState())).toEqual(after);
          stop();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a rename after an undo is measured against the map the undo brought back', () => {
    const { store } = importedStore(15, 1);
    const sizeOf = labelSizes(store);
    const stop = keepLaidOut(store, sizeOf);
    updateSettings(store, { layout: 'right', autoLayout: true });
    const ids = snapshotOf(store.getState()).nodes.map((n) => n.id);
    renameNode(store, ids[1], 'x');
    store.undo();
    renameNode(store, ids[1], 'x');
    expectLaidOut(store, 'right', sizeOf);
    addChild(store, ids[0]);
    expectLaidOut(store, 'right', sizeOf);
    stop();
  });

  it('a single add re-stacks only its ancestors: no rebuild from the state tables', () => {
    const store = wide(2_000);
    const stop = keepLaidOut(store);
    updateSettings(store, { layout: 'balanced', autoLayout: true });
    const build = vi.spyOn(LayoutEngine.prototype as unknown as { build: () => void }, 'build');
    const id = addChild(store, 't42')!;
    addChild(store, id);
    deleteNode(store, id);
    setExpanded(store, 't7', false);
    expect(build).not.toHaveBeenCalled();
    expectLaidOut(store, 'balanced', () => ({ width: 180, height: 56 }));
    stop();
  });

  it('starts over after a Tidy Up or a layout change; resumes after undo and redo', () => {
    const store = tree('Root', ['A', 'A1', 'A2'], 'B', ['C', 'C1']);
    const sizeOf = labelSizes(store);
    const stop = keepLaidOut(store, sizeOf);
    updateSettings(store, { layout: 'right', autoLayout: true });
    const build = vi.spyOn(LayoutEngine.prototype as unknown as { build: () => void }, 'build');
    const builds = (act: () => void) => {
      const from = build.mock.calls.length;
      act();
      return build.mock.calls.length - from;
    };
    expect(builds(() => addChild(store, 'A'))).toBe(0);
    store.undo();
    expect(builds(() => addChild(store, 'C1'))).toBe(0);
    expectLaidOut(store, 'right', sizeOf);
    // Undo of a delete brings topics back into their old slots; redo takes them out again.
    expect(builds(() => deleteNode(store, 'A'))).toBe(0);
    store.undo();
    expect(builds(() => addChild(store, 'A2'))).toBe(0);
    expectLaidOut(store, 'right', sizeOf);
    store.undo();
    store.redo();
    store.redo();
    store.undo();
    expect(builds(() => renameNode(store, 'B', 'A longer B') && addChild(store, 'A1'))).toBe(0);
    expectLaidOut(store, 'right', sizeOf);
    tidyUp(store, 'down', sizeOf);
    expect(builds(() => addChild(store, 'B'))).toBe(1);
    expectLaidOut(store, 'right', sizeOf);
    updateSettings(store, { layout: 'down' });
    expectLaidOut(store, 'down', sizeOf);
    stop();
  });

  it('picks up a rename that changed a topic size at the next structural edit', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    const sizeOf = labelSizes(store);
    const stop = keepLaidOut(store, sizeOf);
    updateSettings(store, { layout: 'right', autoLayout: true });
    renameNode(store, 'A', 'A much longer title than before');
    addChild(store, 'B');
    expectLaidOut(store, 'right', sizeOf);
    expect(getNode(store.getState(), 'A1')!.position.x).toBeGreaterThan(getNode(store.getState(), 'A')!.position.x + 90 + 7 * 31);
    stop();
  });

  it('puts a dragged topic back in its place at the next structural edit, and reports it moved', () => {
    const store = tree('Root', 'A', 'B');
    const stop = keepLaidOut(store);
    updateSettings(store, { layout: 'right', autoLayout: true });
    const home = getNode(store.getState(), 'A')!.position;
    moveNode(store, 'A', { x: 900, y: 900 });
    const seen: ChangeSet[] = [];
    store.subscribe((c) => seen.push(c));
    addChild(store, 'B');
    expect(seen.some((c) => c.moved.includes('A'))).toBe(true);
    expect(getNode(store.getState(), 'A')!.position.x).toBe(home.x);
    stop();
  });
});

describe('laid-out topics table', () => {
  function laidOut() {
    const store = tree('Root', ['A', 'A1', 'A2'], 'B');
    tidyUp(store, 'right');
    return store;
  }

  it('reads each topic at its laid-out position, the same object every time', () => {
    const store = laidOut();
    const s = store.getState();
    expect(s.nodes.base).toBeInstanceOf(LaidOutBase);
    const want = layoutTree(s, 'right').positions;
    for (const [id, p] of want) {
      expect(tableGet(s.nodes, id)!.position).toEqual(p);
      expect(tableGet(s.nodes, id)).toBe(tableGet(s.nodes, id));
    }
    const seen: string[] = [];
    tableForEach(s.nodes, (n, id) => {
      seen.push(id);
      expect(n.position).toEqual(want.get(id));
    });
    expect(seen.sort()).toEqual(['A', 'A1', 'A2', 'B', 'root']);
  });

  it('takes edits and deletes on top, and a second layout does not stack on the first', () => {
    const store = laidOut();
    renameNode(store, 'A1', 'Renamed');
    deleteNode(store, 'A2');
    expect(store.getState().nodes.n).toBe(4);
    tidyUp(store, 'down');
    const s = store.getState();
    const base = s.nodes.base as LaidOutBase;
    expect(base.data.base).not.toBeInstanceOf(LaidOutBase);
    expect(tableGet(s.nodes, 'A1')!.data.label).toBe('Renamed');
    expect(tableGet(s.nodes, 'A2')).toBeUndefined();
    expect(s.nodes.n).toBe(4);
    for (const [id, p] of layoutTree(s, 'down').positions) expect(tableGet(s.nodes, id)!.position).toEqual(p);
    store.undo();
    store.undo();
    store.undo();
    expect(tableGet(store.getState().nodes, 'A2')).toBeDefined();
    expect(tableGet(store.getState().nodes, 'A1')!.data.label).toBe('A1');
    for (const [id, p] of layoutTree(store.getState(), 'right').positions) expect(tableGet(store.getState().nodes, id)!.position).toEqual(p);
  });

  it('saves and loads with the laid-out positions', () => {
    const store = laidOut();
    const loaded = parseMapText(serializeMap(store.getState()));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(positionsOf(loaded.state)).toEqual(positionsOf(store.getState()));
  });

  it('weighs a layout in history by the topics it places, not as one record', () => {
    // 3,000 topics weigh 375 records a layout; a limit of 1,000 keeps the newest two layouts.
    const store = new MindMapStore(wide(2_999).getState(), 200, 1_000);
    for (let k = 0; k < 5; k++) expect(tidyUp(store, k % 2 ? 'right' : 'down')).toBe(true);
    let undos = 0;
    while (store.undo()) undos++;
    expect(undos).toBe(2);
  });
});
