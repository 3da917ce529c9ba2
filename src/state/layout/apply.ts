/**
 * Applying a layout to the map: "Tidy Up" as one undo step, and auto-layout that keeps the map laid
 * out after structural edits by amending the edit's own undo step (so one undo reverts both).
 * A layout is one patch: the topics table laid out anew (laidOutTable.ts), never 100k topic writes.
 */
import type { Patch } from 'immer';
import type { MindMapState } from '../doc';
import type { ChangeSet, LayoutPatch, MindMapStore, TransactOptions } from '../store';
import { LayoutEngine, type LayoutRun } from './engine';
import { laidOutTable } from './laidOutTable';
import { LIMITS } from '../rules';
import type { SizeOf, TidyLayout } from './tidy';

/** Records a layout keeps alive per topic it knows, against the history's limit (see store.ts). */
const SLOTS_PER_RECORD = 8;

/** The state with a layout run's positions; null when nothing moves. */
export function layoutEdit(s: MindMapState, run: LayoutRun): { state: MindMapState; patches: Patch[]; inverse: Patch[] } | null {
  if (run.moved.length === 0) return null;
  const nodes = laidOutTable(s.nodes, run.positions);
  const weight = Math.ceil(run.positions.count / SLOTS_PER_RECORD);
  const patch: LayoutPatch = { op: 'replace', path: ['nodes'], value: nodes, moved: run.moved, weight };
  const inverse: LayoutPatch = { op: 'replace', path: ['nodes'], value: s.nodes, moved: run.moved, weight };
  return { state: { ...s, nodes }, patches: [patch], inverse: [inverse] };
}

/**
 * Lays the whole map out now; false when it already is. `run`: the layout of the map as it stands
 * (its topics' places unchanged since), when the caller has it already (fittingLayout).
 */
export function layOut(store: MindMapStore, kind: TidyLayout, label: string, sizeOf?: SizeOf, options?: TransactOptions, run?: LayoutRun): boolean {
  const s = store.getState();
  const edit = layoutEdit(s, run ?? new LayoutEngine(kind, sizeOf).run(s));
  if (!edit) return false;
  store.commit(label, edit.state, edit.patches, edit.inverse, options);
  return true;
}

export function tidyUp(store: MindMapStore, kind: TidyLayout, sizeOf?: SizeOf, run?: LayoutRun): boolean {
  return layOut(store, kind, `Tidy up (${kind})`, sizeOf, undefined, run);
}

/**
 * The map laid out as `kind`, or null where that would place a topic beyond the coordinates a map
 * may hold (LIMITS.coordinate, the rule every load applies). Why ask first: a layout past them
 * (Tidy Up (Right) of a 100,000-level chain reached 23,000,000) was shown and kept, but an export
 * of it read back with every topic beyond the limit piled on one spot.
 */
export function fittingLayout(s: MindMapState, kind: TidyLayout, sizeOf?: SizeOf): LayoutRun | null {
  const run = new LayoutEngine(kind, sizeOf).run(s);
  return fits(run) ? run : null;
}

function fits(run: LayoutRun): boolean {
  const { x, y, count } = run.positions;
  const max = LIMITS.coordinate;
  for (let i = 0; i < count; i++) if (Math.abs(x[i]) > max || Math.abs(y[i]) > max) return false;
  return true;
}

/** Whether a change set can alter the layout: topics added, removed, collapsed, expanded, reparented or reordered. */
export function affectsLayout(changes: ChangeSet): boolean {
  return changes.reset || changes.structure.size > 0 || changes.children.size > 0;
}

/**
 * Keeps the map laid out while settings.autoLayout is on: after every structural change, and every
 * change of a topic's size (its title), the layout is re-applied and folded into the same undo step.
 * One engine follows the edits in between, so a single add re-stacks only its ancestors (engine.ts).
 *
 * The Layout menu's whole-map layouts (Tidy Up, turning Auto Layout on) are made with the same
 * engine (fitting, then apply), so Auto Layout goes on from them. Why: asking whether a layout fits
 * and then keeping the map laid out laid a 100k map out twice (80–100 ms each).
 */
export class LayoutKeeper {
  private running = false;
  private readonly tooFarListeners = new Set<(kind: TidyLayout) => void>();
  private readonly engine: LayoutEngine;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: MindMapStore,
    sizeOf?: SizeOf,
  ) {
    this.engine = new LayoutEngine('right', sizeOf);
    this.unsubscribe = store.subscribe((changes, state) => this.follow(changes, state));
  }

  stop(): void {
    this.unsubscribe();
  }

  /** Told when an edit would have Auto Layout place topics beyond what a map can hold (it is then turned off). */
  onTooFar(listener: (kind: TidyLayout) => void): () => void {
    this.tooFarListeners.add(listener);
    return () => this.tooFarListeners.delete(listener);
  }

  /**
   * The map as it stands laid out as `kind`, or null where that would not fit (see fittingLayout).
   * Commit it with apply() before anything else changes the map.
   */
  fitting(kind: TidyLayout): LayoutRun | null {
    const run = this.engine.run(this.store.getState(), kind);
    if (fits(run)) return run;
    this.engine.invalidate();
    return null;
  }

  /** Moves the topics where fitting() placed them, as one undo step (or a part of the open mark); false when none moves. */
  apply(run: LayoutRun, label: string): boolean {
    const edit = layoutEdit(this.store.getState(), run);
    if (!edit) return false;
    this.running = true;
    try {
      this.store.commit(label, edit.state, edit.patches, edit.inverse);
    } finally {
      this.running = false;
    }
    return true;
  }

  private follow(changes: ChangeSet, state: MindMapState): void {
    if (this.running) return;
    const engine = this.engine;
    const layout = state.settings.layout;
    if (!state.settings.autoLayout || layout === 'free') {
      engine.invalidate();
      return;
    }
    engine.note(changes);
    // An undo made here brings its layout back; a change from the document (another tab, or undo
    // through the document's history) carries none, so it is laid out again outside the history.
    if (changes.undoRedo && !changes.external) return;
    const sized = changes.nodes.size > 0;
    // A new title (or anything else that changes a topic's size) moves its neighbours too.
    if (!affectsLayout(changes) && !changes.settings && !engine.sizeChanged(changes.nodes)) return;
    // Auto Layout turned on, or the layout changed, right after this engine laid the map out so.
    if (!affectsLayout(changes) && !sized && engine.current(layout)) return;
    this.running = true;
    try {
      const run = engine.run(state, layout);
      const options = changes.external ? { history: false } : { amend: true };
      if (!fits(run)) {
        // As the Layout menu refuses such a layout: the edit stays, its topics where it put them,
        // and Auto Layout goes off in the same step (a paste under a deep chain pushed 285 topics
        // past the limit, and an export then piled them on one spot).
        engine.invalidate();
        this.store.transact('Auto layout', (d) => void (d.settings.autoLayout = false), options);
        for (const listener of this.tooFarListeners) listener(layout);
        return;
      }
      const edit = layoutEdit(state, run);
      if (edit) this.store.commit('Auto layout', edit.state, edit.patches, edit.inverse, options);
    } finally {
      this.running = false;
    }
  }
}

/** A LayoutKeeper on `store`; returns a function that stops it. */
export function keepLaidOut(store: MindMapStore, sizeOf?: SizeOf): () => void {
  const keeper = new LayoutKeeper(store, sizeOf);
  return () => keeper.stop();
}
