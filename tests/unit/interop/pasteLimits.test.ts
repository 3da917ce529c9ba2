/**
 * Paste fits over-long text as a file import does: the title cut, its full text kept in the notes,
 * notes cut, and each change named for the toast; nothing is lost without a word.
 */
import { describe, expect, it } from 'vitest';
import { getNode } from '../../../src/state/doc';
import { topic, type Outline } from '../../../src/state/interop/outline';
import { pasteOutline, readPastedOutline } from '../../../src/state/interop/paste';
import { LIMITS } from '../../../src/state/rules';
import { tree } from '../helpers/tree';

const outline = (...roots: Outline['roots']): Outline => ({ roots, connections: [] });

function pasted(o: Outline) {
  const store = tree('Root');
  const r = pasteOutline(store, 'root', o);
  if (!r.ok) throw new Error(r.error);
  return { r, data: (id: string) => getNode(store.getState(), id)!.data };
}

describe('paste: over-long text', () => {
  it('a title over 1,000 characters is cut, its full text kept in the notes and named', () => {
    const text = `${'Para '.repeat(300)}END\n\tchild`;
    const read = readPastedOutline(text);
    if (!read.ok) throw new Error(read.error);
    const { r, data } = pasted(read.outline);
    const d = data(r.ids[0]);
    expect(d.label).toHaveLength(LIMITS.label);
    expect(d.notes).toBe(`Full text: ${'Para '.repeat(300)}END`);
    expect(r.count).toBe(2);
    expect(r.changes).toBe('Converted: 1 over-long topic text to text cut to 1,000 characters.');
  });

  it('notes over 10,000 characters are cut and named; the notes keep their own text first', () => {
    const { r, data } = pasted(outline(topic('Short', [], { notes: 'n'.repeat(LIMITS.notes + 500) })));
    expect(data(r.ids[0]).notes).toHaveLength(LIMITS.notes);
    expect(r.changes).toBe('Converted: 1 over-long note to notes cut to 10,000 characters.');
  });

  it('an ordinary paste has nothing to name', () => {
    const { r } = pasted(outline(topic('A', [topic('B')], { notes: 'plain' })));
    expect(r.changes).toBeNull();
  });
});
