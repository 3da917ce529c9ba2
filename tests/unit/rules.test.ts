import { describe, expect, it } from 'vitest';
import { createInitialState, getNode } from '../../src/state/doc';
import { renameNode, updateNodeData, type NodeDataInput } from '../../src/state/operations';
import { restoreMap } from '../../src/state/restore';
import {
  checkUrl,
  firstError,
  labelError,
  LIMITS,
  nodeInputErrors,
  notesError,
  RULE_MESSAGES,
  tagError,
  tagsError,
  titleError,
} from '../../src/state/rules';
import { snapshotOf } from '../../src/state/snapshot';
import { MindMapStore } from '../../src/state/store';

const base: NodeDataInput = { label: 'Topic', color: '#9b87f5', animation: 'pulse' };

/** A map with one root topic carrying `data`, through the restore pipeline (what a reload does). */
function reload(data: Record<string, unknown>) {
  const r = restoreMap({ nodes: [{ id: 'root', type: 'root', position: { x: 0, y: 0 }, parentId: null, connectionType: 'standard', data }], edges: [] });
  if (!r.ok) throw new Error(r.error);
  return { data: getNode(r.state, 'root')!.data, repairs: r.repairs };
}

describe('messages', () => {
  it('say the limit in words a user reads', () => {
    expect(RULE_MESSAGES.notesLong).toBe('Notes can be at most 10,000 characters');
    expect(RULE_MESSAGES.tagsMany).toBe('A topic can have at most 50 tags');
    expect(RULE_MESSAGES.tagLong).toBe('A tag can be at most 100 characters');
    expect(RULE_MESSAGES.labelLong).toBe('The title can be at most 1,000 characters');
  });
});

describe('text rules', () => {
  it('title: trimmed, not empty, at most 1,000 characters', () => {
    expect(labelError('  ')).toBe(RULE_MESSAGES.labelEmpty);
    expect(labelError('x'.repeat(LIMITS.label))).toBeNull();
    expect(labelError(`  ${'x'.repeat(LIMITS.label)}  `)).toBeNull();
    expect(labelError('x'.repeat(LIMITS.label + 1))).toBe(RULE_MESSAGES.labelLong);
  });

  it('notes, tags and attachment title at their limits', () => {
    expect(notesError('n'.repeat(LIMITS.notes))).toBeNull();
    expect(notesError('n'.repeat(LIMITS.notes + 1))).toBe(RULE_MESSAGES.notesLong);
    expect(tagError(` ${'t'.repeat(LIMITS.tag)} `)).toBeNull();
    expect(tagError('t'.repeat(LIMITS.tag + 1))).toBe(RULE_MESSAGES.tagLong);
    const fifty = Array.from({ length: LIMITS.tags }, (_, i) => `tag${i}`);
    expect(tagsError(fifty)).toBeNull();
    // Duplicates and blanks do not count.
    expect(tagsError([...fifty, ' tag0 ', '  '])).toBeNull();
    expect(tagsError([...fifty, 'one more'])).toBe(RULE_MESSAGES.tagsMany);
    expect(titleError('t'.repeat(LIMITS.title))).toBeNull();
    expect(titleError('t'.repeat(LIMITS.title + 1))).toBe(RULE_MESSAGES.titleLong);
  });
});

describe('attachment URL', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a', false],
    ['  HTTP://example.com  ', 'HTTP://example.com', false],
    ['mailto:ann@example.com', 'mailto:ann@example.com', false],
    ['example.com', 'https://example.com', true],
    ['www.example.com/plan?x=1#y', 'https://www.example.com/plan?x=1#y', true],
    ['localhost:8080/x', 'https://localhost:8080/x', true],
    ['192.168.0.1', 'https://192.168.0.1', true],
    ['ann@example.com', 'mailto:ann@example.com', true],
  ])('%s is stored as %s', (raw, url, completed) => {
    expect(checkUrl(raw)).toEqual({ ok: true, url, completed });
  });

  it.each([
    ['javascript:alert(1)', RULE_MESSAGES.urlScheme],
    ['JaVaScRiPt:alert(1)', RULE_MESSAGES.urlScheme],
    ['data:text/html,<b>x</b>', RULE_MESSAGES.urlScheme],
    ['ftp://example.com', RULE_MESSAGES.urlScheme],
    ['//evil.example/x', RULE_MESSAGES.urlInvalid],
    ['/relative', RULE_MESSAGES.urlInvalid],
    ['nope', RULE_MESSAGES.urlInvalid],
    ['java\nscript:alert(1)', RULE_MESSAGES.urlInvalid],
    ['https://exa mple.com', RULE_MESSAGES.urlInvalid],
    [`https://a.example/${'x'.repeat(LIMITS.url)}`, RULE_MESSAGES.urlLong],
  ])('%s is refused', (raw, error) => {
    expect(checkUrl(raw)).toEqual({ ok: false, error });
  });
});

