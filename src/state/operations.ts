/**
 * One verb each. Every operation goes through the store, so it is an undo step (or part of the open
 * mark) unless it only touches selection or search. Each returns what a caller needs to react
 * (a new id, or a result with an error message) and costs O(what it touches), never O(map).
 */
import { childIds, createInitialState, edgeId, getNode, layoutPlaces, type MindMapState, type MapSettings } from './doc';
import { newId } from './ids';
import {
  CHILD_OFFSET_X,
  CHILD_STEP_Y,
  EDGE_WIDTH,
  MIDDLE_EDGE_COLOR,
  MIDDLE_OFFSET_X,
  MIDDLE_OFFSET_Y,
  NEW_TOPIC_LABEL,
  SNAP_GRID,
  type Animation,
  type AttachmentType,
  type MindNode,
  type NodeData,
  type Position,
  type Priority,
} from './model';
import { DEFAULT_TOPIC_SIZE, LAYOUT_GAPS, type Size, type SizeOf } from './layout/tidy';
import { deleteEdge, deleteSubtree, editNode, insertEdge, insertNode, reparent, setList, treeEdge } from './mutations';
import type { MindMapStore } from './store';
import { checkUrl, firstError, labelError, nodeInputErrors, normalizeColor, normalizeTags } from './rules';
import { tableGet, tableSet } from './table';
import { growsLeftward, hidingFold, isDescendantOf, subtreeIds } from './tree';

export type Result<T = void> = ({ ok: true } & (T extends void ? unknown : { value: T })) | { ok: false; error: string };

/**
 * Whether a topic's card already covers part of this area (a card's top-left corner is its
 * position). The canvas answers it for the topics it shows; without it only siblings are avoided.
 */
export type SpotTaken = (area: { x: number; y: number; width: number; height: number }) => boolean;

/** Most steps down a new topic is moved to find a free spot: past it, it stays where the last step put it. */
const MAX_FREE_STEPS = 200;

/**
 * The spec's placement: 200 to the right of the parent, 70 lower per child it has. In the left half
 * of a Balanced map (a parent left of its own parent) the same, mirrored: to the right, a new topic
 * would land on the topics between the parent and the root.
 */
function childPosition(s: MindMapState, parent: MindNode, taken?: SpotTaken): Position {
  const leftward = growsLeftward(s, parent);
  const kids = childIds(s, parent.id);
  const spot = {
    x: parent.position.x + (leftward ? -CHILD_OFFSET_X : CHILD_OFFSET_X),
    y: parent.position.y + CHILD_STEP_Y * kids.length,
  };
  return freeSpot(s, kids, spot, taken);
}

/**
 * `spot`, or the first place below it, in steps of CHILD_STEP_Y, that none of `siblings` takes in
 * its column and, with `taken`, no other shown topic covers. The spec's places (70 lower per child,
 * or per sibling) land on a sibling once one was deleted or moved, or when a topic is added between
 * two others, and on a cousin's branch below whenever a parent gets more children than the room
 * between it and the next branch: the new one hid what it landed on.
 */
function freeSpot(s: MindMapState, siblings: readonly string[], spot: Position, taken?: SpotTaken): Position {
  let at = freeSpotBelow(s, siblings, spot);
  if (!taken) return at;
  const { width, height } = DEFAULT_TOPIC_SIZE;
  for (let step = 0; step < MAX_FREE_STEPS && taken({ x: at.x, y: at.y, width, height }); step++) {
    at = freeSpotBelow(s, siblings, { x: at.x, y: at.y + CHILD_STEP_Y });
  }
  return at;
}

/** `spot`, or the first place below it, in steps of CHILD_STEP_Y, that none of `siblings` takes in its column. */
function freeSpotBelow(s: MindMapState, siblings: readonly string[], spot: Position): Position {
  const taken: number[] = [];
  for (const id of siblings) {
    const p = getNode(s, id)?.position;
    if (!p || Math.abs(p.x - spot.x) >= CHILD_OFFSET_X / 2 || p.y <= spot.y - CHILD_STEP_Y) continue;
    taken.push(p.y);
  }
  if (taken.length === 0) return spot;
  taken.sort((a, b) => a - b);
  let y = spot.y;
  for (const t of taken) {
    if (t >= y + CHILD_STEP_Y) break;
    if (t > y - CHILD_STEP_Y) y = t + CHILD_STEP_Y;
  }
  return { x: spot.x, y };
}

