/**
 * Topics that two people (or two tabs) add under one parent at the same moment both take the spec's
 * place for that parent's next child, and land exactly on each other: one hides the other. After
 * each change from elsewhere, siblings standing on one spot are moved apart: the one with the
 * smallest id stays, the others go to the first free places below it in their column. Every replica
 * picks the same topics and the same places, so their writes agree. Not an undo step.
 */
import { childIds, getNode, layoutPlaces, type MindMapState } from './doc';
import { CHILD_OFFSET_X, CHILD_STEP_Y, type Position } from './model';
import type { MindMapStore } from './store';
import { editNode } from './mutations';
import { subtreeIds } from './tree';

/** Changes from elsewhere of more topics than this are not looked at (an import, a load). */
const MAX_CHANGED = 100;
/** Parents with more children than this are not looked at. */
const MAX_SIBLINGS = 10_000;

const spotOf = (p: Position) => `${Math.round(p.x)},${Math.round(p.y)}`;

/** New places for the changed topics' siblings that stand on one spot with another (see above). */
export function movesApart(s: MindMapState, changed: Iterable<string>): Map<string, Position> {
  const moves = new Map<string, Position>();
  const parents = new Set<string>();
  for (const id of changed) {
    const p = getNode(s, id)?.parentId;
    if (typeof p === 'string') parents.add(p);
  }
  for (const parent of parents) {
    const kids = childIds(s, parent);
    if (kids.length < 2 || kids.length > MAX_SIBLINGS) continue;
    const bySpot = new Map<string, string[]>();
    for (const k of kids) {
      const p = getNode(s, k)?.position;
      if (!p) continue;
      const at = spotOf(p);
      const list = bySpot.get(at);
      if (list) list.push(k);
      else bySpot.set(at, [k]);
    }
    for (const ids of bySpot.values()) {
      if (ids.length < 2) continue;
      ids.sort();
      const stays = getNode(s, ids[0])!.position;
      // The column's taken heights: every sibling standing in it, and each place given out here.
      const taken: number[] = [];
      for (const k of kids) {
        const p = moves.get(k) ?? getNode(s, k)!.position;
        if (Math.abs(p.x - stays.x) < CHILD_OFFSET_X / 2) taken.push(p.y);
      }
      for (const id of ids.slice(1)) {
        let y = stays.y + CHILD_STEP_Y;
        while (taken.some((t) => Math.abs(t - y) < CHILD_STEP_Y)) y += CHILD_STEP_Y;
        taken.push(y);
        moves.set(id, { x: stays.x, y });
      }
    }
  }
  return moves;
}

/** Keeps siblings apart after every small change from elsewhere while topics stand where they are placed. */
export function keepAddsApart(store: MindMapStore): () => void {
  let queued = false;
  const changed = new Set<string>();
  return store.subscribe((changes) => {
    if (!changes.external || changes.reset || changes.nodes.size === 0 || changes.nodes.size > MAX_CHANGED) return;
    for (const id of changes.nodes) changed.add(id);
    if (queued) return;
    queued = true;
    // After the change's delivery: the others who hear of it first see it as it came.
    queueMicrotask(() => {
      queued = false;
      const s = store.getState();
      const ids = [...changed];
      changed.clear();
      if (layoutPlaces(s.settings) || store.refusesEdits()) return;
      const moves = movesApart(s, ids);
      if (moves.size === 0) return;
      store.transact(
        'Keep topics apart',
        (d) => {
          // A topic moves with its branch (a task list with its tasks).
          for (const [id, p] of moves) {
            const from = getNode(s, id)!.position;
            const dx = p.x - from.x;
            const dy = p.y - from.y;
            for (const k of subtreeIds(s, id)) {
              const n = editNode(d, k);
              if (n) n.position = { x: n.position.x + dx, y: n.position.y + dy };
            }
          }
        },
        { history: false },
      );
    });
  });
}
