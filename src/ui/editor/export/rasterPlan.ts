/**
 * How big an exported image may be. Browsers refuse (or crash on) very large canvases, so the map's
 * bounds are rendered at `pixelRatio` unless that exceeds the side or area cap, in which case the
 * whole map is scaled down to fit and the caller tells the user.
 */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface RasterPlan {
  /** Canvas pixels per world unit. */
  scale: number;
  width: number;
  height: number;
  /** True when `scale` is below the requested pixel ratio. */
  scaledDown: boolean;
}

export const MAX_CANVAS_SIDE = 8192;
export const MAX_CANVAS_PIXELS = 48_000_000;
export const EXPORT_PIXEL_RATIO = 2;
export const EXPORT_MARGIN = 40;

export function planRaster(
  bounds: Bounds,
  pixelRatio = EXPORT_PIXEL_RATIO,
  maxSide = MAX_CANVAS_SIDE,
  maxPixels = MAX_CANVAS_PIXELS,
): RasterPlan {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  let scale = pixelRatio;
  scale = Math.min(scale, maxSide / w, maxSide / h, Math.sqrt(maxPixels / (w * h)));
  const width = Math.max(1, Math.min(maxSide, Math.floor(w * scale)));
  const height = Math.max(1, Math.min(maxSide, Math.floor(h * scale)));
  return { scale, width, height, scaledDown: scale < pixelRatio - 1e-9 };
}

/** "mindflow_2025-01-31.json" → "mindflow_2025-01-31.png". */
export function withExtension(fileName: string, ext: string): string {
  return fileName.replace(/\.[^.]+$/, '') + '.' + ext;
}

/** A PDF page (in points) with the image's aspect ratio, within the PDF limit of 14,400 pt a side. */
export function pdfPageSize(pxWidth: number, pxHeight: number, pixelScale: number): { width: number; height: number } {
  const MAX = 14_400;
  const MIN = 72;
  // One world unit = one CSS pixel = 0.75 pt.
  let width = (pxWidth / pixelScale) * 0.75;
  let height = (pxHeight / pixelScale) * 0.75;
  const down = Math.min(1, MAX / width, MAX / height);
  width *= down;
  height *= down;
  const up = Math.max(1, MIN / width, MIN / height);
  return { width: Math.min(MAX, width * up), height: Math.min(MAX, height * up) };
}
