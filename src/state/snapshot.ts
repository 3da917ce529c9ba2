/**
 * Conversions between the in-memory MindMapState and its plain form (MapSnapshot), plus the export
 * file. Everything is iterative: a map may be a 100,000-level chain.
 */
import { defaultSettings, edgeId, type MapSettings, type MindMapState } from './doc';
import { EXPORT_VERSION, type ExportFile, type MapSnapshot, type MindEdge, type MindNode, type NodeData } from './model';
import { ArrayBase, ListBase, tableForEach, tableGet, tableOnBase, type Table } from './table';
import { subtreeIds } from './tree';

/** Above this many nodes the export is written without indentation: pretty-printing 100k topics is slow and huge. */
export const PRETTY_EXPORT_MAX_NODES = 5000;

/**
 * Positions in `snapshot.nodes`: each node's parent and each edge's ends; -1 where there is none.
 * `at` maps node ids to positions; a position counts only if that node has that id (see TableBase).
 */
export interface SnapshotIndex {
  parent: ArrayLike<number>;
  source: ArrayLike<number>;
  target: ArrayLike<number>;
  at: ReadonlyMap<string, number>;
}

/** Resolves a snapshot's id references to node positions. */
export function indexSnapshot(snapshot: MapSnapshot): SnapshotIndex {
  const { nodes, edges } = snapshot;
  const at = new Map<string, number>();
  for (let i = 0; i < nodes.length; i++) at.set(nodes[i].id, i);
  const parent = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const p = nodes[i].parentId;
    parent[i] = p === null ? -1 : (at.get(p) ?? -1);
  }
  const source = new Int32Array(edges.length);
  const target = new Int32Array(edges.length);
  for (let k = 0; k < edges.length; k++) {
    source[k] = at.get(edges[k].source) ?? -1;
    target[k] = at.get(edges[k].target) ?? -1;
  }
  return { parent, source, target, at };
}

/**
 * Builds the tables and indices from a snapshot that is already valid (see restore.ts for untrusted
 * input). Children are ordered as their nodes appear in `snapshot.nodes`, edge lists as the edges
 * appear. The snapshot's objects become the state's objects.
 */
export function buildState(snapshot: MapSnapshot, rootId: string, settings: MapSettings = defaultSettings()): MindMapState {
  return buildIndexedState(snapshot, indexSnapshot(snapshot), rootId, settings);
}

function edgeAtOf(edgeIds: readonly string[]): Map<string, number> {
  const at = new Map<string, number>();
  for (let k = 0; k < edgeIds.length; k++) at.set(edgeIds[k], k);
  return at;
}

/**
 * buildState for a caller that already knows the node positions (the restore pipeline). The arrays
 * become the tables' bases (see table.ts): no per-key table work. Index lists are counted first and
 * allocated at their exact size.
 */
export function buildIndexedState(
  snapshot: MapSnapshot,
  index: SnapshotIndex,
  rootId: string,
  settings: MapSettings = defaultSettings(),
): MindMapState {
  const { nodes: nodeList, edges: edgeList } = snapshot;
  const n = nodeList.length;
  const kidCount = new Int32Array(n);
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++) if (index.parent[i] >= 0) kidCount[index.parent[i]]++;
  for (let k = 0; k < edgeList.length; k++) {
    const s = index.source[k];
    const t = index.target[k];
    if (s >= 0) degree[s]++;
    if (t >= 0 && t !== s) degree[t]++;
  }

  const ids: string[] = new Array(n);
  for (let i = 0; i < n; i++) ids[i] = nodeList[i].id;
  const kidLists: (string[] | undefined)[] = new Array(n);
  const filled = new Int32Array(n);
  let parents = 0;
  for (let i = 0; i < n; i++) {
    const p = index.parent[i];
    if (p < 0) continue;
    let list = kidLists[p];
    if (list === undefined) {
      list = kidLists[p] = new Array<string>(kidCount[p]);
      parents++;
    }
    list[filled[p]++] = ids[i];
  }

  // Edge ids by node, flat: node i's are adjItems[adjStart[i] .. adjStart[i + 1]).
  const adjStart = new Int32Array(n + 1);
  let connected = 0;
  for (let i = 0; i < n; i++) {
    adjStart[i + 1] = adjStart[i] + degree[i];
    if (degree[i] > 0) connected++;
  }
  const adjItems: string[] = new Array(adjStart[n]);
  const next = adjStart.slice(0, n);
  const edgeIds: string[] = new Array(edgeList.length);
  for (let k = 0; k < edgeList.length; k++) {
    const s = index.source[k];
    const t = index.target[k];
    const id = (edgeIds[k] = edgeList[k].id);
    if (s >= 0) adjItems[next[s]++] = id;
    if (t >= 0 && t !== s) adjItems[next[t]++] = id;
  }

  return {
    nodes: tableOnBase(new ArrayBase<MindNode>(index.at, ids, nodeList), n),
    // The edges' map by id is made when first asked (edgeAtOf): a new map's first frame reads them in order.
    edges: tableOnBase(new ArrayBase<MindEdge>(() => edgeAtOf(edgeIds), edgeIds, edgeList), edgeList.length),
    kids: tableOnBase(new ArrayBase(index.at, ids, kidLists), parents),
    adj: tableOnBase(new ListBase(index.at, ids, adjStart, adjItems), connected),
    rootId,
    settings,
    selectedNodeId: null,
    searchQuery: '',
  };
}

