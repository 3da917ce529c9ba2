/**
 * What the editor chrome asks of the canvas (src/ui/editor/MindMapCanvas.tsx hands it over through
 * onReady). Every call is optional on our side: until the canvas is ready the chrome still works.
 */
export type CanvasTheme = 'light' | 'dark';

export interface PresencePersonView {
  clientId: number;
  name: string;
  color: string;
  selection: string | null;
  pointer: { x: number; y: number } | null;
}

export interface CanvasHandle {
  fitView(padding?: number): void;
  zoomIn(): void;
  zoomOut(): void;
  setTheme?(theme: CanvasTheme): void;
  setPerformanceMode?(on: boolean): void;
  setSnapToGrid?(on: boolean): void;
  editLabel?(id: string): void;
  focusNode?(id: string): void;
  revealNode?(id: string, withChildren?: boolean): void;
  /** Whether a shown topic's card covers part of an area (world units). */
  spotTaken?(area: { x: number; y: number; width: number; height: number }): boolean;
  /** The camera: world = (screen - x) / zoom. */
  getViewport?(): { x: number; y: number; zoom: number };
  setPresence?(people: readonly PresencePersonView[]): void;
}