function newChild(parent: MindNode, position: Position, label = NEW_TOPIC_LABEL, middle = false): MindNode {
  return {
    id: newId(),
    type: 'child',
    position,
    parentId: parent.id,
    connectionType: middle ? 'middle' : 'standard',
    data: { label, expanded: true, color: parent.data.color, animation: 'pulse' },
  };
}

type Draft = Parameters<Parameters<MindMapStore['transact']>[1]>[0];

/**
 * Inserts a child with its tree edge. Adding under a collapsed topic would hide the new one, so the
 * parent is opened.
 */
function insertChild(d: Draft, parentId: string, child: MindNode, edgeColor: string, index?: number): void {
  insertNode(d, child, index);
  insertEdge(d, treeEdge(parentId, child.id, edgeColor, child.connectionType === 'middle', EDGE_WIDTH));
  const p = editNode(d, parentId);
  if (p && !p.data.expanded) p.data.expanded = true;
}

/**
 * Adds a "New Topic" child (spec placement, moved down clear of what `taken` says is there) and
 * selects it. Defaults to the root.
 */
export function addChild(store: MindMapStore, parentId?: string | null, label = NEW_TOPIC_LABEL, taken?: SpotTaken): string | null {
  const s = store.getState();
  const parent = getNode(s, parentId ?? s.rootId);
  if (!parent) return null;
  const child = newChild(parent, childPosition(s, parent, taken), label);
  const added = store.transact('Add topic', (d) => {
    insertChild(d, parent.id, child, parent.data.color);
    d.selectedNodeId = child.id;
  });
  return added ? child.id : null;
}

/** Adds a topic after the given one under the same parent; for the root, a child. */
export function addSibling(store: MindMapStore, id: string, taken?: SpotTaken): string | null {
  const s = store.getState();
  const node = getNode(s, id);
  if (!node) return null;
  if (node.parentId === null) return addChild(store, id, NEW_TOPIC_LABEL, taken);
  const parent = getNode(s, node.parentId);
  if (!parent) return null;
  const siblings = childIds(s, parent.id);
  const index = siblings.indexOf(id) + 1;
  const child = newChild(parent, freeSpot(s, siblings, { x: node.position.x, y: node.position.y + CHILD_STEP_Y }, taken));
  const added = store.transact('Add topic', (d) => {
    insertChild(d, parent.id, child, parent.data.color, index);
    d.selectedNodeId = child.id;
  });
  return added ? child.id : null;
}

/**
 * The hover "+": a middle connection, 50 right and 100 below (or the first free place under that),
 * with an animated indigo edge.
 */
export function addMiddleChild(store: MindMapStore, parentId: string, taken?: SpotTaken): string | null {
  const s = store.getState();
  const parent = getNode(s, parentId);
  if (!parent) return null;
  const spot = { x: parent.position.x + MIDDLE_OFFSET_X, y: parent.position.y + MIDDLE_OFFSET_Y };
  const child = newChild(parent, freeSpot(s, childIds(s, parent.id), spot, taken), NEW_TOPIC_LABEL, true);
  const added = store.transact('Add connected topic', (d) => {
    insertChild(d, parent.id, child, MIDDLE_EDGE_COLOR);
    d.selectedNodeId = child.id;
  });
  return added ? child.id : null;
}

/** Deletes a topic with its descendants and their edges. The root is refused. */
export function deleteNode(store: MindMapStore, id: string): boolean {
  const s = store.getState();
  const node = getNode(s, id);
  if (!node || node.parentId === null || id === s.rootId) return false;
  const edit = deleteSubtree(s, id)!;
  store.commit('Delete topic', edit.state, edit.patches, edit.inverse);
  const sel = store.getState().selectedNodeId;
  if (sel !== null && !getNode(store.getState(), sel)) select(store, null);
  return true;
}

