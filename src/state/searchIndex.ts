/**
 * Lower-cased labels in flat arrays, kept up to date from change sets.
 *
 * Why: walking the bucketed node table and reading each label costs ~40 ms at 100k topics (pointer
 * chasing through thousands of small dictionaries); a flat string array scans in ~2 ms, well inside the 30 ms
 * search budget. Removal swaps the last entry into the hole, so every update is O(1).
 *
 * Built on first use (or prepare()), from the latest state it was given: building it for 100k
 * topics costs 40-170 ms, which opening a map need not wait for. Once built, a change's ids are only
 * noted and read from the latest state on the next use (or prepare(), which the editor calls when
 * idle): the frame of a big change (a 10k-topic delete, a layout that moves half the map) need not
 * update an index that no open search reads.
 */
import { getNode, type MindMapState } from './doc';
import type { NodeData } from './model';
import type { ChangeSet } from './store';
import { tableForEach } from './table';
import { normalizeQuery } from './tree';

export class SearchIndex {
  private ids: string[] = [];
  private labels: string[] = [];
  /** Each slot's label source: a change that kept the topic's data object (a move) skips re-lowering. */
  private sources: NodeData[] = [];
  private slot = new Map<string, number>();
  /** The state to build from on first use; null once built. */
  private unbuilt: MindMapState | null;
  /** Ids changed since the index was last brought up to date, and the state to read them from. */
  private pending = new Set<string>();
  private latest: MindMapState | null = null;

  constructor(state: MindMapState) {
    this.unbuilt = state;
  }

  /** Builds the index now if it is not yet built, or brings it up to date (the editor calls it when idle). */
  prepare(): void {
    if (this.unbuilt) this.rebuild(this.unbuilt);
    else if (this.pending.size) this.applyPending();
  }

  /** Whether prepare() has work to do. */
  get behind(): boolean {
    return this.unbuilt !== null || this.pending.size > 0;
  }

  rebuild(state: MindMapState): void {
    this.forget(null);
    tableForEach(state.nodes, (n, id) => this.put(id, n.data));
  }

  /** Empties the index; `unbuilt`: the state to build it from on first use. */
  private forget(unbuilt: MindMapState | null): void {
    this.unbuilt = unbuilt;
    this.pending = new Set();
    this.latest = null;
    this.ids = [];
    this.labels = [];
    this.sources = [];
    this.slot.clear();
  }

  update(changes: ChangeSet, state: MindMapState): void {
    if (this.unbuilt) {
      this.unbuilt = state;
      return;
    }
    if (changes.reset) {
      // A new map (an import, a template, their undo): built again on first use or when idle.
      this.forget(state);
      return;
    }
    for (const id of changes.nodes) this.pending.add(id);
    this.latest = state;
    // More changed ids than entries (a map replaced piece by piece): building afresh costs less.
    if (this.pending.size > Math.max(this.ids.length, 1024)) this.forget(state);
  }

  private applyPending(): void {
    const state = this.latest!;
    for (const id of this.pending) {
      const node = getNode(state, id);
      if (node) this.put(id, node.data);
      else this.remove(id);
    }
    this.pending = new Set();
    this.latest = null;
  }

  /** Ids whose label contains the query, case-insensitively. Empty query matches nothing. */
  matches(query: string): Set<string> {
    const q = normalizeQuery(query);
    const out = new Set<string>();
    if (!q) return out;
    this.prepare();
    const labels = this.labels;
    for (let i = 0; i < labels.length; i++) if (labels[i].includes(q)) out.add(this.ids[i]);
    return out;
  }

  /** Whether the topic's label contains the normalized query `q` (false for an unknown id or empty q). */
  labelMatches(id: string, q: string): boolean {
    if (q === '') return false;
    this.prepare();
    const at = this.slot.get(id);
    return at !== undefined && q !== '' && this.labels[at].includes(q);
  }

  get size(): number {
    this.prepare();
    return this.ids.length;
  }

  private put(id: string, data: NodeData): void {
    const at = this.slot.get(id);
    if (at !== undefined) {
      if (this.sources[at] === data) return;
      this.labels[at] = data.label.toLowerCase();
      this.sources[at] = data;
      return;
    }
    this.slot.set(id, this.ids.length);
    this.ids.push(id);
    this.labels.push(data.label.toLowerCase());
    this.sources.push(data);
  }

  private remove(id: string): void {
    const at = this.slot.get(id);
    if (at === undefined) return;
    const last = this.ids.length - 1;
    if (at !== last) {
      this.ids[at] = this.ids[last];
      this.labels[at] = this.labels[last];
      this.sources[at] = this.sources[last];
      this.slot.set(this.ids[at], at);
    }
    this.ids.pop();
    this.labels.pop();
    this.sources.pop();
    this.slot.delete(id);
  }
}
