/**
 * Pure queries over a map. None recurses on tree depth: a 100,000-level chain is a valid map.
 */
import { childIds, getNode, type MindMapState } from './doc';
import type { MindNode } from './model';
import { tableForEach } from './table';

/**
 * The ancestor walk: climbs from the parent of `id`, nearest first, until `stop` returns true, and
 * gives the ancestor it stopped at (null past the root). At most `limit` steps, a guard against a
 * cycle slipping in; valid maps never have one.
 */
export function climbAncestors(parentOf: (id: string) => string | null | undefined, id: string, stop: (ancestor: string) => boolean, limit: number): string | null {
  let cur = parentOf(id) ?? null;
  for (let guard = limit; cur !== null && guard > 0; guard--) {
    if (stop(cur)) return cur;
    cur = parentOf(cur) ?? null;
  }
  return null;
}

/** The ancestor walk over a map's topics (see climbAncestors). */
export function findAncestor(s: MindMapState, id: string, stop: (ancestor: string) => boolean): string | null {
  return climbAncestors((x) => getNode(s, x)?.parentId, id, stop, s.nodes.n);
}

/** Ancestor ids of a topic, nearest first. */
export function ancestorIds(s: MindMapState, id: string): string[] {
  const out: string[] = [];
  findAncestor(s, id, (a) => {
    out.push(a);
    return false;
  });
  return out;
}

/** The folded ancestor nearest the root that hides the topic, or null when no fold hides it (the topic shown without a search). */
export function hidingFold(s: MindMapState, id: string): string | null {
  let fold: string | null = null;
  findAncestor(s, id, (a) => {
    if (getNode(s, a)?.data.expanded === false) fold = a;
    return false;
  });
  return fold;
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
  return findAncestor(s, id, (a) => a === ancestor) !== null;
}

export function depthOf(s: MindMapState, id: string): number {
  return ancestorIds(s, id).length;
}

/**
 * Visible without search: every ancestor expanded. For many topics of one state pass one `memo`:
 * the climb stops at the first topic whose answer it knows, and records the answer of every topic
 * it passed, so each ancestor is looked at once.
 */
export function isShownByExpansion(s: MindMapState, id: string, memo = new Map<string, boolean>()): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  const path: MindNode[] = [];
  // Whether the topic above the top of `path` lets it show: shown itself and expanded.
  let above = true;
  for (let cur: string | null = id; cur !== null; ) {
    const hit = memo.get(cur);
    if (hit !== undefined) {
      above = hit && getNode(s, cur)!.data.expanded;
      break;
    }
    const node = getNode(s, cur);
    if (!node || path.length > s.nodes.n) {
      above = false;
      break;
    }
    path.push(node);
    cur = node.parentId;
  }
  if (path.length === 0) return false;
  let shown = above;
  for (let i = path.length - 1; i >= 0; i--) {
    memo.set(path[i].id, shown);
    shown = shown && path[i].data.expanded;
  }
  return memo.get(id)!;
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
 * shown. With a search: the matches and all their ancestors (whatever is collapsed), and the
 * selected topic with its ancestors (a topic added during a search is selected, and shown).
 */
export function computeVisibleIds(s: MindMapState, matches?: Set<string>): Set<string> {
  const q = normalizeQuery(s.searchQuery);
  if (q) {
    const found = matches ?? searchMatches(s, q);
    const out = new Set<string>();
    const show = (id: string) => {
      if (out.has(id)) return;
      out.add(id);
      // Stop climbing at the first ancestor already added: its own ancestors are in.
      findAncestor(s, id, (a) => {
        if (out.has(a)) return true;
        out.add(a);
        return false;
      });
    };
    for (const id of found) show(id);
    const sel = s.selectedNodeId;
    if (sel !== null && getNode(s, sel)) show(sel);
    return out;
  }
  // Every topic is under the root (the store's tree), so: all of them but what collapsed topics
  // hide. Why not a walk from the root: looking every topic and its children up by id was most of
  // this (about 90 ms for 100k topics in Node against 30 ms), on every new map.
  const ids: string[] = [];
  const collapsed: string[] = [];
  tableForEach(s.nodes, (node, id) => {
    ids.push(id);
    if (!node.data.expanded) collapsed.push(id);
  });
  if (collapsed.length === 0) return new Set(ids);
  const hidden = new Set<string>();
  for (const c of collapsed) {
    if (hidden.has(c)) continue;
    const stack = [...childIds(s, c)];
    while (stack.length) {
      const id = stack.pop()!;
      if (hidden.has(id)) continue;
      hidden.add(id);
      const kids = childIds(s, id);
      for (let i = 0; i < kids.length; i++) stack.push(kids[i]);
    }
  }
  const out = new Set<string>();
  for (const id of ids) if (!hidden.has(id)) out.add(id);
  return out;
}

/**
 * Whether new children of `parent` go to its left: in the left half of a Balanced map (a topic left
 * of its own parent). To the right they would land on the topics between it and the root.
 */
export function growsLeftward(s: MindMapState, parent: MindNode): boolean {
  const grand = parent.parentId === null ? undefined : getNode(s, parent.parentId);
  return s.settings.layout === 'balanced' && grand !== undefined && parent.position.x < grand.position.x;
}
