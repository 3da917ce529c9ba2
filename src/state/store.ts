/**
 * The store: holds the current MindMapState, applies changes through immer, keeps undo/redo history
 * as immer patches, and tells subscribers exactly what changed (a ChangeSet derived from the patches),
 * so views and the canvas update only what a change touched.
 *
 * History rules: every user-visible change is one step unless made inside a mark (beginMark /
 * commitMark), which folds a whole drag or panel save into one step, or bailed (bailMark) back to the
 * state at the mark. Selection and search are never history steps; their patches are stripped from
 * history entries.
 */
import { enablePatches, produceWithPatches, setAutoFreeze, type Draft, type Patch } from 'immer';
import { createInitialState, type MindMapState } from './doc';
import { HISTORY_LIMIT, HISTORY_WEIGHT_LIMIT, type MindNode } from './model';
import { compactPatches } from './compactPatches';
import { applyPatchesShared } from './patches';
import { tableGet, tableHas, valueIn, type Table } from './table';

enablePatches();
// Freezing walks every new object: O(map) on each import. State is only changed through the store.
setAutoFreeze(false);

export interface ChangeSet {
  /** Nodes, edges, indices or root replaced wholesale (import, clear, template, or undo of those). */
  reset: boolean;
  /** Ids of nodes added, removed or changed. */
  nodes: Set<string>;
  /** Ids of edges added, removed or changed. */
  edges: Set<string>;
  /** Ids whose presence, parent or expanded flag changed: visibility may have changed. */
  structure: Set<string>;
  /** Ids whose list of children changed (gained, lost or reordered children). */
  children: Set<string>;
  /**
   * Ids of topics a layout moved (only their positions changed). A list, not a Set, and not in
   * `nodes`: an auto-layout moves nearly every topic, and hashing 100k ids would cost more than it.
   */
  moved: readonly string[];
  selection: boolean;
  search: boolean;
  settings: boolean;
  /** canUndo / canRedo may have changed. */
  history: boolean;
  /** The change is an undo or redo (follow-up work such as auto-layout must not react to it). */
  undoRedo: boolean;
  /**
   * The change did not start in this store: it came from the document (another tab, a server, or
   * undo/redo through the document's history). It carries no layout positions, so auto-layout lays
   * out again, outside the history.
   */
  external: boolean;
}

export interface HistoryMove {
  kind: 'undo' | 'redo';
  /** The label of the step undone or redone. */
  label: string | null;
}

export function emptyChangeSet(): ChangeSet {
  return {
    reset: false,
    nodes: new Set(),
    edges: new Set(),
    structure: new Set(),
    children: new Set(),
    moved: [],
    selection: false,
    search: false,
    settings: false,
    history: false,
    undoRedo: false,
    external: false,
  };
}

type TableKey = 'nodes' | 'edges' | 'kids' | 'adj';

function addNodeChange(into: ChangeSet, id: string, before: MindNode | undefined, after: MindNode | undefined): void {
  into.nodes.add(id);
  if (!before || !after || before.parentId !== after.parentId || before.data.expanded !== after.data.expanded) {
    into.structure.add(id);
  }
}

/** A bucket-level patch from a bulk edit may name the ids it touched (see bulk.ts). */
export type BulkPatch = Patch & { ids?: readonly string[] };

/**
 * A layout replacing the whole topics table with one that places topics anew (layout/laidOutTable.ts):
 * names the topics that move, and what the step weighs in history (records it keeps alive).
 */
export type LayoutPatch = Patch & { moved: readonly string[]; weight: number };

function isLayoutPatch(p: Patch): p is LayoutPatch {
  return (p as LayoutPatch).moved !== undefined;
}

function addBulkIds(into: ChangeSet, key: TableKey, ids: readonly string[], prev: MindMapState, next: MindMapState, bi: number): void {
  // Every id of the patch lies in bucket `bi`: read it there, without hashing each id again.
  const before = prev.nodes.b[bi];
  const after = next.nodes.b[bi];
  for (const id of ids) {
    if (key === 'nodes') addNodeChange(into, id, valueIn(prev.nodes, before, id), valueIn(next.nodes, after, id));
    else if (key === 'edges') into.edges.add(id);
    else if (key === 'kids') {
      into.nodes.add(id);
      into.children.add(id);
    }
  }
}

