/**
 * Narrows an undo (or redo) step so that it takes nothing away from someone else's later work.
 *
 * A topic is two records (tree and topic). Y.UndoManager undoes record by record: undoing the add of
 * a topic that a collaborator has edited since deletes its tree record and leaves their topic
 * record, so the topic disappears with their edit; undoing the add of a topic that has since received
 * a child leaves that child orphaned; and undoing a rename of a topic someone else has deleted puts
 * its topic record back alone, which shows nothing. Before the step runs, these topics are found and
 * their records are taken out of the step's sets, so the undo leaves them exactly as they are:
 *
 * - a topic that would be left with one record (someone else wrote or removed the other since);
 * - a topic the undo would remove while one of its children stays, and every topic above it that
 *   the undo would remove too (the kept topics stay reachable where they are).
 *
 * Everything else in the step is undone as before, and the number of topics left alone is told. A
 * step with nothing left changes nothing and is spent (DocHistory says so). The work is in proportion to the step's own records and the children
 * of the topics it removes, never the whole map.
 */
import * as Y from 'yjs';
import { decodeRecord } from './shape';

type StackItem = Y.UndoManager['undoStack'][number];
type DeleteSet = StackItem['insertions'];

/** The map as it stands now (the store's tree), read by topic id. */
export interface TopicTree {
  parentOf(id: string): string | null | undefined;
  childrenOf(id: string): readonly string[];
}

/** One record the step would change: the struct the step's set names, and the live item it stands for. */
interface RecordChange {
  named: Y.Item;
  item: Y.Item;
}

/** The meta key that names the map's root (shape.ts's META.rootId). */
const ROOT_KEY = 'rootId';

/** The tree map's place in the lists below. */
const TREE = 0;

/** Per topic id, what the step would do to its records in one map. */
type Changes = Map<string, RecordChange>;

/** A step narrowed: how many topics it leaves alone, and what puts its sets back as they were. */
export interface NarrowedStep {
  kept: number;
  putBack(): void;
}

/**
 * Takes out of `step` (the stack item `manager` is about to undo or redo) the records of every topic
 * it must leave alone.
 */
export function narrowStep(
  manager: Y.UndoManager,
  step: StackItem,
  tree: Y.Map<unknown>,
  topic: Y.Map<unknown>,
  topics: TopicTree,
  meta?: Y.Map<unknown>,
): NarrowedStep {
  const { insertions, deletions } = step;
  const maps = [tree, topic];
  const goes = maps.map(() => new Map() as Changes);
  const back = maps.map(() => new Map() as Changes);
  const store = manager.doc.store;
  const recordIndex = (item: Y.Item) => (item.parentSub === null ? -1 : maps.indexOf(item.parent as Y.Map<unknown>));

  forEachItem(store, insertions, (named) => {
    const index = recordIndex(named);
    if (index < 0) return;
    const item = followRedone(store, named);
    if (!item.deleted) goes[index].set(item.parentSub!, { named, item });
  });
  const otherSteps = manager.undoStack.concat(manager.redoStack).filter((s) => s !== step);
  // The root the step brings back (the undo or redo of a replacement): it will be the map's root,
  // under no topic, whatever its tree record says now (a repair may have hung it under the other root).
  let rootBack: unknown = undefined;
  forEachItem(store, deletions, (named) => {
    if (meta !== undefined && named.parent === meta && named.parentSub === ROOT_KEY && named.deleted && named.redone === null && !Y.isDeleted(insertions, named.id)) {
      rootBack = named.content.getContent()[0];
    }
    const index = recordIndex(named);
    if (index < 0 || !named.deleted || named.redone !== null || Y.isDeleted(insertions, named.id)) return;
    if (comesBack(store, named, insertions, otherSteps)) back[index].set(named.parentSub!, { named, item: named });
  });

  const kept = topicsToKeep(maps, goes, back, topics, rootBack);
  if (kept.size === 0) return { kept: 0, putBack: () => {} };
  const fromInsertions: Y.Item[] = [];
  const fromDeletions: Y.Item[] = [];
  for (const id of kept) {
    for (let i = 0; i < maps.length; i++) {
      const going = goes[i].get(id);
      if (going) fromInsertions.push(going.named);
      const coming = back[i].get(id);
      if (coming) fromDeletions.push(coming.named);
    }
  }
  step.insertions = without(insertions, fromInsertions);
  step.deletions = without(deletions, fromDeletions);
  return {
    kept: kept.size,
    putBack: () => {
      step.insertions = insertions;
      step.deletions = deletions;
    },
  };
}

