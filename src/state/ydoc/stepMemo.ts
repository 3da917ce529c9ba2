/**
 * The newest undo step's map before and after it, kept so that undoing it (and redoing it) can put
 * the state the store already had back instead of reading every record the step touched out of the
 * document again. Why: undoing the delete of a 10k branch at 100k topics spent about 250 ms reading
 * and rebuilding 10,000 topics that the store held a moment before.
 *
 * It holds only while nothing but this step has touched the document since (binding.ts counts
 * transactions) and the store still holds exactly what the step left (the same tables): Y.UndoManager
 * then brings back exactly the records the step replaced, which are the `before` state's. Anything
 * else — a change from elsewhere, a write outside the history, a map being written in parts, a
 * repaired map — drops it and the document is read as always.
 */
import type { MindMapState } from '../doc';
import { emptyChangeSet, type ChangeSet } from '../store';

/** The parts of a state that come from the document. */
export type DocFields = Pick<MindMapState, 'nodes' | 'edges' | 'kids' | 'adj' | 'rootId' | 'settings'>;

export interface StepMemo<Item> {
  /** The undo (or redo) stack item this step is. */
  item: Item;
  before: DocFields;
  after: DocFields;
  /** What the step changed (the same ids change when it is undone). */
  changes: ChangeSet;
  /** The binding's count of document transactions once this step was written. */
  rev: number;
}

export function docFields(s: DocFields): DocFields {
  return { nodes: s.nodes, edges: s.edges, kids: s.kids, adj: s.adj, rootId: s.rootId, settings: s.settings };
}

/** Whether two states share every document-derived table (the same objects, not equal ones). */
export function sameDocFields(a: DocFields, b: DocFields): boolean {
  return a.nodes === b.nodes && a.edges === b.edges && a.kids === b.kids && a.adj === b.adj && a.rootId === b.rootId && a.settings === b.settings;
}

/** One change set naming everything either names (a step written in more than one transaction). */
export function unionChanges(a: ChangeSet, b: ChangeSet): ChangeSet {
  const c = copyChanges(a);
  c.reset ||= b.reset;
  c.settings ||= b.settings;
  for (const id of b.nodes) c.nodes.add(id);
  for (const id of b.edges) c.edges.add(id);
  for (const id of b.structure) c.structure.add(id);
  for (const id of b.children) c.children.add(id);
  if (b.moved.length > 0) c.moved = c.moved.concat(b.moved);
  return c;
}

/** The content part of a change set in new sets (selection, search and history flags left false). */
export function copyChanges(a: ChangeSet): ChangeSet {
  const c = emptyChangeSet();
  c.reset = a.reset;
  c.settings = a.settings;
  c.nodes = new Set(a.nodes);
  c.edges = new Set(a.edges);
  c.structure = new Set(a.structure);
  c.children = new Set(a.children);
  c.moved = a.moved.slice();
  return c;
}

/** The state `current` with the document's part of `fields` put back (selection and search kept). */
export function withDocFields(current: MindMapState, fields: DocFields): MindMapState {
  return { ...current, ...docFields(fields) };
}
