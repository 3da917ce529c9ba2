import { describe, expect, it } from 'vitest';
import { COMMANDS, formatShortcut, runCommand, type UiEffects } from '../../src/state/commands';
import { childIds } from '../../src/state/doc';
import { select, setSearch } from '../../src/state/operations';
import { node, tree } from './helpers/tree';

describe('command registry', () => {
  it('no two commands of a scope claim the same shortcut', () => {
    for (const scope of ['global', 'tree', 'clipboard'] as const) {
      const seen = new Map<string, string>();
      for (const c of COMMANDS.filter((c) => c.scope === scope)) {
        for (const s of c.shortcuts) {
          const key = s.toLowerCase();
          expect(seen.get(key), `${s} claimed by ${seen.get(key)} and ${c.id}`).toBeUndefined();
          seen.set(key, c.id);
        }
      }
    }
  });

  it('no global shortcut takes a clipboard one (its keydown handler would stop the copy or paste event)', () => {
    const clipboard = COMMANDS.filter((c) => c.scope === 'clipboard').flatMap((c) => c.shortcuts.map((s) => s.toLowerCase()));
    expect(clipboard).toEqual(['mod+c', 'mod+v']);
    for (const c of COMMANDS.filter((c) => c.scope === 'global')) {
      for (const s of c.shortcuts) expect(clipboard, `${c.id} claims ${s}`).not.toContain(s.toLowerCase());
    }
  });

  it('ids are unique and every command has a label', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
    for (const c of COMMANDS) expect(c.label.length).toBeGreaterThan(0);
  });

  it('mod+N adds a child to the selection, or to the root', () => {
    const store = tree('Root', 'A');
    runCommand('addNode', { store });
    expect(childIds(store.getState(), 'root')).toHaveLength(2);
    select(store, 'A');
    runCommand('addNode', { store });
    expect(childIds(store.getState(), 'A')).toHaveLength(1);
  });

  it('Delete removes the selection but never the root', () => {
    const store = tree('Root', 'A');
    select(store, 'root');
    expect(runCommand('deleteSelected', { store })).toBe(false);
    select(store, 'A');
    expect(runCommand('deleteSelected', { store })).toBe(true);
    expect(node(store, 'A')).toBeUndefined();
  });

  it('Tab and Enter add a child / sibling and ask the UI to edit it', () => {
    const store = tree('Root', 'A', 'B');
    const edited: string[] = [];
    const ui: UiEffects = { focusSearch: () => {}, editLabel: (id) => edited.push(id) };
    select(store, 'A');
    runCommand('addChildAndEdit', { store, ui });
    expect(node(store, edited[0])!.parentId).toBe('A');
    select(store, 'A');
    runCommand('addSiblingAndEdit', { store, ui });
    expect(childIds(store.getState(), 'root')).toEqual(['A', edited[1], 'B']);
  });

  it('undo / redo run only when there is something to undo / redo', () => {
    const store = tree('Root');
    expect(runCommand('undo', { store })).toBe(false);
    runCommand('addNode', { store });
    expect(runCommand('undo', { store })).toBe(true);
    expect(store.getState().nodes.n).toBe(1);
    expect(runCommand('redo', { store })).toBe(true);
    expect(store.getState().nodes.n).toBe(2);
  });

  it('Escape clears the search first, then the selection', () => {
    const store = tree('Root', 'A');
    select(store, 'A');
    setSearch(store, 'a');
    runCommand('escape', { store });
    expect(store.getState().searchQuery).toBe('');
    expect(store.getState().selectedNodeId).toBe('A');
    runCommand('escape', { store });
    expect(store.getState().selectedNodeId).toBeNull();
  });

  it('formats shortcuts for each platform', () => {
    expect(formatShortcut('mod+shift+z')).toBe('Ctrl+Shift+Z');
    expect(formatShortcut('mod+shift+z', true)).toBe('⌘⇧Z');
    expect(formatShortcut('alt+ArrowUp')).toBe('Alt+↑');
  });
});
