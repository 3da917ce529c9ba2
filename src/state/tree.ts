/**
 * Pure queries over a map. None recurses on tree depth: a 100,000-level chain is a valid map.
 */
import { childIds, getNode, type MindMapState } from './doc';
import { tableForEach } from './table';

/** Ancestor ids of a topic, nearest first. */
export function ancestorIds(s: MindMapState, id: string): string[] {
  const out: string[] = [];
  let cur = getNode(s, id)?.parentId ?? null;
  // The bound guards against a cycle slipping in; valid maps never have one.
  for (let guard = s.nodes.n; cur !== null && guard > 0; guard--) {
    out.push(cur);
    cur = getNode(s, cur)?.parentId ?? null;
  }
  return out;
}

/** A topic and all its descendants, in pre-order. */
export function subtreeIds(s: MindMapState, id: string): string[] {
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    out.push(cur);
    const kids = childIds(s, cur);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

export function isDescendantOf(s: MindMapState, id: string, ancestor: string): boolean {
  let cur = getNode(s, id)?.parentId ?? null;
  for (let guard = s.nodes.n; cur !== null && guard > 0; guard--) {
    if (cur === ancestor) return true;
    cur = getNode(s, cur)?.parentId ?? null;
  }
  return false;
}

export function depthOf(s: MindMapState, id: string): number {
  return ancestorIds(s, id).length;
}

export function hasChildren(s: MindMapState, id: string): boolean {
  return childIds(s, id).length > 0;
}

/** Visible without search: every ancestor expanded. */
export function isShownByExpansion(s: MindMapState, id: string): boolean {
  if (!getNode(s, id)) return false;
  for (const a of ancestorIds(s, id)) if (!getNode(s, a)?.data.expanded) return false;
  return true;
}

export function normalizeQuery(q: string): string {
  return q.trim().toLowerCase();
}

/** Case-insensitive substring match on labels. Empty query matches nothing. */
export function searchMatches(s: MindMapState, query: string): Set<string> {
  const q = normalizeQuery(query);
  const out = new Set<string>();
  if (!q) return out;
  tableForEach(s.nodes, (n, id) => {
    if (n.data.label.toLowerCase().includes(q)) out.add(id);
  });
  return out;
}

/**
 * The set of shown topics. Without a search: the root plus every topic whose parent is expanded and
 * shown. With a search: the matches and all their ancestors (whatever is collapsed).
 */
export function computeVisibleIds(s: MindMapState, matches?: Set<string>): Set<string> {
  const q = normalizeQuery(s.searchQuery);
  if (q) {
    const found = matches ?? searchMatches(s, q);
    const out = new Set<string>();
    for (const id of found) {
      let cur: string | null = id;
      // Stop climbing at the first ancestor already added: its own ancestors are in.
      while (cur !== null && !out.has(cur)) {
        out.add(cur);
        cur = getNode(s, cur)?.parentId ?? null;
      }
    }
    return out;
  }
  const out = new Set<string>();
  const stack = [s.rootId];
  while (stack.length) {
    const id = stack.pop()!;
    const node = getNode(s, id);
    if (!node) continue;
    out.add(id);
    if (node.data.expanded) {
      const kids = childIds(s, id);
      for (let i = 0; i < kids.length; i++) stack.push(kids[i]);
    }
  }
  return out;
}