/** Adds an edge coloured like the source, width 2. Self-loops and duplicates (either way) are refused. */
export function connect(store: MindMapStore, source: string, target: string): Result<string> {
  const s = store.getState();
  const from = getNode(s, source);
  if (!from || !getNode(s, target)) return { ok: false, error: 'Both topics must exist.' };
  if (source === target) return { ok: false, error: 'A topic cannot be connected to itself.' };
  if (tableGet(s.edges, edgeId(source, target)) || tableGet(s.edges, edgeId(target, source))) {
    return { ok: false, error: 'These topics are already connected.' };
  }
  const edge = treeEdge(source, target, from.data.color, false, EDGE_WIDTH);
  store.transact('Connect topics', (d) => insertEdge(d, edge));
  return { ok: true, value: edge.id };
}

/** Removes a connection that is not a parent-child link. */
export function disconnect(store: MindMapStore, id: string): boolean {
  const s = store.getState();
  const edge = tableGet(s.edges, id);
  if (!edge) return false;
  if (getNode(s, edge.target)?.parentId === edge.source) return false;
  store.transact('Remove connection', (d) => deleteEdge(d, id));
  return true;
}

/** The undo step names of an unfold and a fold. */
export const FOLD_LABELS: readonly string[] = ['Expand topic', 'Collapse topic'];

/** Folds or unfolds a topic. A selection the fold hides moves to the folded topic (it stays on screen). */
export function setExpanded(store: MindMapStore, id: string, expanded: boolean): boolean {
  const s = store.getState();
  const node = getNode(s, id);
  if (!node || node.data.expanded === expanded) return false;
  const sel = s.selectedNodeId;
  const hidesSelection = !expanded && sel !== null && sel !== id && isDescendantOf(s, sel, id);
  return store.transact(expanded ? FOLD_LABELS[0] : FOLD_LABELS[1], (d) => {
    editNode(d, id)!.data.expanded = expanded;
    if (hidesSelection) d.selectedNodeId = id;
  });
}

export function toggleExpanded(store: MindMapStore, id: string): boolean {
  const node = getNode(store.getState(), id);
  return !!node && setExpanded(store, id, !node.data.expanded);
}

export function select(store: MindMapStore, id: string | null): void {
  const s = store.getState();
  const next = id !== null && getNode(s, id) ? id : null;
  if (s.selectedNodeId === next) return;
  store.transact('Select', (d) => {
    d.selectedNodeId = next;
  }, { history: false });
}

export function snapToGrid(p: Position, grid = SNAP_GRID): Position {
  return { x: Math.round(p.x / grid) * grid, y: Math.round(p.y / grid) * grid };
}

/** Moves one topic. During a drag wrap the calls in store.beginMark / commitMark: one undo step. */
export function moveNode(store: MindMapStore, id: string, to: Position, snap = false): boolean {
  if (!Number.isFinite(to.x) || !Number.isFinite(to.y)) return false;
  const node = getNode(store.getState(), id);
  if (!node) return false;
  const p = snap ? snapToGrid(to) : to;
  if (node.position.x === p.x && node.position.y === p.y) return false;
  return store.transact('Move topic', (d) => {
    const n = editNode(d, id)!;
    n.position = { x: p.x, y: p.y };
  });
}

/** Moves several topics by the same offset as one step (used by layouts and group drags). */
export function moveNodes(store: MindMapStore, positions: ReadonlyMap<string, Position>, label = 'Move topics'): boolean {
  return store.transact(label, (d) => {
    for (const [id, p] of positions) {
      const n = editNode(d, id);
      if (n && Number.isFinite(p.x) && Number.isFinite(p.y) && (n.position.x !== p.x || n.position.y !== p.y)) {
        n.position = { x: p.x, y: p.y };
      }
    }
  });
}

export function renameNode(store: MindMapStore, id: string, label: string): Result {
  const text = label.trim();
  const invalid = labelError(text);
  if (invalid) return { ok: false, error: invalid };
  const node = getNode(store.getState(), id);
  if (!node) return { ok: false, error: 'That topic no longer exists.' };
  if (node.data.label !== text) {
    store.transact('Rename topic', (d) => {
      editNode(d, id)!.data.label = text;
    });
  }
  return { ok: true };
}

/** What the Edit Node panel submits. */
export interface NodeDataInput {
  label: string;
  color: string;
  animation: Animation;
  priority?: Priority | null;
  notes?: string;
  tags?: string[];
  attachment?: { type: AttachmentType; url: string; title?: string } | null;
}

