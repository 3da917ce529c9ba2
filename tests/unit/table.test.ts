import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editNode } from '../../src/state/mutations';
import { renameNode, toggleExpanded } from '../../src/state/operations';
import { snapshotOf } from '../../src/state/snapshot';
import { type ChangeSet } from '../../src/state/store';
import {
  ArrayBase,
  emptyTable,
  ListBase,
  tableDelete,
  tableEdit,
  tableForEach,
  tableGet,
  tableHas,
  tableOnBase,
  tableSet,
  tableValues,
  warmTable,
  type Table,
} from '../../src/state/table';
import { buildState } from '../../src/state/snapshot';
import { getEdge } from '../../src/state/doc';
import { applyStep, importedStore } from './helpers/edits';
import { mapErrors } from './helpers/mapFixtures';

function baseTable(entries: Array<[string, number | undefined]>, extraKeys: Array<[string, number]> = []): Table<number> {
  const at = new Map<string, number>();
  entries.forEach(([k], i) => at.set(k, i));
  for (const [k, i] of extraKeys) at.set(k, i);
  const t = tableOnBase(
    new ArrayBase(
      at,
      entries.map(([k]) => k),
      entries.map(([, v]) => v),
    ),
  );
  // Writable buckets, as a recipe or a bulk edit would have: the fresh overlay's are frozen.
  return { ...t, b: emptyTable<number>().b };
}

function entriesOf(t: Table<number>): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  tableForEach(t, (v, k) => out.push([k, v]));
  return out.sort(([a], [b]) => a.localeCompare(b));
}

describe('table over a base', () => {
  it('reads the base, lets the overlay win, hides deleted base entries and counts them all', () => {
    const t = baseTable([
      ['a', 1],
      ['b', 2],
      ['c', undefined],
    ]);
    expect(t.n).toBe(2);
    expect(tableGet(t, 'a')).toBe(1);
    expect(tableHas(t, 'c')).toBe(false);

    tableSet(t, 'b', 20);
    tableSet(t, 'c', 3);
    expect(t.n).toBe(3);
    expect(tableDelete(t, 'a')).toBe(true);
    expect(tableDelete(t, 'a')).toBe(false);
    expect(t.n).toBe(2);
    expect(tableGet(t, 'a')).toBeUndefined();
    expect(entriesOf(t)).toEqual([
      ['b', 20],
      ['c', 3],
    ]);
    expect(tableValues(t).sort()).toEqual([20, 3].sort());

    tableSet(t, 'a', 10);
    expect(t.n).toBe(3);
    expect(tableGet(t, 'a')).toBe(10);
    // A key only the overlay had is removed outright.
    tableDelete(t, 'c');
    expect(Object.keys(t.b.find((bucket) => 'c' in bucket) ?? {})).not.toContain('c');
  });

  it('walks every entry once, the overlay winning, whatever the overlay holds (a fresh one included)', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const op = fc.record({ key: fc.constantFrom(...keys), value: fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.boolean(), (ops, fresh) => {
        const base: Array<[string, number | undefined]> = [['a', 1], ['b', 2], ['c', undefined], ['d', 4]];
        const t = fresh ? tableOnBase(new ArrayBase(new Map(base.map(([k], i) => [k, i])), base.map(([k]) => k), base.map(([, v]) => v))) : baseTable(base);
        const want = new Map(base.filter(([, v]) => v !== undefined) as Array<[string, number]>);
        const check = () => expect(entriesOf(t)).toEqual([...want].sort(([a], [b]) => a.localeCompare(b)));
        check();
        // A fresh overlay's buckets are frozen: only a writable one takes edits.
        const writable = fresh ? { ...t, b: t.b.map((bucket) => ({ ...bucket })) } : t;
        for (const { key, value } of ops) {
          if (value === undefined) {
            tableDelete(writable, key);
            want.delete(key);
          } else {
            tableSet(writable, key, value);
            want.set(key, value);
          }
          expect(entriesOf(writable)).toEqual([...want].sort(([a], [b]) => a.localeCompare(b)));
        }
      }),
    );
  });

  it('ignores stale keys in the shared position map', () => {
    const t = baseTable([['a', 1]], [['ghost', 0]]);
    expect(tableGet(t, 'ghost')).toBeUndefined();
    expect(tableHas(t, 'ghost')).toBe(false);
  });

  it('a flat list base hands out each list as its own array and counts only non-empty ones', () => {
    const at = new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    const t = tableOnBase(new ListBase(at, ['a', 'b', 'c'], Int32Array.from([0, 2, 2, 3]), ['x', 'y', 'z']));
    expect(t.n).toBe(2);
    expect(tableGet(t, 'a')).toEqual(['x', 'y']);
    expect(tableGet(t, 'b')).toBeUndefined();
    expect(tableGet(t, 'c')).toEqual(['z']);
    tableGet(t, 'a')!.push('changed');
    expect(tableGet(t, 'a')).toEqual(['x', 'y']);
  });

  it('makes a position map given as a function once, on the first read by key or when warmed', () => {
    let made = 0;
    const make = () => {
      made++;
      return new Map([
        ['a', 0],
        ['b', 1],
      ]);
    };
    const t = tableOnBase(new ArrayBase(make, ['a', 'b'], [1, 2]));
    expect(entriesOf(t)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(t.n).toBe(2);
    expect(made).toBe(0);
    expect(tableGet(t, 'b')).toBe(2);
    expect(tableGet(t, 'a')).toBe(1);
    expect(tableHas(t, 'c')).toBe(false);
    expect(made).toBe(1);

    const warmed = tableOnBase(new ArrayBase(make, ['a', 'b'], [1, 2]));
    warmTable(warmed);
    warmTable(warmed);
    expect(made).toBe(2);
    expect(tableGet(warmed, 'a')).toBe(1);
    expect(made).toBe(2);
  });

  it("a built map's edges answer by id, the map of them made when first asked", () => {
    const node = (id: string, parentId: string | null) => ({
      id,
      type: parentId ? ('child' as const) : ('root' as const),
      position: { x: 0, y: 0 },
      parentId,
      connectionType: 'standard' as const,
      data: { label: id, expanded: true, color: '#9b87f5', animation: 'none' as const },
    });
    const edge = (source: string, target: string) => ({ id: `e-${source}-${target}`, source, target, style: { stroke: '#9b87f5', strokeWidth: 2 }, animated: false });
    const s = buildState({ nodes: [node('r', null), node('a', 'r'), node('b', 'a')], edges: [edge('r', 'a'), edge('a', 'b'), edge('r', 'b')] }, 'r');
    const ids: string[] = [];
    tableForEach(s.edges, (_e, id) => ids.push(id));
    expect(ids).toEqual(['e-r-a', 'e-a-b', 'e-r-b']);
    expect(getEdge(s, 'e-a-b')?.target).toBe('b');
    expect(getEdge(s, 'e-r-b')?.source).toBe('r');
    expect(getEdge(s, 'e-b-r')).toBeUndefined();
  });

  it('refuses to be changed outside a recipe or bulk edit', () => {
    const t = baseTable([['a', 1]]);
    expect(() => tableEdit(t, 'a', (v) => v)).toThrow();
    const fresh = tableOnBase(new ArrayBase(new Map([['a', 0]]), ['a'], [1]));
    expect(() => tableSet(fresh, 'b', 2)).toThrow();
    expect(tableGet(fresh, 'b')).toBeUndefined();
  });
});

