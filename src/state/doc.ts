/**
 * The in-memory form of a map: the spec's nodes and edges kept in tables (see table.ts), plus two indices
 * (ordered children by parent, edge ids by node) so that no operation has to scan the whole map.
 * Everything here lives inside immer state, so undo/redo restores the indices with the data.
 */
import type { MindEdge, MindNode, NodeData } from './model';
import { DEFAULT_ANIMATION, DEFAULT_COLOR, ROOT_ID, ROOT_LABEL } from './model';
import { emptyTable, tableGet, tablePeek, tableSet, type Table } from './table';

export type LayoutKind = 'free' | 'right' | 'balanced' | 'down';

export interface MapSettings {
  /** Layout kept after every structural edit when autoLayout is on (issue: smart layouts). */
  layout: LayoutKind;
  autoLayout: boolean;
}

/** Whether a layout places the topics after every structural edit (their positions are then derived, not stored). */
export function layoutPlaces(settings: MapSettings): boolean {
  return settings.autoLayout && settings.layout !== 'free';
}

export interface MindMapState {
  nodes: Table<MindNode>;
  edges: Table<MindEdge>;
  /** parent id -> ordered child ids. Absent when a node has no children. */
  kids: Table<string[]>;
  /** node id -> ids of every edge touching it. Absent when none. */
  adj: Table<string[]>;
  /** "root" for maps made here; an imported map keeps its own root id. */
  rootId: string;
  settings: MapSettings;
  selectedNodeId: string | null;
  searchQuery: string;
}

export function makeRootNode(): MindNode {
  return {
    id: ROOT_ID,
    type: 'root',
    position: { x: 0, y: 0 },
    parentId: null,
    connectionType: 'standard',
    data: { label: ROOT_LABEL, expanded: true, color: DEFAULT_COLOR, animation: DEFAULT_ANIMATION },
  };
}

export function defaultSettings(): MapSettings {
  return { layout: 'free', autoLayout: false };
}

export function createInitialState(): MindMapState {
  const nodes = emptyTable<MindNode>();
  tableSet(nodes, ROOT_ID, makeRootNode());
  return {
    nodes,
    edges: emptyTable<MindEdge>(),
    kids: emptyTable<string[]>(),
    adj: emptyTable<string[]>(),
    rootId: ROOT_ID,
    settings: defaultSettings(),
    selectedNodeId: null,
    searchQuery: '',
  };
}

export function getNode(s: MindMapState, id: string | null | undefined): MindNode | undefined {
  return id == null ? undefined : tableGet(s.nodes, id);
}

/** A topic's content (label, colour, …) without reading its position: no laid-out copy is made. */
export function getNodeData(s: MindMapState, id: string): NodeData | undefined {
  return tablePeek(s.nodes, id)?.data;
}

export function getEdge(s: MindMapState, id: string): MindEdge | undefined {
  return tableGet(s.edges, id);
}

const NO_IDS: readonly string[] = Object.freeze([]);

export function childIds(s: MindMapState, id: string): readonly string[] {
  return tableGet(s.kids, id) ?? NO_IDS;
}

export function edgeIdsOf(s: MindMapState, id: string): readonly string[] {
  return tableGet(s.adj, id) ?? NO_IDS;
}

export function edgeId(source: string, target: string): string {
  return `e-${source}-${target}`;
}

export function rootNode(s: MindMapState): MindNode {
  const root = tableGet(s.nodes, s.rootId);
  if (!root) throw new Error('map has no root');
  return root;
}
