/**
 * Concurrent changes to one topic merge field by field: a rename here and a colour, a priority or a
 * drag elsewhere all stay on every replica; where both changed the same field the one Yjs kept
 * stays everywhere and the replica whose value went is told.
 */
import { describe, expect, it } from 'vitest';
import { getNode } from '../../../src/state/doc';
import { deleteNode, moveNode, renameNode, updateNodeData } from '../../../src/state/operations';
import type { RecordConflict } from '../../../src/state/ydoc/recordMerge';
import { mergeRecords } from '../../../src/state/ydoc/recordMerge';
import { conflictNote } from '../../../src/state/ydoc/conflictNote';
import { tree } from '../helpers/tree';
import { canon, deliver, replica, syncAll, type Replica } from './helpers';

function pair() {
  const a = replica(undefined, tree('Root', 'X', 'Y'));
  const b = replica(a.doc);
  return [a, b] as const;
}

function heard(r: Replica): RecordConflict[][] {
  const out: RecordConflict[][] = [];
  r.binding.onConflict((c) => out.push([...c]));
  return out;
}

const data = (r: Replica, id = 'X') => getNode(r.store.getState(), id)!.data;
const panelSave = (r: Replica, fields: { color?: string; priority?: 'high' | 'low' | null; label?: string }) => {
  const d = data(r);
  expect(updateNodeData(r.store, 'X', { label: fields.label ?? d.label, color: fields.color ?? d.color, animation: d.animation, priority: fields.priority ?? d.priority ?? null }).ok).toBe(true);
};

describe('concurrent changes to one topic', () => {
  it('a rename on one side and a colour and priority on the other both stay, on both', () => {
    const [a, b] = pair();
    const told = [heard(a), heard(b)];
    expect(renameNode(b.store, 'X', 'Title by Bob').ok).toBe(true);
    panelSave(a, { color: '#ef4444', priority: 'high' });
    syncAll([a, b]);
    for (const r of [a, b]) {
      expect(data(r).label).toBe('Title by Bob');
      expect(data(r).color).toBe('#ef4444');
      expect(data(r).priority).toBe('high');
    }
    expect(canon(a.store.getState())).toEqual(canon(b.store.getState()));
    expect(told).toEqual([[], []]);
  });

  it('whichever update comes in first, and with several edits on one side', () => {
    const [a, b] = pair();
    expect(renameNode(a.store, 'X', 'First').ok).toBe(true);
    expect(renameNode(a.store, 'X', 'Second').ok).toBe(true);
    panelSave(b, { color: '#3b82f6' });
    // b's update reaches a first; a's reach b after.
    for (const u of b.outbox.splice(0)) deliver(u, a);
    syncAll([a, b]);
    for (const r of [a, b]) {
      expect(data(r).label).toBe('Second');
      expect(data(r).color).toBe('#3b82f6');
    }
  });

  it('a drag on one side and a rename on the other both stay', () => {
    const [a, b] = pair();
    expect(moveNode(a.store, 'X', { x: 640, y: 480 })).toBe(true);
    expect(renameNode(b.store, 'X', 'Renamed').ok).toBe(true);
    syncAll([a, b]);
    for (const r of [a, b]) {
      const n = getNode(r.store.getState(), 'X')!;
      expect(n.position).toEqual({ x: 640, y: 480 });
      expect(n.data.label).toBe('Renamed');
    }
  });

  it('the same field changed on both: one title stays everywhere, and only the side whose title went is told', () => {
    const [a, b] = pair();
    const told = [heard(a), heard(b)];
    expect(renameNode(a.store, 'X', 'Kickoff by Ada').ok).toBe(true);
    expect(renameNode(b.store, 'X', 'Kickoff by Bob').ok).toBe(true);
    syncAll([a, b]);
    const kept = data(a).label;
    expect(data(b).label).toBe(kept);
    const loser = kept === 'Kickoff by Ada' ? 1 : 0;
    expect(told[1 - loser]).toEqual([]);
    expect(told[loser]).toHaveLength(1);
    const [c] = told[loser][0];
    expect(c.map).toBe('topic');
    expect(c.key).toBe('X');
    expect(c.fields).toEqual(['data.label']);
    expect((c.ours.data as { label: string }).label).toBe(loser === 0 ? 'Kickoff by Ada' : 'Kickoff by Bob');
  });

  it('a topic deleted elsewhere at the same moment as it was renamed here: the renaming side is told', () => {
    const [a, b] = pair();
    const told = [heard(a), heard(b)];
    expect(renameNode(a.store, 'X', 'Renamed by Ada').ok).toBe(true);
    expect(deleteNode(b.store, 'X')).toBe(true);
    syncAll([a, b]);
    for (const r of [a, b]) expect(getNode(r.store.getState(), 'X')).toBeUndefined();
    expect(told[1]).toEqual([]);
    expect(told[0]).toHaveLength(1);
    expect(conflictNote(told[0][0])!.message).toBe('Someone else deleted “Renamed by Ada” at the same moment as you changed it, so your change went with it.');
    // A delete made knowing the rename tells nobody.
    const [c, d] = pair();
    const later = [heard(c), heard(d)];
    expect(renameNode(c.store, 'X', 'Seen').ok).toBe(true);
    syncAll([c, d]);
    expect(deleteNode(d.store, 'X')).toBe(true);
    syncAll([c, d]);
    expect(later).toEqual([[], []]);
  });

  it('a change made on top of what came in is not merged again and tells nobody', () => {
    const [a, b] = pair();
    const told = [heard(a), heard(b)];
    expect(renameNode(a.store, 'X', 'One').ok).toBe(true);
    syncAll([a, b]);
    panelSave(b, { color: '#22c55e' });
    syncAll([a, b]);
    expect(a.outbox).toEqual([]);
    for (const r of [a, b]) {
      expect(data(r).label).toBe('One');
      expect(data(r).color).toBe('#22c55e');
    }
    expect(told).toEqual([[], []]);
  });

  it('a write of theirs made on another of theirs, made on the version ours started from, still merges', () => {
    const a = replica(undefined, tree('Root', 'X'));
    const b = replica(a.doc);
    const c = replica(a.doc);
    expect(renameNode(a.store, 'X', 'From Ada').ok).toBe(true);
    panelSave(b, { color: '#ef4444' });
    const fromB = b.outbox.splice(0);
    for (const u of fromB) deliver(u, c);
    panelSave(c, { priority: 'low' });
    // a gets c's write (made on b's) and b's, then everyone syncs.
    const fromC = c.outbox.splice(0);
    for (const u of [...fromB, ...fromC]) deliver(u, a);
    for (const u of fromC) deliver(u, b);
    syncAll([a, b, c]);
    for (const r of [a, b, c]) {
      expect(data(r).label).toBe('From Ada');
      expect(data(r).color).toBe('#ef4444');
      expect(data(r).priority).toBe('low');
    }
  });
});

