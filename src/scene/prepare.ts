/**
 * What starting the scene costs whatever the map: the glyph atlases, WebGL's feature probe and the
 * shader precision probe (each a throwaway context, slow on software GL: the precision probe took
 * 0.1-0.56 s of a 100k map's start when it ran with the renderer's). The editor runs it while the
 * stored map is read or the shared map arrives, so the scene's start after that is shorter.
 * Idempotent.
 */
import { getMaxFragmentPrecision, isWebGLSupported } from 'pixi.js';
import { installFonts } from './render/assets';

export function prepareScene(): void {
  installFonts();
  if (isWebGLSupported()) getMaxFragmentPrecision();
}
