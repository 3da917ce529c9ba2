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

/**
 * The tree flattened into breadth-first index arrays: parents come before their children, and each
 * topic's children are contiguous, so no id-to-index map is needed. Typed arrays instead of a record
 * per topic keep a 100k-topic layout to a handful of allocations.
 */
interface Flat {
  ids: string[];
  /** Parent's index, -1 for the root (index 0). */
  parent: Int32Array;
  /** Index of the first child; children of i are first[i] .. first[i] + count[i] - 1. */
  first: Int32Array;
  count: Int32Array;
  /** order[i] = i: lets children ranges be passed where index lists are expected. */
  order: Int32Array;
  expanded: Uint8Array;
  cross: Float64Array;
  main: Float64Array;
  width: Float64Array;
  height: Float64Array;
}

function flatten(s: MindMapState, rootId: string, sizeOf: SizeOf, kind: TidyLayout): Flat {
  const n = s.nodes.n;
  const ids: string[] = [rootId];
  const parent = new Int32Array(n).fill(-1);
  const first = new Int32Array(n);
  const count = new Int32Array(n);
  const expanded = new Uint8Array(n);
  const cross = new Float64Array(n);
  const main = new Float64Array(n);
  const width = new Float64Array(n);
  const height = new Float64Array(n);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    expanded[i] = getNode(s, id)!.data.expanded ? 1 : 0;
    const size = sizeOf(id);
    width[i] = size.width;
    height[i] = size.height;
    cross[i] = crossSize(size, kind);
    main[i] = mainSize(size, kind);
    const kids = childIds(s, id);
    first[i] = ids.length;
    count[i] = kids.length;
    for (let k = 0; k < kids.length; k++) {
      parent[ids.length] = i;
      ids.push(kids[k]);
    }
  }
  const order = new Int32Array(ids.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return { ids, parent, first, count, order, expanded, cross, main, width, height };
}

/** Cross-axis size: height for horizontal layouts, width for top-down. */
function crossSize(s: Size, kind: TidyLayout): number {
  return kind === 'down' ? s.width : s.height;
}

function mainSize(s: Size, kind: TidyLayout): number {
  return kind === 'down' ? s.height : s.width;
}

/**
 * Stacks the blocks of children `kids[from .. to)` (indices into the flat tree) with a gap, centred
 * on the parent: writes each child's centre offset into `offset` and returns the stack's extent
 * before / after the parent's centre in `extent`.
 */
function stack(
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

/** Block extents (children first) and each child's centre offset from its parent's centre. */
function computeBlocks(f: Flat): { before: Float64Array; after: Float64Array; offset: Float64Array } {
  const n = f.ids.length;
  const before = new Float64Array(n);
  const after = new Float64Array(n);
  const offset = new Float64Array(n);
  const extent = new Float64Array(2);
  for (let i = n - 1; i >= 0; i--) {
    const own = f.cross[i] / 2;
    let b = own;
    let a = own;
    if (f.count[i] > 0) {
      stack(f.order, f.first[i], f.first[i] + f.count[i], before, after, offset, extent);
      // Collapsed: its hidden children are still placed (offsets), but take no room.
      if (f.expanded[i]) {
        b = Math.max(own, extent[0]);
        a = Math.max(own, extent[1]);
      }
    }
    before[i] = b;
    after[i] = a;
  }
  return { before, after, offset };
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
}

/**
 * Lays out the whole map. The root stays where it is; every other topic gets a new top-left
 * position. `sizeOf` gives each topic's drawn size (the editor measures labels).
 */
export function layoutTree(s: MindMapState, kind: TidyLayout, sizeOf: SizeOf = () => DEFAULT_TOPIC_SIZE): LayoutResult {
  const root = getNode(s, s.rootId)!;
  const f = flatten(s, root.id, sizeOf, kind);
  const n = f.ids.length;
  const { before, after, offset } = computeBlocks(f);

  // Which side each main branch grows on; the root's children are re-stacked per side for Balanced.
  const dir = new Int8Array(n).fill(1);
  const rootKids = f.order.subarray(f.first[0], f.first[0] + f.count[0]);
  if (kind === 'balanced' && rootKids.length) {
    const heights = Array.from(rootKids, (c) => before[c] + after[c] + LAYOUT_GAPS.sibling);
    const split = balancedSplit(Array.from(rootKids, (c) => f.ids[c]), heights);
    const extent = new Float64Array(2);
    const right = rootKids.slice(0, split);
    // Left side reads bottom-to-top, continuing clockwise.
    const left = rootKids.slice(split).reverse();
    stack(right, 0, right.length, before, after, offset, extent);
    if (left.length) stack(left, 0, left.length, before, after, offset, extent);
    for (const c of left) dir[c] = -1;
  }

  // Parents first (pre-order): centre across the layout direction, near edge along it.
  const centre = new Float64Array(n);
  const edge = new Float64Array(n);
  const rootPos = root.position;
  centre[0] = kind === 'down' ? rootPos.x + f.width[0] / 2 : rootPos.y + f.height[0] / 2;
  edge[0] = kind === 'down' ? rootPos.y : rootPos.x;
  const positions = new Map<string, Position>();
  positions.set(root.id, { x: rootPos.x, y: rootPos.y });
  for (let i = 1; i < n; i++) {
    const p = f.parent[i];
    if (p !== 0) dir[i] = dir[p];
    const d = dir[i];
    centre[i] = centre[p] + offset[i];
    // Children start a gap beyond the parent's far edge, on their side.
    const parentFar = p === 0 && d === -1 ? edge[0] : edge[p] + d * f.main[p];
    edge[i] = parentFar + d * LAYOUT_GAPS.level;
    positions.set(f.ids[i], toPosition(centre[i], edge[i], d, f.width[i], f.height[i], kind));
  }
  return { positions };
}

function toPosition(centre: number, edge: number, dir: number, width: number, height: number, kind: TidyLayout): Position {
  if (kind === 'down') return { x: centre - width / 2, y: edge };
  return { x: dir === 1 ? edge : edge - width, y: centre - height / 2 };
}
