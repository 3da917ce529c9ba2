/**
 * Drag to reparent: what dropping a dragged topic over another topic would do. Pure.
 *
 * - Over the middle of a card: become that topic's last child.
 * - Over the near/far third of a sibling card (upper/lower for side layouts, left/right for top-down)
 *   while auto-layout keeps the map laid out: insert before/after that topic among its siblings.
 *   (Without auto-layout order has no visible meaning, so the whole card means "make it a child".)
 * - Over itself: nothing. Over one of its own descendants: refused (moveToParent refuses it too).
 * - Dropping where it already is (same parent, same place): nothing.
 */
import type { LayoutKind } from '../../state/doc';
import { climbAncestors } from '../../state/tree';

export type DropZone = 'before' | 'child' | 'after';

export type DropDecision =
  | { kind: 'none' }
  /** Onto the parent the dragged topic is already the last child of: the drop changes nothing. */
  | { kind: 'unchanged' }
  | { kind: 'refused'; targetId: string }
  | { kind: 'child'; targetId: string; parentId: string }
  | { kind: 'before' | 'after'; targetId: string; parentId: string; index: number };

export interface DropContext {
  dragId: string;
  layout: LayoutKind;
  autoLayout: boolean;
  /** Parent of a topic (null for the root, undefined when unknown). */
  parentOf(id: string): string | null | undefined;
  childrenOf(id: string): readonly string[];
  /**
   * Whether `id`'s siblings are drawn in reverse order along the stacking axis (Balanced: the
   * root's left-side branches read bottom-to-top).
   */
  drawnReversed?(id: string): boolean;
}

/** Whether siblings stack left-to-right (top-down layout) rather than top-to-bottom. */
export function stacksHorizontally(layout: LayoutKind): boolean {
  return layout === 'down';
}

/** Which third of a card (x, y, w, h) a point falls in, along the sibling stacking axis. */
export function dropZone(x: number, y: number, w: number, h: number, px: number, py: number, horizontal: boolean): DropZone {
  const t = horizontal ? (px - x) / w : (py - y) / h;
  if (t < 1 / 3) return 'before';
  if (t > 2 / 3) return 'after';
  return 'child';
}

export function isInBranch(ctx: Pick<DropContext, 'parentOf'>, id: string, branchRoot: string): boolean {
  return id === branchRoot || climbAncestors(ctx.parentOf, id, (a) => a === branchRoot, 1_000_000) !== null;
}

export function decideDrop(ctx: DropContext, targetId: string | null, zone: DropZone): DropDecision {
  const { dragId } = ctx;
  if (!targetId || targetId === dragId) return { kind: 'none' };
  const dragParent = ctx.parentOf(dragId);
  // The root cannot be reparented (dragging it just moves the map).
  if (dragParent == null) return { kind: 'none' };
  if (isInBranch(ctx, targetId, dragId)) return { kind: 'refused', targetId };
  const reorder = ctx.autoLayout && ctx.layout !== 'free';
  const targetParent = ctx.parentOf(targetId);
  if (reorder && zone !== 'child' && targetParent != null) {
    const after = (zone === 'after') !== !!ctx.drawnReversed?.(targetId);
    const all = ctx.childrenOf(targetParent);
    const siblings = all.filter((k) => k !== dragId);
    const i = siblings.indexOf(targetId);
    if (i < 0) return { kind: 'none' };
    const index = after ? i + 1 : i;
    if (targetParent === dragParent && all.indexOf(dragId) === index) return { kind: 'none' };
    return { kind: after ? 'after' : 'before', targetId, parentId: targetParent, index };
  }
  const kids = ctx.childrenOf(targetId);
  if (dragParent === targetId && kids[kids.length - 1] === dragId) return { kind: 'unchanged' };
  return { kind: 'child', targetId, parentId: targetId };
}
