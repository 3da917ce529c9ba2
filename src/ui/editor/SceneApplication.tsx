/**
 * The editor page's one Pixi Application (@pixi/react's `<Application>`), made as the page opens,
 * while the map is still being read or fetched; the canvas scene of whichever map is open mounts
 * on it (MindMapCanvas puts its SceneMount in the slot this provides).
 *
 * Why not with the map's canvas: the WebGL context was then requested as the editor's chrome first
 * painted, and on software WebGL the GPU process served it only after rasterising and presenting
 * that frame (0.3–0.5 s measured when opening a shared 100k map). Made while the map is fetched, it
 * costs a few tens of milliseconds. (Reading a stored map keeps the main thread busy from the start,
 * so there the Application's asynchronous start mostly finishes after it, as before.)
 */
import { Application } from '@pixi/react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { sceneAppOptions } from '../../scene';

/** Puts the element to mount on the Application (a SceneMount), or null to take it off. */
type SceneSlot = (scene: ReactNode) => void;

const SlotContext = createContext<SceneSlot | null>(null);

/** The slot of the page's Application; null outside SceneApplication. */
export function useSceneSlot(): SceneSlot | null {
  return useContext(SlotContext);
}

export function SceneApplication({ children }: { children: ReactNode }) {
  const [scene, setScene] = useState<ReactNode>(null);
  // The scene is handed over once the Application is initialised: children given while @pixi/react
  // still initialises it are rendered before its state says so, then replaced by the first ones.
  const [ready, setReady] = useState(false);
  const onInit = useCallback(() => setReady(true), []);
  // Re-rendered only when the scene changes: @pixi/react re-applies every option on each render.
  const application = useMemo(() => {
    // The scene sizes the renderer to its host and sets its theme's background when it starts.
    // WebGL only (WebGPU crashes on software GPUs); restated because @pixi/react types
    // `preference` as one renderer name.
    const { preference: _webgl, ...appOptions } = sceneAppOptions(1, 1);
    return (
      <Application {...appOptions} preference="webgl" onInit={onInit}>
        {ready ? scene : null}
      </Application>
    );
  }, [scene, ready, onInit]);
  return (
    <SlotContext.Provider value={setScene}>
      {/* Where the canvas waits until a scene moves it into the map's host element. */}
      <div hidden aria-hidden="true">
        {application}
      </div>
      {children}
    </SlotContext.Provider>
  );
}
