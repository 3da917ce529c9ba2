/**
 * Keyboard navigation over the shown topics, computed from the state (not from the DOM mirror, which
 * may hold only part of a huge map). All moves are O(depth + siblings).
 */
import { childIds, getNode, type MindMapState } from '../../state/doc';

export type IsShown = (id: string) => boolean;

function shownKids(s: MindMapState, id: string, shown: IsShown): string[] {
  const out: string[] = [];
  for (const k of childIds(s, id)) if (shown(k)) out.push(k);
  return out;
}

/** Children are shown when the topic is expanded, or during a search when they are in the shown set. */
function openKids(s: MindMapState, id: string, shown: IsShown): string[] {
  return shownKids(s, id, shown);
}

export function nextShown(s: MindMapState, id: string, shown: IsShown): string | null {
  const kids = openKids(s, id, shown);
  if (kids.length) return kids[0];
  let cur: string | null = id;
  for (let guard = s.nodes.n; cur !== null && guard > 0; guard--) {
    const node = getNode(s, cur);
    if (!node || node.parentId === null) return null;
    const sibs = shownKids(s, node.parentId, shown);
    const i = sibs.indexOf(cur);
    if (i >= 0 && i < sibs.length - 1) return sibs[i + 1];
    cur = node.parentId;
  }
  return null;
}

export function prevShown(s: MindMapState, id: string, shown: IsShown): string | null {
  const node = getNode(s, id);
  if (!node || node.parentId === null) return null;
  const sibs = shownKids(s, node.parentId, shown);
  const i = sibs.indexOf(id);
  if (i <= 0) return node.parentId;
  return lastShown(s, sibs[i - 1], shown);
}

/** The last shown topic of `id`'s branch, in tree order (the tree's End key from the root). */
export function lastShown(s: MindMapState, id: string, shown: IsShown): string {
  let cur = id;
  for (let guard = s.nodes.n; guard > 0; guard--) {
    const kids = openKids(s, cur, shown);
    if (!kids.length) return cur;
    cur = kids[kids.length - 1];
  }
  return cur;
}

/**
 * Whether a key the tree passes on runs an editor command on the selected topic (delete, add a
 * child, move among siblings, copy, paste): while another topic has keyboard focus, the tree first
 * selects that one, so the key acts on the topic the keyboard is on.
 */
export function actsOnSelection(e: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey) return !mod && (e.key === 'ArrowUp' || e.key === 'ArrowDown');
  if (mod) return !e.shiftKey && ['c', 'v', 'x'].includes(e.key.toLowerCase());
  return e.key === 'Delete' || e.key === 'Backspace' || (e.key === 'Tab' && !e.shiftKey);
}

export type TreeKeyAction =
  | { kind: 'focus'; id: string }
  | { kind: 'expand'; id: string }
  | { kind: 'collapse'; id: string }
  | { kind: 'select'; id: string }
  | { kind: 'toggleTask'; id: string }
  /** Not the tree's key here: the editor's shortcut has it (Enter on the selected topic adds a sibling). */
  | { kind: 'pass' }
  | { kind: 'none' };

/** What a key does on the focused topic (WAI-ARIA tree pattern). */
export function treeKeyAction(s: MindMapState, id: string, key: string, shown: IsShown): TreeKeyAction {
  const node = getNode(s, id);
  if (!node) return { kind: 'none' };
  const hasKids = childIds(s, id).length > 0;
  switch (key) {
    case 'ArrowDown': {
      const n = nextShown(s, id, shown);
      return n ? { kind: 'focus', id: n } : { kind: 'none' };
    }
    case 'ArrowUp': {
      const p = prevShown(s, id, shown);
      return p ? { kind: 'focus', id: p } : { kind: 'none' };
    }
    case 'ArrowRight': {
      if (!hasKids) return { kind: 'none' };
      if (!node.data.expanded) return { kind: 'expand', id };
      const kids = shownKids(s, id, shown);
      return kids.length ? { kind: 'focus', id: kids[0] } : { kind: 'none' };
    }
    case 'ArrowLeft': {
      if (hasKids && node.data.expanded) return { kind: 'collapse', id };
      return node.parentId !== null ? { kind: 'focus', id: node.parentId } : { kind: 'none' };
    }
    case 'Home':
      return { kind: 'focus', id: s.rootId };
    case 'End': {
      const last = lastShown(s, s.rootId, shown);
      return last !== id ? { kind: 'focus', id: last } : { kind: 'none' };
    }
    case 'Enter':
      // Enter selects a topic; on the topic already selected it is the editor's "add sibling and edit".
      return s.selectedNodeId === id ? { kind: 'pass' } : { kind: 'select', id };
    case ' ':
      // A task already selected is ticked off (or on again), as its box does.
      return s.selectedNodeId === id && typeof getNode(s, id)?.data.done === 'boolean' ? { kind: 'toggleTask', id } : { kind: 'select', id };
    default:
      return { kind: 'none' };
  }
}
