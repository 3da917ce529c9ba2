/** A command of the state module's registry, ready for a button: label, enabled state, run, shortcut text. */
import { useCallback, useMemo } from 'react';
import { formatShortcut, getCommand, MAP_EDITS, runCommand, type CommandId } from '../../state/commands';
import type { MindMapState } from '../../state/doc';
import type { MindMapStore } from '../../state/store';
import { useEditorSelector } from '../hooks/useEditorState';
import { isMacPlatform } from '../hooks/shortcuts';
import { useEditor } from './EditorContext';

export interface BoundCommand {
  label: string;
  /** What the command needs is there (a selection, a step to undo), read-only or not. */
  available: boolean;
  /** Available, and the map takes edits (or the command does not edit it). */
  enabled: boolean;
  run(): void;
  /** "Ctrl+Z" (first shortcut), or '' when the command has none. */
  shortcut: string;
  /** The label with the shortcut, for tooltips: "Undo (Ctrl+Z)". */
  title: string;
}

const readOnlyOf = (_s: MindMapState, st: MindMapStore): string | null => st.readOnly;

export function useCommand(id: CommandId): BoundCommand {
  const { session, ui } = useEditor();
  const { store } = session;
  const command = getCommand(id);
  const select = useCallback((s: MindMapState, st: MindMapStore) => command.enabled(s, st), [command]);
  const enabled = useEditorSelector(store, select);
  // A read-only map: its editing buttons are disabled, and say why.
  const readOnly = useEditorSelector(store, readOnlyOf);
  const refused = MAP_EDITS.has(id) ? readOnly : null;
  return useMemo(() => {
    const shortcut = command.shortcuts[0] ? formatShortcut(command.shortcuts[0], isMacPlatform()) : '';
    return {
      label: command.label,
      available: enabled,
      enabled: enabled && refused === null,
      run: () => void runCommand(id, { store, ui }),
      shortcut,
      title: refused ?? (shortcut ? `${command.label} (${shortcut})` : command.label),
    };
  }, [command, enabled, refused, id, store, ui]);
}