/** The topics whose records the step must leave as they are (see the file's comment). */
function topicsToKeep(maps: Y.Map<unknown>[], goes: Changes[], back: Changes[], topics: TopicTree, rootBack: unknown): Set<string> {
  const live = (i: number, id: string) => maps[i].has(id);
  const after = (i: number, id: string) => back[i].has(id) || (!goes[i].has(id) && live(i, id));
  const ids = new Set<string>();
  for (const changes of [...goes, ...back]) for (const id of changes.keys()) ids.add(id);

  const kept = new Set<string>();
  const removed = new Set<string>();
  for (const id of ids) {
    const records = (after(0, id) ? 1 : 0) + (after(1, id) ? 1 : 0);
    // One record left: the other is someone else's (written since, or removed since).
    if (records === 1) kept.add(id);
    else if (records === 0 && live(0, id) && live(1, id)) removed.add(id);
  }
  const keepUpwards = (from: string | null | undefined) => {
    for (let id = from; id != null && removed.has(id) && !kept.has(id); id = topics.parentOf(id)) kept.add(id);
  };
  for (const id of Array.from(kept)) keepUpwards(topics.parentOf(id));
  const staysUnder = (child: string, parent: string) => {
    if (child === rootBack) return false;
    if (removed.has(child)) return kept.has(child);
    const moved = back[TREE].get(child);
    return !moved || parentIn(moved.item) === parent;
  };
  for (const id of removed) {
    if (!kept.has(id) && topics.childrenOf(id).some((child) => staysUnder(child, id))) keepUpwards(id);
  }
  return kept;
}

/** The parent a tree record's item holds. */
function parentIn(item: Y.Item): unknown {
  const value: unknown = item.content.getContent()[0];
  return decodeRecord<{ parent?: unknown }>(value)?.parent;
}

/** Calls `f` with each item of the store that `set` names. */
function forEachItem(store: Y.Doc['store'], set: DeleteSet, f: (item: Y.Item) => void): void {
  for (const [client, ranges] of set.clients) {
    const structs = store.clients.get(client);
    if (!structs) continue;
    const known = Y.getState(store, client);
    for (const range of ranges) {
      if (range.clock >= known) continue;
      const end = range.clock + range.len;
      for (let i = Y.findIndexSS(structs, range.clock); i < structs.length && structs[i].id.clock < end; i++) {
        const s = structs[i];
        if (s instanceof Y.Item) f(s);
      }
    }
  }
}

/** The item that stands for `item` now: its copy, if an undo or redo brought it back. */
function followRedone(store: Y.Doc['store'], item: Y.Item): Y.Item {
  let at = item;
  while (at.redone !== null) at = Y.getItem(store, at.redone) as Y.Item;
  return at;
}

/**
 * Whether Y.UndoManager would put back the map entry `item` (see redoItem in Yjs): only when every
 * entry written over it since is the step's own, or one this tab's other steps removed.
 */
function comesBack(store: Y.Doc['store'], item: Y.Item, insertions: DeleteSet, otherSteps: readonly StackItem[]): boolean {
  const passable = (next: Y.Item) =>
    next.redone !== null || Y.isDeleted(insertions, next.id) || otherSteps.some((s) => Y.isDeleted(s.deletions, next.id));
  let left: Y.Item = item;
  while (left.right !== null && passable(left.right)) left = followRedone(store, left.right);
  return left.right === null;
}

/** `set` without the clocks of `items`, as a new set. */
function without(set: DeleteSet, items: readonly Y.Item[]): DeleteSet {
  if (items.length === 0) return set;
  const cut = new Map<number, Array<[number, number]>>();
  for (const item of items) {
    const list = cut.get(item.id.client) ?? [];
    list.push([item.id.clock, item.id.clock + item.length]);
    cut.set(item.id.client, list);
  }
  const out = Y.createDeleteSet();
  for (const [client, ranges] of set.clients) {
    const holes = (cut.get(client) ?? []).sort((a, b) => a[0] - b[0]);
    const kept: typeof ranges = [];
    for (const range of ranges) kept.push(...subtract(range.clock, range.clock + range.len, holes));
    if (kept.length > 0) out.clients.set(client, kept);
  }
  return out;
}

/** The parts of [from, to) outside `holes` (disjoint, sorted), as delete set ranges. */
function subtract(from: number, to: number, holes: ReadonlyArray<[number, number]>): Array<{ clock: number; len: number }> {
  const parts: Array<{ clock: number; len: number }> = [];
  let at = from;
  for (let i = firstEndingAfter(holes, from); i < holes.length && holes[i][0] < to; i++) {
    const [start, end] = holes[i];
    if (start > at) parts.push({ clock: at, len: start - at });
    at = Math.max(at, end);
  }
  if (at < to) parts.push({ clock: at, len: to - at });
  return parts;
}

/** The index of the first hole that ends after `clock`. */
function firstEndingAfter(holes: ReadonlyArray<[number, number]>, clock: number): number {
  let lo = 0;
  let hi = holes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (holes[mid][1] <= clock) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
