/** Toasts of the editor. They live in the app's Mantine provider, so they follow the light/dark theme. */
import { notifications } from '@mantine/notifications';
import type { PointerEvent, ReactNode } from 'react';

/** Top centre: the Edit Node panel (right) and the canvas controls (bottom left) stay uncovered. */
const position = 'top-center' as const;

/** FNV-1a of a toast's text: an id fit for the page. */
function textHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * A toast of text says it once: the same one again while it is up is not stacked or queued (eight
 * presses of Ctrl+Z with nothing to undo stacked five alike and queued the rest, shown seconds late).
 */
function show(color: string, title: string, message: ReactNode, autoClose: number | false): void {
  let id = typeof message === 'string' ? `toast-${textHash(`${color}|${title}|${message}`)}` : undefined;
  id = notifications.show({ id, title, message, color, autoClose, position, onPointerUp: (e) => dismissOnTap(e, id) });
}

/**
 * A tap on a toast (not on its buttons) closes it. Why: a finger's tap leaves the page's mouse over
 * the toast, which holds it open (a toast pauses while hovered) until the next tap elsewhere.
 */
function dismissOnTap(e: PointerEvent<HTMLDivElement>, id: string | undefined): void {
  if (e.pointerType !== 'touch' || id === undefined) return;
  if (e.target instanceof Element && e.target.closest('button, a, input, textarea, select')) return;
  notifications.hide(id);
}

export function notifySuccess(title: string, message: ReactNode): void {
  show('teal', title, message, 5000);
}

/** The "destructive" toast of the spec. */
export function notifyError(title: string, message: ReactNode): void {
  show('red', title, message, 6000);
}

export function notifyWarning(title: string, message: ReactNode, autoClose: number | false = 10_000): void {
  show('yellow', title, message, autoClose);
}
