/**
 * The two-way binding between a MindMapStore and a Yjs document (shape.ts).
 *
 * Store -> document: each change set of the store becomes one Yjs transaction, written from the
 * ids the change set names (topics, edges, parents whose children changed, topics a layout moved,
 * settings), so an edit costs what it touched, never a diff of the whole map. An undo step is
 * written with the tracked local origin (so DocHistory can undo it); a change that is not a step
 * (a load) with a second, untracked local origin. A reset (import, template, Clear Map) rewrites
 * the content in one transaction. Inside a store mark (a drag) nothing is written until its commit,
 * which writes each changed record once (see markedHistory).
 *
 * Document -> store: a transaction from anywhere else (another tab, later a server, or this tab's
 * own undo/redo) is read from its changed keys per map and applied to the store as an external
 * change set (store.applyExternal): the scene draws it like any other, and it never enters the
 * local history. When the change would need a repair (a topic whose parent is gone, a cycle from
 * concurrent moves), when the map already holds repaired topics, or when it is very large, the map
 * is rebuilt from the document instead (fromDoc), so that every replica shows what fromDoc shows.
 *
 * Auto-layout: while meta says a layout places the topics, the positions it computes are derived
 * data and are not written (an add at 100k moves tens of thousands of topics): every replica lays
 * the map out from the tree (layout/apply.ts keepLaidOut re-runs on external change sets without
 * touching history). Positions are written for hand placement, for Tidy Up, and for every topic when
 * auto-layout is switched off (the laid-out places become hand placement).
 *
 * A document written by a newer build is read-only: nothing is ever written to it.
 */
import { produce } from 'immer';
import type * as Y from 'yjs';
import { childIds, edgeId, layoutPlaces, type MindMapState } from '../doc';
import { DEFAULT_COLOR, type MindEdge, type MindNode } from '../model';
import { beginBulk, EdgeBatch, finishBulk } from '../bulk';
import { editNode } from '../mutations';
import { emptyChangeSet, type ChangeSet, type HistoryDriver, type MindMapStore } from '../store';
import { tableForEach, tableGet, tableHas, tableSet } from '../table';
import { compareOrder } from './orderKeys';
import { fromDoc, linkFits, settingsOf, type FromDocResult } from './fromDoc';
import {
  META,
  SCHEMA_VERSION,
  batchWrites,
  encodeRecord,
  fillingOf,
  isEmptyDoc,
  mapDoc,
  nodeFromRecords,
  treeEdgeFromRecord,
  type MapDoc,
} from './shape';
import {
  beginWholeState,
  isTreeEdge,
  keyUnder,
  toDoc,
  writeChildren,
  writeInsertedChildren,
  writeLink,
  writeSettings,
  writeTopic,
  writeTree,
  writeWholeState,
  type MapFill,
} from './toDoc';
import { DocHistory } from './undo';
import { RecordMerge, type RecordConflict } from './recordMerge';
import { copyChanges, docFields, sameDocFields, unionChanges, withDocFields, type StepMemo } from './stepMemo';

type StackItem = DocHistory['manager']['undoStack'][number];

/**
 * Above this many changed topics and links (or a quarter of the map) a change from elsewhere rebuilds
 * the map instead of patching it.
 */
const PATCH_LIMIT = 5000;
/** A map written in parts elsewhere whose next part does not come in this long is shown as it stands. */
const REMOTE_FILL_WAIT_MS = 5000;

export interface DocBinding {
  readonly doc: Y.Doc;
  /** The origin of this replica's undoable transactions. */
  readonly origin: object;
  /** The document is from a newer build (now or since a newer tab wrote to it): shown, never written. */
  readonly readOnly: boolean;
  readonly history: DocHistory;
  /** A big map is being written into the document in parts (see BindOptions.writeInParts). */
  readonly filling: boolean;
  /** Something is still to be written into the document: a map in parts or a big change (writeLater). */
  readonly writing: boolean;
  /** Hears when `writing` changes. */
  onWriting(listener: (writing: boolean) => void): () => void;
  /** Writes whatever is still waiting to be written into the document, now. */
  settle(): void;
  /**
   * Hears of fields this replica changed that someone else changed at the same time, where theirs
   * stays (recordMerge.ts: their other changes and ours are both kept).
   */
  onConflict(listener: (conflicts: readonly RecordConflict[]) => void): () => void;
  /** Removes the mark of a map whose writing in parts was cut off (meta `filling`), once the user was told. */
  forgetCutOff(): void;
  /**
   * Runs `apply` (stored updates going into the document after binding) with every change shown as
   * it comes: parts of a map written in parts are not held back for their last one (see followFill),
   * which a stored log cut off halfway would never bring.
   */
  catchUp(apply: () => void): void;
  /** Stops syncing and gives the store its own history back. */
  destroy(): void;
}

export interface BindOptions {
  /**
   * Whether an empty document receives the store's map (default true). False for a replica whose
   * content is still on its way (from storage or another tab): writing a fresh root into the
   * document first would merge with, and could win over, the real one.
   */
  seedEmpty?: boolean;
  /**
   * The document's map already built (builtMap.ts, decoded against this document): taken instead of
   * reading the document again.
   */
  prebuilt?: FromDocResult | null;
  /**
   * A map of at least `from` topics replacing the document's content (an import, a restored or
   * adopted map) is written from the next task on (`schedule`), so the page draws it first; with
   * ids the document does not hold, in parts of `part` topics, a task each, so the page stays
   * responsive meanwhile (1-1.5 s of writing for 100k topics). Each part is a transaction that
   * leaves a whole, smaller map in the document (MapFill); all parts are one undo step. Anything
   * else that needs the document first writes the rest at once (settle): a new change, undo or redo,
   * a change from elsewhere. Default: everything is written at once.
   */
  writeInParts?: { from: number; part: number; schedule?: (run: () => void) => void };
  /**
   * A change of this tab's touching at least `from` topics and links (a big branch deleted, pasted
   * or moved) is written by `schedule`, so the page draws it first, in one transaction as any change
   * (one undo step). Anything that needs the document first writes it at once (settle), as for
   * writeInParts. Default: every change is written at once.
   */
  writeLater?: { from: number; schedule: (run: () => void) => void };
}

