/**
 * Outline → MapSnapshot: fresh ids, one root, tree edges as the app makes them, connections as
 * non-tree edges, the app's limits applied (and every cut reported), then the one restore pipeline
 * and the Balanced tidy layout (default topic sizes; the editor lays out again with measured sizes).
 * Iterative throughout: a 100,000-level chain must not overflow the stack.
 */
import { edgeId, type MindMapState } from '../doc';
import { newId } from '../ids';
import { layoutTree } from '../layout/engine';
import { DEFAULT_ANIMATION, DEFAULT_COLOR, EDGE_WIDTH, type MapSnapshot, type MindEdge, type MindNode, type NodeData } from '../model';
import { treeEdge } from '../mutations';
import { LIMITS, isSafeUrl, normalizeColor, restoreMap, truncate } from '../restore';
import { snapshotView } from '../snapshot';
import { connectionEnds, type Outline, type OutlineTopic } from './outline';
import { counted } from './plural';
import { type ReportBuilder, topicPath } from './report';
import { UNTITLED, UNTITLED_FEATURE, UNTITLED_INTO, isBlankTitle } from './untitled';

export type ToMapResult = { ok: true; snapshot: MapSnapshot; state: MindMapState; count: number } | { ok: false; error: string };

const number = new Intl.NumberFormat('en-US');

/** The file name without folders and extension, for naming a synthesised root. */
export function baseName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const name = fileName.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim();
  return base === '' ? undefined : base;
}

/**
 * Builds the snapshot without restoring it: nodes in pre-order (parents before children, siblings
 * in order), each child's tree edge, then the connections. Positions are all 0 (laid out later).
 */
export function outlineToSnapshot(outline: Outline, report: ReportBuilder, fileName?: string): MapSnapshot {
  let top = outline.roots;
  if (top.length === 0) top = [{ label: outline.title ?? baseName(fileName) ?? 'Imported map', children: [] }];
  let rootTopic: OutlineTopic;
  if (top.length === 1) rootTopic = top[0];
  else {
    const label = outline.title?.trim() || baseName(fileName) || 'Imported map';
    rootTopic = { label, children: top };
    report.choose(`The file has ${counted(top.length, 'top-level topics')}; a root named "${truncate(label, 80)}" was added above them.`);
  }

  // Parallel arrays instead of an object per topic: this runs once per topic of 100k-topic files.
  const entryTopic: OutlineTopic[] = [];
  const entryParent: number[] = [];
  const nodes: MindNode[] = [];
  const edges: MindEdge[] = [];
  // Only the topics that connections name: most maps have none.
  const ends = connectionEnds(outline);
  const bySource = new Map<string, MindNode>();
  const pathOf = (index: number) => () => {
    const labels: string[] = [];
    for (let i = index; i >= 0; i = entryParent[i]) labels.push(entryTopic[i].label);
    return topicPath(labels.reverse());
  };

  const topicStack: OutlineTopic[] = [rootTopic];
  const parentStack: number[] = [-1];
  while (topicStack.length > 0) {
    const topic = topicStack.pop()!;
    const parent = parentStack.pop()!;
    const index = nodes.length;
    const parentNode = parent >= 0 ? nodes[parent] : null;
    const node: MindNode = {
      id: newId(),
      type: parentNode ? 'child' : 'root',
      position: { x: 0, y: 0 },
      parentId: parentNode ? parentNode.id : null,
      connectionType: 'standard',
      data: { label: '', expanded: true, color: DEFAULT_COLOR, animation: DEFAULT_ANIMATION },
    };
    entryTopic.push(topic);
    entryParent.push(parent);
    nodes.push(node);
    fillData(node.data, topic, report, index, pathOf);
    if (parentNode) edges.push(treeEdge(parentNode.id, node.id, parentNode.data.color, false, EDGE_WIDTH));
    if (ends.size > 0 && topic.sourceId !== undefined && ends.has(topic.sourceId) && !bySource.has(topic.sourceId)) {
      bySource.set(topic.sourceId, node);
    }
    const kids = topic.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      topicStack.push(kids[i]);
      parentStack.push(index);
    }
  }
  if (outline.connections.length > 0) addConnections(outline, report, bySource, edges);
  return { nodes, edges };
}

function addConnections(outline: Outline, report: ReportBuilder, bySource: Map<string, MindNode>, edges: MindEdge[]): void {
  // Connections already made; a tree edge joins a topic and its parent (no set of every edge's id).
  const taken = new Set<string>();
  for (const c of outline.connections) {
    const from = bySource.get(c.from);
    const to = bySource.get(c.to);
    const drop = (why: string) => {
      if (c.counted) report.withdraw(c.counted);
      report.dropped(why, c.counted?.example);
    };
    if (!from || !to) {
      drop('connections to missing topics');
      continue;
    }
    if (from === to) {
      drop('connections from a topic to itself');
      continue;
    }
    const id = edgeId(from.id, to.id);
    if (to.parentId === from.id || from.parentId === to.id || taken.has(id) || taken.has(edgeId(to.id, from.id))) {
      drop('connections that repeat another link');
      continue;
    }
    taken.add(id);
    if (c.counted) report.confirm(c.counted);
    edges.push(treeEdge(from.id, to.id, from.data.color, false, EDGE_WIDTH));
    if (c.label !== undefined && c.label.trim() !== '') report.dropped('connection labels');
  }
}