/**
 * The panel's save rules: attachment kept only when a URL is entered (title defaults to the URL; an
 * address without a scheme gets https:// or mailto:), tags trimmed, de-duplicated and omitted when
 * empty, empty notes omitted, priority clearable. Input that breaks a rule of rules.ts is refused
 * with its message rather than saved and cut at the next load.
 */
export function nodeDataFromInput(prev: NodeData, input: NodeDataInput): Result<NodeData> {
  const invalid = firstError(nodeInputErrors(input));
  if (invalid) return { ok: false, error: invalid };
  const data: NodeData = { label: input.label.trim(), expanded: prev.expanded, color: normalizeColor(input.color)!, animation: input.animation };
  if (prev.done !== undefined) data.done = prev.done;
  if (input.priority) data.priority = input.priority;
  const notes = input.notes?.trim();
  if (notes) data.notes = input.notes!;
  const tags = normalizeTags(input.tags ?? []);
  if (tags.length) data.tags = tags;
  const url = input.attachment?.url.trim() ? checkUrl(input.attachment.url) : null;
  if (input.attachment && url?.ok) {
    data.attachment = { type: input.attachment.type, url: url.url, title: input.attachment.title?.trim() || url.url };
  }
  return { ok: true, value: data };
}

export { normalizeTags };

/** Adds a tag to a list being edited: trimmed, ignored if empty or already there. */
export function addTag(tags: readonly string[], tag: string): string[] {
  return normalizeTags([...tags, tag]);
}

export function updateNodeData(store: MindMapStore, id: string, input: NodeDataInput): Result {
  const node = getNode(store.getState(), id);
  if (!node) return { ok: false, error: 'That topic no longer exists.' };
  const next = nodeDataFromInput(node.data, input);
  if (!next.ok) return next;
  store.transact('Edit topic', (d) => {
    editNode(d, id)!.data = next.value;
  });
  return { ok: true };
}

export function toggleTaskDone(store: MindMapStore, id: string): boolean {
  const node = getNode(store.getState(), id);
  if (!node || node.data.done === undefined) return false;
  return store.transact(node.data.done ? 'Reopen task' : 'Complete task', (d) => {
    const n = editNode(d, id)!;
    n.data.done = !n.data.done;
  });
}

export const TASK_LIST_LABEL = 'Task List';
export const TASK_LABELS = ['First task', 'Second task', 'Third task'];

/**
 * "Add Task List": a "Task List" topic under the selected topic (or the root) with three checkable
 * task topics, all in one undo step; the list is selected.
 */
export function addTaskList(store: MindMapStore, parentId?: string | null, taken?: SpotTaken): string | null {
  const s = store.getState();
  const parent = getNode(s, parentId ?? s.rootId);
  if (!parent) return null;
  // The area the list and its tasks (a column 200 to its right) will cover.
  const reach = CHILD_STEP_Y * (TASK_LABELS.length - 1) + DEFAULT_TOPIC_SIZE.height;
  const listTaken: SpotTaken | undefined = taken && ((a) => taken({ ...a, width: CHILD_OFFSET_X + a.width, height: reach }));
  const list = newChild(parent, childPosition(s, parent, listTaken), TASK_LIST_LABEL);
  list.data.tags = ['tasks'];
  const tasks = TASK_LABELS.map((label, i) => {
    const t = newChild(list, { x: list.position.x + CHILD_OFFSET_X, y: list.position.y + CHILD_STEP_Y * i }, label);
    t.data.done = false;
    t.data.animation = 'none';
    return t;
  });
  store.transact('Add task list', (d) => {
    insertChild(d, parent.id, list, parent.data.color);
    for (const t of tasks) insertChild(d, list.id, t, list.data.color);
    d.selectedNodeId = list.id;
  });
  return list.id;
}

/**
 * Sets the search. A search shows the selected topic even inside a folded branch; once it is cleared,
 * a selection a fold hides moves to that fold (as folding does), so nothing unseen stays selected.
 */