/**
 * Binds `store` to `doc`. Bind after the stored updates are in the document. An empty document
 * receives the store's map (not an undo step, unless `seedEmpty` is false); otherwise the store takes
 * the document's map. From then on the store's undo/redo go through the document.
 */
export function bindStore(store: MindMapStore, doc: Y.Doc, options: BindOptions = {}): DocBinding {
  return new Binding(store, doc, options.seedEmpty ?? true, options.prebuilt ?? null, options.writeInParts ?? null, options.writeLater ?? null);
}

class Binding implements DocBinding {
  readonly origin = { replica: 'local' };
  /** Local writes that are not undo steps. */
  private readonly quiet = { replica: 'local, not a step' };
  /** Records written again with what this replica changed, over a concurrent write from elsewhere: read as a change from elsewhere. */
  private readonly merging = { replica: 'local, merged with a write from elsewhere' };
  private readonly merges: RecordMerge;
  private readonly conflictListeners = new Set<(conflicts: readonly RecordConflict[]) => void>();
  private newer = false;
  readonly history: DocHistory;
  private readonly d: MapDoc;
  private placing: boolean;
  /** How many topics the last rebuild placed elsewhere than their records say (see fromDoc). */
  private repaired = 0;
  /** Link records that are not in the state (an end missing, or shadowed by a tree edge). */
  private dormant = new Set<string>();
  private readonly unsubscribe: () => void;
  /** What the open mark changed, written once at its commit (null while no mark is open). */
  private pending: ChangeSet | null = null;
  private pendingMoved = new Set<string>();
  /** The store's state when the mark opened, and whether a layout placed the topics then. */
  private markBase: MindMapState | null = null;
  private markWasPlacing = false;
  /** The store's state the document last caught up with (written, or received from elsewhere). */
  private lastState: MindMapState;
  /** A map being written in parts elsewhere: rebuilt when its last part comes, or when this runs out. */
  private remoteFill: ReturnType<typeof setTimeout> | null = null;
  private catchingUp = false;
  /** The map being written in parts (its MapFill once the first part began it), with the origin its parts carry. */
  private fill: { state: MindMapState; fill: MapFill | null; origin: object } | null = null;
  /** A big change waiting for its write (see BindOptions.writeLater). */
  private later: { changes: ChangeSet; state: MindMapState; wasPlacing: boolean; before: MindMapState; origin: object } | null = null;
  private readonly writingListeners = new Set<(writing: boolean) => void>();
  /** Document transactions seen, from any origin (a step memo holds while none came after it). */
  private rev = 0;
  /** The newest step's states, while they can stand in for reading the document (stepMemo.ts). */
  private memo: StepMemo<StackItem> | null = null;
  /** The step a tracked transaction now running writes (its state before and after). */
  private writingStep: { before: MindMapState; after: MindMapState; changes: ChangeSet } | null = null;
  /** The memo the undo or redo now running may put back instead of reading the document. */
  private replaying: StepMemo<StackItem> | null = null;
  /** `rev` when the open mark began: its write is a memo only if nothing came in meanwhile. */
  private markRev = -1;
  /** An auto-layout pass moved topics since the last write (see onStoreChange). */
  private unwrittenPass = false;

  constructor(
    private readonly store: MindMapStore,
    readonly doc: Y.Doc,
    seedEmpty: boolean,
    prebuilt: FromDocResult | null,
    private readonly parts: NonNullable<BindOptions['writeInParts']> | null,
    private readonly deferBig: NonNullable<BindOptions['writeLater']> | null,
  ) {
    this.d = mapDoc(doc);
    this.merges = new RecordMerge(
      doc,
      new Map([
        [this.d.tree.y, 'tree'],
        [this.d.topic.y, 'topic'],
        [this.d.link.y, 'link'],
      ]),
    );
    if (isEmptyDoc(this.d)) {
      if (seedEmpty) toDoc(doc, store.getState(), this.quiet);
    } else {
      const r = prebuilt ?? fromDoc(this.d);
      this.newer = r.newer;
      this.dormant = new Set(r.dormantLinks);
      store.replaceExternal(r.state);
      this.writeRepairs(r.repaired);
    }
    this.placing = layoutPlaces(store.getState().settings);
    this.lastState = store.getState();
    // The undo manager listens first, so its stacks are up to date when the store hears of an undo.
    this.history = new DocHistory(this.d, this.origin, {
      parentOf: (id) => tableGet(this.store.getState().nodes, id)?.parentId,
      childrenOf: (id) => childIds(this.store.getState(), id),
    });
    doc.on('afterTransaction', this.onTransaction);
    store.setHistoryDriver(this.markedHistory(this.history));
    this.unsubscribe = store.subscribe(this.onStoreChange);
  }

  get readOnly(): boolean {
    return this.newer;
  }

  get filling(): boolean {
    return this.fill !== null;
  }

  get writing(): boolean {
    return this.fill !== null || this.later !== null;
  }

