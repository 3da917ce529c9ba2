import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { NodeData } from '../../../src/state/model';
import { RULE_MESSAGES } from '../../../src/state/rules';
import {
  changedFields,
  completeUrl,
  draftErrors,
  draftFor,
  followTopic,
  formFromData,
  inputFromForm,
  isDirty,
  panelMode,
  pendingTagError,
  topicMoved,
  valuesToSave,
  visibleErrors,
  type PanelDraft,
} from '../../../src/ui/editor/EditNodePanel/nodeForm';

const data = (over: Partial<NodeData> = {}): NodeData => ({ label: 'Plan', expanded: true, color: '#9b87f5', animation: 'pulse', ...over });
const topic = (over: Partial<NodeData> = {}) => ({ id: 'a', data: data(over) });
const edit = (d: PanelDraft, recipe: (d: PanelDraft) => void) => produce(d, recipe);

describe('draft follows the topic', () => {
  it('untouched fields take the new values; touched fields keep what was typed', () => {
    let d = draftFor(topic({ notes: 'old notes' }));
    d = edit(d, (x) => {
      x.values.label = 'Typed title';
    });
    // A rename on the canvas and new notes from another tab arrive.
    const fresh = formFromData(data({ label: 'Renamed', notes: 'new notes', tags: ['t'] }));
    expect(topicMoved(d, fresh)).toBe(true);
    d = edit(d, (x) => followTopic(x, fresh));
    expect(d.values.label).toBe('Typed title');
    expect(d.values.notes).toBe('new notes');
    expect(d.values.tags).toEqual(['t']);
    expect(changedFields(d)).toEqual(['label']);
    expect(topicMoved(d, fresh)).toBe(false);
  });

  it('a touched field that the topic comes to equal is no longer unsaved', () => {
    let d = edit(draftFor(topic()), (x) => {
      x.values.priority = 'high';
    });
    expect(isDirty(d)).toBe(true);
    d = edit(d, (x) => followTopic(x, formFromData(data({ priority: 'high' }))));
    expect(isDirty(d)).toBe(false);
  });

  it('a drag or a collapse (no field changes) leaves the draft as it is', () => {
    const d = edit(draftFor(topic()), (x) => {
      x.values.notes = 'typing';
    });
    expect(topicMoved(d, formFromData(data({ expanded: false })))).toBe(false);
  });
});

describe('unsaved input', () => {
  it('a tag typed but not added counts, and is saved with the rest', () => {
    const d = edit(draftFor(topic({ tags: ['a'] })), (x) => {
      x.tagInput = '  b ';
    });
    expect(isDirty(d)).toBe(true);
    expect(valuesToSave(d).tags).toEqual(['a', 'b']);
    expect(inputFromForm(valuesToSave(d)).tags).toEqual(['a', 'b']);
  });

  it('selection changes: replace when nothing is unsaved, ask when something is, notice when the topic is gone', () => {
    const clean = draftFor(topic());
    const dirty = edit(clean, (x) => {
      x.values.label = 'X';
    });
    expect(panelMode(null, null, false)).toBe('show');
    expect(panelMode(null, 'b', false)).toBe('replace');
    expect(panelMode(clean, 'a', true)).toBe('show');
    expect(panelMode(dirty, 'a', true)).toBe('show');
    expect(panelMode(clean, 'b', true)).toBe('replace');
    expect(panelMode(clean, null, true)).toBe('replace');
    expect(panelMode(dirty, 'b', true)).toBe('ask');
    expect(panelMode(dirty, null, true)).toBe('ask'); // a click on the empty canvas is a switch too
    expect(panelMode(dirty, null, false)).toBe('deleted');
    expect(panelMode(clean, null, false)).toBe('replace');
    // Deleted while nothing (or the parent, after an undo) was selected: a later selection asks.
    const gone = edit(dirty, (x) => {
      x.goneSelection = 'root';
    });
    expect(panelMode(gone, 'root', false)).toBe('deleted');
    expect(panelMode(gone, 'b', false)).toBe('askDeleted');
    expect(panelMode(gone, null, false)).toBe('askDeleted');
    // Back by undo while the selection is still where the deletion left it.
    expect(panelMode(gone, 'root', true)).toBe('restored');
    expect(panelMode(gone, 'b', true)).toBe('ask');
  });
});

describe('errors', () => {
  it('are shown for changed fields only, and for all after a save was tried', () => {
    let d = draftFor(topic({ label: '' }));
    expect(draftErrors(d)).toEqual({ label: RULE_MESSAGES.labelEmpty });
    expect(visibleErrors(d)).toEqual({});
    d = edit(d, (x) => {
      x.values.notes = 'n'.repeat(10_001);
    });
    expect(visibleErrors(d)).toEqual({ notes: 'Notes can be at most 10,000 characters' });
    d = edit(d, (x) => {
      x.showAll = true;
    });
    expect(visibleErrors(d)).toEqual({ label: RULE_MESSAGES.labelEmpty, notes: RULE_MESSAGES.notesLong });
  });

  it('the URL is checked once its field is left, and an address without a scheme shows https://', () => {
    let d = edit(draftFor(topic()), (x) => {
      x.values.attachmentUrl = 'exa';
    });
    expect(visibleErrors(d)).toEqual({});
    d = edit(d, completeUrl);
    expect(visibleErrors(d)).toEqual({ attachmentUrl: RULE_MESSAGES.urlInvalid });
    d = edit(d, (x) => {
      x.values.attachmentUrl = 'example.com/plan';
    });
    d = edit(d, completeUrl);
    expect(d.values.attachmentUrl).toBe('https://example.com/plan');
    expect(visibleErrors(d)).toEqual({});
    d = edit(d, (x) => {
      x.values.attachmentUrl = 'javascript:alert(1)';
    });
    d = edit(d, completeUrl);
    expect(d.values.attachmentUrl).toBe('javascript:alert(1)');
    expect(visibleErrors(d)).toEqual({ attachmentUrl: RULE_MESSAGES.urlScheme });
  });

  it('a tag that cannot be added says why', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(pendingTagError(fifty, '  ')).toBeNull();
    expect(pendingTagError(fifty, 't3')).toBeNull(); // already there: adding it changes nothing
    expect(pendingTagError(fifty, 'new')).toBe(RULE_MESSAGES.tagsMany);
    expect(pendingTagError([], 'x'.repeat(101))).toBe(RULE_MESSAGES.tagLong);
    const d = edit(draftFor(topic()), (x) => {
      x.tagInput = 'x'.repeat(101);
    });
    expect(visibleErrors(d)).toEqual({ tags: RULE_MESSAGES.tagLong });
  });
});
