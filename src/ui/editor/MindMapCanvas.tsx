/**
 * Thin React host of the canvas scene. Why not @pixi/react elements: the scene builds and recycles
 * its Pixi objects itself (5–9x faster than reconciling topics as React elements) and renders only on
 * demand, which a React-driven ticker would defeat. So this component only creates the Application
 * (WebGL, no ticker), hands it to the scene and forwards prop changes to the scene handle.
 */
import { Application } from 'pixi.js';
import { useEffect, useRef } from 'react';
import { createScene, sceneAppOptions, type SceneHandle, type ThemeName } from '../../scene';
import type { MindMapStore } from '../../state/store';
import type { VisibilityView } from '../../state/views';

export interface MindMapCanvasProps {
  store: MindMapStore;
  visibility: VisibilityView;
  theme?: ThemeName;
  performanceMode?: boolean;
  snapToGrid?: boolean;
  onReady?: (handle: SceneHandle) => void;
  /** Refused edits (e.g. a duplicate connection) — show them as a toast. */
  onError?: (message: string) => void;
}

export function MindMapCanvas({ store, visibility, theme = 'dark', performanceMode = false, snapToGrid = false, onReady, onError }: MindMapCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<SceneHandle | null>(null);
  const latest = useRef({ theme, performanceMode, snapToGrid, onReady, onError });
  useEffect(() => {
    latest.current = { theme, performanceMode, snapToGrid, onReady, onError };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let handle: SceneHandle | null = null;
    const app = new Application();
    const opts = latest.current;
    app
      .init(sceneAppOptions(host.clientWidth, host.clientHeight, opts.theme))
      .then(() => {
        if (cancelled) {
          app.destroy(true, { children: true });
          return;
        }
        const now = latest.current;
        handle = createScene(app, host, {
          store,
          visibility,
          theme: now.theme,
          performanceMode: now.performanceMode,
          snapToGrid: now.snapToGrid,
          onError: (m) => latest.current.onError?.(m),
        });
        handleRef.current = handle;
        now.onReady?.(handle);
      })
      .catch((err: unknown) => console.error('Canvas failed to start', err));
    return () => {
      cancelled = true;
      handleRef.current = null;
      if (handle) {
        handle.destroy();
        app.destroy(true, { children: true });
      }
    };
  }, [store, visibility]);

  useEffect(() => handleRef.current?.setTheme(theme), [theme]);
  useEffect(() => handleRef.current?.setPerformanceMode(performanceMode), [performanceMode]);
  useEffect(() => handleRef.current?.setSnapToGrid(snapToGrid), [snapToGrid]);

  return (
    <div
      ref={hostRef}
      role="application"
      aria-label="Mind map canvas"
      data-testid="mindmap-canvas"
      style={{ position: 'absolute', inset: 0, overflow: 'hidden', userSelect: 'none' }}
    />
  );
}
