export { createScene, type SceneOptions } from './SceneRoot';
export { sceneAppOptions } from './appOptions';
export type { SceneHandle, SceneStats } from './sceneHandle';
export type { Camera } from './camera';
export type { ThemeName } from './constants';
