/**
 * What starting the scene costs whatever the map: the glyph atlases and WebGL's feature probe (a
 * throwaway context, slow on software GL). The editor runs it while the stored map is read, so the
 * scene's start after the read is shorter. Idempotent.
 */
import { isWebGLSupported } from 'pixi.js';
import { installFonts } from './render/assets';

export function prepareScene(): void {
  installFonts();
  isWebGLSupported();
}
