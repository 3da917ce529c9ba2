/** Where the floating Edit Node panel may sit: always partly on screen (pure, unit-tested). */

export interface PanelPos {
  x: number;
  y: number;
}

/** How much of the panel must stay visible: enough to grab its header again. */
export const KEEP_VISIBLE_X = 80;
export const KEEP_VISIBLE_Y = 44;
export const PANEL_WIDTH = 290;
export const PANEL_MARGIN = 16;

export function clampPanel(p: PanelPos, panelWidth: number, viewport: { width: number; height: number }): PanelPos {
  const minX = KEEP_VISIBLE_X - panelWidth;
  const maxX = viewport.width - KEEP_VISIBLE_X;
  const maxY = viewport.height - KEEP_VISIBLE_Y;
  return {
    x: Math.round(Math.min(maxX, Math.max(minX, p.x))),
    y: Math.round(Math.min(Math.max(0, maxY), Math.max(0, p.y))),
  };
}

/** The default spot: top right. */
export function defaultPanelPos(panelWidth: number, viewport: { width: number; height: number }): PanelPos {
  return clampPanel({ x: viewport.width - panelWidth - PANEL_MARGIN, y: PANEL_MARGIN }, panelWidth, viewport);
}
