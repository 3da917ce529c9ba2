/**
 * A Delete button (the tool panel's, the Edit panel's) goes away with the topic it deleted, and the
 * browser would drop the focus on it: the keyboard goes on from the deleted topic's parent instead,
 * as after the Delete key in the keyboard tree.
 */
import { getNode } from '../../state/doc';
import type { MindMapStore } from '../../state/store';
import type { CanvasHandle } from './canvasHandle';

export function deleteThenFocusParent(store: MindMapStore, canvas: { current: CanvasHandle | null }, id: string | null, remove: () => void): void {
  const parent = id === null ? null : (getNode(store.getState(), id)?.parentId ?? null);
  remove();
  if (parent !== null && id !== null && !getNode(store.getState(), id)) {
    requestAnimationFrame(() => canvas.current?.focusNode?.(parent));
  }
}
