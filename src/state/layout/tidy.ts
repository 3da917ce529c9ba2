/**
 * Tidy tree layouts for mind maps: "right" (logic chart), "balanced" (root in the middle, main
 * branches split left and right) and "down" (org chart). Pure, linear time, no recursion on depth.
 *
 * Each topic gets a block: the band across the layout axis that it and its shown descendants
 * occupy, measured from the topic's own centre. Siblings' blocks are stacked with a gap, so
 * different branches can never overlap, and a parent is centred between its first and last child.
 * Blocks are computed children-first (reverse pre-order), positions parents-first (pre-order).
 * Collapsed topics take only their own size; their hidden descendants are still placed (as if
 * expanded, but reserving no room) so they sit near their parent until a relayout after expanding.
 */
import { childIds, getNode, type LayoutKind, type MindMapState } from '../doc';
import type { Position } from '../model';
import { subtreeIds } from '../tree';

export interface Size {
  width: number;
  height: number;
}

export type SizeOf = (id: string) => Size;

export type TidyLayout = Exclude<LayoutKind, 'free'>;

export const LAYOUT_GAPS = {
  /** Between a parent and its children, along the layout direction. */
  level: 60,
  /** Between sibling blocks. */
  sibling: 16,
} as const;

/** The size the editor draws a topic with when the caller knows no better. */
export const DEFAULT_TOPIC_SIZE: Size = { width: 180, height: 56 };

interface Block {
  /** Extent of the block before / after the topic's centre, across the layout direction. */
  before: number;
  after: number;
  /** Offsets of each laid-out child's centre from this topic's centre, in child order. */
  offsets: number[];
}

/** Cross-axis size: height for horizontal layouts, width for top-down. */
function crossSize(s: Size, kind: TidyLayout): number {
  return kind === 'down' ? s.width : s.height;
}

function mainSize(s: Size, kind: TidyLayout): number {
  return kind === 'down' ? s.height : s.width;
}

/**
 * Stacks the blocks of `kids` and centres them on the parent; fills `offsets` and returns the extent
 * of the stack around the parent centre.
 */
function stack(kids: readonly string[], blocks: Map<string, Block>, gap: number, offsets: number[]): { before: number; after: number } {
  let cursor = 0;
  let first = 0;
  let last = 0;
  let top = 0;
  let bottom = 0;
  for (let i = 0; i < kids.length; i++) {
    const b = blocks.get(kids[i])!;
    const centre = i === 0 ? 0 : cursor + gap + b.before;
    if (i === 0) {
      top = -b.before;
      first = centre;
    }
    offsets.push(centre);
    last = centre;
    cursor = centre + b.after;
    bottom = cursor;
  }
  const mid = (first + last) / 2;
  for (let i = 0; i < offsets.length; i++) offsets[i] -= mid;
  return { before: mid - top, after: bottom - mid };
}

function computeBlocks(s: MindMapState, order: readonly string[], sizeOf: SizeOf, kind: TidyLayout): Map<string, Block> {
  const blocks = new Map<string, Block>();
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i];
    const own = crossSize(sizeOf(id), kind) / 2;
    const kids = childIds(s, id);
    const offsets: number[] = [];
    const extent = kids.length ? stack(kids, blocks, LAYOUT_GAPS.sibling, offsets) : { before: 0, after: 0 };
    const expanded = getNode(s, id)!.data.expanded;
    blocks.set(id, {
      before: expanded ? Math.max(own, extent.before) : own,
      after: expanded ? Math.max(own, extent.after) : own,
      offsets,
    });
  }
  return blocks;
}

interface Placed {
  /** Centre across the layout direction. */
  cross: number;
  /** The near edge along the layout direction (left for "right", right for left-side, top for "down"). */
  main: number;
  /** +1 grows right/down, -1 grows left. */
  dir: 1 | -1;
}

function toPosition(p: Placed, size: Size, kind: TidyLayout): Position {
  if (kind === 'down') return { x: p.cross - size.width / 2, y: p.main };
  const x = p.dir === 1 ? p.main : p.main - size.width;
  return { x, y: p.cross - size.height / 2 };
}

/** Places the subtree under `start` (already placed), children growing in `dir`. */
function placeSubtree(
  s: MindMapState,
  start: string,
  placed: Map<string, Placed>,
  blocks: Map<string, Block>,
  sizeOf: SizeOf,
  kind: TidyLayout,
  only?: readonly string[],
): void {
  const stackIds = [start];
  while (stackIds.length) {
    const id = stackIds.pop()!;
    const p = placed.get(id)!;
    const kids = id === start && only ? only : childIds(s, id);
    const offsets = id === start && only ? stackOffsets(only, blocks) : blocks.get(id)!.offsets;
    const childMain = p.main + p.dir * (mainSize(sizeOf(id), kind) + LAYOUT_GAPS.level);
    for (let i = 0; i < kids.length; i++) {
      placed.set(kids[i], { cross: p.cross + offsets[i], main: childMain, dir: p.dir });
      stackIds.push(kids[i]);
    }
  }
}

function stackOffsets(kids: readonly string[], blocks: Map<string, Block>): number[] {
  const offsets: number[] = [];
  stack(kids, blocks, LAYOUT_GAPS.sibling, offsets);
  return offsets;
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

export interface LayoutResult {
  positions: Map<string, Position>;
  /** Which side of its parent each topic's branch grows on (balanced: left-side branches are -1). */
  side: Map<string, 1 | -1>;
}

/**
 * Lays out the whole map. The root stays where it is; every other topic gets a new top-left
 * position. `sizeOf` gives each topic's drawn size (the editor measures labels).
 */
export function layoutTree(s: MindMapState, kind: TidyLayout, sizeOf: SizeOf = () => DEFAULT_TOPIC_SIZE): LayoutResult {
  const root = getNode(s, s.rootId)!;
  const rootSize = sizeOf(root.id);
  const order = subtreeIds(s, root.id);
  const blocks = computeBlocks(s, order, sizeOf, kind);
  const placed = new Map<string, Placed>();
  const rootCross = kind === 'down' ? root.position.x + rootSize.width / 2 : root.position.y + rootSize.height / 2;

  if (kind === 'balanced') {
    const kids = childIds(s, root.id);
    const split = balancedSplit(kids, kids.map((k) => blocks.get(k)!.before + blocks.get(k)!.after + LAYOUT_GAPS.sibling));
    const right = kids.slice(0, split);
    // Left side reads bottom-to-top, continuing clockwise.
    const left = kids.slice(split).reverse();
    placed.set(root.id, { cross: rootCross, main: root.position.x, dir: 1 });
    placeSubtree(s, root.id, placed, blocks, sizeOf, kind, right);
    placed.set(root.id, { cross: rootCross, main: root.position.x + rootSize.width, dir: -1 });
    if (left.length) placeSubtree(s, root.id, placed, blocks, sizeOf, kind, left);
    placed.set(root.id, { cross: rootCross, main: root.position.x, dir: 1 });
  } else {
    placed.set(root.id, { cross: rootCross, main: kind === 'down' ? root.position.y : root.position.x, dir: 1 });
    placeSubtree(s, root.id, placed, blocks, sizeOf, kind);
  }

  const positions = new Map<string, Position>();
  const side = new Map<string, 1 | -1>();
  for (const [id, p] of placed) {
    positions.set(id, id === root.id ? { x: root.position.x, y: root.position.y } : toPosition(p, sizeOf(id), kind));
    side.set(id, p.dir);
  }
  return { positions, side };
}