/** Names the ids of a bucket-level replacement (bulk edits) by comparing the old and new bucket. */
function diffBucket(into: ChangeSet, key: TableKey, prev: MindMapState, next: MindMapState, bi: number): void {
  const prevTable = prev[key] as Table<unknown>;
  const nextTable = next[key] as Table<unknown>;
  const before = prevTable.b[bi];
  const after = nextTable.b[bi];
  if (before === after) return;
  const visit = (id: string) => {
    const a = valueIn(prevTable, before, id);
    const b = valueIn(nextTable, after, id);
    if (a === b) return;
    if (key === 'nodes') addNodeChange(into, id, a as MindNode | undefined, b as MindNode | undefined);
    else if (key === 'edges') into.edges.add(id);
    else if (key === 'kids') {
      into.nodes.add(id);
      into.children.add(id);
    }
  };
  for (const id in before) visit(id);
  for (const id in after) if (!(id in before)) visit(id);
}

/**
 * What a list of patches changed, read from the patch paths: [table, 'b', bucket, id, ...field] for
 * single edits, [table, 'b', bucket] for bulk edits (diffed against the previous state).
 */
export function changeSetFromPatches(
  patches: readonly Patch[],
  prev: MindMapState,
  next: MindMapState,
  into = emptyChangeSet(),
): ChangeSet {
  for (const p of patches) {
    const path = p.path;
    const head = path[0];
    if (head === 'selectedNodeId') into.selection = true;
    else if (head === 'searchQuery') into.search = true;
    else if (head === 'settings') into.settings = true;
    else if (head === 'rootId') into.reset = true;
    else if (head === 'nodes' || head === 'edges' || head === 'kids' || head === 'adj') {
      if (path[1] === 'n') continue;
      if (path.length === 1 && isLayoutPatch(p)) {
        into.moved = into.moved.length ? into.moved.concat(p.moved) : p.moved;
        continue;
      }
      if (path.length === 3) {
        const ids = (p as BulkPatch).ids;
        if (ids) addBulkIds(into, head, ids, prev, next, Number(path[2]));
        else diffBucket(into, head, prev, next, Number(path[2]));
        continue;
      }
      if (path.length < 3) {
        into.reset = true;
        continue;
      }
      const id = String(path[3]);
      if (head === 'nodes') {
        const field = path[4];
        if (path.length === 4) {
          // A whole topic set, removed, or copied up from the table's base for its first edit.
          addNodeChange(into, id, tableGet(prev.nodes, id), tableGet(next.nodes, id));
        } else if (field === 'parentId' || (field === 'data' && (path.length === 5 || path[5] === 'expanded'))) {
          into.structure.add(id);
        }
        into.nodes.add(id);
      } else if (head === 'edges') {
        into.edges.add(id);
      } else if (head === 'kids') {
        // The topic itself redraws (its chevron); the children's own visibility is covered by their
        // own entries, so this is not a structure change.
        into.nodes.add(id);
        into.children.add(id);
      }
    }
  }
  return into;
}

interface HistoryEntry {
  label: string;
  patches: Patch[];
  inverse: Patch[];
}

interface OpenMark {
  label: string;
  /** The redo steps when the mark began: a bailed mark (a refused drop) changed nothing and keeps them. */
  future: HistoryEntry[];
  patches: Patch[];
  /** Inverse patches of each change in the mark, oldest first; flattened newest-first on commit. */
  inverseChunks: Patch[][];
}

function isHistoryPatch(p: Patch): boolean {
  return p.path[0] !== 'selectedNodeId' && p.path[0] !== 'searchQuery';
}

function appendAll<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
}

/** Records an undo step keeps alive: one per patch, or the ids a bulk patch names. */
function entryWeight(entry: HistoryEntry): number {
  let w = 0;
  for (const p of entry.inverse) w += (p as BulkPatch).ids?.length ?? (isLayoutPatch(p) ? p.weight : 1);
  return w;
}

function flattenNewestFirst(chunks: Patch[][]): Patch[] {
  const out: Patch[] = [];
  for (let i = chunks.length - 1; i >= 0; i--) appendAll(out, chunks[i]);
  return out;
}

export type Recipe = (draft: Draft<MindMapState>) => void;
/**
 * `state`: the store's state now; `before`: the state this change was made to. They differ from one
 * listener to the next when a listener commits a change of its own while hearing one (auto layout
 * after an import): the listeners after it hear that change first, then this one with the state
 * after both.
 */
export type Listener = (changes: ChangeSet, state: MindMapState, before: MindMapState) => void;

export interface TransactOptions {
  /** false for selection, search and other changes that are not undo steps. Default true. */
  history?: boolean;
  /** Fold into the latest undo step instead of making a new one (follow-up work such as auto-layout). */
  amend?: boolean;
}

