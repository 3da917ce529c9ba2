/**
 * Pasting an outline under a topic: its top-level topics become children of that topic, as one undo
 * step with new ids. The pasted topics go through the restore pipeline (labels, notes, tags, links
 * and colours checked like any imported map) and are placed to the right of the topic, one row each,
 * below its existing children; under auto-layout the map's layout then places them instead.
 */
import { childIds, edgeId, edgeIdsOf, getEdge, getNode } from '../doc';
import { newId } from '../ids';
import { CHILD_STEP_Y, EDGE_WIDTH, NODE_MAX_WIDTH, type MindEdge, type MindNode, type NodeData } from '../model';
import { editNode, insertEdges, insertNodes } from '../mutations';
import { parseMapText, restoreMap } from '../restore';
import { growsLeftward } from '../tree';
import type { MindMapStore } from '../store';
import { branchOutline } from './branchText';
import { detectFormat, type FormatId } from './detect';
import { readFreemind } from './freemind';
import { readMarkdown } from './markdown';
import { readOpml } from './opml';
import { FormatError, type ReadResult } from './reader';
import { ReportBuilder, outcomeParts, topicPath } from './report';
import { readText } from './text';
import { connectionEnds, type Outline, type OutlineTopic } from './outline';
import { fillData } from './toMap';
import { walkOutline } from './writeCommon';

export type PasteOutcome =
  | {
      ok: true;
      count: number;
      ids: string[];
      repairs: string[];
      /** What was cut or converted on the way in, as a sentence for the toast ("Converted: 1 over-long topic text to …"), or null. */
      changes: string | null;
    }
  | { ok: false; error: string };

/** Column step of pasted levels: the widest topic plus a gap, so columns never overlap. */
export const PASTE_STEP_X = NODE_MAX_WIDTH + 40;
export const PASTE_STEP_Y = CHILD_STEP_Y;

export const PASTE_MESSAGES = {
  noTopic: 'Select a topic to paste under.',
  empty: 'There are no topics on the clipboard to paste.',
  notAMap: 'Could not read the pasted JSON: it is not a MindFlow map.',
  unknown: 'Could not read the pasted text: only outlines, Markdown, OPML, FreeMind and MindFlow maps can be pasted.',
} as const;

const READERS: Partial<Record<FormatId, (text: string) => ReadResult>> = {
  freemind: readFreemind,
  opml: readOpml,
  markdown: readMarkdown,
  text: readText,
};

/**
 * The clipboard's text as an outline, its format told by its content as for files: a MindFlow map
 * (JSON), OPML, FreeMind, Markdown or indented text.
 */
export function readPastedOutline(text: string): { ok: true; outline: Outline } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: false, error: PASTE_MESSAGES.empty };
  try {
    const format = detectFormat({ text });
    if (format === 'json') {
      const map = parseMapText(text);
      if (!map.ok) return { ok: false, error: PASTE_MESSAGES.notAMap };
      // The pasted map's root becomes a child of the target, its connections kept.
      return { ok: true, outline: branchOutline(map.state, map.state.rootId, true) };
    }
    const read = READERS[format];
    if (!read) return { ok: false, error: PASTE_MESSAGES.unknown };
    const { outline } = read(text);
    return outline.roots.length ? { ok: true, outline } : { ok: false, error: PASTE_MESSAGES.empty };
  } catch (err) {
    const reason = err instanceof FormatError ? err.reason : 'it could not be parsed';
    return { ok: false, error: `Could not read the pasted text: ${reason}` };
  }
}

interface Placed {
  id: string;
  parent: string;
  depth: number;
  topic: OutlineTopic;
}

