/**
 * Input typed in the editor and not yet in the map: the Edit Node panel's unsaved changes and a title
 * being typed in the in-place label editor. Reloading or closing the page while any is held gets the
 * browser's "Leave site?" question; nothing else asks.
 */
import { useEffect } from 'react';
import { labelEditorHoldsText } from '../../scene/a11y/labelEditor';

const holders = new Set<() => boolean>([labelEditorHoldsText]);

/** Adds a place that may hold unsaved input; returns the function that removes it. */
export function holdUnsavedInput(holds: () => boolean): () => void {
  holders.add(holds);
  return () => void holders.delete(holds);
}

export function hasUnsavedInput(): boolean {
  for (const holds of holders) if (holds()) return true;
  return false;
}

export function askBeforeUnload(e: BeforeUnloadEvent): void {
  if (!hasUnsavedInput()) return;
  e.preventDefault();
  // Browsers before Chrome 119 and Safari 17 ask only when returnValue is set.
  e.returnValue = '';
}

/** While the editor is open, a reload or a tab close with unsaved input asks first. */
export function useAskBeforeUnload(): void {
  useEffect(() => {
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, []);
}