describe('editing an imported map', () => {
  it('keeps every invariant, never changes the imported objects, and undo/redo walk back and forth exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.record({ op: fc.nat(8), a: fc.nat(200), b: fc.nat(200), text: fc.string({ maxLength: 5 }) }), {
          minLength: 1,
          maxLength: 25,
        }),
        (count, seed, steps) => {
          const { store, input, pristine } = importedStore(count, seed);
          const before = snapshotOf(store.getState());
          const ids = before.nodes.map((n) => n.id);
          for (const step of steps) {
            applyStep(store, ids, step);
            expect(mapErrors(store.getState())).toEqual([]);
          }
          expect(input).toEqual(pristine);
          const after = snapshotOf(store.getState());
          while (store.undo());
          expect(mapErrors(store.getState())).toEqual([]);
          expect(snapshotOf(store.getState())).toEqual(before);
          while (store.redo());
          expect(snapshotOf(store.getState())).toEqual(after);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a first edit of an imported topic is reported as that topic changing, not as a structure change', () => {
    const { store } = importedStore(20, 3);
    const id = snapshotOf(store.getState()).nodes[5].id;
    const seen: ChangeSet[] = [];
    store.subscribe((c) => seen.push(c));
    renameNode(store, id, 'Renamed');
    expect(seen).toHaveLength(1);
    expect([...seen[0].nodes]).toEqual([id]);
    expect(seen[0].structure.size).toBe(0);
    toggleExpanded(store, id);
    expect([...seen[1].structure]).toContain(id);
  });

  it('editNode hands a copy to change, leaving the imported topic as it was', () => {
    const { store } = importedStore(5, 1);
    const id = snapshotOf(store.getState()).nodes[1].id;
    const original = tableGet(store.getState().nodes, id)!;
    const label = original.data.label;
    store.transact('Rename', (d) => {
      editNode(d, id)!.data.label = 'Changed';
    });
    expect(original.data.label).toBe(label);
    expect(tableGet(store.getState().nodes, id)!.data.label).toBe('Changed');
    store.undo();
    expect(tableGet(store.getState().nodes, id)).toBe(original);
  });
});
