/**
 * Pure helpers for matching the command registry's shortcut strings ("mod+shift+z", "Tab",
 * "alt+ArrowUp") against keyboard events, and for deciding when a global shortcut may fire.
 */

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface ParsedShortcut {
  key: string;
  mod: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
}

export function parseShortcut(shortcut: string): ParsedShortcut {
  const parts = shortcut.split('+').map((p) => p.trim().toLowerCase());
  const key = parts[parts.length - 1] === 'space' ? ' ' : parts[parts.length - 1];
  const mods = new Set(parts.slice(0, -1));
  return { key, mod: mods.has('mod'), ctrl: mods.has('ctrl'), shift: mods.has('shift'), alt: mods.has('alt') };
}

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const p = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(p);
}

/** True when the event is exactly this shortcut (no extra modifiers). "mod" is Cmd on macOS, Ctrl elsewhere. */
export function matchesShortcut(e: KeyLike, shortcut: string, mac = false): boolean {
  const s = parseShortcut(shortcut);
  if (e.key.toLowerCase() !== s.key) return false;
  const wantCtrl = s.ctrl || (s.mod && !mac);
  const wantMeta = s.mod && mac;
  return e.ctrlKey === wantCtrl && e.metaKey === wantMeta && e.shiftKey === s.shift && e.altKey === s.alt;
}

/** A shortcut with no Ctrl/Cmd/Alt (Tab, Enter, Delete, Escape, F2). */
export function isPlainKey(shortcut: string): boolean {
  const s = parseShortcut(shortcut);
  return !s.mod && !s.ctrl && !s.alt;
}

interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
  closest?(selector: string): unknown;
  getAttribute?(name: string): string | null;
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
  if (!el || !el.tagName) return true;
  const tag = el.tagName.toLowerCase();
  if (tag === 'body' || tag === 'html') return true;
  return !!el.closest?.('[data-canvas-host]');
}
