/** A command of the state module's registry, ready for a button: label, enabled state, run, shortcut text. */
import { useCallback, useMemo } from 'react';
import { formatShortcut, getCommand, runCommand, type CommandId } from '../../state/commands';
import type { MindMapState } from '../../state/doc';
import type { MindMapStore } from '../../state/store';
import { useEditorSelector } from '../hooks/useEditorState';
import { isMacPlatform } from '../hooks/shortcuts';
import { useEditor } from './EditorContext';

export interface BoundCommand {
  label: string;
  enabled: boolean;
  run(): void;
  /** "Ctrl+Z" (first shortcut), or '' when the command has none. */
  shortcut: string;
  /** The label with the shortcut, for tooltips: "Undo (Ctrl+Z)". */
  title: string;
}

export function useCommand(id: CommandId): BoundCommand {
  const { session, ui } = useEditor();
  const { store } = session;
  const command = getCommand(id);
  const select = useCallback((s: MindMapState, st: MindMapStore) => command.enabled(s, st), [command]);
  const enabled = useEditorSelector(store, select);
  return useMemo(() => {
    const shortcut = command.shortcuts[0] ? formatShortcut(command.shortcuts[0], isMacPlatform()) : '';
    return {
      label: command.label,
      enabled,
      run: () => void runCommand(id, { store, ui }),
      shortcut,
      title: shortcut ? `${command.label} (${shortcut})` : command.label,
    };
  }, [command, enabled, id, store, ui]);
}
