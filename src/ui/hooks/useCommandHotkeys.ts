/**
 * Binds every "global" command of the state module's registry to its shortcuts with Mantine's
 * `useHotkeys`, which reads the registry's strings ("mod+shift+z", "alt+ArrowUp") as they are.
 * Nothing fires while the user types in a field, while an open menu or modal dialog has the keys,
 * or when another handler (the canvas's keyboard tree, an open menu) already handled the key. An
 * undo or redo press that does nothing says why.
 */
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { useEffect } from 'react';
import { COMMANDS, runCommand, type Command, type KeyHolder, type Note, type UiEffects } from '../../state/commands';
import type { MindMapStore } from '../../state/store';
import { isPlainKey, isTypingTarget, keyHolder, plainKeysAllowed } from './shortcuts';

const GLOBAL = COMMANDS.filter((c) => c.scope === 'global' && c.shortcuts.length > 0);

export interface HotkeyDecision {
  run: boolean;
  preventDefault: boolean;
  /** Set when an open menu or dialog kept the key from the command. */
  heldBy?: KeyHolder;
}

/** Whether a matched shortcut may run its command for this key press, and whether it takes the key. */
export function hotkeyDecision(
  shortcut: string,
  e: KeyboardEvent,
  commandEnabled: () => boolean,
  holder: KeyHolder | null = null,
): HotkeyDecision {
  if (e.defaultPrevented || e.isComposing || isTypingTarget(e.target)) return { run: false, preventDefault: false };
  if (holder !== null) return { run: false, preventDefault: false, heldBy: holder };
  const plain = isPlainKey(shortcut);
  if (plain && shortcut !== 'Escape' && !plainKeysAllowed(e.target)) return { run: false, preventDefault: false };
  // Ctrl+N, Ctrl+F… must not reach the browser even when the command has nothing to do; a plain
  // key (Tab, Enter) keeps its usual meaning then.
  return { run: true, preventDefault: !plain || commandEnabled() };
}

export interface PressOutcome {
  ran: boolean;
  /** A held-down key repeating. */
  repeat: boolean;
  commandEnabled(): boolean;
}

/**
 * What to tell the user about a press that did nothing, for commands with notes; a held-down key's
 * repeats say nothing more.
 */
export function unansweredPressNote(command: Command, d: HotkeyDecision, press: PressOutcome): Note | null {
  if (!command.notes || press.repeat) return null;
  if (d.heldBy) return press.commandEnabled() ? command.notes.heldBy(d.heldBy) : command.notes.nothingToDo;
  if (d.run && !press.ran) return command.notes.nothingToDo;
  return null;
}

/** One hotkey per shortcut of each command, for `useHotkeys`; filtering and preventDefault are ours. */
export function commandHotkeys(commands: readonly Command[], fire: (command: Command, shortcut: string, e: KeyboardEvent) => void): HotkeyItem[] {
  return commands.flatMap((c) => c.shortcuts.map((s): HotkeyItem => [s, (e) => fire(c, s, e), { preventDefault: false }]));
}

/**
 * How long a press held by a closing dialog waits for the keys to come back: a dialog hands focus
 * back on a timer after React has rendered it closed, which a busy page delays by many frames.
 */
const RELEASE_WAIT_MS = 600;
const RELEASE_WAIT_FRAMES = 4;

/**
 * A press that a dialog or menu holds waits for the keys to come back only when that dialog or menu
 * is closing: the user dismissed it (Escape, or a press on a button or outside it) at most this long
 * before. A press made while one is open is answered at once ("Not undone"), even if it closes right
 * after: it waited too, and undid the map behind a dialog closed within 0.6 s of the press.
 */
const DISMISS_WINDOW_MS = 1500;
const OVERLAY = '[aria-modal="true"], [role="menu"]';
const CLOSER = 'button, [role="menuitem"]';
/** The dialogs and menus on screen when the user last dismissed one, and when. */
let dismissed = new WeakSet<Element>();
let dismissedAt = -Infinity;

function noteDismissal(e: Event): void {
  const open = document.querySelectorAll(OVERLAY);
  if (open.length === 0) return;
  const t = e.target instanceof Element ? e.target : null;
  const dismisses =
    e instanceof KeyboardEvent
      ? e.key === 'Escape' || ((e.key === 'Enter' || e.key === ' ') && t?.closest(CLOSER) != null)
      : !t?.closest(OVERLAY) || t.closest(CLOSER) != null;
  if (!dismisses) return;
  dismissed = new WeakSet(open);
  dismissedAt = performance.now();
}

/**
 * Whether every dialog and menu on screen is one the user has just dismissed (it is fading out), or
 * none is left (what still holds the keys is a menu's button not yet told it closed).
 */
function overlaysClosing(): boolean {
  const open = [...document.querySelectorAll(OVERLAY)];
  if (open.length === 0) return true;
  return performance.now() - dismissedAt < DISMISS_WINDOW_MS && open.every((el) => dismissed.has(el));
}

/** Asks `free` on each frame until it says yes or the wait (both its time and frames) is over. */
function whenFree(free: () => boolean, then: (free: boolean) => void): void {
  const until = performance.now() + RELEASE_WAIT_MS;
  let frames = 0;
  const ask = () => {
    frames += 1;
    if (free()) then(true);
    else if (frames >= RELEASE_WAIT_FRAMES && performance.now() >= until) then(false);
    else requestAnimationFrame(ask);
  };
  requestAnimationFrame(ask);
}

export function useCommandHotkeys(store: MindMapStore | null, ui: UiEffects, enabled = true): void {
  const hotkeys =
    store && enabled
      ? commandHotkeys(GLOBAL, (command, shortcut, e) => {
          const commandEnabled = () => command.enabled(store.getState(), store);
          const d = hotkeyDecision(shortcut, e, commandEnabled, keyHolder(e.target, document));
          // Held by a dialog or menu (and not typed into a field of it), undo and redo are not the
          // browser's either: its own undo took focus out of an open dialog to the last field edited
          // behind it (reverting that), and the keys then counted as free and undid the map.
          if (d.preventDefault || (d.heldBy && command.notes)) e.preventDefault();
          const answer = (decision: HotkeyDecision) => {
            const ran = decision.run && runCommand(command.id, { store, ui });
            const note = unansweredPressNote(command, decision, { ran, repeat: e.repeat, commandEnabled });
            if (note) ui.tell?.(note.title, note.message);
          };
          // A dialog that Escape has just closed holds focus a little longer: a command with notes
          // (undo, redo) runs as soon as nothing holds the keys any more, or says why not.
          if (d.heldBy && command.notes && !e.repeat && overlaysClosing()) {
            whenFree(
              () => keyHolder(document.activeElement, document) === null,
              (free) => answer(free ? { run: true, preventDefault: false } : d),
            );
          } else answer(d);
        })
      : [];
  // No tags ignored and contenteditable included: isTypingTarget decides, with input types and role="textbox".
  useHotkeys(hotkeys, [], true);
  useEffect(() => {
    document.addEventListener('keydown', noteDismissal, true);
    document.addEventListener('pointerdown', noteDismissal, true);
    return () => {
      document.removeEventListener('keydown', noteDismissal, true);
      document.removeEventListener('pointerdown', noteDismissal, true);
    };
  }, []);
}
