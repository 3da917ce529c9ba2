/**
 * Chrome drawn over the canvas (panels, toolbars, Back to Home) carries CANVAS_COVER; the scene asks
 * for their rectangles when it fits the map or pans a topic into view, and keeps topics out from
 * under them.
 */
export const CANVAS_COVER = { 'data-canvas-cover': true } as const;

/** The page rectangles of the chrome over the canvas now (hidden ones have no size). */
export function canvasCovers(): DOMRect[] {
  return Array.from(document.querySelectorAll('[data-canvas-cover]'), (el) => el.getBoundingClientRect());
}
