/** Types and constants of the MindFlow map, as the product spec defines them. */

export type NodeType = 'root' | 'child';
export type ConnectionType = 'standard' | 'middle';

export const ANIMATIONS = ['pulse', 'float', 'glow', 'bounce', 'shimmer', 'ripple', 'shake', 'slide', 'none'] as const;
export type Animation = (typeof ANIMATIONS)[number];
export const DEFAULT_ANIMATION: Animation = 'pulse';

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const ATTACHMENT_TYPES = ['link', 'image', 'file'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export interface Attachment {
  type: AttachmentType;
  url: string;
  title: string;
}

export interface NodeData {
  label: string;
  expanded: boolean;
  color: string;
  animation: Animation;
  priority?: Priority;
  notes?: string;
  tags?: string[];
  attachment?: Attachment;
  /** Set on task topics (from "Add Task List"); true once the task is checked off. */
  done?: boolean;
}

export interface Position {
  x: number;
  y: number;
}

export interface MindNode {
  id: string;
  type: NodeType;
  position: Position;
  parentId: string | null;
  connectionType: ConnectionType;
  data: NodeData;
}

export interface EdgeStyle {
  stroke: string;
  strokeWidth: number;
}

export interface MindEdge {
  id: string;
  source: string;
  target: string;
  style: EdgeStyle;
  animated: boolean;
}

/** The plain form of a map: what export writes, import reads and storage keeps. */
export interface MapSnapshot {
  nodes: MindNode[];
  edges: MindEdge[];
}

export interface ExportFile extends MapSnapshot {
  meta: { exportedAt: string; version: string };
}

export const ROOT_ID = 'root';
export const ROOT_LABEL = 'Main Topic';
export const NEW_TOPIC_LABEL = 'New Topic';

/** 15 colours; the first is the default and the root's colour. */
export const PALETTE = [
  '#9b87f5', '#7e69ab', '#6366f1', '#3b82f6', '#0ea5e9',
  '#14b8a6', '#10b981', '#84cc16', '#eab308', '#f59e0b',
  '#f97316', '#ef4444', '#ec4899', '#d946ef', '#64748b',
] as const;
export const DEFAULT_COLOR = PALETTE[0];

export const MIDDLE_EDGE_COLOR = '#6366F1';
export const EDGE_WIDTH = 2;
export const HIGHLIGHT_EDGE_WIDTH = 2.5;

/** Placement of new topics (spec section 4). */
export const CHILD_OFFSET_X = 200;
export const CHILD_STEP_Y = 70;
export const MIDDLE_OFFSET_X = 50;
export const MIDDLE_OFFSET_Y = 100;

export const NODE_MIN_WIDTH = 140;
export const NODE_MAX_WIDTH = 220;
export const MAX_TAGS_SHOWN = 3;
export const NOTES_TOOLTIP_LENGTH = 30;

export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 2;
export const ZOOM_INITIAL = 1;
export const SNAP_GRID = 15;
export const GRID_GAP = 24;

export const FIT_PADDING = {
  button: 0.2,
  initial: 0.4,
  orientation: 0.4,
  resize: 0.3,
  resizeMobile: 0.5,
} as const;
export const FIT_DURATION_MIN_MS = 400;
export const FIT_DURATION_MAX_MS = 800;

export const ID_LENGTH = 21;
export const EXPORT_VERSION = '1.0';
export const STORAGE_KEY = 'mind-map-storage';

export const MOBILE_MAX_WIDTH = 768;
/** Touch has no dblclick: two taps on one topic this close together edit its title. */
export const DOUBLE_TAP_MS = 350;
export const BREAKPOINTS = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

export const LANDING_SCROLL_HINT_PX = 100;
export const COPYRIGHT_YEAR = 2025;

export const HISTORY_LIMIT = 200;
/** Undo keeps at most about this many old records alive (the newest step is always kept). */
export const HISTORY_WEIGHT_LIMIT = 1_000_000;

export const MESSAGES = {
  importInvalid: 'Invalid JSON data. Please check the format and try again.',
  fileReadError: 'Error reading file. Please try again.',
  noTemplateTitle: 'No Template Selected',
  noTemplateBody: 'Please select a template first',
  exportTitle: 'Export Successful',
  exportBody: (file: string) => `Your mind map has been exported as ${file}`,
  importTitle: 'Import Successful',
  importBody: (count: number) => `Imported mind map with ${count} nodes`,
  templateTitle: 'Template Applied',
  templateBody: 'The selected template has been applied to your mind map',
  nodeUpdatedTitle: 'Node Updated',
  nodeUpdatedBody: 'Your changes have been saved',
  notFound: 'Oops! Page not found',
} as const;