describe('mergeRecords', () => {
  it('takes our changed fields where theirs kept the base, one level into data, and names the rest', () => {
    const base = { type: 'child', position: { x: 0, y: 0 }, data: { label: 'A', color: '#111111', notes: 'n' } };
    const ours = { type: 'child', position: { x: 5, y: 0 }, data: { label: 'Ours', color: '#111111', notes: 'mine' } };
    const theirs = { type: 'child', position: { x: 0, y: 0 }, data: { label: 'A', color: '#222222', notes: 'theirs' } };
    const lost: string[] = [];
    expect(mergeRecords(base, ours, theirs, lost)).toEqual({ type: 'child', position: { x: 5, y: 0 }, data: { label: 'Ours', color: '#222222', notes: 'theirs' } });
    expect(lost).toEqual(['data.notes']);
  });

  it('gives theirs back as it is when nothing of ours is missing from it', () => {
    const base = { data: { label: 'A' } };
    const theirs = { data: { label: 'B' } };
    const lost: string[] = [];
    expect(mergeRecords(base, base, theirs, lost)).toBe(theirs);
    expect(mergeRecords(base, { data: { label: 'B' } }, theirs, lost)).toBe(theirs);
    expect(lost).toEqual([]);
  });

  it('removes a field ours removed and theirs kept', () => {
    const lost: string[] = [];
    expect(mergeRecords({ data: { label: 'A', priority: 'high' } }, { data: { label: 'A' } }, { data: { label: 'B', priority: 'high' } }, lost)).toEqual({ data: { label: 'B' } });
  });
});

describe('conflictNote', () => {
  const conflict = (fields: string[], ours = 'Mine', theirs = 'Theirs'): RecordConflict => ({
    map: 'topic',
    key: 'X',
    fields,
    ours: { data: { label: ours } },
    now: { data: { label: theirs } },
  });

  it('names the fields whose value went and gives a lost title back', () => {
    expect(conflictNote([conflict(['data.label'])])).toEqual({
      title: 'Changed at the same time',
      message: 'Someone else changed the title of “Theirs” at the same moment as you: their title is kept, and so are your other changes. Your title was “Mine”.',
    });
    expect(conflictNote([conflict(['data.color', 'data.notes'], 'Same', 'Same')])!.message).toBe(
      'Someone else changed the notes and colour of “Same” at the same moment as you: their notes and colour are kept, and so are your other changes.',
    );
  });

  it('counts several topics, and says nothing of places and folding', () => {
    expect(conflictNote([conflict(['data.label']), conflict(['data.priority'])])!.message).toBe(
      'Someone else changed 2 topics you changed at the same moment: their title and priority are kept there, and so are your other changes.',
    );
    expect(conflictNote([conflict(['position', 'data.expanded'])])).toBeNull();
    expect(conflictNote([{ ...conflict(['parent']), map: 'tree' }])).toBeNull();
  });
});