describe('nodeInputErrors', () => {
  it('lists every broken rule by field', () => {
    const errors = nodeInputErrors({
      label: ' ',
      color: 'blue',
      animation: 'spin',
      priority: 'urgent',
      notes: 'n'.repeat(LIMITS.notes + 1),
      tags: Array.from({ length: 51 }, (_, i) => `t${i}`),
      attachment: { type: 'video', url: 'javascript:x', title: 't'.repeat(LIMITS.title + 1) },
    });
    expect(errors).toEqual({
      label: RULE_MESSAGES.labelEmpty,
      color: RULE_MESSAGES.color,
      animation: RULE_MESSAGES.animation,
      priority: RULE_MESSAGES.priority,
      notes: RULE_MESSAGES.notesLong,
      tags: RULE_MESSAGES.tagsMany,
      attachmentType: RULE_MESSAGES.attachmentType,
      attachmentUrl: RULE_MESSAGES.urlScheme,
      attachmentTitle: RULE_MESSAGES.titleLong,
    });
    expect(firstError(errors)).toBe(RULE_MESSAGES.labelEmpty);
  });

  it('is empty for valid input; a blank URL means no attachment and is not checked', () => {
    expect(nodeInputErrors({ ...base, notes: '   ', attachment: { type: 'video', url: '  ', title: '' } })).toEqual({});
  });
});

describe('every entry point applies the same rules', () => {
  function storeWithRoot() {
    return new MindMapStore(createInitialState());
  }

  it('the panel save refuses what a reload would cut, and changes nothing', () => {
    const store = storeWithRoot();
    const id = store.getState().rootId;
    const before = getNode(store.getState(), id)!.data;
    const cases: [NodeDataInput, string][] = [
      [{ ...base, notes: 'n'.repeat(LIMITS.notes + 1) }, RULE_MESSAGES.notesLong],
      [{ ...base, tags: Array.from({ length: LIMITS.tags + 1 }, (_, i) => `t${i}`) }, RULE_MESSAGES.tagsMany],
      [{ ...base, tags: ['t'.repeat(LIMITS.tag + 1)] }, RULE_MESSAGES.tagLong],
      [{ ...base, label: 'l'.repeat(LIMITS.label + 1) }, RULE_MESSAGES.labelLong],
      [{ ...base, attachment: { type: 'link', url: 'javascript:alert(1)' } }, RULE_MESSAGES.urlScheme],
      [{ ...base, attachment: { type: 'link', url: 'not a url' } }, RULE_MESSAGES.urlInvalid],
    ];
    for (const [input, error] of cases) {
      expect(updateNodeData(store, id, input)).toEqual({ ok: false, error });
      expect(getNode(store.getState(), id)!.data).toBe(before);
    }
    expect(store.canUndo()).toBe(false);
  });

  it('what the panel saves at the limits survives a reload unchanged', () => {
    const store = storeWithRoot();
    const id = store.getState().rootId;
    const input: NodeDataInput = {
      label: 'l'.repeat(LIMITS.label),
      color: '#ABC',
      animation: 'glow',
      priority: 'low',
      notes: 'n'.repeat(LIMITS.notes),
      tags: Array.from({ length: LIMITS.tags }, (_, i) => `${i}`.padEnd(LIMITS.tag, 'x')),
      attachment: { type: 'image', url: 'example.com/picture.png', title: '' },
    };
    expect(updateNodeData(store, id, input)).toEqual({ ok: true });
    const saved = getNode(store.getState(), id)!.data;
    expect(saved.color).toBe('#aabbcc');
    expect(saved.attachment).toEqual({ type: 'image', url: 'https://example.com/picture.png', title: 'https://example.com/picture.png' });
    const again = restoreMap(snapshotOf(store.getState()));
    expect(again.ok && again.repairs).toEqual([]);
    expect(again.ok && getNode(again.state, id)!.data).toEqual(saved);
  });

  it('rename refuses an empty or over-long title', () => {
    const store = storeWithRoot();
    const id = store.getState().rootId;
    expect(renameNode(store, id, 'x'.repeat(LIMITS.label + 1))).toEqual({ ok: false, error: RULE_MESSAGES.labelLong });
    expect(renameNode(store, id, '   ')).toEqual({ ok: false, error: RULE_MESSAGES.labelEmpty });
    expect(renameNode(store, id, ` ${'x'.repeat(LIMITS.label)} `)).toEqual({ ok: true });
    expect(getNode(store.getState(), id)!.data.label).toBe('x'.repeat(LIMITS.label));
  });

  it('restore completes an address stored without a scheme instead of dropping it', () => {
    const { data, repairs } = reload({
      label: 'Root',
      expanded: true,
      color: '#9b87f5',
      animation: 'pulse',
      attachment: { type: 'link', url: 'example.com/plan', title: 'Plan' },
    });
    expect(data.attachment).toEqual({ type: 'link', url: 'https://example.com/plan', title: 'Plan' });
    expect(repairs).toEqual(['1 attachment address completed with https:// or mailto:']);
    const mail = reload({ label: 'Root', expanded: true, color: '#9b87f5', animation: 'pulse', attachment: { type: 'link', url: 'ann@example.com', title: 'Ann' } });
    expect(mail.data.attachment?.url).toBe('mailto:ann@example.com');
  });
});