/** Node ids in tree pre-order (iterative DFS from the root, children in order). */
export function preOrderIds(state: MindMapState): string[] {
  return tableGet(state.nodes, state.rootId) ? subtreeIds(state, state.rootId) : [];
}

/**
 * The map's nodes in pre-order and its edges (each node's tree edge, in that same order, then the
 * other edges grouped by source) as they are in the state: the objects are shared, so this is for
 * serialising only. Nodes or edges that a broken state would leave unreachable are appended rather
 * than lost.
 */
export function snapshotView(state: MindMapState): MapSnapshot {
  const out: MapSnapshot = { nodes: [], edges: [] };
  const steps = snapshotViewSteps(state, out);
  while (!steps.next().done);
  return out;
}

/** Records handled between two yields of snapshotViewSteps. */
export const SNAPSHOT_SLICE = 5000;

/**
 * The work of snapshotView, filling `out` and yielding every SNAPSHOT_SLICE records, so that a
 * background save can spread it over several tasks instead of blocking one frame.
 */
export function* snapshotViewSteps(state: MindMapState, out: MapSnapshot): Generator<void, void, void> {
  const nodes = out.nodes;
  const edges = out.edges;
  let work = 0;
  if (tableGet(state.nodes, state.rootId)) {
    const stack: string[] = [state.rootId];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      nodes.push(tableGet(state.nodes, id) as MindNode);
      const children = tableGet(state.kids, id);
      if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
      if (++work % SNAPSHOT_SLICE === 0) yield;
    }
  }
  if (nodes.length < state.nodes.n) appendMissing(state.nodes, nodes);

  for (const node of nodes) {
    if (node.parentId !== null) {
      const edge = tableGet(state.edges, edgeId(node.parentId, node.id));
      if (edge) edges.push(edge);
    }
    if (++work % SNAPSHOT_SLICE === 0) yield;
  }
  for (const node of nodes) {
    const edgeIds = tableGet(state.adj, node.id);
    if (edgeIds) {
      for (const id of edgeIds) {
        const edge = tableGet(state.edges, id);
        if (edge && edge.source === node.id && tableGet(state.nodes, edge.target)?.parentId !== node.id) edges.push(edge);
      }
    }
    if (++work % SNAPSHOT_SLICE === 0) yield;
  }
  if (edges.length < state.edges.n) appendMissing(state.edges, edges);
}

function appendMissing<T extends { id: string }>(table: Table<T>, out: T[]): void {
  const seen = new Set<string>();
  for (const item of out) seen.add(item.id);
  tableForEach(table, (value, id) => {
    if (!seen.has(id)) out.push(value);
  });
}

export function cloneNodeData(data: NodeData): NodeData {
  const copy: NodeData = { label: data.label, expanded: data.expanded, color: data.color, animation: data.animation };
  if (data.priority !== undefined) copy.priority = data.priority;
  if (data.notes !== undefined) copy.notes = data.notes;
  if (data.tags !== undefined) copy.tags = data.tags.slice();
  if (data.attachment !== undefined) copy.attachment = { ...data.attachment };
  if (data.done !== undefined) copy.done = data.done;
  return copy;
}

export function cloneNode(node: MindNode): MindNode {
  return {
    id: node.id,
    type: node.type,
    position: { x: node.position.x, y: node.position.y },
    parentId: node.parentId,
    connectionType: node.connectionType,
    data: cloneNodeData(node.data),
  };
}

export function cloneEdge(edge: MindEdge): MindEdge {
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    style: { stroke: edge.style.stroke, strokeWidth: edge.style.strokeWidth },
    animated: edge.animated,
  };
}

/** A plain copy of the map: nodes in tree pre-order, then edges. Changing it cannot touch the state. */
export function snapshotOf(state: MindMapState): MapSnapshot {
  const view = snapshotView(state);
  return { nodes: view.nodes.map(cloneNode), edges: view.edges.map(cloneEdge) };
}

export function exportFile(state: MindMapState, now: Date = new Date()): ExportFile {
  const { nodes, edges } = snapshotOf(state);
  return { nodes, edges, meta: { exportedAt: now.toISOString(), version: EXPORT_VERSION } };
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** "mindflow_YYYY-MM-DD.json" in the user's local date. */
export function exportFileName(now: Date = new Date()): string {
  return `mindflow_${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}.json`;
}

export function exportJson(state: MindMapState, now: Date = new Date()): string {
  const { nodes, edges } = snapshotView(state);
  const file: ExportFile = { nodes, edges, meta: { exportedAt: now.toISOString(), version: EXPORT_VERSION } };
  return JSON.stringify(file, null, nodes.length > PRETTY_EXPORT_MAX_NODES ? undefined : 2);
}