export function setSearch(store: MindMapStore, query: string): void {
  const s = store.getState();
  if (s.searchQuery === query) return;
  const fold = query === '' && s.selectedNodeId !== null ? hidingFold(s, s.selectedNodeId) : null;
  store.transact('Search', (d) => {
    d.searchQuery = query;
    if (fold !== null) d.selectedNodeId = fold;
  }, { history: false });
}

export function clearSearch(store: MindMapStore): void {
  setSearch(store, '');
}

/** Resets to the root only (undoable); layout settings are kept. */
export function clearMap(store: MindMapStore): void {
  const settings = store.getState().settings;
  store.replace('Clear map', { ...createInitialState(), settings });
}

/** Replaces the map with an already restored one (import, template). Clears the selection. */
export function replaceMap(store: MindMapStore, next: MindMapState, label: string): void {
  store.replace(label, next);
}

export function updateSettings(store: MindMapStore, patch: Partial<MapSettings>): void {
  store.transact('Change layout settings', (d) => {
    Object.assign(d.settings, patch);
  });
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function emptyBox(): Box {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

function growBox(b: Box, p: Position, size: Size): void {
  b.minX = Math.min(b.minX, p.x);
  b.minY = Math.min(b.minY, p.y);
  b.maxX = Math.max(b.maxX, p.x + size.width);
  b.maxY = Math.max(b.maxY, p.y + size.height);
}

function boxesOverlap(a: Box, b: Box): boolean {
  return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
}

/**
 * Where a branch dropped onto `parentId` goes when no layout places it, as one offset for the whole
 * branch (its shape is kept). The topic sits beside its new parent, by the spec's child offset (or
 * just past a parent wider than that), and the branch sits past everything else under that parent
 * along the sibling axis, so it overlaps none of the parent's other descendants (nor the parent).
 * In the top-down layout the axes swap: below the parent, right of the other descendants.
 * `ids` is the moved branch (`id` and its descendants). Costs O(size of the moved branch + size of
 * the new parent's branch). Null when nothing moves.
 */
function dropOffset(s: MindMapState, id: string, ids: readonly string[], parentId: string, sizeOf: SizeOf): Position | null {
  const node = getNode(s, id);
  const parent = getNode(s, parentId);
  if (!node || !parent) return null;
  const branch = emptyBox();
  for (const b of ids) {
    const n = getNode(s, b);
    if (n) growBox(branch, n.position, sizeOf(b));
  }
  // The new parent's other descendants; the moved branch may already be among them (a drop onto its
  // own parent or grandparent), and is left out.
  const others = emptyBox();
  let hasOthers = false;
  const stack = [...childIds(s, parentId)];
  while (stack.length) {
    const cur = stack.pop()!;
    if (cur === id) continue;
    const n = getNode(s, cur);
    if (!n) continue;
    hasOthers = true;
    growBox(others, n.position, sizeOf(cur));
    for (const k of childIds(s, cur)) stack.push(k);
  }
  const size = sizeOf(parentId);
  const own = emptyBox();
  growBox(own, parent.position, size);
  const gap = LAYOUT_GAPS.sibling;
  const down = s.settings.layout === 'down';
  const p = parent.position;
  const at = node.position;
  let dx: number;
  let dy: number;
  if (down) {
    dy = p.y + size.height + LAYOUT_GAPS.level - at.y;
    dx = hasOthers ? Math.max(others.maxX, own.maxX) + gap - branch.minX : p.x - at.x;
  } else {
    dx = p.x + Math.max(CHILD_OFFSET_X, size.width + gap) - at.x;
    dy = hasOthers ? Math.max(others.maxY, own.maxY) + gap - branch.minY : p.y - at.y;
  }
  if (!hasOthers) {
    // Beside the parent, unless the branch reaches back over the parent's own card.
    const moved = { minX: branch.minX + dx, minY: branch.minY + dy, maxX: branch.maxX + dx, maxY: branch.maxY + dy };
    if (boxesOverlap(moved, own)) {
      if (down) dx = own.maxX + gap - branch.minX;
      else dy = own.maxY + gap - branch.minY;
    }
  }
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || (dx === 0 && dy === 0)) return null;
  return { x: dx, y: dy };
}

/**
 * Drag to reparent: makes `id` a child of `newParent` (at `index`, default last). Refused for the
 * root, for the topic itself and for its own descendants. Unless auto-layout places topics, the
 * whole branch is moved by one offset to a free place beside the new parent (see dropOffset), in
 * the same undo step; `sizeOf` gives topic sizes as drawn (default: the layouts' default size).
 */
export function moveToParent(
  store: MindMapStore,
  id: string,
  newParent: string,
  index?: number,
  sizeOf: SizeOf = () => DEFAULT_TOPIC_SIZE,
): Result {
  const s = store.getState();
  const node = getNode(s, id);
  if (!node || !getNode(s, newParent)) return { ok: false, error: 'Both topics must exist.' };
  if (node.parentId === null) return { ok: false, error: 'The root cannot be moved under another topic.' };
  if (id === newParent || isDescendantOf(s, newParent, id)) {
    return { ok: false, error: 'A topic cannot be moved into its own branch.' };
  }
  const branch = layoutPlaces(s.settings) ? [] : subtreeIds(s, id);
  const offset = branch.length ? dropOffset(s, id, branch, newParent, sizeOf) : null;
  store.transact('Move topic to new parent', (d) => {
    if (offset) {
      // Whole topics are written (read from the state before this edit), not changed in place.
      for (const b of branch) {
        const n = getNode(s, b);
        if (n) tableSet(d.nodes, b, { ...n, position: { x: n.position.x + offset.x, y: n.position.y + offset.y } });
      }
    }
    reparent(d, id, newParent, index);
    const p = editNode(d, newParent);
    if (p && !p.data.expanded) p.data.expanded = true;
  });
  return { ok: true };
}

/** Alt+Up / Alt+Down: moves a topic one place among its siblings. */
export function moveAmongSiblings(store: MindMapStore, id: string, delta: -1 | 1, sizeOf: SizeOf = () => DEFAULT_TOPIC_SIZE): boolean {
  const s = store.getState();
  const node = getNode(s, id);
  if (!node || node.parentId === null) return false;
  const siblings = childIds(s, node.parentId);
  const from = siblings.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= siblings.length) return false;
  const parentId = node.parentId;
  // Unless a layout places the topics, the two branches trade places on the canvas too.
  const moves = layoutPlaces(s.settings) ? null : branchesTraded(s, id, siblings[to], sizeOf);
  return store.transact('Reorder topic', (d) => {
    const next = siblings.slice();
    next[from] = next[to];
    next[to] = id;
    setList(d.kids, parentId, next);
    if (moves) for (const [bid, p] of moves) tableSet(d.nodes, bid, { ...getNode(s, bid)!, position: p });
  });
}

