/**
 * Which topics the keyboard tree mirror holds, each with its aria-level, at a cost that follows the
 * number of rows, not rows × depth: levels come from the pre-order walk itself, or from a depth memo
 * where each climb stops at the first topic whose depth is already known (the focused topic's path
 * fills it once per refresh, so topics near it cost a step or two even in a 100,000-level chain).
 */
import { childIds, getNode, type MindMapState } from '../../state/doc';
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
 * A large map's window: the root, up to `pathLimit` nearest ancestors of the focused topic, the
 * focused topic, then `near` (topics around the viewport) not already listed.
 */
export function windowRows(s: MindMapState, focus: string, near: readonly string[], pathLimit: number): TreeRow[] {
  const depth = depthMemo(s);
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
