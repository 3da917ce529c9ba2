/**
 * Tidy tree layouts for mind maps: "right" (logic chart), "balanced" (root in the middle, main
 * branches split left and right) and "down" (org chart). Pure, linear time, no recursion on depth.
 *
 * Each topic gets a block: the band across the layout axis that it and its shown descendants
 * occupy, measured from the topic's own centre. Siblings' blocks are stacked with a gap, so
 * different branches can never overlap, and a parent is centred between its first and last child.
 * Blocks are computed children-first, positions parents-first. Collapsed topics take only their own
 * size; their hidden descendants are still placed (as if expanded, but reserving no room) so they sit
 * near their parent until a relayout after expanding.
 *
 * This file holds the block model's pieces; engine.ts runs them over a map (`layoutTree`) and keeps a
 * layout up to date edit by edit.
 */
import type { LayoutKind } from '../doc';

export interface Size {
  width: number;
  height: number;
}

/** A topic's drawn size; `label`, where the caller has read it, spares looking the topic up again. */
export type SizeOf = (id: string, label?: string) => Size;

export type TidyLayout = Exclude<LayoutKind, 'free'>;

export const LAYOUT_GAPS = {
  /** Between a parent and its children, along the layout direction. */
  level: 60,
  /** Between sibling blocks. */
  sibling: 16,
} as const;

/** The size the editor draws a topic with when the caller knows no better. */
export const DEFAULT_TOPIC_SIZE: Size = { width: 180, height: 56 };

/** Cross-axis size: height for horizontal layouts, width for top-down. */
export function crossSize(s: Size, kind: TidyLayout): number {
  return kind === 'down' ? s.width : s.height;
}

export function mainSize(s: Size, kind: TidyLayout): number {
  return kind === 'down' ? s.height : s.width;
}

/**
 * Stacks the blocks of children `kids[from .. to)` (indices into the flat tree) with a gap, centred
 * on the parent: writes each child's centre offset into `offset` and returns the stack's extent
 * before / after the parent's centre in `extent`.
 */
export function stack(
  kids: ArrayLike<number>,
  from: number,
  to: number,
  before: Float64Array,
  after: Float64Array,
  offset: Float64Array,
  extent: Float64Array,
): void {
  let cursor = 0;
  let first = 0;
  let last = 0;
  let top = 0;
  for (let k = from; k < to; k++) {
    const c = kids[k];
    const centre = k === from ? 0 : cursor + LAYOUT_GAPS.sibling + before[c];
    if (k === from) {
      top = -before[c];
      first = centre;
    }
    offset[c] = centre;
    last = centre;
    cursor = centre + after[c];
  }
  const mid = (first + last) / 2;
  for (let k = from; k < to; k++) offset[kids[k]] -= mid;
  extent[0] = mid - top;
  extent[1] = cursor - mid;
}

/**
 * Splits the root's children into a right group (first) and a left group so that the two sides'
 * block heights are as even as possible, keeping the children's order (XMind's default).
 */
export function balancedSplit(kids: readonly string[], heights: readonly number[]): number {
  const total = heights.reduce((a, b) => a + b, 0);
  let best = kids.length;
  let bestDiff = Infinity;
  let prefix = 0;
  for (let k = 0; k <= kids.length; k++) {
    const diff = Math.abs(total - 2 * prefix);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = k;
    }
    if (k < kids.length) prefix += heights[k];
  }
  return Math.max(best, Math.min(1, kids.length));
}
