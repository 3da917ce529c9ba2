/**
 * The map as an Outline, for the format writers: topics in tree order with their notes, link
 * attachment, tags, priority, colour and collapsed state; connections are the map's non-tree edges.
 * Also counts what the map holds, so that each format can say what it had no place for.
 * Iterative: a map may be a 100,000-level chain.
 */
import { getNode, type MindMapState } from '../doc';
import { bucketOf, tableForEach, valueIn } from '../table';
import { DEFAULT_ANIMATION, DEFAULT_COLOR } from '../model';
import type { Outline, OutlineConnection, OutlineTopic } from './outline';

/** How many topics (or edges) carry each feature. */
export interface MapFeatures {
  topics: number;
  notes: number;
  links: number;
  /** Link attachments whose title differs from their URL. */
  linkTitles: number;
  /** Topics with at least one tag. */
  tagged: number;
  priorities: number;
  /** Topics whose colour is not the default. */
  colours: number;
  /** Collapsed topics that have children (a collapsed leaf shows nothing different). */
  collapsed: number;
  connections: number;
  /** Labels with a line break. */
  multiline: number;
  /** Task topics (checked or not). */
  tasks: number;
  /** Task topics not checked off yet. */
  openTasks: number;
  /** Topics with an animation other than the default. */
  animations: number;
  /** Attachments of type image or file (formats only hold a plain link). */
  fileAttachments: number;
}

export interface MapOutline {
  outline: Outline;
  features: MapFeatures;
}

export function emptyFeatures(): MapFeatures {
  return {
    topics: 0,
    notes: 0,
    links: 0,
    linkTitles: 0,
    tagged: 0,
    priorities: 0,
    colours: 0,
    collapsed: 0,
    connections: 0,
    multiline: 0,
    tasks: 0,
    openTasks: 0,
    animations: 0,
    fileAttachments: 0,
  };
}

const NO_KIDS: readonly string[] = [];

export function fromMap(state: MindMapState): MapOutline {
  const f = emptyFeatures();
  const roots: OutlineTopic[] = [];
  const connections: OutlineConnection[] = [];
  const root = getNode(state, state.rootId);
  if (!root) return { outline: { roots, connections }, features: f };

  const ids: string[] = [state.rootId];
  const parents: (OutlineTopic | null)[] = [null];
  while (ids.length > 0) {
    const id = ids.pop()!;
    const parent = parents.pop()!;
    // nodes and kids are keyed by the same id: one hash of it for both lookups.
    const bucket = bucketOf(id);
    const node = valueIn(state.nodes, state.nodes.b[bucket], id);
    if (!node) continue;
    const d = node.data;
    // Every topic gets every field, in one order: the writers then read objects of a single shape.
    const t: OutlineTopic = {
      label: d.label,
      notes: undefined,
      collapsed: undefined,
      link: undefined,
      linkTitle: undefined,
      tags: undefined,
      priority: undefined,
      done: undefined,
      color: undefined,
      sourceId: id,
      children: [],
    };
    f.topics++;
    if (d.label.includes('\n')) f.multiline++;
    if (d.notes) {
      t.notes = d.notes;
      f.notes++;
    }
    const kids = valueIn(state.kids, state.kids.b[bucket], id) ?? NO_KIDS;
    if (!d.expanded) {
      t.collapsed = true;
      if (kids.length > 0) f.collapsed++;
    }
    if (d.attachment && d.attachment.url) {
      t.link = d.attachment.url;
      f.links++;
      if (d.attachment.type !== 'link') f.fileAttachments++;
      if (d.attachment.title && d.attachment.title !== d.attachment.url) {
        t.linkTitle = d.attachment.title;
        f.linkTitles++;
      }
    }
    if (d.tags && d.tags.length > 0) {
      t.tags = d.tags.slice();
      f.tagged++;
    }
    if (d.priority) {
      t.priority = d.priority;
      f.priorities++;
    }
    if (d.color && d.color.toLowerCase() !== DEFAULT_COLOR) {
      t.color = d.color.toLowerCase();
      f.colours++;
    }
    if (d.done !== undefined) {
      // false marks a task not yet done: formats with task lists keep it as such.
      t.done = d.done;
      f.tasks++;
      if (!d.done) f.openTasks++;
    }
    if (d.animation !== DEFAULT_ANIMATION) f.animations++;

    if (parent) parent.children.push(t);
    else roots.push(t);

    for (let i = kids.length - 1; i >= 0; i--) {
      ids.push(kids[i]);
      parents.push(t);
    }
  }
  // One pass over the edges (rather than each topic's edge list): fewer lookups at 100k topics.
  tableForEach(state.edges, (e) => {
    const target = getNode(state, e.target);
    if (!target || target.parentId === e.source || !getNode(state, e.source)) return; // a tree edge, or dangling
    connections.push({ from: e.source, to: e.target });
  });
  f.connections = connections.length;
  return { outline: { ...(root.data.label ? { title: root.data.label } : {}), roots, connections }, features: f };
}
