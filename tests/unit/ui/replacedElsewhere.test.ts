/** A change from elsewhere that takes away most of a shared map keeps the map as it was here. */
import { describe, expect, it } from 'vitest';
import { deleteNode } from '../../../src/state/operations';
import { emptyChangeSet, type ChangeSet } from '../../../src/state/store';
import { keepWhatOthersReplace, mostlyRemoved, REPLACED_ELSEWHERE_REASON } from '../../../src/ui/editor/share/replacedElsewhere';
import { tree } from '../helpers/tree';

const external = (c: Partial<ChangeSet>): ChangeSet => ({ ...emptyChangeSet(), external: true, ...c });

describe('mostlyRemoved', () => {
  it('is true when half the map or more went at once from elsewhere, by patch or by rebuild', () => {
    const store = tree('Root', 'A', 'B', 'C');
    const prev = store.getState();
    deleteNode(store, 'A');
    deleteNode(store, 'B');
    const next = store.getState();
    expect(mostlyRemoved(prev, next, external({ nodes: new Set(['A', 'B']) }))).toBe(true);
    expect(mostlyRemoved(prev, next, external({ reset: true }))).toBe(true);
    // Not from elsewhere, an undo or redo, or too little gone.
    expect(mostlyRemoved(prev, next, { ...emptyChangeSet(), nodes: new Set(['A', 'B']) })).toBe(false);
    expect(mostlyRemoved(prev, next, external({ nodes: new Set(['A', 'B']), undoRedo: true }))).toBe(false);
    expect(mostlyRemoved(prev, next, external({ nodes: new Set(['A']) }))).toBe(false);
  });

  it('keeps the map before and tells, for a change from elsewhere only', () => {
    const store = tree('Root', 'A', 'B', 'C');
    const kept: string[] = [];
    const told: string[] = [];
    keepWhatOthersReplace(store, { keepCopy: (s, reason) => kept.push(`${s.nodes.n} ${reason}`) }, (title) => told.push(title));
    const before = store.getState();
    deleteNode(store, 'A');
    deleteNode(store, 'B');
    expect(kept).toEqual([]);
    store.replaceExternal(before);
    const after = tree('Root', 'X').getState();
    store.replaceExternal(after);
    expect(kept).toEqual([`4 ${REPLACED_ELSEWHERE_REASON}`]);
    expect(told).toEqual(['The shared map was replaced']);
  });
});
