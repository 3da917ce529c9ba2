/**
 * Declarative test maps: tree('Root', ['A', 'A1', 'A2'], 'B') is a root "Root" with children A (itself
 * with children A1, A2) and B. An array is [label, ...children]. Topic ids are their labels, so tests
 * read like the behaviour they check; the root keeps the id "root".
 */
import { createInitialState, edgeId, getNode, type MindMapState } from '../../../src/state/doc';
import { EDGE_WIDTH } from '../../../src/state/model';
import { insertEdge, insertNode, treeEdge } from '../../../src/state/mutations';
import { MindMapStore } from '../../../src/state/store';
import { tableForEach, tableGet, tableSet } from '../../../src/state/table';

export type Spec = string | [string, ...Spec[]];

export function tree(rootLabel: string, ...children: Spec[]): MindMapStore {
  const store = new MindMapStore();
  store.transact('build', (d) => {
    tableGet(d.nodes, 'root')!.data.label = rootLabel;
    const stack: Array<[string, Spec[]]> = [['root', children]];
    while (stack.length) {
      const [parentId, specs] = stack.pop()!;
      const parent = tableGet(d.nodes, parentId)!;
      specs.forEach((spec, i) => {
        const [label, ...kids] = typeof spec === 'string' ? [spec] : spec;
        insertNode(d, {
          id: label,
          type: 'child',
          position: { x: parent.position.x + 200, y: parent.position.y + 70 * i },
          parentId,
          connectionType: 'standard',
          data: { label, expanded: true, color: parent.data.color, animation: 'pulse' },
        });
        insertEdge(d, treeEdge(parentId, label, parent.data.color, false, EDGE_WIDTH));
        if (kids.length) stack.push([label, kids as Spec[]]);
      });
    }
  });
  store.clearHistory();
  return store;
}

/** A chain root -> n1 -> n2 -> … -> n{depth}, built directly (no immer) and without recursion. */
export function chain(depth: number): MindMapStore {
  const state = createInitialState();
  let parent = 'root';
  for (let i = 1; i <= depth; i++) {
    const id = `n${i}`;
    tableSet(state.nodes, id, {
      id,
      type: 'child',
      position: { x: i * 200, y: 0 },
      parentId: parent,
      connectionType: 'standard',
      data: { label: id, expanded: true, color: '#9b87f5', animation: 'pulse' },
    });
    tableSet(state.kids, parent, [id]);
    const e = treeEdge(parent, id, '#9b87f5', false, EDGE_WIDTH);
    tableSet(state.edges, e.id, e);
    tableSet(state.adj, parent, [...(tableGet(state.adj, parent) ?? []), e.id]);
    tableSet(state.adj, id, [e.id]);
    parent = id;
  }
  return new MindMapStore(state);
}

/** A wide tree of about n topics: root -> 10 branches -> children in groups of 10. */
export function wide(n: number): MindMapStore {
  const store = new MindMapStore();
  store.transact('build', (d) => {
    const ids = ['root'];
    for (let i = 1; i < n; i++) {
      const id = `t${i}`;
      const parentId = ids[Math.floor((i - 1) / 10)];
      insertNode(d, {
        id,
        type: 'child',
        position: { x: i, y: i },
        parentId,
        connectionType: 'standard',
        data: { label: `Topic ${i}`, expanded: true, color: '#9b87f5', animation: 'pulse' },
      });
      insertEdge(d, treeEdge(parentId, id, '#9b87f5', false, EDGE_WIDTH));
      ids.push(id);
    }
  });
  store.clearHistory();
  return store;
}

export const node = (s: MindMapState | MindMapStore, id: string) =>
  getNode(s instanceof MindMapStore ? s.getState() : s, id);

export const hasEdge = (s: MindMapStore, source: string, target: string) =>
  !!tableGet(s.getState().edges, edgeId(source, target));

/** Checks every index agrees with the nodes and edges; returns a list of problems (empty when sound). */
export function integrityProblems(s: MindMapState): string[] {
  const problems: string[] = [];
  let count = 0;
  tableForEach(s.nodes, (n, id) => {
    count++;
    if (n.id !== id) problems.push(`node ${id} has id ${n.id}`);
    if (n.parentId !== null) {
      if (!getNode(s, n.parentId)) problems.push(`node ${id} has unknown parent ${n.parentId}`);
      const kids = tableGet(s.kids, n.parentId) ?? [];
      if (!kids.includes(id)) problems.push(`node ${id} missing from kids of ${n.parentId}`);
    }
  });
  tableForEach(s.kids, (kids, pid) => {
    for (const kid of kids) {
      if (getNode(s, kid)?.parentId !== pid) problems.push(`kids of ${pid} lists ${kid} wrongly`);
    }
  });
  if (count !== s.nodes.n) problems.push(`node count ${s.nodes.n} != ${count}`);
  let edgeCount = 0;
  tableForEach(s.edges, (e, id) => {
    edgeCount++;
    if (!getNode(s, e.source) || !getNode(s, e.target)) problems.push(`edge ${id} dangles`);
    if (!(tableGet(s.adj, e.source) ?? []).includes(id)) problems.push(`edge ${id} missing from adj of source`);
    if (!(tableGet(s.adj, e.target) ?? []).includes(id)) problems.push(`edge ${id} missing from adj of target`);
  });
  if (edgeCount !== s.edges.n) problems.push(`edge count ${s.edges.n} != ${edgeCount}`);
  let kidsCount = 0;
  tableForEach(s.kids, () => kidsCount++);
  if (kidsCount !== s.kids.n) problems.push(`kids count ${s.kids.n} != ${kidsCount}`);
  let adjCount = 0;
  tableForEach(s.adj, (eids, nid) => {
    adjCount++;
    for (const eid of eids) if (!tableGet(s.edges, eid)) problems.push(`adj of ${nid} lists missing edge ${eid}`);
  });
  if (adjCount !== s.adj.n) problems.push(`adj count ${s.adj.n} != ${adjCount}`);
  return problems;
}
