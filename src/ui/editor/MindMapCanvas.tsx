/**
 * Thin React host of the canvas scene: the page's @pixi/react `<Application>` (WebGL, no ticker,
 * SceneApplication.tsx) mounts it, the scene moves the Application's canvas into this element, and
 * prop changes go to the scene handle. Nothing per topic is a React element: the scene builds and
 * recycles its Pixi objects itself (5–9x faster than reconciling topics as React elements) and renders
 * only on demand, which a React-driven ticker would defeat.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SceneHandle, SceneOptions, ThemeName } from '../../scene';
import type { MindMapStore } from '../../state/store';
import type { VisibilityView } from '../../state/views';
import { useSceneSlot } from './SceneApplication';
import { SceneMount } from './SceneMount';
import { canvasCovers } from './canvasCover';
import { dragHasFiles, droppedFile, requestFileImport } from './import/importRequests';

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

  // One scene per store; memoised so other prop changes do not re-render it.
  const scene = useMemo(() => {
    const options = (): SceneOptions => {
      const now = latest.current;
      return {
        store,
        visibility,
        theme: now.theme,
        performanceMode: now.performanceMode,
        snapToGrid: now.snapToGrid,
        onError: (m) => latest.current.onError?.(m),
        covers: canvasCovers,
      };
    };
    const onScene = (handle: SceneHandle | null) => {
      handleRef.current = handle;
      if (handle) latest.current.onReady?.(handle);
    };
    return <SceneMount key={keyOf(store, visibility)} host={() => hostRef.current} options={options} onScene={onScene} />;
  }, [store, visibility]);
  const slot = useSceneSlot();
  if (!slot) throw new Error('MindMapCanvas must be inside SceneApplication');
  // After this element is in the page: the scene moves the canvas into it as it starts.
  useLayoutEffect(() => {
    slot(scene);
    return () => slot(null);
  }, [slot, scene]);

  // A file dropped here is imported like a picked one (the Import dialog opens on it). Native
  // listeners: the canvas is the Application's element (SceneApplication), so React would pass its
  // events up that component's tree, not this element's.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const over = (e: DragEvent) => {
      if (!e.dataTransfer || !dragHasFiles(e.dataTransfer.types)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      setFileOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!host.contains(e.relatedTarget as Node | null)) setFileOver(false);
    };
    const drop = (e: DragEvent) => {
      setFileOver(false);
      if (!e.dataTransfer?.files.length) return;
      e.preventDefault();
      const file = droppedFile(e.dataTransfer.files);
      if (file) requestFileImport(file);
    };
    host.addEventListener('dragover', over);
    host.addEventListener('dragleave', leave);
    host.addEventListener('drop', drop);
    return () => {
      host.removeEventListener('dragover', over);
      host.removeEventListener('dragleave', leave);
      host.removeEventListener('drop', drop);
    };
  }, []);

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
    />
  );
}

const keys = new WeakMap<object, number>();
let nextKey = 0;
/** A React key that changes when the store or the visibility view is another object. */
function keyOf(store: MindMapStore, visibility: VisibilityView): string {
  for (const o of [store, visibility]) if (!keys.has(o)) keys.set(o, nextKey++);
  return `${keys.get(store)}:${keys.get(visibility)}`;
}
