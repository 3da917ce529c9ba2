/**
 * Applying a layout to the map: "Tidy Up" as one undo step, and auto-layout that keeps the map laid
 * out after structural edits by amending the edit's own undo step (so one undo reverts both).
 * Positions are written as a bulk edit: a 100k-topic relayout must not go through immer drafts.
 */
import type { Patch } from 'immer';
import { beginBulk, finishBulk } from '../bulk';
import type { MindMapState } from '../doc';
import type { MindNode, Position } from '../model';
import type { ChangeSet, MindMapStore } from '../store';
import { tableGet } from '../table';
import { layoutTree, type SizeOf, type TidyLayout } from './tidy';

/** A bulk edit moving every topic whose position differs; null when nothing moves. */
export function positionsEdit(
  s: MindMapState,
  positions: ReadonlyMap<string, Position>,
): { state: MindMapState; patches: Patch[]; inverse: Patch[] } | null {
  const w = beginBulk(s);
  let moved = 0;
  for (const [id, p] of positions) {
    const node = tableGet(s.nodes, id);
    if (!node || (node.position.x === p.x && node.position.y === p.y)) continue;
    const next: MindNode = { ...node, position: { x: p.x, y: p.y } };
    w.nodes.set(id, next);
    moved++;
  }
  return moved ? finishBulk(s, w) : null;
}

export function tidyUp(store: MindMapStore, kind: TidyLayout, sizeOf?: SizeOf): boolean {
  const s = store.getState();
  const edit = positionsEdit(s, layoutTree(s, kind, sizeOf).positions);
  if (!edit) return false;
  store.commit(`Tidy up (${kind})`, edit.state, edit.patches, edit.inverse);
  return true;
}

/** Whether a change set can alter the layout: topics added, removed, collapsed, expanded, reparented or reordered. */
export function affectsLayout(changes: ChangeSet): boolean {
  return changes.reset || changes.structure.size > 0 || changes.children.size > 0;
}

/**
 * Keeps the map laid out while settings.autoLayout is on: after every structural change the layout
 * is re-applied and folded into the same undo step. Returns a function that stops it.
 */
export function keepLaidOut(store: MindMapStore, sizeOf?: SizeOf): () => void {
  let running = false;
  return store.subscribe((changes, state) => {
    if (running || changes.undoRedo || !state.settings.autoLayout || state.settings.layout === 'free') return;
    if (!affectsLayout(changes) && !changes.settings) return;
    running = true;
    try {
      const edit = positionsEdit(state, layoutTree(state, state.settings.layout, sizeOf).positions);
      if (edit) store.commit('Auto layout', edit.state, edit.patches, edit.inverse, { amend: true });
    } finally {
      running = false;
    }
  });
}
