export { createScene, sceneAppOptions, type SceneHandle, type SceneOptions, type SceneStats } from './SceneRoot';
export type { Camera } from './camera';
export type { ThemeName } from './constants';