  /** Tells the listeners when `writing` is no longer what it was. */
  private writingChanged(was: boolean): void {
    if (this.writing !== was) for (const l of this.writingListeners) l(this.writing);
  }

  onConflict(listener: (conflicts: readonly RecordConflict[]) => void): () => void {
    this.conflictListeners.add(listener);
    return () => this.conflictListeners.delete(listener);
  }

  onWriting(listener: (writing: boolean) => void): () => void {
    this.writingListeners.add(listener);
    return () => this.writingListeners.delete(listener);
  }

  settle(): void {
    this.writeLaterNow();
    while (this.fill) this.writePart(Number.POSITIVE_INFINITY);
  }

  catchUp(apply: () => void): void {
    this.catchingUp = true;
    try {
      apply();
    } finally {
      this.catchingUp = false;
    }
  }

  forgetCutOff(): void {
    if (this.readOnly || this.filling || !this.d.meta.has(META.filling)) return;
    this.doc.transact(() => this.d.meta.delete(META.filling), this.quiet);
  }

  destroy(): void {
    this.settle();
    if (this.remoteFill) clearTimeout(this.remoteFill);
    this.flushMark();
    this.unsubscribe();
    this.doc.off('afterTransaction', this.onTransaction);
    this.history.destroy();
    this.store.setHistoryDriver(null);
  }

  // ---------------------------------------------------------------------------------------------
  // Marks: a drag (or Tidy Up) is written once, at its commit

  /**
   * The document's history, with the store's marks turned into deferred writes: while a mark is
   * open nothing is written; its commit writes each record the mark changed once (its final value)
   * in one transaction with the tracked origin, so it is one undo step, one stored update and one
   * message to other tabs; a bail writes nothing and puts the touched topics back from the document.
   */
  private markedHistory(h: DocHistory): HistoryDriver {
    // A new step, an undo or a redo must not share its stack item (or its document) with a map still
    // being written in parts: the rest is written first.
    return {
      record: (label, mode) => {
        this.settle();
        h.record(label, mode);
      },
      beginMark: (label) => {
        this.settle();
        this.flushMark();
        this.pending = emptyChangeSet();
        this.pendingMoved = new Set();
        this.markBase = this.store.getState();
        this.markRev = this.rev;
        this.markWasPlacing = this.placing;
        h.beginMark(label);
      },
      commitMark: () => {
        this.flushMark();
        h.commitMark();
      },
      bailMark: () => {
        const bailed = this.pending;
        const base = this.markBase;
        this.pending = null;
        this.markBase = null;
        h.bailMark();
        if (bailed && base) this.restoreFromDoc(bailed, base);
      },
      undo: () => {
        this.settle();
        return this.replay(h.manager.undoStack, () => h.undo());
      },
      redo: () => {
        this.settle();
        return this.replay(h.manager.redoStack, () => h.redo());
      },
      keptByLastMove: () => h.keptByLastMove(),
      // A step waiting for its write (a map in parts, or writeLater) is already this tab's newest one.
      canUndo: () => this.stepUnwritten || h.canUndo(),
      canRedo: () => !this.stepUnwritten && h.canRedo(),
      undoLabel: () => (this.stepUnwritten ? h.nextLabel() : h.undoLabel()),
      redoLabel: () => (this.stepUnwritten ? null : h.redoLabel()),
      clear: () => {
        this.settle();
        this.flushMark();
        h.clear();
      },
    };
  }

  private collect(changes: ChangeSet): void {
    const p = this.pending!;
    // As any new change does (and as the store's own history does), the mark's first change ends
    // redo; a bailed mark changed nothing and brings it back.
    this.history.holdRedo();
    p.reset ||= changes.reset;
    p.settings ||= changes.settings;
    for (const id of changes.nodes) p.nodes.add(id);
    for (const id of changes.edges) p.edges.add(id);
    for (const id of changes.structure) p.structure.add(id);
    for (const id of changes.children) p.children.add(id);
    for (const id of changes.moved) this.pendingMoved.add(id);
  }

  /** Writes what the open mark changed, from the store's current state, as one undo step. */
  private flushMark(): void {
    const p = this.pending;
    if (!p) return;
    const base = this.markBase;
    this.pending = null;
    this.markBase = null;
    if (this.readOnly) return;
    const changes: ChangeSet = { ...p, moved: Array.from(this.pendingMoved) };
    if (!hasContent(changes)) return;
    this.upgradeSchema();
    const now = this.store.getState();
    // Nothing came in during the mark: the document still holds what `base` holds.
    const step = base && this.markRev === this.rev ? base : null;
    this.writeStep(changes, now, this.markWasPlacing, base, this.origin, step);
    this.lastState = now;
  }

  /**
   * A bailed mark: the document still holds the records from before it (and every change from
   * elsewhere since), so the topics it touched are read back from there, not from inverse patches
   * that would also revert a rename another tab made meanwhile.
   */
  private restoreFromDoc(p: ChangeSet, base: MindMapState): void {
    if (p.reset) {
      this.rebuild(true);
      return;
    }
    this.readBack(p);
    // While a layout places topics their places are not in the document: the ones the mark moved
    // go back to where they stood when it began.
    if (!layoutPlaces(this.store.getState().settings)) return;
    const moved = [...p.nodes, ...this.pendingMoved].filter((id) => {
      const now = tableGet(this.store.getState().nodes, id);
      const was = tableGet(base.nodes, id);
      return now && was && (now.position.x !== was.position.x || now.position.y !== was.position.y);
    });
    if (moved.length === 0) return;
    this.store.applyExternal((draft) => {
      for (const id of moved) {
        const was = tableGet(base.nodes, id)!;
        const node = editNode(draft, id);
        if (node) node.position = { ...was.position };
      }
    }, true);
  }

