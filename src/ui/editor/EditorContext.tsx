/**
 * What every piece of the editor chrome needs: the session (store, visibility, persistence), the
 * canvas handle once the canvas is ready, the UI effects commands ask for, and the layout mode.
 */
import { createContext, useContext } from 'react';
import type { UiEffects } from '../../state/commands';
import type { EditorSession } from './editorSession';
import type { CanvasHandle, CanvasTheme } from './canvasHandle';

export interface EditorContextValue {
  session: EditorSession;
  /** The canvas handle, or null while the canvas starts. Read it at call time. */
  canvas: { current: CanvasHandle | null };
  ui: UiEffects;
  isMobile: boolean;
  theme: CanvasTheme;
  toggleTheme(): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the editor');
  return value;
}
