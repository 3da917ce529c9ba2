/** Geometry, level-of-detail and theme constants of the canvas (spec numbers live in state/model). */

/** Every topic card has the same height: edges and the spatial index need only position + width. */
export const NODE_HEIGHT = 56;
export const NODE_PAD_X = 12;
export const LABEL_FONT_SIZE = 13;
export const LABEL_LINE_HEIGHT = 15;
export const LABEL_MAX_LINES = 2;
export const LABEL_TOP = 23;
export const CAPTION_FONT_SIZE = 10;
export const CARD_RADIUS = 10;
export const HANDLE_RADIUS = 5;
export const CHEVRON_RADIUS = 8;
export const PLUS_RADIUS = 9;

/** Bounds kept in the spatial index: the card plus its handles and the hover "+" below it. */
export const HIT_MARGIN_X = 10;
export const HIT_MARGIN_TOP = 8;
export const HIT_MARGIN_BOTTOM = 22;

/** Edges leave the source's right handle and enter the target's left handle. */
export const SMOOTH_STEP_RADIUS = 8;
export const SMOOTH_STEP_OFFSET = 20;

/** World size of an edge/shape tile (see TileLayer). */
export const TILE_SIZE = 1024;

export const ZOOM_STEP = 1.2;

/** Fits go no further in than this (a single topic would otherwise fill the screen at 2x). */
export const FIT_MAX_ZOOM = 1.5;

export interface ThemeColors {
  background: number;
  grid: number;
  gridAlpha: number;
  card: number;
  cardBorder: number;
  text: number;
  muted: number;
  handleFill: number;
  focus: number;
  match: number;
  chip: number;
  chipText: number;
  tooltip: number;
  tooltipText: number;
  defaultEdge: number;
  minimapBg: string;
  minimapNode: string;
  minimapView: string;
}

export const THEMES: Record<'light' | 'dark', ThemeColors> = {
  dark: {
    background: 0x11131c,
    grid: 0x8b93b0,
    gridAlpha: 0.28,
    card: 0x1d2030,
    cardBorder: 0x343a52,
    text: 0xeef0f7,
    muted: 0x9aa1b9,
    handleFill: 0x11131c,
    focus: 0x38bdf8,
    match: 0xfacc15,
    chip: 0x2c3147,
    chipText: 0xdfe3f0,
    tooltip: 0x0b0d14,
    tooltipText: 0xf1f5f9,
    defaultEdge: 0x8b93b0,
    minimapBg: 'rgb(22,24,36)',
    minimapNode: 'rgba(180,170,255,0.9)',
    minimapView: 'rgba(255,255,255,0.9)',
  },
  light: {
    background: 0xf7f8fb,
    grid: 0x9aa3b5,
    gridAlpha: 0.45,
    card: 0xffffff,
    cardBorder: 0xd9dce6,
    text: 0x1e2333,
    muted: 0x6b7285,
    handleFill: 0xffffff,
    focus: 0x0284c7,
    match: 0xd97706,
    chip: 0xeef0f6,
    chipText: 0x2b3142,
    tooltip: 0x1e2333,
    tooltipText: 0xffffff,
    defaultEdge: 0x8a93a8,
    minimapBg: '#ffffff',
    minimapNode: 'rgba(120,100,220,0.85)',
    minimapView: 'rgba(30,35,51,0.9)',
  },
};

export type ThemeName = keyof typeof THEMES;

export const PRIORITY_COLORS: Record<string, number> = { low: 0x22c55e, medium: 0xf59e0b, high: 0xef4444 };

/** The label font, on the canvas and in every export. */
export const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
