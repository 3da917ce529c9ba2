/**
 * Level of detail by zoom. Why: on software WebGL frame time follows what is drawn, and at the 0.2
 * minimum zoom a screen holds thousands of topics whose labels would be 2–3 px tall. So:
 *  - 'shape': below 0.45 topics are coloured rounded boxes batched into per-tile Graphics
 *    (no per-topic objects at all) and edges are 1 px lines;
 *  - 'label': card, title and chevron, no badges, handles or markers;
 *  - 'full': everything.
 */
export type Lod = 'shape' | 'label' | 'full';

export const LOD_SHAPE_BELOW = 0.45;
export const LOD_FULL_FROM = 0.75;

export function lodForZoom(zoom: number): Lod {
  if (zoom < LOD_SHAPE_BELOW) return 'shape';
  if (zoom < LOD_FULL_FROM) return 'label';
  return 'full';
}

/** Topics are drawn as individual pooled views only at these levels. */
export function usesNodeViews(lod: Lod): boolean {
  return lod !== 'shape';
}

/** Node views are capped so a pathological cluster cannot create unbounded objects. */
export const MAX_NODE_VIEWS = 1500;

/**
 * How many grid gaps one drawn grid cell spans at this zoom (1, 2, 4…): keeps dots ≥ minPx apart.
 * Why 18 px: on software WebGL the grid's cost follows how many dots (and rows of dots, see Grid)
 * are on screen; 10 px allowed ~10,000 dots on a 1280×800 screen, 18 px allows ~3,200.
 */
export function gridLevel(zoom: number, gap = 24, minPx = 18): number {
  let level = 1;
  while (gap * level * zoom < minPx && level < 1 << 20) level *= 2;
  return level;
}
