/**
 * Where the parts of a topic card sit (local coordinates, origin = the topic's position, which is
 * the card's top-left corner) and which part a point hits. Pure: shared by drawing and hit testing.
 */
import {
  CHEVRON_RADIUS,
  HANDLE_RADIUS,
  HIT_MARGIN_BOTTOM,
  HIT_MARGIN_TOP,
  HIT_MARGIN_X,
  NODE_HEIGHT,
  PLUS_RADIUS,
} from '../constants';
import type { Rect } from '../geometry';

export type NodePart = 'chevron' | 'handle-in' | 'handle-out' | 'plus' | 'task' | 'body';

export function chevronCenter(width: number): { x: number; y: number } {
  return { x: width - 16, y: 14 };
}

export function handleCenter(width: number, side: 'in' | 'out'): { x: number; y: number } {
  return { x: side === 'in' ? 0 : width, y: NODE_HEIGHT / 2 };
}

export function plusCenter(width: number): { x: number; y: number } {
  return { x: width / 2, y: NODE_HEIGHT + 11 };
}

/** The box a topic occupies in the spatial index (card plus handles and hover "+"); written into `out` when given. */
export function nodeHitBox(x: number, y: number, width: number, out?: Rect): Rect {
  if (!out) return { minX: x - HIT_MARGIN_X, minY: y - HIT_MARGIN_TOP, maxX: x + width + HIT_MARGIN_X, maxY: y + NODE_HEIGHT + HIT_MARGIN_BOTTOM };
  out.minX = x - HIT_MARGIN_X;
  out.minY = y - HIT_MARGIN_TOP;
  out.maxX = x + width + HIT_MARGIN_X;
  out.maxY = y + NODE_HEIGHT + HIT_MARGIN_BOTTOM;
  return out;
}

/** The card's top-left corner and width inside a box made by nodeHitBox. */
export function cardOfHitBox(box: Rect): { x: number; y: number; width: number } {
  return { x: box.minX + HIT_MARGIN_X, y: box.minY + HIT_MARGIN_TOP, width: box.maxX - box.minX - 2 * HIT_MARGIN_X };
}

/** The card rectangle inside a box made by nodeHitBox (or a union of such boxes). */
export function cardRectOfHitBox(box: Rect): Rect {
  return { minX: box.minX + HIT_MARGIN_X, minY: box.minY + HIT_MARGIN_TOP, maxX: box.maxX - HIT_MARGIN_X, maxY: box.maxY - HIT_MARGIN_BOTTOM };
}

export function nodeCardRect(x: number, y: number, width: number): Rect {
  return { minX: x, minY: y, maxX: x + width, maxY: y + NODE_HEIGHT };
}

export interface PartOptions {
  /** The topic has children and is drawn as a card (zoomed in from 'shape'): it shows a chevron. */
  hasChildren: boolean;
  /** Handles and the plus exist only when the topic is drawn in detail ('full'). */
  detailed: boolean;
  /** The hover "+" is only there while the pointer is over the topic. */
  hovered: boolean;
  /** Extra slop in world units (touch: larger targets). */
  slop?: number;
}

const within = (px: number, py: number, cx: number, cy: number, r: number) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r;

/** The part of a topic of `width` under local point (px, py), or null. Small targets win over the body. */
export function hitPart(width: number, px: number, py: number, o: PartOptions): NodePart | null {
  const slop = o.slop ?? 0;
  const inBody = px >= 0 && px <= width && py >= 0 && py <= NODE_HEIGHT;
  if (o.detailed) {
    // A finger's slop reaches a handle from outside the card only: a tap on the card near its side
    // selects the topic, it does not start a connection (only the dot itself does, or just outside).
    const handleReach = slop > 0 && inBody ? HANDLE_RADIUS : HANDLE_RADIUS + 5 + slop;
    const hi = handleCenter(width, 'in');
    if (within(px, py, hi.x, hi.y, handleReach)) return 'handle-in';
    const ho = handleCenter(width, 'out');
    if (within(px, py, ho.x, ho.y, handleReach)) return 'handle-out';
    if (o.hovered) {
      const p = plusCenter(width);
      if (within(px, py, p.x, p.y, PLUS_RADIUS + 2 + slop)) return 'plus';
    }
  }
  // The chevron is drawn at 'label' too (where Fit view often leaves a small map).
  if (o.hasChildren) {
    // Inside the card, where a finger may mean the card itself, the chevron takes half the slop.
    const c = chevronCenter(width);
    if (within(px, py, c.x, c.y, CHEVRON_RADIUS + 4 + (inBody ? slop / 2 : slop))) return 'chevron';
  }
  return inBody ? 'body' : null;
}
