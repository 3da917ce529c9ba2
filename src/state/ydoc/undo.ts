/**
 * Undo and redo on the document's history (Y.UndoManager), for a store bound to a document.
 *
 * Only transactions with this replica's local origin are tracked, so undo and redo act on this tab's
 * own edits, and Y.UndoManager never overwrites a later change from elsewhere (a topic another tab
 * renamed after us keeps its new name when we undo our rename), nor removes a topic someone else
 * has changed or built on since (keepTheirs.ts). The store still says where steps
 * begin (HistoryDriver.record): each step starts a new stack item (stopCapturing) and everything up
 * to the next step joins it, so a drag inside a mark, or an edit and the auto-layout that follows it,
 * stay one step. captureTimeout is infinite: steps are cut by the store, never by the clock.
 * Each stack item carries its label in `meta` for "Undo <label>".
 */
import * as Y from 'yjs';
import type { HistoryDriver } from '../store';
import { logFields, writeFieldsBack, type FieldLog } from './fieldUndo';
import { narrowStep, type TopicTree } from './keepTheirs';
import type { MapDoc } from './shape';

const LABEL = 'label';
/** A small step's records before and after it (fieldUndo.ts); absent for a bigger step. */
const FIELDS = 'fields';

type StackItem = Y.UndoManager['undoStack'][number];

export class DocHistory implements HistoryDriver {
  readonly manager: Y.UndoManager;
  private pendingLabel = 'Edit';
  private markLabel: string | null = null;
  /** The stack item the open mark's first written change made. */
  private markItem: Y.UndoManager['undoStack'][number] | null = null;
  /** The redo steps the open mark's first change put aside (holdRedo): dropped on commit, back on a bail. */
  private heldRedo: Y.UndoManager['redoStack'] | null = null;
  /** A step began (stopCapturing) and no change has joined it yet: the next one makes a new item. */
  private stepOpen = false;
  /** How many topics the last undo or redo left as someone else had them (keepTheirs.ts). */
  private keptByLast = 0;
  /** The stack item the newest tracked change made (not an undo's or a redo's), until taken. */
  private added: Y.UndoManager['undoStack'][number] | null = null;

  constructor(
    private readonly d: MapDoc,
    origin: object,
    private readonly topics: TopicTree,
  ) {
    this.manager = new Y.UndoManager([d.tree.y, d.topic.y, d.link.y, d.meta], {
      trackedOrigins: new Set([origin]),
      captureTimeout: Number.POSITIVE_INFINITY,
    });
    const records = new Set<Y.Map<unknown>>([d.tree.y, d.topic.y, d.link.y] as Y.Map<unknown>[]);
    const logStep = (event: { stackItem: StackItem; changedParentTypes: ReadonlyMap<unknown, readonly unknown[]> }) => {
      const meta = event.stackItem.meta;
      const log = meta.get(FIELDS) as FieldLog | null | undefined;
      if (log === null) return; // too big already
      const next = log ?? new Map();
      meta.set(FIELDS, logFields(next, event.changedParentTypes, records) ? next : null);
    };
    this.manager.on('stack-item-updated', logStep);
    this.manager.on('stack-item-added', (event) => {
      logStep(event);
      const m = this.manager;
      if (m.undoing || m.redoing) {
        // The item undo made for redo (or redo for undo) keeps the label of the one it came from.
        event.stackItem.meta.set(LABEL, m.currStackItem?.meta.get(LABEL) ?? null);
        return;
      }
      event.stackItem.meta.set(LABEL, this.markLabel ?? this.pendingLabel);
      this.added = event.stackItem;
      this.stepOpen = false;
      if (this.markLabel !== null && this.markItem === null) this.markItem = event.stackItem;
    });
  }

  record(label: string, mode: 'step' | 'mark' | 'amend'): void {
    if (mode === 'step') {
      this.manager.stopCapturing();
      this.pendingLabel = label;
      this.stepOpen = true;
    } else if (mode === 'mark' && this.markItem === null) {
      this.manager.stopCapturing();
      this.stepOpen = true;
    }
  }

  beginMark(label: string): void {
    this.markLabel = label;
    this.markItem = null;
  }

  /** A change in the open mark ends redo, as any new change does, unless the mark is bailed. */
  holdRedo(): void {
    const m = this.manager;
    if (m.redoStack.length === 0) return;
    this.heldRedo = (this.heldRedo ?? []).concat(m.redoStack);
    m.redoStack = [];
  }

  commitMark(): void {
    this.dropHeldRedo();
    this.markLabel = null;
    this.markItem = null;
    this.manager.stopCapturing();
    this.stepOpen = true;
  }

