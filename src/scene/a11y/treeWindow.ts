/**
 * Which topics the keyboard tree mirror holds, each with its aria-level, at a cost that follows the
 * number of rows, not rows × depth: levels come from the pre-order walk itself, or from a depth memo
 * where each climb stops at the first topic whose depth is already known (the focused topic's path
 * fills it once per refresh, so topics near it cost a step or two even in a 100,000-level chain).
 */
import { childIds, getNode, type MindMapState } from '../../state/doc';
import type { ChangeSet } from '../../state/store';
import type { IsShown } from './treeNav';

export interface TreeRow {
  id: string;
  /** aria-level: 1 for the root. */
  level: number;
}

/** The shown topics in tree pre-order (children in stored order), up to `limit`, with their levels. */
export function shownRows(s: MindMapState, shown: IsShown, limit = Infinity): TreeRow[] {
  const out: TreeRow[] = [];
  const stack: TreeRow[] = [{ id: s.rootId, level: 1 }];
  while (stack.length && out.length < limit) {
    const row = stack.pop()!;
    if (!shown(row.id) || !getNode(s, row.id)) continue;
    out.push(row);
    const kids = childIds(s, row.id);
    for (let i = kids.length - 1; i >= 0; i--) if (shown(kids[i])) stack.push({ id: kids[i], level: row.level + 1 });
  }
  return out;
}

/** Depth of a topic (0 for the root), remembered along every climb. */
export function depthMemo(s: MindMapState): (id: string) => number {
  const known = new Map<string, number>();
  return (id) => {
    const climb: string[] = [];
    let cur: string | null = id;
    let base = -1;
    for (let guard = s.nodes.n + 1; cur !== null && guard > 0; guard--) {
      const d = known.get(cur);
      if (d !== undefined) {
        base = d;
        break;
      }
      climb.push(cur);
      cur = getNode(s, cur)?.parentId ?? null;
    }
    // climb[last] sits right under the known topic (or is the top of the map: depth 0).
    for (let i = climb.length - 1, d = base + 1; i >= 0; i--, d++) known.set(climb[i], d);
    return known.get(id) ?? 0;
  };
}

/**
 * Depths remembered from one refresh to the next, with the parent each was counted under.
 *
 * Why: the focused topic 90,000 levels down a chain cost a 90,000-step climb on every refresh, so
 * deleting 10,000 topics below it cost 140 ms more. A climb remembers every topic it passes, so a
 * remembered topic's ancestors are all remembered: a change can make a remembered depth wrong only
 * by moving a remembered topic, which then shows in the change set's `structure` with another parent.
 */
export class DepthCache {
  private known = new Map<string, { depth: number; parent: string | null }>();

  /** Forgets what `changes` (applied to reach `s`) may have made wrong. */
  changed(changes: ChangeSet, s: MindMapState): void {
    if (changes.reset) {
      this.known.clear();
      return;
    }
    for (const id of changes.structure) {
      const had = this.known.get(id);
      if (!had) continue;
      const node = getNode(s, id);
      // Gone: only it (its remembered descendants went with it and are named too).
      if (!node) this.known.delete(id);
      // Moved: its descendants' depths changed as well.
      else if (node.parentId !== had.parent) {
        this.known.clear();
        return;
      }
    }
  }

  /** Depth of a topic (0 for the root). */
  depth(s: MindMapState, id: string): number {
    const climb: string[] = [];
    const parents: (string | null)[] = [];
    let cur: string | null = id;
    let base = -1;
    for (let guard = s.nodes.n + 1; cur !== null && guard > 0; guard--) {
      const d = this.known.get(cur);
      if (d !== undefined) {
        base = d.depth;
        break;
      }
      const parent: string | null = getNode(s, cur)?.parentId ?? null;
      climb.push(cur);
      parents.push(parent);
      cur = parent;
    }
    for (let i = climb.length - 1, d = base + 1; i >= 0; i--, d++) this.known.set(climb[i], { depth: d, parent: parents[i] });
    return this.known.get(id)?.depth ?? 0;
  }
}

/**
 * A large map's window: the root, up to `pathLimit` nearest ancestors of the focused topic, the
 * focused topic, then `near` (topics around the viewport) not already listed. `depthOf` defaults to
 * a memo for this call alone.
 */
export function windowRows(s: MindMapState, focus: string, near: readonly string[], pathLimit: number, depthOf?: (id: string) => number): TreeRow[] {
  const depth = depthOf ?? depthMemo(s);
  const focusDepth = depth(focus);
  const path: string[] = [];
  let cur: string | null = focus;
  for (let i = 0; cur !== null && i <= pathLimit; i++) {
    path.push(cur);
    cur = getNode(s, cur)?.parentId ?? null;
  }
  if (path[path.length - 1] !== s.rootId && getNode(s, s.rootId)) path.push(s.rootId);
  const out: TreeRow[] = [];
  const seen = new Set<string>();
  for (let i = path.length - 1; i >= 0; i--) {
    const id = path[i];
    seen.add(id);
    // The path is nearest-first up to the cut, so a level is counted back from the focused topic.
    out.push({ id, level: id === s.rootId ? 1 : focusDepth - i + 1 });
  }
  for (const id of near) {
    if (seen.has(id) || !getNode(s, id)) continue;
    seen.add(id);
    out.push({ id, level: depth(id) + 1 });
  }
  return out;
}

/** Places of every child in a children list, kept while the list is (lists are replaced, never changed). */
const placesOfList = new WeakMap<readonly string[], Map<string, number>>();

/**
 * Each row's place among its shown siblings (aria-posinset, aria-setsize): a tree that holds only a
 * window of a big map must say it, or a screen reader counts the rows it holds ("3 of 12" for the
 * 40,000th of 50,000). Each parent's children are counted once, however many of its rows there are;
 * without a search (`searching` false) every child of a shown topic is shown, and the count of a
 * children list is kept for the next refresh while the list stays the same.
 */
export function siblingPlaces(s: MindMapState, rows: readonly TreeRow[], shown: IsShown, searching = true): Map<string, { pos: number; size: number }> {
  const byParent = new Map<string, Map<string, number>>();
  const out = new Map<string, { pos: number; size: number }>();
  for (const { id } of rows) {
    const parent = getNode(s, id)?.parentId ?? null;
    if (parent === null) {
      out.set(id, { pos: 1, size: 1 });
      continue;
    }
    let places = byParent.get(parent);
    if (!places) {
      const kids = childIds(s, parent);
      places = searching ? undefined : placesOfList.get(kids);
      if (!places) {
        places = new Map();
        for (const k of kids) if (!searching || shown(k)) places.set(k, places.size + 1);
        if (!searching) placesOfList.set(kids, places);
      }
      byParent.set(parent, places);
    }
    out.set(id, { pos: places.get(id) ?? 1, size: Math.max(1, places.size) });
  }
  return out;
}
