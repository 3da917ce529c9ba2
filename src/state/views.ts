/**
 * Derived views kept up to date incrementally from the store's change sets.
 *
 * Visibility: without a search, a structural change to topic X (added, removed, moved to another
 * parent, collapsed or expanded) can only change the visibility of X's own subtree, so only that
 * subtree is walked — and inside it, branches that were hidden and stay hidden are skipped. A 10k
 * subtree toggle costs O(10k), an add costs O(depth). With a search, the shown set is the matches plus
 * their ancestors: a new query scans every label once (O(map)); while it stays open, a change re-checks
 * only the changed topics' labels, and the shown set is rebuilt from the matches (O(matches × depth))
 * only when a match came or went, the tree's shape changed or the selection moved off or onto a topic
 * shown only for being selected, emitting just what was shown or hidden.
 * A drag or a rename outside the matches emits nothing.
 */
import { childIds, getNode, type MindMapState } from './doc';
import { HIGHLIGHT_EDGE_WIDTH, type MindEdge } from './model';
import type { ChangeSet, MindMapStore } from './store';
import { SearchIndex } from './searchIndex';
import { computeVisibleIds, isShownByExpansion, normalizeQuery } from './tree';

export interface VisibilityDelta {
  /** Everything may have changed: read `visible` afresh. */
  reset: boolean;
  shown: string[];
  hidden: string[];
}

export type VisibilityListener = (delta: VisibilityDelta) => void;

export class VisibilityView {
  visible = new Set<string>();
  /** Search matches (empty without a search). */
  matches = new Set<string>();
  private query = '';
  private readonly search: SearchIndex;
  /** During a search, the selected topic when it is shown for being selected, not as a match. */
  private shownForSelection: string | null = null;
  private listeners = new Set<VisibilityListener>();
  private unsubscribe: () => void;

  constructor(store: MindMapStore) {
    this.search = new SearchIndex(store.getState());
    this.recompute(store.getState());
    this.unsubscribe = store.subscribe((changes, state) => this.onChange(changes, state));
  }