  private readBack(p: ChangeSet): void {
    const s = this.store.getState();
    const topics = new Set<string>([...p.nodes, ...p.structure, ...this.pendingMoved]);
    const tree = new Set<string>(topics);
    for (const parent of p.children) for (const k of childIds(s, parent)) tree.add(k);
    for (const id of p.edges) {
      const e = tableGet(s.edges, id);
      if (e) tree.add(e.target);
    }
    const meta = p.settings ? [META.layout, META.autoLayout] : [];
    const big = tree.size + p.edges.size > Math.max(PATCH_LIMIT, s.nodes.n / 4);
    if (big || this.repaired > 0 || !this.patch(Array.from(tree), Array.from(topics), Array.from(p.edges), meta, true)) {
      this.rebuild(true);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Store -> document

  private onStoreChange = (changes: ChangeSet, state: MindMapState): void => {
    // Only what reaches the document moves lastState: a layout pass that another subscriber runs
    // inside this change's delivery may arrive first, holding the children this change added.
    const before = this.lastState;
    if (changes.external) {
      this.lastState = state;
      this.placing = layoutPlaces(state.settings);
      return;
    }
    if (!hasContent(changes)) return;
    const wasPlacing = this.placing;
    this.placing = layoutPlaces(state.settings);
    if (this.readOnly) return;
    if (!changes.reset && !changes.settings && changes.moved.length > 0 && changes.nodes.size === 0 && changes.edges.size === 0 && wasPlacing && this.placing) {
      // An auto-layout pass: derived positions only. The memo's change sets would not name them
      // (this pass can come before the write of the change it follows), so no memo spans it.
      this.memo = null;
      this.unwrittenPass = true;
      return;
    }
    this.settle();
    if (this.pending && changes.history) {
      this.collect(changes);
      return;
    }
    const origin = changes.history ? this.origin : this.quiet;
    this.lastState = state;
    if (changes.reset && this.parts && state.nodes.n >= this.parts.from) {
      this.startParts(state, origin);
      return;
    }
    if (!changes.reset && this.deferBig && changeSize(changes) >= this.deferBig.from) {
      this.later = { changes, state, wasPlacing, before, origin };
      this.writingChanged(false);
      const later = this.later;
      this.deferBig.schedule(() => {
        if (this.later !== later) return;
        this.writeLaterNow();
        this.historyWritten();
      });
      return;
    }
    this.upgradeSchema();
    this.writeStep(changes, state, wasPlacing, before, origin, before);
  };

  /** Writes one change set in one transaction; `stepBefore`: the state the document holds now, for the memo. */
  private writeStep(changes: ChangeSet, state: MindMapState, wasPlacing: boolean, before: MindMapState | null, origin: object, stepBefore: MindMapState | null): void {
    this.writingStep = origin === this.origin && stepBefore ? { before: stepBefore, after: state, changes } : null;
    try {
      this.doc.transact(() => batchWrites(this.d, () => this.write(changes, state, wasPlacing, before)), origin);
    } finally {
      this.writingStep = null;
      this.unwrittenPass = false;
    }
  }

  /** Keeps (or extends, for a step written in more than one transaction) the memo of the step just written. */
  private noteStep(): void {
    const step = this.writingStep;
    const added = this.history.takeAdded();
    const stack = this.history.manager.undoStack;
    const top = stack[stack.length - 1];
    const memo = this.memo;
    if (!step || !top || this.unwrittenPass) this.memo = null;
    else if (added === top) {
      this.memo = { item: top, before: docFields(step.before), after: docFields(step.after), changes: copyChanges(step.changes), rev: this.rev };
    } else if (memo && memo.item === top && memo.rev === this.rev - 1 && sameDocFields(memo.after, step.before)) {
      this.memo = { item: top, before: memo.before, after: docFields(step.after), changes: unionChanges(memo.changes, step.changes), rev: this.rev };
    } else this.memo = null;
  }

  /**
   * Runs an undo or redo of the step on top of `stack`; when the memo is that step and still holds,
   * the transaction it makes is answered from the memo (see applyMemo).
   */
  private replay(stack: readonly StackItem[], run: () => boolean): boolean {
    const memo = this.memo;
    this.replaying = memo && memo.item === stack[stack.length - 1] && memo.rev === this.rev ? memo : null;
    try {
      return run();
    } finally {
      this.replaying = null;
    }
  }

  /**
   * The undo (or redo) of the memo's step, just made: the store gets the memo's other state back,
   * and the memo turns into the step now on the other stack. False (nothing done) where it does not hold.
   */
  private applyMemo(memo: StepMemo<StackItem>, undo: boolean): boolean {
    const s = this.store.getState();
    if (memo.rev !== this.rev - 1 || !sameDocFields(s, memo.after)) return false;
    if (this.pending || this.fill || this.later || this.remoteFill || this.repaired > 0 || this.dormant.size > 0 || this.newer) return false;
    const m = this.history.manager;
    const stack = undo ? m.redoStack : m.undoStack;
    const item = stack[stack.length - 1];
    const rev = this.rev;
    this.store.applyExternalChanges(withDocFields(s, memo.before), copyChanges(memo.changes), true);
    this.memo = item ? { item, before: memo.after, after: memo.before, changes: memo.changes, rev } : null;
    return true;
  }

  /** Whether a change waiting for its write (in parts, or later) is an undo step. */
  private get stepUnwritten(): boolean {
    return (this.later !== null && this.later.origin === this.origin) || (this.fill !== null && this.fill.origin === this.origin);
  }

  /**
   * A step's write finished in a task of its own, outside any change of the store: its listeners
   * hear that the history may read otherwise now (the step in the undo manager's stack, not waiting).
   */
  private historyWritten(): void {
    this.store.historyChanged();
  }

  /** Writes the big change waiting for its write (writeLater), if any. */
  private writeLaterNow(): void {
    const l = this.later;
    if (!l) return;
    this.later = null;
    this.upgradeSchema();
    this.writeStep(l.changes, l.state, l.wasPlacing, l.before, l.origin, l.before);
    this.writingChanged(true);
  }

  /** A big reset: written in parts, from the next task on (the page draws the map first). */
  private startParts(state: MindMapState, origin: object): void {
    const was = this.writing;
    this.fill = { state, fill: null, origin };
    this.writingChanged(was);
    this.scheduleNextPart();
  }

  private scheduleNextPart(): void {
    const schedule = this.parts?.schedule ?? ((run: () => void) => setTimeout(run, 0));
    const fill = this.fill;
    schedule(() => {
      if (this.fill !== fill) return;
      this.writePart(this.parts!.part);
      if (this.fill === fill) this.scheduleNextPart();
      else this.historyWritten();
    });
  }

  /**
   * The first part makes the document's content the state's where it can at once (meta, records no
   * longer there removed) and, if none of the map's records is left in it, marks the document
   * (META.filling) until the last part; otherwise (ids it already holds) it compares and writes
   * every record, and that is all.
   */
  private writePart(budget: number): void {
    const f = this.fill!;
    const d = this.d;
    let done = false;
    if (f.fill === null) this.upgradeSchema();
    this.doc.transact(() => {
      batchWrites(d, () => {
        if (f.fill === null) {
          f.fill = beginWholeState(d, f.state);
          if (f.fill === null) {
            done = true;
            return;
          }
          d.meta.set(META.filling, f.state.nodes.n);
        }
        done = f.fill.step(d, budget);
      });
      if (done) d.meta.delete(META.filling);
    }, f.origin);
    if (!done) return;
    const was = this.writing;
    this.fill = null;
    this.writingChanged(was);
  }

  /**
   * Before this build writes records (in its schema's form) into a document an older schema wrote,
   * it says so in the document, outside the undo history, so that older builds open it read-only.
   */
  private upgradeSchema(): void {
    const meta = this.d.meta;
    if (meta.get(META.schemaVersion) !== SCHEMA_VERSION) this.doc.transact(() => meta.set(META.schemaVersion, SCHEMA_VERSION), this.quiet);
  }

  /** `before`: the state the document held before these changes (new children get keys from their neighbours). */
  private write(changes: ChangeSet, s: MindMapState, wasPlacing: boolean, before: MindMapState | null): void {
    const d = this.d;
    if (changes.reset) {
      writeWholeState(d, s);
      return;
    }
    if (changes.settings) {
      writeSettings(d, s);
      // Auto-layout switched off: the places it computed become hand placement.
      if (wasPlacing && !this.placing) tableForEach(s.nodes, (_, id) => writeTopic(d, s, id));
    }
    const reorder = new Set<string>(changes.children);
    const visitNode = (id: string) => {
      const node = tableGet(s.nodes, id);
      if (!node) {
        if (d.tree.has(id)) d.tree.delete(id);
        if (d.topic.has(id)) d.topic.delete(id);
        return;
      }
      writeTopic(d, s, id, this.placing);
      if (node.parentId === null) writeTree(d, s, id, keyUnder(d, id, null) ?? 'a0');
      else if (keyUnder(d, id, node.parentId) === undefined) reorder.add(node.parentId);
    };
    for (const id of changes.nodes) visitNode(id);
    for (const id of changes.structure) if (!changes.nodes.has(id)) visitNode(id);
    for (const parent of reorder) {
      if (!tableHas(s.nodes, parent)) continue;
      if (!before || !writeInsertedChildren(d, before, s, parent, this.repaired === 0)) writeChildren(d, s, parent);
    }
    for (const id of changes.edges) {
      writeLink(d, s, id);
      const edge = tableGet(s.edges, id);
      // A tree edge goes only with its topic or a move, both written above; its look can change alone.
      if (edge && isTreeEdge(s, edge)) {
        const key = keyUnder(d, edge.target, edge.source);
        if (key !== undefined) writeTree(d, s, edge.target, key);
      }
    }
    if (!this.placing) for (const id of changes.moved) writeTopic(d, s, id);
  }

  // ---------------------------------------------------------------------------------------------
  // Document -> store

  private onTransaction = (tr: Y.Transaction): void => {
    // Y.UndoManager's own bookkeeping (clearing a stack) runs transactions that change nothing.
    if (tr.changed.size === 0) return;
    const merged = this.merges.read(tr);
    this.applyTransaction(tr);
    if (merged.rewrites.length > 0 && !this.readOnly) {
      // A transaction of its own, run once this one is done (Yjs queues it): read like any change
      // from elsewhere, so the state takes the merged records.
      this.doc.transact(() => {
        for (const r of merged.rewrites) r.map.set(r.key, encodeRecord(r.value));
      }, this.merging);
    }
    if (merged.conflicts.length > 0) for (const l of this.conflictListeners) l(merged.conflicts);
  };

  private applyTransaction(tr: Y.Transaction): void {
    this.rev++;
    if (tr.origin === this.origin) {
      this.noteStep();
      return;
    }
    if (tr.origin === this.quiet) {
      this.memo = null;
      return;
    }
    const replaying = this.replaying;
    this.replaying = null;
    // The change is read against the whole map: its records are all written first.
    this.settle();
    this.memo = null;
    const d = this.d;
    const keys = (type: Y.Map<unknown>) => {
      const set = tr.changed.get(type as never);
      return set ? (Array.from(set).filter((k) => k !== null) as string[]) : [];
    };
    const tree = keys(d.tree.y);
    const topic = keys(d.topic.y);
    const link = keys(d.link.y);
    const meta = keys(d.meta);
    if (tree.length + topic.length + link.length + meta.length === 0) return;
    const undoRedo = tr.origin === this.history.manager;
    if (undoRedo && replaying && this.applyMemo(replaying, this.history.manager.undoing)) return;
    if (this.followFill(meta, undoRedo)) return;
    if (
      meta.includes(META.rootId) ||
      meta.includes(META.schemaVersion) ||
      this.stopsPlacing(meta) ||
      this.repaired > 0 ||
      changedRecords(tree, topic, link) > Math.max(PATCH_LIMIT, this.store.getState().nodes.n / 4) ||
      !this.patch(tree, topic, link, meta, undoRedo)
    ) {
      this.rebuild(undoRedo);
    }
  }

  /**
   * Whether the document's layout settings now leave topics where they are stored, where the state's
   * still had a layout place them. The places the layout computed were never stored: every topic
   * goes back to its stored place. Where auto-layout was switched off by hand the same change wrote
   * every place anyway; an undo of the step that switched it on wrote none (and showed the layout's
   * places while the document, and so the next reload, held the ones from before).
   */
  private stopsPlacing(meta: readonly string[]): boolean {
    if (!meta.includes(META.layout) && !meta.includes(META.autoLayout)) return false;
    return layoutPlaces(this.store.getState().settings) && !layoutPlaces(settingsOf(this.d));
  }

  /**
   * A map written in parts elsewhere (another tab, another device: META.filling set by its first
   * part, removed by its last) replaces the whole content: its parts are not applied one by one (a
   * patch of 2,000 topics each, three times the work of one rebuild for 100k topics), the map is
   * rebuilt once its last part is in. If no part comes for a while (that writer closed), what came
   * is shown. True when the transaction was taken care of here.
   */
  private followFill(meta: readonly string[], undoRedo: boolean): boolean {
    const started = !this.catchingUp && meta.includes(META.filling) && fillingOf(this.d) !== null;
    if (!this.remoteFill && !started) return false;
    if (this.remoteFill) clearTimeout(this.remoteFill);
    this.remoteFill = null;
    if (fillingOf(this.d) === null || undoRedo) {
      this.rebuild(undoRedo);
      return true;
    }
    this.remoteFill = setTimeout(() => {
      this.remoteFill = null;
      this.rebuild(false);
    }, REMOTE_FILL_WAIT_MS);
    return true;
  }

  private rebuild(undoRedo: boolean): void {
    const r = fromDoc(this.d);
    // A newer build may start writing to a document this tab has open: from then on, only read.
    if (r.newer) this.newer = true;
    this.dormant = new Set(r.dormantLinks);
    this.store.replaceExternal(this.pending && this.markBase ? this.keepMarked(r.state) : r.state, undoRedo);
    this.writeRepairs(r.repaired);
  }

  /** A rebuild during an open mark: the topics the mark changed keep what it changed (see keepLocal). */
  private keepMarked(next: MindMapState): MindMapState {
    const s = this.store.getState();
    const base = this.markBase!;
    const ids = new Set([...this.pending!.nodes, ...this.pendingMoved]);
    return produce(next, (draft) => {
      for (const id of ids) {
        const node = tableGet(draft.nodes, id);
        if (!node) continue;
        const copy = { ...node };
        keepLocal(copy, tableGet(s.nodes, id), tableGet(base.nodes, id));
        tableSet(draft.nodes, id, copy);
      }
    });
  }

  /**
   * Writes the places a rebuild repaired (an orphan or a cut cycle under the root) into the document,
   * as a change that is not an undo step. Every replica repairs the same way, so their writes agree;
   * and once written, later remote changes no longer need a rebuild. A read-only document keeps its
   * records: the repair is then redone on each change.
   *
   * Nothing is written while the document holds updates still waiting for what they build on: Yjs
   * applies an update's deletions at once and its insertions only when their dependencies arrive, so
   * a rename that overtakes the add before it leaves the renamed topic without a record for a while.
   * Its children would look orphaned, and writing that repair would move them for everyone, for good.
   */
  private writeRepairs(ids: readonly string[]): void {
    this.repaired = ids.length;
    if (ids.length === 0 || this.readOnly || hasPending(this.doc)) return;
    const s = this.store.getState();
    this.upgradeSchema();
    this.doc.transact(() => {
      for (const id of ids) {
        const o = this.d.tree.get(id)?.order;
        writeTree(this.d, s, id, typeof o === 'string' ? o : '');
      }
    }, this.quiet);
    this.repaired = 0;
  }

  /**
   * Applies a remote change to the store as a patch; false (and nothing done) when it needs a
   * repair, which only a rebuild does the way every replica does it.
   */
  private patch(treeKeys: string[], topicKeys: string[], linkKeys: string[], metaKeys: string[], undoRedo: boolean): boolean {
    const d = this.d;
    const s = this.store.getState();
    const rootId = s.rootId;
    const present = (id: string) => d.tree.get(id) !== undefined && d.topic.get(id) !== undefined;
    const treeChanged = new Set(treeKeys);

    const removed = new Set<string>();
    const upsert = new Set<string>();
    /** Parents read from the document: topics whose tree record changed, or new ones. */
    const newParent = new Map<string, string | null>();
    for (const id of new Set([...treeKeys, ...topicKeys])) {
      const inState = tableHas(s.nodes, id);
      if (!present(id)) {
        if (inState) {
          if (id === rootId) return false;
          removed.add(id);
        }
        continue;
      }
      upsert.add(id);
      if (!treeChanged.has(id) && inState) continue;
      const p = d.tree.get(id)!.parent;
      if (id === rootId) {
        if (p !== null) return false;
        newParent.set(id, null);
      } else newParent.set(id, p);
    }
    const exists = (id: string) => upsert.has(id) || (tableHas(s.nodes, id) && !removed.has(id));
    const parentAfter = (id: string): string | null | undefined =>
      newParent.has(id) ? newParent.get(id) : tableGet(s.nodes, id)?.parentId;
    for (const [id, p] of newParent) {
      if (id !== rootId && (typeof p !== 'string' || p === id || !exists(p))) return false;
    }
    for (const r of removed) {
      for (const k of childIds(s, r)) if (!removed.has(k) && !(newParent.has(k) && newParent.get(k) !== r)) return false;
    }
    // Every moved or new topic must still hang from the root (concurrent moves can make a cycle).
    const reaches = new Set<string>([rootId]);
    for (const id of newParent.keys()) {
      const path: string[] = [];
      let x: string | null | undefined = id;
      while (x != null && !reaches.has(x)) {
        if (path.length > s.nodes.n + newParent.size) return false;
        path.push(x);
        x = parentAfter(x);
      }
      if (x == null) return false;
      for (const p of path) reaches.add(p);
    }
    // A path can only loop back onto itself without reaching the root; the length bound catches it.

    const affected = new Set<string>();
    for (const r of removed) {
      const p = tableGet(s.nodes, r)?.parentId;
      if (p != null && !removed.has(p)) affected.add(p);
    }
    for (const id of upsert) {
      const before = tableGet(s.nodes, id)?.parentId;
      const after = parentAfter(id);
      if (before != null && exists(before)) affected.add(before);
      if (after != null && (treeChanged.has(id) || before === undefined)) affected.add(after);
    }

    // The settings this change leaves (a change that switches auto-layout off carries the places).
    const placing = layoutPlaces(settingsOf(d));
    const relink = new Set<string>(linkKeys);
    for (const id of this.dormant) relink.add(id);

    // Written as a bulk edit (bulk.ts), not through immer: an undo that brings back a 10,000-topic
    // branch would otherwise draft every bucket and list it reads.
    const w = beginBulk(s);
    const edges = new EdgeBatch(w);
    let settings = s.settings;
    if (metaKeys.includes(META.layout) || metaKeys.includes(META.autoLayout)) {
      const next = settingsOf(d);
      if (settings.layout !== next.layout || settings.autoLayout !== next.autoLayout) {
        settings = { ...settings, layout: next.layout, autoLayout: next.autoLayout };
      }
    }
    for (const r of removed) {
      const adj = w.adj.get(r);
      if (adj) for (const eid of adj) {
        edges.delete(eid);
        relink.add(eid);
      }
      w.kids.delete(r);
      w.nodes.delete(r);
    }
    for (const id of upsert) {
      const before = w.nodes.get(id);
      const parent = parentAfter(id) ?? null;
      const node = nodeFromRecords(id, parent, d.topic.get(id)!, id === rootId);
      // While a layout places topics, their places are derived here, not read from the records.
      if (before && placing) node.position = { x: before.position.x, y: before.position.y };
      // A topic the open mark changed keeps what the mark changed (a drag's place) under a remote edit.
      if (this.markBase && (this.pending?.nodes.has(id) || this.pendingMoved.has(id))) {
        keepLocal(node, tableGet(s.nodes, id), tableGet(this.markBase.nodes, id));
      }
      // Frozen (shallowly): later edits go through immer drafts, which copy it.
      w.nodes.set(id, Object.freeze(node));
      if (!treeChanged.has(id) && before) continue;
      for (const p of [before?.parentId, parent]) {
        if (p != null) relink.add(edgeId(p, id)).add(edgeId(id, p));
      }
      if (before && before.parentId !== null) {
        const old = edgeId(before.parentId, id);
        const e = edges.get(old);
        if (e && e.source === before.parentId) {
          edges.delete(old);
          relink.add(old);
        }
      }
      if (parent !== null) {
        const color = w.nodes.get(parent)?.data.color ?? d.topic.get(parent)?.data?.color;
        const edge = treeEdgeFromRecord(parent, id, d.tree.get(id)!, color ?? DEFAULT_COLOR, node.connectionType === 'middle');
        edges.delete(edge.id);
        edges.insert(Object.freeze(edge));
      }
    }
    const order = (id: string) => {
      const o = d.tree.get(id)?.order;
      return typeof o === 'string' ? o : '';
    };
    // The topics each parent receives, found once (a restored chain has as many parents as topics).
    const arriving = new Map<string, string[]>();
    for (const id of upsert) {
      const p = parentAfter(id);
      if (p == null) continue;
      const list = arriving.get(p);
      if (list) list.push(id);
      else arriving.set(p, [id]);
    }
    for (const p of affected) {
      if (!exists(p)) continue;
      // The children that stay where they were, in the order they had, and the ones that arrive
      // (new, moved in, or given a new place among their siblings).
      const stay: string[] = [];
      const arrive: string[] = [];
      const seen = new Set<string>();
      for (const k of w.kids.get(p) ?? []) {
        if (exists(k) && parentAfter(k) === p && !seen.has(k)) {
          (treeChanged.has(k) ? arrive : stay).push(k);
          seen.add(k);
        }
      }
      for (const id of arriving.get(p) ?? []) if (!seen.has(id)) {
        arrive.push(id);
        seen.add(id);
      }
      // Outside a mark the state's lists follow the document's order, so the ones that stay are in
      // order already and only the arrivals are placed (a few key reads each, not a sort of all).
      const list = !this.pending && arrive.length * 8 <= stay.length ? mergeByOrder(stay, arrive, order) : [...stay, ...arrive].sort((a, b) => compareOrder(order(a), a, order(b), b));
      const cur = w.kids.get(p);
      if (list.length === 0) {
        if (cur) w.kids.delete(p);
      } else if (!cur || cur.length !== list.length || cur.some((v, i) => v !== list[i])) {
        w.kids.set(p, Object.freeze(list) as string[]);
      }
    }
    const parentOf = {
      has: (id: string) => w.nodes.get(id) !== undefined,
      get: (id: string) => w.nodes.get(id)?.parentId,
    };
    const isTree = (e: MindEdge) => {
      const target = w.nodes.get(e.target);
      return target !== undefined && target.parentId === e.source && e.id === edgeId(e.source, e.target);
    };
    // A link's fate depends on its reverse too (see linkFits).
    for (const id of Array.from(relink)) {
      const ends = splitEdgeId(id, d);
      if (ends) relink.add(edgeId(ends[1], ends[0]));
    }
    for (const id of relink) {
      const rec = d.link.get(id);
      const edge = linkFits(d, id, parentOf);
      const cur = edges.get(id);
      if (edge) {
        this.dormant.delete(id);
        if (cur && isTree(cur)) continue;
        if (cur && cur.source === edge.source && cur.target === edge.target && cur.animated === edge.animated &&
          cur.style.stroke === edge.style.stroke && cur.style.strokeWidth === edge.style.strokeWidth) continue;
        if (cur) edges.delete(id);
        edges.insert(edge);
      } else {
        if (cur && !isTree(cur)) edges.delete(id);
        if (rec !== undefined) this.dormant.add(id);
        else this.dormant.delete(id);
      }
    }
    edges.finish();
    const done = finishBulk(s, w);
    const patches = done.patches;
    let next = done.state;
    if (settings !== s.settings) {
      next = { ...next, settings };
      patches.push({ op: 'replace', path: ['settings'], value: settings });
    }
    this.store.applyExternalState(next, patches, undoRedo);
    return true;
  }
}

/** How many topics and links a change touches (see BindOptions.writeLater). */
function changeSize(c: ChangeSet): number {
  return c.nodes.size + c.edges.size + c.moved.length;
}

function hasContent(c: ChangeSet): boolean {
  return c.reset || c.settings || c.nodes.size > 0 || c.edges.size > 0 || c.children.size > 0 || c.structure.size > 0 || c.moved.length > 0;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/**
 * Gives `node` (read from a remote change) the fields the open mark changed locally (`mine` against
 * `base`, the topic when the mark opened), so that a remote rename during a drag keeps both.
 */
function keepLocal(node: MindNode, mine: MindNode | undefined, base: MindNode | undefined): void {
  if (!mine) return;
  const n = node as unknown as Record<string, unknown>;
  const m = mine as unknown as Record<string, unknown>;
  const b = (base ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(m)) {
    if (k === 'id' || k === 'parentId' || k === 'data') continue;
    if (!sameValue(m[k], b[k])) n[k] = m[k];
  }
  const md = mine.data as unknown as Record<string, unknown>;
  const bd = (base?.data ?? {}) as Record<string, unknown>;
  const data = { ...(node.data as unknown as Record<string, unknown>) };
  let changed = false;
  for (const k of new Set([...Object.keys(md), ...Object.keys(bd)])) {
    if (sameValue(md[k], bd[k])) continue;
    if (md[k] === undefined) delete data[k];
    else data[k] = md[k];
    changed = true;
  }
  if (changed) node.data = data as unknown as MindNode['data'];
}

/** The ends of a link id, read from its record or from the current edge; null if unknown. */
function splitEdgeId(id: string, d: MapDoc): [string, string] | null {
  const rec = d.link.get(id);
  if (rec && typeof rec.source === 'string' && typeof rec.target === 'string') return [rec.source, rec.target];
  return null;
}

/** Whether `doc` holds updates (or deletions) still waiting for the updates they build on. */
function hasPending(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}

/** Topics (a tree and a content record each) and links a change touched. */
function changedRecords(tree: readonly string[], topic: readonly string[], link: readonly string[]): number {
  const topics = new Set(tree);
  for (const id of topic) topics.add(id);
  return topics.size + link.length;
}

/**
 * `stay` (already in sibling order) with `arrive` placed among it by their order keys: arrivals are
 * sorted, and each one's place is found by binary search, so the cost is O(n + k log n) key reads
 * for k arrivals among n siblings.
 */
export function mergeByOrder(stay: readonly string[], arrive: readonly string[], order: (id: string) => string): string[] {
  if (arrive.length === 0) return stay.slice();
  const sorted = arrive.map((id) => [order(id), id] as const).sort((a, b) => compareOrder(a[0], a[1], b[0], b[1]));
  const out: string[] = [];
  let from = 0;
  for (const [key, id] of sorted) {
    let lo = from;
    let hi = stay.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareOrder(order(stay[mid]), stay[mid], key, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = from; i < lo; i++) out.push(stay[i]);
    out.push(id);
    from = lo;
  }
  for (let i = from; i < stay.length; i++) out.push(stay[i]);
  return out;
}