/**
 * History kept somewhere else than in the store (the document's, see ydoc/undo.ts). The store still
 * says where steps begin and end: `record` is called before a change that is an undo step is emitted,
 * with how it joins the history ('mark': inside beginMark/commitMark; 'amend': folded into the latest
 * step).
 */
export interface HistoryDriver {
  record(label: string, mode: 'step' | 'mark' | 'amend'): void;
  beginMark(label: string): void;
  commitMark(): void;
  /** Reverts the open mark's changes (they come back as an external change set). */
  bailMark(): void;
  undo(): boolean;
  redo(): boolean;
  /** How many topics the last undo or redo left alone because someone else changed them since. */
  keptByLastMove?(): number;
  canUndo(): boolean;
  canRedo(): boolean;
  undoLabel(): string | null;
  redoLabel(): string | null;
  clear(): void;
}

export class MindMapStore {
  private state: MindMapState;
  private driver: HistoryDriver | null = null;
  private move: HistoryMove | null = null;
  private past: HistoryEntry[] = [];
  private future: HistoryEntry[] = [];
  private mark: OpenMark | null = null;
  private listeners = new Set<Listener>();
  private version = 0;
  private readOnlyReason: string | null = null;
  private refusedListeners = new Set<(reason: string) => void>();

  constructor(
    initial: MindMapState = createInitialState(),
    private readonly historyLimit = HISTORY_LIMIT,
    private readonly historyWeightLimit = HISTORY_WEIGHT_LIMIT,
  ) {
    this.state = initial;
  }

  getState = (): MindMapState => this.state;

  /** Increases on every change; handy for useSyncExternalStore snapshots. */
  getVersion = (): number => this.version;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * A read-only map (a view link) refuses every change that would be an undo step: edits, imports,
   * layouts, undo and redo. Selection and search still work. Null makes it editable again.
   */
  setReadOnly(reason: string | null): void {
    if (this.readOnlyReason === reason) return;
    this.readOnlyReason = reason;
    // What can be done changed (undo, redo, every edit): the chrome reads it again.
    const changes = emptyChangeSet();
    changes.history = true;
    this.emit(changes);
  }

  get readOnly(): string | null {
    return this.readOnlyReason;
  }

  /**
   * Whether an edit about to start would be refused (a read-only map); if so the refusal listeners
   * hear why at once, before the user types anything (the in-place title editor asks this).
   */
  refusesEdits(): boolean {
    return this.refuses({});
  }

  /** Hears each refused change (to tell the user why nothing happened). */
  onRefused(listener: (reason: string) => void): () => void {
    this.refusedListeners.add(listener);
    return () => this.refusedListeners.delete(listener);
  }

  private refuses(options: TransactOptions): boolean {
    if (this.readOnlyReason === null || options.history === false) return false;
    for (const l of this.refusedListeners) l(this.readOnlyReason);
    return true;
  }

  /** Applies a change. Returns true if anything changed. */
  transact(label: string, recipe: Recipe, options: TransactOptions = {}): boolean {
    if (this.refuses(options)) return false;
    const [next, patches, inverse] = produceWithPatches(this.state, recipe);
    if (patches.length === 0) return false;
    this.commit(label, next, patches, inverse, options);
    return true;
  }

  /** Applies a change computed outside immer (bulk edits) with its patches and inverse patches. */
  commit(label: string, next: MindMapState, patches: Patch[], inverse: Patch[], options: TransactOptions = {}): void {
    if (this.refuses(options)) return;
    const prev = this.state;
    this.state = next;
    const changes = changeSetFromPatches(patches, prev, next);
    if (options.history !== false) this.record(label, patches, inverse, changes, options.amend ?? false);
    this.emit(changes, prev);
  }

  /**
   * Replaces the whole state without diffing (import, load): O(1) history entry, whole-table patches.
   * Selection and search are reset.
   */
  replace(label: string, next: MindMapState, options: TransactOptions = {}): void {
    if (this.refuses(options)) return;
    const prev = this.state;
    const keys = ['nodes', 'edges', 'kids', 'adj', 'rootId', 'settings'] as const;
    const patches: Patch[] = keys.map((k) => ({ op: 'replace', path: [k], value: next[k] }));
    const inverse: Patch[] = keys.map((k) => ({ op: 'replace', path: [k], value: prev[k] }));
    this.state = { ...next, selectedNodeId: null, searchQuery: '' };
    const changes = emptyChangeSet();
    changes.reset = true;
    changes.selection = true;
    changes.search = prev.searchQuery !== '';
    changes.settings = true;
    if (options.history !== false) this.record(label, patches, inverse, changes);
    this.emit(changes, prev);
  }