function appendNote(data: NodeData, line: string): void {
  data.notes = data.notes ? `${data.notes}\n\n${line}` : line;
}

/**
 * A topic's fields into `data` within the app's limits, every cut reported: an over-long title is
 * cut with its full text in the notes. Paste goes through it too, so that it loses nothing unsaid.
 */
export function fillData(data: NodeData, t: OutlineTopic, report: ReportBuilder, index: number, pathOf: (index: number) => () => string): void {
  // Report paths are built only when something is reported.
  const path = (): (() => string) => pathOf(index);
  let label = typeof t.label === 'string' ? t.label : String(t.label);
  if (isBlankTitle(label)) {
    report.converted(UNTITLED_FEATURE, UNTITLED_INTO, path());
    label = UNTITLED;
  }
  if (label.length > LIMITS.label) {
    report.converted('over-long topic texts', `texts cut to ${number.format(LIMITS.label)} characters`, path());
    appendNote(data, `Full text: ${label}`);
    label = truncate(label, LIMITS.label);
  }
  data.label = label;
  if (t.collapsed) data.expanded = false;
  if (t.color !== undefined) {
    const c = normalizeColor(t.color);
    if (c) data.color = c;
  }
  if (t.priority !== undefined) data.priority = t.priority;
  if (t.done !== undefined) data.done = t.done;
  if (t.notes !== undefined && t.notes !== '') {
    // One kind of line break in the map (XMind 8 comments, for one, hold Windows ones as &#13;).
    const notes = t.notes.includes('\r') ? t.notes.replace(/\r\n?/g, '\n') : t.notes;
    data.notes = data.notes ? `${notes}\n\n${data.notes}` : notes;
  }

  if (t.link !== undefined) {
    const url = t.link.trim();
    if (url.length > LIMITS.url || !isSafeUrl(url)) {
      appendNote(data, `Link: ${url}`);
      report.converted(url.length > LIMITS.url ? 'over-long links' : 'links that are not web or mail addresses', 'notes', path());
    } else {
      const title = (t.linkTitle ?? '').trim();
      data.attachment = { type: 'link', url, title: title === '' ? url : truncate(title, LIMITS.title) };
    }
  }

  if (t.tags !== undefined && t.tags.length > 0) {
    const tags: string[] = [];
    const seen = new Set<string>();
    for (const raw of t.tags) {
      let tag = raw.trim();
      if (tag.length > LIMITS.tag) {
        tag = truncate(tag, LIMITS.tag).trim();
        report.converted('over-long tags', `tags cut to ${LIMITS.tag} characters`, path());
      }
      if (tag === '' || seen.has(tag)) continue;
      if (tags.length >= LIMITS.tags) {
        report.dropped(`tags beyond ${LIMITS.tags} on one topic`, path());
        continue;
      }
      seen.add(tag);
      tags.push(tag);
    }
    if (tags.length > 0) data.tags = tags;
  }

  if (data.notes !== undefined && data.notes.length > LIMITS.notes) {
    report.converted('over-long notes', `notes cut to ${number.format(LIMITS.notes)} characters`, path());
    data.notes = truncate(data.notes, LIMITS.notes);
  }
}

/**
 * The full conversion: snapshot, restore (the pipeline every map goes through), Balanced layout
 * (unless `layout` is false: the caller lays the map out).
 * Restore repairs, if any, become report warnings.
 */
export function toMap(outline: Outline, report: ReportBuilder, fileName?: string, layout = true): ToMapResult {
  const raw = outlineToSnapshot(outline, report, fileName);
  const restored = restoreMap(raw);
  if (!restored.ok) return restored;
  for (const r of restored.repairs) report.warn(`Repaired while loading: ${r}.`);
  const positions = layout ? layoutTree(restored.state, 'balanced').positions : null;
  // Without repairs the restored map holds exactly the nodes and edges built here (restore keeps
  // valid input objects), so they are returned as they are; a repaired map is read back from the state.
  const snapshot = restored.repairs.length === 0 ? raw : snapshotView(restored.state);
  // The nodes are this import's own objects (or restore's copies); nothing else keeps them.
  if (positions) {
    for (const n of snapshot.nodes) {
      const p = positions.get(n.id);
      if (p) n.position = p;
    }
  }
  report.choose('The map gets the Balanced layout (positions from the file, if any, are not used).');
  return { ok: true, snapshot, state: restored.state, count: restored.count };
}
