/** Toasts of the editor. They live in the app's Mantine provider, so they follow the light/dark theme. */
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Top centre: the Edit Node panel (right) and the canvas controls (bottom left) stay uncovered. */
const position = 'top-center' as const;

export function notifySuccess(title: string, message: ReactNode): void {
  notifications.show({ title, message, color: 'teal', autoClose: 5000, position });
}

/** The "destructive" toast of the spec. */
export function notifyError(title: string, message: ReactNode): void {
  notifications.show({ title, message, color: 'red', autoClose: 6000, position });
}

export function notifyWarning(title: string, message: ReactNode, autoClose: number | false = 10_000): void {
  notifications.show({ title, message, color: 'yellow', autoClose, position });
}