  private record(label: string, patches: Patch[], inverse: Patch[], changes: ChangeSet, amend = false): void {
    const fwd = patches.filter(isHistoryPatch);
    if (fwd.length === 0) return;
    if (this.driver) {
      this.driver.record(label, this.mark ? 'mark' : amend ? 'amend' : 'step');
      // The mark only needs to know that something changed: the driver keeps the history.
      if (this.mark && this.mark.patches.length === 0) this.mark.patches.push(fwd[0]);
      changes.history = true;
      return;
    }
    const back = inverse.filter(isHistoryPatch);
    const last = this.past[this.past.length - 1];
    if (amend && !this.mark && last) {
      appendAll(last.patches, fwd);
      last.inverse = back.concat(last.inverse);
    } else if (this.mark) {
      appendAll(this.mark.patches, fwd);
      this.mark.inverseChunks.push(back);
    } else {
      this.pushPast({ label, patches: fwd, inverse: back });
    }
    if (this.future.length) this.future = [];
    changes.history = true;
  }

  /**
   * Adds an undo step, dropping the oldest steps beyond the step limit, and beyond HISTORY_WEIGHT_LIMIT
   * records held (a relayout of 100k topics holds 100k old records; 200 of those would pin gigabytes).
   */
  private pushPast(entry: HistoryEntry): void {
    this.past.push(entry);
    while (this.past.length > this.historyLimit) this.past.shift();
    let weight = 0;
    for (let i = this.past.length - 1; i >= 0; i--) {
      weight += entryWeight(this.past[i]);
      if (weight > this.historyWeightLimit && i < this.past.length - 1) {
        this.past.splice(0, i + 1);
        break;
      }
    }
  }

  /** Starts folding changes into one history step (a drag, a panel save). */
  beginMark(label: string): void {
    if (this.mark) this.commitMark();
    this.mark = { label, future: this.future, patches: [], inverseChunks: [] };
    this.driver?.beginMark(label);
  }

  /** Ends the mark; its changes become one undo step (none if nothing changed). */
  commitMark(): void {
    const mark = this.mark;
    this.mark = null;
    if (mark && this.driver) this.driver.commitMark();
    if (!mark || mark.patches.length === 0) return;
    // One patch per topic the mark changed, not one per pointermove of a drag.
    if (!this.driver) {
      this.pushPast({ label: mark.label, patches: compactPatches(mark.patches), inverse: compactPatches(flattenNewestFirst(mark.inverseChunks)) });
    }
    const changes = emptyChangeSet();
    changes.history = true;
    this.emit(changes);
  }

  /** Ends the mark and rolls the state back to where it began (Escape during a drag). */
  bailMark(): void {
    const mark = this.mark;
    this.mark = null;
    if (this.driver) {
      if (mark && mark.patches.length > 0) this.driver.bailMark();
      else if (mark) this.driver.commitMark();
      return;
    }
    if (!mark || mark.patches.length === 0) return;
    this.future = mark.future;
    this.applyAndEmit(flattenNewestFirst(mark.inverseChunks));
  }

  get inMark(): boolean {
    return this.mark !== null;
  }

  canUndo = (): boolean =>
    (this.driver ? this.driver.canUndo() : this.past.length > 0) || (this.mark?.patches.length ?? 0) > 0;
  canRedo = (): boolean => (this.driver ? this.driver.canRedo() : this.future.length > 0);

  undoLabel = (): string | null =>
    this.driver ? this.driver.undoLabel() : (this.past[this.past.length - 1]?.label ?? null);
  redoLabel = (): string | null =>
    this.driver ? this.driver.redoLabel() : (this.future[this.future.length - 1]?.label ?? null);

  /**
   * Moves history to `driver` (the document's undo manager) or back to the store's own (null).
   * Either way the history starts empty.
   */
  setHistoryDriver(driver: HistoryDriver | null): void {
    this.driver = driver;
    this.past = [];
    this.future = [];
    this.mark = null;
    const changes = emptyChangeSet();
    changes.history = true;
    this.emit(changes);
  }

  undo(): boolean {
    if (this.refuses({})) return false;
    if (this.mark) this.commitMark();
    return this.moving({ kind: 'undo', label: this.undoLabel() }, () => {
      if (this.driver) return this.driver.undo();
      const entry = this.past.pop();
      if (!entry) return false;
      this.future.push(entry);
      this.applyAndEmit(entry.inverse);
      return true;
    });
  }

