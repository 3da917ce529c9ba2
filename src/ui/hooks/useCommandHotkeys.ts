/**
 * Binds every "global" command of the state module's registry to its shortcuts, on the window.
 * Nothing fires while the user types in a field, while a modal dialog is open, or when another
 * handler (the canvas's keyboard tree, an open menu) already handled the key.
 */
import { useEffect, useRef } from 'react';
import { COMMANDS, runCommand, type UiEffects } from '../../state/commands';
import type { MindMapStore } from '../../state/store';
import { isMacPlatform, isPlainKey, isTypingTarget, matchesShortcut, plainKeysAllowed } from './shortcuts';

const GLOBAL = COMMANDS.filter((c) => c.scope === 'global' && c.shortcuts.length > 0);

function modalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null || document.querySelector('[role="menu"]') !== null;
}

export function useCommandHotkeys(store: MindMapStore | null, ui: UiEffects, enabled = true): void {
  const uiRef = useRef(ui);
  uiRef.current = ui;
  useEffect(() => {
    if (!store || !enabled) return;
    const mac = isMacPlatform();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || isTypingTarget(e.target) || modalOpen()) return;
      for (const command of GLOBAL) {
        const shortcut = command.shortcuts.find((s) => matchesShortcut(e, s, mac));
        if (!shortcut) continue;
        if (isPlainKey(shortcut) && shortcut !== 'Escape' && !plainKeysAllowed(e.target)) return;
        // Ctrl+N, Ctrl+F, Tab… must not reach the browser even when the command has nothing to do.
        if (!isPlainKey(shortcut) || command.enabled(store.getState(), store)) e.preventDefault();
        runCommand(command.id, { store, ui: uiRef.current });
        return;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, enabled]);
}
