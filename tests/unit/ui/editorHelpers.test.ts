import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/state/commands';
import { restoreMap } from '../../../src/state/restore';
import { getNode } from '../../../src/state/doc';
import { updateNodeData } from '../../../src/state/operations';
import { MindMapStore } from '../../../src/state/store';
import { formFromData, inputFromForm } from '../../../src/ui/editor/EditNodePanel/nodeForm';
import { clampPanel, defaultPanelPos, KEEP_VISIBLE_X, KEEP_VISIBLE_Y } from '../../../src/ui/editor/EditNodePanel/panelPosition';
import { importSuccessMessage } from '../../../src/ui/editor/dialogs/importFeedback';
import { planRaster, pdfPageSize, withExtension } from '../../../src/ui/editor/export/rasterPlan';
import { loadNotice } from '../../../src/ui/editor/loadNotice';
import { TEMPLATES } from '../../../src/ui/editor/templates';
import { getHotkeyHandler } from '@mantine/hooks';
import { isPlainKey, isTypingTarget, plainKeysAllowed } from '../../../src/ui/hooks/shortcuts';
import { commandHotkeys, hotkeyDecision } from '../../../src/ui/hooks/useCommandHotkeys';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcut matching', () => {
  const GLOBAL = COMMANDS.filter((c) => c.scope === 'global');
  /** The commands a key press fires, matched as useHotkeys matches (the same Mantine matcher). */
  const fires = (k: string, mods: Parameters<typeof key>[1] = {}) => {
    const fired: string[] = [];
    const handler = getHotkeyHandler(commandHotkeys(GLOBAL, (c, s) => fired.push(`${c.id} ${s}`)));
    handler({ ...key(k, mods), code: '', preventDefault: () => {} } as unknown as KeyboardEvent);
    return fired;
  };

  it('matches the registry strings with exact modifiers; mod is Ctrl or Cmd', () => {
    expect(fires('z', { ctrlKey: true })).toEqual(['undo mod+z']);
    expect(fires('z', { metaKey: true })).toEqual(['undo mod+z']);
    expect(fires('Z', { ctrlKey: true, shiftKey: true })).toEqual(['redo mod+shift+z']);
    expect(fires('y', { ctrlKey: true })).toEqual(['redo ctrl+y']);
    expect(fires('y', { metaKey: true })).toEqual([]);
    expect(fires('Tab')).toEqual(['addChildAndEdit Tab']);
    expect(fires('Tab', { shiftKey: true })).toEqual([]);
    expect(fires('ArrowUp', { altKey: true })).toEqual(['moveUp alt+ArrowUp']);
    expect(fires('ArrowUp')).toEqual([]);
    expect(fires('F2')).toEqual(['editLabel F2']);
    expect(fires('z')).toEqual([]);
  });

  it('runs nothing while typing or after another handler took the key; plain keys keep their meaning on buttons', () => {
    const target = (tagName: string, inCanvas = false) =>
      ({ tagName, isContentEditable: false, getAttribute: () => null, closest: (sel: string) => (inCanvas && sel.includes('data-canvas-host') ? {} : null) }) as unknown as EventTarget;
    const ev = (t: EventTarget, extra: Partial<KeyboardEvent> = {}) => ({ target: t, defaultPrevented: false, isComposing: false, ...extra }) as KeyboardEvent;
    const on = () => true;
    const off = () => false;
    expect(hotkeyDecision('mod+z', ev(target('INPUT')), on)).toEqual({ run: false, preventDefault: false });
    expect(hotkeyDecision('mod+z', ev(target('BODY'), { defaultPrevented: true }), on)).toEqual({ run: false, preventDefault: false });
    expect(hotkeyDecision('mod+z', ev(target('BODY'), { isComposing: true }), on)).toEqual({ run: false, preventDefault: false });
    expect(hotkeyDecision('Tab', ev(target('BUTTON')), on)).toEqual({ run: false, preventDefault: false });
    expect(hotkeyDecision('Escape', ev(target('BUTTON')), on)).toEqual({ run: true, preventDefault: true });
    expect(hotkeyDecision('Tab', ev(target('DIV', true)), on)).toEqual({ run: true, preventDefault: true });
    // Nothing to do: Tab still moves focus, but Ctrl+N never reaches the browser.
    expect(hotkeyDecision('Tab', ev(target('BODY')), off)).toEqual({ run: true, preventDefault: false });
    expect(hotkeyDecision('mod+n', ev(target('BUTTON')), off)).toEqual({ run: true, preventDefault: true });
  });

  it('every global command shortcut parses and is reachable', () => {
    for (const c of COMMANDS.filter((c) => c.scope === 'global')) {
      for (const s of c.shortcuts) expect(typeof isPlainKey(s)).toBe('boolean');
    }
  });

  it('treats fields as typing targets and buttons as places where plain keys keep their meaning', () => {
    const el = (tagName: string, attrs: Record<string, string> = {}, inCanvas = false) => ({
      tagName,
      isContentEditable: false,
      getAttribute: (n: string) => attrs[n] ?? null,
      closest: (sel: string) => (inCanvas && sel.includes('data-canvas-host') ? {} : null),
    });
    expect(isTypingTarget(el('INPUT') as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }) as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(el('TEXTAREA') as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget(el('BUTTON') as unknown as EventTarget)).toBe(false);
    expect(plainKeysAllowed(el('BODY') as unknown as EventTarget)).toBe(true);
    expect(plainKeysAllowed(el('BUTTON') as unknown as EventTarget)).toBe(false);
    expect(plainKeysAllowed(el('DIV', {}, true) as unknown as EventTarget)).toBe(true);
  });
});