  redo(): boolean {
    if (this.refuses({})) return false;
    if (this.mark) this.commitMark();
    return this.moving({ kind: 'redo', label: this.redoLabel() }, () => {
      if (this.driver) return this.driver.redo();
      const entry = this.future.pop();
      if (!entry) return false;
      this.past.push(entry);
      this.applyAndEmit(entry.patches);
      return true;
    });
  }

  /** How many topics the last undo or redo left as they were: someone else changed them since. */
  keptByLastMove(): number {
    return this.driver?.keptByLastMove?.() ?? 0;
  }

  /** The undo or redo whose change listeners are hearing now (with the label of its step), else null. */
  get historyMove(): HistoryMove | null {
    return this.move;
  }

  private moving(move: HistoryMove, run: () => boolean): boolean {
    const outer = this.move;
    this.move = move;
    try {
      return run();
    } finally {
      this.move = outer;
    }
  }

  /**
   * Tells subscribers that canUndo / canRedo may read otherwise with no change to the state: the
   * history driver finished writing a step after the change that made it was emitted.
   */
  historyChanged(): void {
    const changes = emptyChangeSet();
    changes.history = true;
    this.emit(changes);
  }

  /** Forgets all history (after a load, for example). */
  clearHistory(): void {
    this.past = [];
    this.future = [];
    this.mark = null;
    this.driver?.clear();
    const changes = emptyChangeSet();
    changes.history = true;
    this.emit(changes);
  }

  /**
   * Applies a change that did not start here (another replica, or undo/redo through the document):
   * never a history step. The change set is flagged `external` (and `undoRedo` when it is one); the
   * selection is cleared if its topic is gone. Returns false when nothing changed.
   */
  applyExternal(recipe: Recipe, undoRedo = false): boolean {
    const [next, patches] = produceWithPatches(this.state, recipe);
    if (patches.length === 0) return false;
    const prev = this.state;
    const changes = changeSetFromPatches(patches, prev, next);
    this.finishExternal(next, changes, undoRedo);
    return true;
  }

  /**
   * Applies a change from elsewhere built without immer (a bulk edit, see bulk.ts): `next` with the
   * patches that name what changed. False when nothing did.
   */
  applyExternalState(next: MindMapState, patches: readonly Patch[], undoRedo = false): boolean {
    if (patches.length === 0) return false;
    const changes = changeSetFromPatches(patches, this.state, next);
    this.finishExternal(next, changes, undoRedo);
    return true;
  }

  /**
   * Applies a change from elsewhere whose result and change set are already known (an undo that
   * puts back a state this store held, see ydoc/stepMemo.ts): `changes` names what differs.
   */
  applyExternalChanges(next: MindMapState, changes: ChangeSet, undoRedo = false): void {
    this.finishExternal(next, changes, undoRedo);
  }

  /** Replaces the map with one built elsewhere (the document rebuilt), keeping selection and search where they still apply. */
  replaceExternal(next: MindMapState, undoRedo = false): void {
    const prev = this.state;
    const changes = emptyChangeSet();
    changes.reset = true;
    changes.settings = true;
    changes.search = prev.searchQuery !== '';
    this.finishExternal({ ...next, selectedNodeId: prev.selectedNodeId, searchQuery: prev.searchQuery }, changes, undoRedo);
  }

  private finishExternal(next: MindMapState, changes: ChangeSet, undoRedo: boolean): void {
    const prev = this.state;
    changes.external = true;
    changes.undoRedo = undoRedo;
    changes.history = true;
    if (next.selectedNodeId !== null && !tableHas(next.nodes, next.selectedNodeId)) {
      next = { ...next, selectedNodeId: null };
      changes.selection = true;
    }
    this.state = next;
    this.emit(changes, prev);
  }

  private applyAndEmit(patches: Patch[]): void {
    const prev = this.state;
    let next = applyPatchesShared(prev, patches);
    const changes = changeSetFromPatches(patches, prev, next);
    changes.history = true;
    changes.undoRedo = true;
    // The selected topic may be gone after undoing its creation.
    if (next.selectedNodeId !== null && !tableHas(next.nodes, next.selectedNodeId)) {
      next = { ...next, selectedNodeId: null };
      changes.selection = true;
    }
    this.state = next;
    this.emit(changes, prev);
  }

  private emit(changes: ChangeSet, before: MindMapState = this.state): void {
    this.version++;
    for (const l of this.listeners) l(changes, this.state, before);
  }
}
