/**
 * Pure helpers for deciding when a global shortcut may fire (Mantine's useHotkeys matches the
 * registry's strings against key presses), and the platform for showing them.
 */
import type { KeyHolder } from '../../state/commands';

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const p = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(p);
}

/** A shortcut with no Ctrl/Cmd/Alt (Tab, Enter, Delete, Escape, F2). */
export function isPlainKey(shortcut: string): boolean {
  const mods = shortcut.toLowerCase().split('+').slice(0, -1).map((m) => m.trim());
  return !mods.some((m) => m === 'mod' || m === 'ctrl' || m === 'meta' || m === 'alt');
}

interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
  closest?(selector: string): unknown;
  getAttribute?(name: string): string | null;
}

/** Focus on no element in particular (the page itself). */
function onNothing(el: ElementLike | null): boolean {
  if (!el || !el.tagName) return true;
  const tag = el.tagName.toLowerCase();
  return tag === 'body' || tag === 'html';
}

/** Typing in a field: no shortcut fires. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as ElementLike | null;
  if (!el || !el.tagName) return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (el.getAttribute?.('type') ?? 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'color', 'range', 'file'].includes(type);
  }
  return !!el.isContentEditable || !!el.closest?.('[contenteditable=""], [contenteditable="true"], [role="textbox"]');
}

/**
 * Plain keys (Enter, Tab, Delete…) act on the map only when focus is on the page itself or inside
 * the canvas; on a button or link they keep their usual meaning (activate, move focus).
 */
export function plainKeysAllowed(target: EventTarget | null): boolean {
  const el = target as ElementLike | null;
  return onNothing(el) || !!el?.closest?.('[data-canvas-host]');
}

interface DocumentLike {
  querySelector(selector: string): unknown;
}

/**
 * The open menu or modal dialog that has the keyboard, if any: the one the key was pressed in, an
 * open menu (its button says aria-expanded), or a modal dialog while focus is on nothing. A menu or
 * dialog stays in the page while it fades out after closing, so being there says nothing: a closed
 * menu's button says so at once, and a closed dialog has handed focus back to the page.
 */
export function keyHolder(target: EventTarget | null, doc: DocumentLike): KeyHolder | null {
  const el = target as ElementLike | null;
  if (el?.closest?.('[role="menu"]')) return 'menu';
  if (el?.closest?.('[aria-modal="true"]')) return 'dialog';
  if (doc.querySelector('[aria-haspopup="menu"][aria-expanded="true"]') !== null) return 'menu';
  if (onNothing(el) && doc.querySelector('[aria-modal="true"]') !== null) return 'dialog';
  return null;
}
