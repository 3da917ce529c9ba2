/**
 * Rendered inside @pixi/react's `<Application>`: once the Application is initialised, creates the
 * canvas scene on it and destroys the scene before the Application goes. It renders nothing: the
 * scene builds, pools and draws its topics with the Pixi API itself (no React element per topic).
 */
import { useApplication } from '@pixi/react';
import { useLayoutEffect } from 'react';
import { createScene, type SceneHandle, type SceneOptions } from '../../scene';

export interface SceneMountProps {
  /** The element the scene sizes itself to and puts its DOM parts in (minimap, tree, label editor). */
  host: () => HTMLElement | null;
  /** Read once, when the scene is created; later changes go through the handle. */
  options: () => SceneOptions;
  onScene: (handle: SceneHandle | null) => void;
}

export function SceneMount({ host, options, onScene }: SceneMountProps) {
  const { app, isInitialised } = useApplication();
  // A layout effect: @pixi/react destroys the Application when the unmount commits, before passive
  // effects run, and the scene must be gone by then (it renders from requestAnimationFrame).
  useLayoutEffect(() => {
    const el = host();
    if (!isInitialised || !el) return;
    const handle = createScene(app, el, options());
    onScene(handle);
    return () => {
      onScene(null);
      handle.destroy();
    };
    // host, options and onScene are read through refs by the caller: the scene lives as long as the Application.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app, isInitialised]);
  return null;
}
