/**
 * Thin React host of the canvas scene: @pixi/react's `<Application>` (WebGL, no ticker) mounts it,
 * and prop changes go to the scene handle. Nothing per topic is a React element: the scene builds and
 * recycles its Pixi objects itself (5–9x faster than reconciling topics as React elements) and renders
 * only on demand, which a React-driven ticker would defeat.
 */
import { Application } from '@pixi/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { sceneAppOptions, type SceneHandle, type SceneOptions, type ThemeName } from '../../scene';
import type { MindMapStore } from '../../state/store';
import type { VisibilityView } from '../../state/views';
import { SceneMount } from './SceneMount';
import { dragHasFiles, requestFileImport } from './import/importRequests';

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
  const [fileOver, setFileOver] = useState(false);
  const latest = useRef({ theme, performanceMode, snapToGrid, onReady, onError });
  useEffect(() => {
    latest.current = { theme, performanceMode, snapToGrid, onReady, onError };
  });

  // One Application (and scene) per store; memoised so other prop changes do not re-render it.
  const application = useMemo(() => {
    const options = (): SceneOptions => {
      const now = latest.current;
      return { store, visibility, theme: now.theme, performanceMode: now.performanceMode, snapToGrid: now.snapToGrid, onError: (m) => latest.current.onError?.(m) };
    };
    const onScene = (handle: SceneHandle | null) => {
      handleRef.current = handle;
      if (handle) latest.current.onReady?.(handle);
    };
    // The scene sizes the renderer to the host as soon as it starts. WebGL only (WebGPU crashes on
    // software GPUs); restated here because @pixi/react types `preference` as one renderer name.
    const { preference: _webgl, ...appOptions } = sceneAppOptions(1, 1, latest.current.theme);
    return (
      <Application key={keyOf(store, visibility)} {...appOptions} preference="webgl">
        <SceneMount host={() => hostRef.current} options={options} onScene={onScene} />
      </Application>
    );
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
      style={{
        position: 'absolute',
        inset: 0,
        overflow: 'hidden',
        userSelect: 'none',
        outline: fileOver ? '2px dashed var(--mantine-color-violet-4)' : undefined,
        outlineOffset: -8,
      }}
      // A file dropped here is imported like a picked one (the Import dialog opens on it).
      onDragOver={(e) => {
        if (!dragHasFiles(e.dataTransfer.types)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setFileOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFileOver(false);
      }}
      onDrop={(e) => {
        setFileOver(false);
        const file = e.dataTransfer.files[0];
        if (!file) return;
        e.preventDefault();
        requestFileImport(file);
      }}
    >
      {application}
    </div>
  );
}

const keys = new WeakMap<object, number>();
let nextKey = 0;
/** A React key that changes when the store or the visibility view is another object. */
function keyOf(store: MindMapStore, visibility: VisibilityView): string {
  for (const o of [store, visibility]) if (!keys.has(o)) keys.set(o, nextKey++);
  return `${keys.get(store)}:${keys.get(visibility)}`;
}
