export { createScene, type SceneOptions } from './SceneRoot';
export { prepareScene } from './prepare';
export { sceneAppOptions } from './render/appOptions';
export type { SceneHandle, SceneStats } from './sceneHandle';
export type { Camera } from './camera/camera';
export type { ThemeName } from './constants';
export { titleEditedInPlace, watchTitleEditing } from './a11y/labelEditor';
