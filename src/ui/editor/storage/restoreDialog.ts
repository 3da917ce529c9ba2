/**
 * Whether the "Restore previous map" dialog is open: one dialog, opened from the tool panel and
 * from the Import, Templates and Clear Map dialogs.
 */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export const openRestoreDialog = (): void => set(true);
export const closeRestoreDialog = (): void => set(false);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useRestoreDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => open);
}