  destroy(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  subscribe(listener: VisibilityListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Builds the search index or brings it up to date now, when nothing waits (else on the next search). */
  prepareSearch(): void {
    this.search.prepare();
  }

  /** Whether prepareSearch() has work to do. */
  get searchBehind(): boolean {
    return this.search.behind;
  }

  isVisible(id: string): boolean {
    return this.visible.has(id);
  }

  isEdgeVisible(edge: MindEdge): boolean {
    return this.visible.has(edge.source) && this.visible.has(edge.target);
  }

  private recompute(state: MindMapState): void {
    this.query = normalizeQuery(state.searchQuery);
    this.matches = this.search.matches(this.query);
    this.visible = computeVisibleIds(state, this.matches);
    this.noteShownForSelection(state);
  }

  private noteShownForSelection(state: MindMapState): void {
    const sel = state.selectedNodeId;
    this.shownForSelection = this.query !== '' && sel !== null && !this.matches.has(sel) ? sel : null;
  }

  private onChange(changes: ChangeSet, state: MindMapState): void {
    this.search.update(changes, state);
    if (changes.reset || changes.search) {
      this.recompute(state);
      this.emit({ reset: true, shown: [], hidden: [] });
      return;
    }
    if (this.query !== '') {
      this.followSearch(changes, state);
      return;
    }
    if (changes.structure.size === 0) return;
    const delta: VisibilityDelta = { reset: false, shown: [], hidden: [] };
    if (changes.structure.size === 1) {
      // One topic collapsed, expanded, added or moved: one walk, with nothing to share.
      for (const id of changes.structure) this.refreshSubtree(state, id, delta, null, null);
    } else {
      // Shared by the walks of one change: a subtree is walked once and an ancestor looked at once,
      // however many of the changed topics lie in it (an undone 10k-topic delete on a chain names all
      // 10k, each with the whole rest of the chain above and below it).
      const done = new Set<string>();
      const memo = new Map<string, boolean>();
      for (const id of changes.structure) this.refreshSubtree(state, id, delta, done, memo);
    }
    if (delta.shown.length || delta.hidden.length) this.emit(delta);
  }

  /** An open search: re-checks the changed topics only (see the top of the file). */
  private followSearch(changes: ChangeSet, state: MindMapState): void {
    let matchesChanged = false;
    for (const id of changes.nodes) {
      const now = this.search.labelMatches(id, this.query);
      if (now === this.matches.has(id)) continue;
      matchesChanged = true;
      if (now) this.matches.add(id);
      else this.matches.delete(id);
    }
    // The selected topic is shown during a search (computeVisibleIds): a selection that moves off a
    // topic shown only for that, or onto a hidden one, changes what is shown.
    const sel = state.selectedNodeId;
    const selectionMatters = changes.selection && (this.shownForSelection !== null || (sel !== null && !this.visible.has(sel)));
    if (!matchesChanged && changes.structure.size === 0 && !selectionMatters) return;
    const next = computeVisibleIds(state, this.matches);
    this.noteShownForSelection(state);
    const delta: VisibilityDelta = { reset: false, shown: [], hidden: [] };
    for (const id of next) if (!this.visible.has(id)) delta.shown.push(id);
    for (const id of this.visible) if (!next.has(id)) delta.hidden.push(id);
    this.visible = next;
    if (delta.shown.length || delta.hidden.length) this.emit(delta);
  }

  private setVisible(id: string, on: boolean, delta: VisibilityDelta): void {
    if (on) {
      if (!this.visible.has(id)) {
        this.visible.add(id);
        delta.shown.push(id);
      }
    } else if (this.visible.delete(id)) {
      delta.hidden.push(id);
    }
  }

  /**
   * Brings `id`'s subtree up to date; skips what `done` says was refreshed in this change already.
   * Without `done` and `memo` (a change of one topic), a walk longer than the map stops (a cycle).
   * Why without: at a topic with 50,000 children the two cost a third of the walk.
   */
  private refreshSubtree(state: MindMapState, id: string, delta: VisibilityDelta, done: Set<string> | null, memo: Map<string, boolean> | null): void {
    if (done?.has(id)) return;
    if (!getNode(state, id)) {
      // Removed: its descendants were removed too and appear in the same change set.
      done?.add(id);
      this.setVisible(id, false, delta);
      return;
    }
    const stack: Array<[string, boolean]> = [[id, isShownByExpansion(state, id, memo ?? undefined)]];
    let steps = 0;
    while (stack.length) {
      const [cur, shown] = stack.pop()!;
      if (done) {
        if (done.has(cur)) continue;
        done.add(cur);
      } else if (++steps > state.nodes.n) break;
      const wasShown = this.visible.has(cur);
      this.setVisible(cur, shown, delta);
      const node = getNode(state, cur);
      if (!node) continue;
      memo?.set(cur, shown);
      const childShown = shown && node.data.expanded;
      // A branch hidden before and after keeps its whole subtree hidden: skip it.
      if (!childShown && !wasShown) continue;
      for (const kid of childIds(state, cur)) {
        if (!childShown && !this.visible.has(kid)) continue;
        stack.push([kid, childShown]);
      }
    }
  }

  private emit(delta: VisibilityDelta): void {
    for (const l of this.listeners) l(delta);
  }
}

export interface EdgeLook {
  color: string;
  width: number;
  animated: boolean;
  highlighted: boolean;
}

/** Edges touching the selected topic are animated, 2.5 wide and in the source topic's colour. */
export function edgeLook(state: MindMapState, edge: MindEdge): EdgeLook {
  const sel = state.selectedNodeId;
  if (sel !== null && (edge.source === sel || edge.target === sel)) {
    const color = getNode(state, edge.source)?.data.color ?? edge.style.stroke;
    return { color, width: HIGHLIGHT_EDGE_WIDTH, animated: true, highlighted: true };
  }
  return { color: edge.style.stroke, width: edge.style.strokeWidth, animated: edge.animated, highlighted: false };
}

