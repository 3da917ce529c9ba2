/**
 * The Pixi Application's set-up: the options the UI passes to `app.init`, and the tuning the scene
 * applies when WebGL runs on a CPU rasteriser.
 */
import type { Application, ApplicationOptions } from 'pixi.js';
import { THEMES, type ThemeName } from '../constants';

/** Options for `app.init`: WebGL only (WebGPU crashes on software GPUs), no ticker, no Pixi events. */
export function sceneAppOptions(width: number, height: number, theme: ThemeName = 'dark'): Partial<ApplicationOptions> {
  return {
    preference: 'webgl',
    width: Math.max(1, width),
    height: Math.max(1, height),
    backgroundColor: THEMES[theme].background,
    // MSAA roughly doubles frame time on software WebGL; shapes are drawn pixel-aligned enough without it.
    antialias: false,
    resolution: Math.min(2, typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1),
    autoDensity: true,
    // Render on demand: the scene calls render() itself only when something changed.
    autoStart: false,
    sharedTicker: false,
    // Pixi's event system would hit-test the whole scene graph on every pointer move.
    eventMode: 'none',
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    powerPreference: 'high-performance',
  };
}

/** Whether WebGL runs on a CPU rasteriser (SwiftShader, llvmpipe, …) rather than a GPU. */
export function isSoftwareGl(app: Application): boolean {
  const gl = (app.renderer as { gl?: WebGLRenderingContext }).gl;
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i.test(name);
}

/**
 * Software WebGL pays per pixel shaded, and far more than a GPU does:
 *  - a 2x screen has four times the pixels: render at 1x;
 *  - Pixi's batch shaders pick the texture with an if-chain over up to 16 samplers, and a CPU
 *    rasteriser runs that chain for every pixel. The scene uses a handful of textures (white, two
 *    glyph atlases, the grid row, image previews), so batches of 4 cost a few more draw calls at most.
 *    Batchers are created lazily with the limit; the non-batched Graphics shader is rebuilt here.
 */
export function tuneForSoftwareGl(app: Application): void {
  const r = app.renderer as Application['renderer'] & {
    limits?: { maxBatchableTextures: number };
    renderPipes?: { graphics?: { contextChange?: () => void } };
  };
  if (r.resolution > 1) r.resolution = 1;
  if (r.limits && r.limits.maxBatchableTextures > SOFTWARE_BATCH_TEXTURES) {
    r.limits.maxBatchableTextures = SOFTWARE_BATCH_TEXTURES;
    r.renderPipes?.graphics?.contextChange?.();
  }
}

const SOFTWARE_BATCH_TEXTURES = 4;