export function pasteOutline(store: MindMapStore, parentId: string, outline: Outline): PasteOutcome {
  const s = store.getState();
  const parent = getNode(s, parentId);
  if (!parent) return { ok: false, error: PASTE_MESSAGES.noTopic };
  if (outline.roots.length === 0) return { ok: false, error: PASTE_MESSAGES.empty };

  // New ids in pre-order, each with its parent's new id.
  const placed: Placed[] = [];
  const ends = connectionEnds(outline);
  const bySource = new Map<string, string>();
  const stack: string[] = [];
  walkOutline(outline.roots, (topic, depth) => {
    const id = newId();
    stack.length = depth;
    placed.push({ id, parent: depth === 0 ? parentId : stack[depth - 1], depth, topic });
    stack.push(id);
    if (ends.size > 0 && topic.sourceId !== undefined && ends.has(topic.sourceId) && !bySource.has(topic.sourceId)) {
      bySource.set(topic.sourceId, id);
    }
  });

  // Each topic's fields within the app's limits as an import fits them (an over-long title is cut,
  // its full text kept in the notes), every change counted for the toast.
  const report = new ReportBuilder('Paste');
  const indexOf = new Map<string, number>();
  const pathOf = (index: number) => () => {
    const labels: string[] = [];
    for (let i: number | undefined = index; i !== undefined; i = indexOf.get(placed[i].parent)) labels.push(placed[i].topic.label);
    return topicPath(labels.reverse());
  };

  // Through the restore pipeline, under a stand-in for the target topic (it keeps the target's id).
  const raw: unknown[] = [{ ...parent, type: 'root', parentId: null }];
  const edges: unknown[] = [];
  const colorOf = new Map<string, string>([[parentId, parent.data.color]]);
  for (let i = 0; i < placed.length; i++) {
    const p = placed[i];
    const t = p.topic;
    indexOf.set(p.id, i);
    const data: NodeData = { label: '', expanded: true, color: colorOf.get(p.parent) ?? parent.data.color, animation: t.animation ?? 'pulse' };
    fillData(data, t, report, i, pathOf);
    // A MindFlow copy's attachment keeps its kind (fillData makes every link a web link).
    if (data.attachment && t.linkType) data.attachment.type = t.linkType;
    colorOf.set(p.id, data.color);
    raw.push({ id: p.id, type: 'child', position: { x: 0, y: 0 }, parentId: p.parent, connectionType: 'standard', data });
    edges.push(edgeOf(p.parent, p.id, colorOf.get(p.parent)!));
  }
  for (const c of outline.connections) {
    const from = bySource.get(c.from);
    const to = bySource.get(c.to);
    if (from && to && from !== to) edges.push(edgeOf(from, to, colorOf.get(from)!));
  }
  const restored = restoreMap({ nodes: raw, edges });
  if (!restored.ok) return restored;
  const r = restored.state;

  // One row per topic in pre-order, a column per level (leftwards in a Balanced map's left half),
  // below the target's current children.
  const stepX = growsLeftward(s, parent) ? -PASTE_STEP_X : PASTE_STEP_X;
  let top = parent.position.y;
  for (const kid of childIds(s, parentId)) {
    const k = getNode(s, kid);
    if (k) top = Math.max(top, k.position.y + PASTE_STEP_Y);
  }
  const nodes: MindNode[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < placed.length; i++) {
    const p = placed[i];
    const n = getNode(r, p.id);
    if (!n) continue;
    seen.add(p.id);
    nodes.push({
      ...n,
      parentId: p.parent,
      position: { x: parent.position.x + stepX * (p.depth + 1), y: top + PASTE_STEP_Y * i },
    });
  }
  // Every edge that starts at the target's stand-in or at a pasted topic: tree edges and connections.
  const newEdges: MindEdge[] = [];
  for (const from of [parentId, ...seen]) {
    for (const eid of edgeIdsOf(r, from)) {
      const e = getEdge(r, eid);
      if (e && e.source === from) newEdges.push(e);
    }
  }
  store.transact('Paste topics', (d) => {
    insertNodes(d, nodes);
    insertEdges(d, newEdges);
    const p = editNode(d, parentId);
    if (p && !p.data.expanded) p.data.expanded = true;
  });
  const ids = nodes.filter((n) => n.parentId === parentId).map((n) => n.id);
  return { ok: true, count: nodes.length, ids, repairs: restored.repairs, changes: pasteChanges(report, nodes.length, restored.repairs) };
}

/** What the paste cut or converted, in the import report's words, plus restore's repairs; null when nothing. */
export function pasteChanges(report: ReportBuilder, count: number, repairs: readonly string[]): string | null {
  const parts = outcomeParts(report.build(count));
  for (const r of repairs) parts.push(`Repaired: ${r}`);
  return parts.length > 0 ? `${parts.join('. ')}.` : null;
}

function edgeOf(source: string, target: string, stroke: string): MindEdge {
  return { id: edgeId(source, target), source, target, style: { stroke, strokeWidth: EDGE_WIDTH }, animated: false };
}