/**
 * New places for two sibling branches that trade places along the axis their topics stand apart
 * on (down for a column of siblings, across for a row), the gap between them kept: what was first
 * comes second. Null when they stand at one spot.
 */
function branchesTraded(s: MindMapState, a: string, b: string, sizeOf: SizeOf): Map<string, Position> | null {
  const pa = getNode(s, a)!.position;
  const pb = getNode(s, b)!.position;
  const across = Math.abs(pb.x - pa.x) > Math.abs(pb.y - pa.y);
  const ids = { a: subtreeIds(s, a), b: subtreeIds(s, b) };
  const extent = (list: string[]) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const id of list) {
      const n = getNode(s, id)!;
      const size = sizeOf(id, n.data.label);
      const from = across ? n.position.x : n.position.y;
      lo = Math.min(lo, from);
      hi = Math.max(hi, from + (across ? size.width : size.height));
    }
    return { lo, hi };
  };
  const ea = extent(ids.a);
  const eb = extent(ids.b);
  if (ea.lo === eb.lo) return null;
  const [first, second] = ea.lo < eb.lo ? [ea, eb] : [eb, ea];
  // The second branch starts where the first did; the first ends where the second did.
  const secondShift = first.lo - second.lo;
  const firstShift = second.hi - first.hi;
  const out = new Map<string, Position>();
  const moveBy = (list: string[], by: number) => {
    for (const id of list) {
      const p = getNode(s, id)!.position;
      out.set(id, across ? { x: p.x + by, y: p.y } : { x: p.x, y: p.y + by });
    }
  };
  moveBy(ids.a, ea === first ? firstShift : secondShift);
  moveBy(ids.b, eb === first ? firstShift : secondShift);
  return out;
}