  bailMark(): void {
    const item = this.markItem;
    const held = this.heldRedo;
    this.heldRedo = null;
    this.commitMark();
    const m = this.manager;
    if (item !== null && m.undoStack[m.undoStack.length - 1] === item) {
      const redoable = m.redoStack.length;
      this.undo();
      // A bailed drag is not something to redo (and an undo that changed nothing left nothing to drop).
      if (m.redoStack.length > redoable) m.redoStack.pop();
    }
    // What could be redone before the bailed mark still can.
    if (held) m.redoStack = held.concat(m.redoStack);
  }

  /** Lets go of held redo steps as Y.UndoManager's own clearing does (their deleted content may be collected). */
  private dropHeldRedo(): void {
    const held = this.heldRedo;
    this.heldRedo = null;
    if (!held) return;
    const m = this.manager;
    const current = m.redoStack;
    m.redoStack = held;
    m.clear(false, true);
    m.redoStack = current;
  }

  /** False when there was no step, or when its step changed nothing (someone else changed all of it since). */
  undo(): boolean {
    return this.one('undoStack', () => this.manager.undo());
  }

  redo(): boolean {
    return this.one('redoStack', () => this.manager.redo());
  }

  /**
   * Undoes (or redoes) exactly the newest step. Y.UndoManager skips a step whose undo changes
   * nothing (someone else has since overwritten all of it) and goes on to the step before, so one
   * Ctrl+Z could remove a topic whose rename was overwritten by a collaborator. Here such a step is
   * spent without going further. The step is first narrowed so that it leaves alone the topics
   * someone else has changed since (keepTheirs.ts).
   */
  private one(stack: 'undoStack' | 'redoStack', run: () => unknown): boolean {
    const m = this.manager;
    const items = m[stack];
    const top = items.pop();
    if (!top) return false;
    m[stack] = [top];
    const narrowed = narrowStep(m, top, this.d.tree.y, this.d.topic.y, this.topics, this.d.meta);
    this.keptByLast = 0;
    let done: unknown;
    try {
      done = run();
      if (done === null || done === undefined) done = this.byFields(top, stack === 'undoStack' ? 'undo' : 'redo');
      else this.keptByLast = narrowed.kept;
    } finally {
      narrowed.putBack();
      // Whatever run() left (nothing, or the step again if it threw) goes back under the rest.
      m[stack] = items.concat(m[stack]);
    }
    return done !== null && done !== undefined;
  }

  /**
   * A step that undoing (or redoing) changed nothing: someone else rewrote every record it wrote.
   * Its fields that nobody has changed since go back field by field (fieldUndo.ts), as Y.UndoManager
   * would have applied the step: in a transaction of its own origin, so the other stack gets the
   * step back (with its label) and the binding reads it as an undo or redo. Null when nothing did.
   */
  private byFields(item: StackItem, move: 'undo' | 'redo'): StackItem | null {
    const log = item.meta.get(FIELDS) as FieldLog | null | undefined;
    if (!log) return null;
    const m = this.manager;
    let wrote = false;
    m.currStackItem = item;
    if (move === 'undo') m.undoing = true;
    else m.redoing = true;
    try {
      m.doc.transact(() => {
        const back = writeFieldsBack(log, move === 'undo' ? 'before' : 'after');
        wrote = back.wrote;
        this.keptByLast = back.keptIn.size;
      }, m);
    } finally {
      m.undoing = false;
      m.redoing = false;
      m.currStackItem = null;
    }
    return wrote ? item : null;
  }

  keptByLastMove(): number {
    return this.keptByLast;
  }

  /** The stack item the last tracked change made, if it made one since the last call (then forgotten). */
  takeAdded(): Y.UndoManager['undoStack'][number] | null {
    const item = this.added;
    this.added = null;
    return item;
  }

  canUndo(): boolean {
    return this.manager.undoStack.length > 0;
  }

  canRedo(): boolean {
    return this.manager.redoStack.length > 0;
  }

  undoLabel(): string | null {
    const s = this.manager.undoStack;
    return (s[s.length - 1]?.meta.get(LABEL) as string | undefined) ?? null;
  }

  /** The label the undo stack's top will have once the change now being recorded is written. */
  nextLabel(): string | null {
    return this.stepOpen ? (this.markLabel ?? this.pendingLabel) : this.undoLabel();
  }

  redoLabel(): string | null {
    const s = this.manager.redoStack;
    return (s[s.length - 1]?.meta.get(LABEL) as string | undefined) ?? null;
  }

  clear(): void {
    this.dropHeldRedo();
    this.manager.clear();
  }

  destroy(): void {
    this.manager.destroy();
  }
}
