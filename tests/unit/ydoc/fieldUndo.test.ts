import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { FIELD_STEP_LIMIT, logFields, mergeFields, type FieldLog } from '../../../src/state/ydoc/fieldUndo';

describe('field by field undo', () => {
  it('puts back the fields the step changed that nobody changed since, one level into objects', () => {
    const before = { type: 'child', data: { label: 'A', color: '#111111' }, position: { x: 0, y: 0 } };
    const step = { type: 'child', data: { label: 'A', color: '#ef4444', notes: 'mine' }, position: { x: 0, y: 0 } };
    const theirs = { type: 'child', data: { label: 'Renamed', color: '#ef4444', notes: 'mine' }, position: { x: 5, y: 5 } };
    expect(mergeFields(before, step, theirs)).toEqual({ type: 'child', data: { label: 'Renamed', color: '#111111' }, position: { x: 5, y: 5 } });
    // A field they changed as well stays theirs.
    expect(mergeFields(before, step, { ...theirs, data: { ...theirs.data, color: '#00ff00', notes: 'theirs' } })).toBeNull();
    // Redo: towards what the step left.
    expect(mergeFields(step, before, { ...before, data: { ...before.data, label: 'Renamed' } })).toEqual({
      ...before,
      data: { label: 'Renamed', color: '#ef4444', notes: 'mine' },
    });
  });

  it('keeps a small step field by field and stops keeping one of more records', () => {
    const doc = new Y.Doc();
    const map = doc.getMap<unknown>('topic');
    const maps = new Set([map]);
    const log: FieldLog = new Map();
    let kept = true;
    doc.on('afterTransaction', (tr: Y.Transaction) => {
      kept = logFields(log, tr.changedParentTypes as ReadonlyMap<unknown, readonly unknown[]>, maps) && kept;
    });
    doc.transact(() => map.set('a', 1));
    doc.transact(() => map.set('a', 2));
    expect(log.get(map)!.get('a')).toEqual({ before: undefined, after: 2 });
    doc.transact(() => {
      for (let i = 0; i < FIELD_STEP_LIMIT; i++) map.set(`k${i}`, i);
    });
    expect(kept).toBe(false);
  });
});
