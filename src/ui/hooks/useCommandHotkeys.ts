/**
 * Binds every "global" command of the state module's registry to its shortcuts with Mantine's
 * `useHotkeys`, which reads the registry's strings ("mod+shift+z", "alt+ArrowUp") as they are.
 * Nothing fires while the user types in a field, while a modal dialog or menu is open, or when
 * another handler (the canvas's keyboard tree, an open menu) already handled the key.
 */
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { COMMANDS, runCommand, type Command, type UiEffects } from '../../state/commands';
import type { MindMapStore } from '../../state/store';
import { isPlainKey, isTypingTarget, plainKeysAllowed } from './shortcuts';

const GLOBAL = COMMANDS.filter((c) => c.scope === 'global' && c.shortcuts.length > 0);

function modalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null || document.querySelector('[role="menu"]') !== null;
}

/** Whether a matched shortcut may run its command for this key press, and whether it takes the key. */
export function hotkeyDecision(shortcut: string, e: KeyboardEvent, commandEnabled: () => boolean): { run: boolean; preventDefault: boolean } {
  if (e.defaultPrevented || e.isComposing || isTypingTarget(e.target)) return { run: false, preventDefault: false };
  const plain = isPlainKey(shortcut);
  if (plain && shortcut !== 'Escape' && !plainKeysAllowed(e.target)) return { run: false, preventDefault: false };
  // Ctrl+N, Ctrl+F… must not reach the browser even when the command has nothing to do; a plain
  // key (Tab, Enter) keeps its usual meaning then.
  return { run: true, preventDefault: !plain || commandEnabled() };
}

/** One hotkey per shortcut of each command, for `useHotkeys`; filtering and preventDefault are ours. */
export function commandHotkeys(commands: readonly Command[], fire: (command: Command, shortcut: string, e: KeyboardEvent) => void): HotkeyItem[] {
  return commands.flatMap((c) => c.shortcuts.map((s): HotkeyItem => [s, (e) => fire(c, s, e), { preventDefault: false }]));
}

export function useCommandHotkeys(store: MindMapStore | null, ui: UiEffects, enabled = true): void {
  const hotkeys =
    store && enabled
      ? commandHotkeys(GLOBAL, (command, shortcut, e) => {
          if (modalOpen()) return;
          const d = hotkeyDecision(shortcut, e, () => command.enabled(store.getState(), store));
          if (d.preventDefault) e.preventDefault();
          if (d.run) runCommand(command.id, { store, ui });
        })
      : [];
  // No tags ignored and contenteditable included: isTypingTarget decides, with input types and role="textbox".
  useHotkeys(hotkeys, [], true);
}
