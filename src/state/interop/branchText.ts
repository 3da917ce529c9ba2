/**
 * A branch (a topic and all its descendants, folded ones too) for the clipboard: as an Outline, as
 * tab-indented text (what every outliner pastes), as Markdown (the same writer as the export) and as
 * a MindFlow map (what a paste in MindFlow reads first).
 * Iterative: a branch may be a 100,000-level chain.
 */
import { childIds, edgeIdsOf, getEdge, getNode, type MindMapState } from '../doc';
import { DEFAULT_COLOR, type MindEdge, type MindNode } from '../model';
import type { Outline, OutlineConnection, OutlineTopic } from './outline';
import { walkOutline } from './writeCommon';
import { writeMarkdown } from './writeMarkdown';

/**
 * Indentation stops at this depth in the text form (deeper topics are written at it): each level
 * indents every line below it, so a 100,000-level chain would otherwise be gigabytes of tabs.
 */
export const MAX_TEXT_DEPTH = 200;

/**
 * The topic `id` and its descendants as an Outline, with the connections that stay inside the branch.
 * The default colour is left out (text forms have no place for it) unless `whole`: a MindFlow map
 * pasted within MindFlow keeps every field (a paste gives a topic without a colour its parent's).
 */
export function branchOutline(state: MindMapState, id: string, whole = false): Outline {
  const top = getNode(state, id);
  if (!top) return { roots: [], connections: [] };
  const roots: OutlineTopic[] = [];
  const links: OutlineConnection[] = [];
  const inBranch = new Set<string>();
  const ids: string[] = [id];
  const parents: (OutlineTopic | null)[] = [null];
  while (ids.length > 0) {
    const nid = ids.pop()!;
    const parent = parents.pop()!;
    const node = getNode(state, nid);
    if (!node) continue;
    inBranch.add(nid);
    const d = node.data;
    const t: OutlineTopic = { label: d.label, sourceId: nid, children: [] };
    if (d.notes) t.notes = d.notes;
    const kids = childIds(state, nid);
    if (!d.expanded && (whole || kids.length > 0)) t.collapsed = true;
    if (d.attachment?.url) {
      t.link = d.attachment.url;
      if (d.attachment.title && d.attachment.title !== d.attachment.url) t.linkTitle = d.attachment.title;
    }
    if (d.tags?.length) t.tags = d.tags.slice();
    if (d.priority) t.priority = d.priority;
    if (d.color && (whole || d.color.toLowerCase() !== DEFAULT_COLOR)) t.color = d.color.toLowerCase();
    if (whole) {
      t.animation = d.animation;
      if (d.attachment?.url) t.linkType = d.attachment.type;
    }
    if (d.done !== undefined) t.done = d.done;
    if (parent) parent.children.push(t);
    else roots.push(t);
    for (const eid of edgeIdsOf(state, nid)) {
      const e = getEdge(state, eid);
      if (e && e.source === nid && getNode(state, e.target)?.parentId !== nid) links.push({ from: nid, to: e.target });
    }
    for (let i = kids.length - 1; i >= 0; i--) {
      ids.push(kids[i]);
      parents.push(t);
    }
  }
  const connections = links.filter((c) => inBranch.has(c.to));
  return { roots, connections };
}

/** One line per topic, indented with tabs; line breaks inside a label become spaces. */
export function outlineAsText(outline: Outline): string {
  const lines: string[] = [];
  const tabs: string[] = [];
  walkOutline(outline.roots, (t, depth) => {
    const level = Math.min(depth, MAX_TEXT_DEPTH);
    const label = t.label.replace(/\s*[\r\n]+\s*/g, ' ').trim();
    lines.push((tabs[level] ??= '\t'.repeat(level)) + label);
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export function branchAsText(state: MindMapState, id: string): string {
  return outlineAsText(branchOutline(state, id));
}

export function branchAsMarkdown(state: MindMapState, id: string): string {
  return writeMarkdown(branchOutline(state, id)).text;
}

/**
 * The branch as a MindFlow map (the JSON Export writes: its topics with every field, the branch's
 * top as the root, the edges between its topics), for a paste in MindFlow that keeps what text and
 * Markdown cannot hold (colours, priorities, tags, tasks, connections).
 */
export function branchAsMap(state: MindMapState, id: string): string {
  const nodes: MindNode[] = [];
  const edges: MindEdge[] = [];
  const inBranch = new Set<string>();
  const ids: string[] = [id];
  while (ids.length > 0) {
    const nid = ids.pop()!;
    const node = getNode(state, nid);
    if (!node) continue;
    inBranch.add(nid);
    nodes.push(nid === id ? { ...node, type: 'root', parentId: null } : node);
    const kids = childIds(state, nid);
    for (let i = kids.length - 1; i >= 0; i--) ids.push(kids[i]);
  }
  for (const nid of inBranch) {
    for (const eid of edgeIdsOf(state, nid)) {
      const e = getEdge(state, eid);
      if (e && e.source === nid && inBranch.has(e.target)) edges.push(e);
    }
  }
  return JSON.stringify({ nodes, edges });
}

/**
 * What Ctrl/Cmd+C puts on the clipboard: the branch as indented text and as Markdown, and how many
 * of its topics the Markdown (what a paste here reads first) writes higher than their depth, as
 * lists nest only so deep (MAX_LIST_DEPTH): a paste of it has them side by side at that level.
 */
export function branchCopy(state: MindMapState, id: string): { text: string; markdown: string; map: string; flattened: number } {
  const outline = branchOutline(state, id);
  const md = writeMarkdown(outline);
  return { text: outlineAsText(outline), markdown: md.text, map: branchAsMap(state, id), flattened: md.flattened };
}