describe('Edit Node panel helpers', () => {
  it('keeps the panel partly on screen', () => {
    const vp = { width: 1280, height: 800 };
    expect(clampPanel({ x: 5000, y: 5000 }, 290, vp)).toEqual({ x: 1280 - KEEP_VISIBLE_X, y: 800 - KEEP_VISIBLE_Y });
    expect(clampPanel({ x: -5000, y: -5000 }, 290, vp)).toEqual({ x: KEEP_VISIBLE_X - 290, y: 0 });
    expect(defaultPanelPos(290, vp)).toEqual({ x: 1280 - 290 - 16, y: 16 });
  });

  it('turns form values into the state module input (priority cleared, attachment only with a URL)', () => {
    const v = formFromData({ label: 'A', expanded: true, color: '#9b87f5', animation: 'pulse', priority: 'high' });
    expect(v.priority).toBe('high');
    expect(inputFromForm({ ...v, priority: '' }).priority).toBeNull();
    expect(inputFromForm(v).attachment).toBeNull();
    expect(inputFromForm({ ...v, attachmentUrl: ' https://x.test ' }).attachment).toEqual({ type: 'link', url: ' https://x.test ', title: '' });
  });

  it('an attachment title that is its URL (the default) is not loaded as typed: a new URL takes it along', () => {
    const base = { label: 'A', expanded: true, color: '#9b87f5', animation: 'pulse' as const };
    const v = formFromData({ ...base, attachment: { type: 'link', url: 'https://old.example.com/spec', title: 'https://old.example.com/spec' } });
    expect(v.attachmentTitle).toBe('');
    expect(formFromData({ ...base, attachment: { type: 'link', url: 'https://a.test', title: 'The spec' } }).attachmentTitle).toBe('The spec');
    const store = new MindMapStore();
    const id = store.getState().rootId;
    expect(updateNodeData(store, id, inputFromForm({ ...v, label: 'A', attachmentUrl: 'https://new.example.com/plan' })).ok).toBe(true);
    expect(getNode(store.getState(), id)!.data.attachment).toEqual({ type: 'link', url: 'https://new.example.com/plan', title: 'https://new.example.com/plan' });
  });
});

describe('export sizing', () => {
  it('renders at 2x unless the canvas would be too large, then scales down', () => {
    expect(planRaster({ minX: 0, minY: 0, maxX: 220, maxY: 140 })).toEqual({ scale: 2, width: 440, height: 280, scaledDown: false });
    const big = planRaster({ minX: 0, minY: 0, maxX: 30000, maxY: 200 });
    expect(big.scaledDown).toBe(true);
    expect(big.width).toBeLessThanOrEqual(8192);
    const huge = planRaster({ minX: 0, minY: 0, maxX: 8000, maxY: 8000 });
    expect(huge.width * huge.height).toBeLessThanOrEqual(48_000_000);
  });

  it('names files and sizes PDF pages within limits', () => {
    expect(withExtension('mindflow_2025-01-31.json', 'png')).toBe('mindflow_2025-01-31.png');
    expect(pdfPageSize(440, 280, 2)).toEqual({ width: 165, height: 105 });
    const p = pdfPageSize(8192, 100, 0.01);
    expect(Math.max(p.width, p.height)).toBeLessThanOrEqual(14_400);
  });
});

describe('messages', () => {
  it('reports import repairs briefly', () => {
    expect(importSuccessMessage(3, [])).toBe('Imported mind map with 3 nodes');
    const m = importSuccessMessage(3, ['a', 'b', 'c', 'd', 'e']);
    expect(m).toBe('Imported mind map with 3 nodes. Some data was repaired: a; b; c; and 2 more.');
  });

  it('tells about a corrupt stored map once, naming the backup', () => {
    expect(loadNotice({ corrupt: false, repairs: [], backupKey: null, safeToSave: true })).toBeNull();
    expect(loadNotice({ corrupt: true, repairs: [], backupKey: 'k:backup-1', safeToSave: true })?.message).toContain('k:backup-1');
    expect(loadNotice({ corrupt: true, repairs: [], backupKey: null, safeToSave: false })?.severity).toBe('error');
    expect(loadNotice({ corrupt: false, repairs: ['x fixed'], backupKey: null, safeToSave: true })?.message).toContain('x fixed');
  });
});

describe('templates', () => {
  it('offers at least eight distinct, valid enterprise templates with real content', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
    for (const t of TEMPLATES) {
      expect(t.description.length, t.name).toBeGreaterThan(30);
      expect(t.tags.length, t.name).toBeGreaterThan(0);
      expect(t.nodes.length, t.name).toBeGreaterThanOrEqual(9);
      const r = restoreMap({ nodes: t.nodes, edges: [] });
      expect(r.ok, t.name).toBe(true);
      if (r.ok) {
        expect(r.count).toBe(t.nodes.length);
        // Only the tree edges are added; nothing else needs repairing.
        expect(r.repairs.every((n) => n.includes('parent-child edge')), `${t.name}: ${r.repairs.join(', ')}`).toBe(true);
      }
    }
  });
});
