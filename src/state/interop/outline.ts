/**
 * The form every foreign format is read into and written from: a tree of topics with the fields
 * MindFlow can hold, plus the connections (non-tree edges) between them. Readers fill it and count
 * what they keep, convert and drop in a report (report.ts); toMap.ts turns it into a MapSnapshot;
 * writers take it from the map (fromMap.ts).
 */
import type { Animation, AttachmentType, Priority } from '../model';
import type { ExamplePath } from './report';

export interface OutlineTopic {
  label: string;
  /** Plain text; paragraphs separated by blank lines, list markers kept. */
  notes?: string;
  collapsed?: boolean;
  /** The first link becomes the topic's attachment (others go in the notes). */
  link?: string;
  /** Title for the link attachment, when the format has one. */
  linkTitle?: string;
  tags?: string[];
  priority?: Priority;
  /** A checked-off task (OPML `_complete`, XMind task done). */
  done?: boolean;
  /** Hex colour (#rrggbb) when the format gives the topic one. */
  color?: string;
  /** The topic's id in the source file, so connections can name it. */
  sourceId?: string;
  /** MindFlow's own fields, which only a MindFlow map carries (a copy pasted within MindFlow). */
  animation?: Animation;
  linkType?: AttachmentType;
  children: OutlineTopic[];
}

export interface OutlineConnection {
  /** sourceId of the topic the connection starts at. */
  from: string;
  /** sourceId of the topic it ends at. */
  to: string;
  label?: string;
  /**
   * The report feature the reader counted it under as kept or converted: taken back if the map
   * cannot hold it after all (toMap.ts), so nothing is counted kept and dropped at once.
   */
  counted?: CountedAs;
}

export interface CountedAs {
  feature: string;
  as: 'kept' | 'converted';
  /** For converted items: what they became (a feature converted into two things has a line per `into`). */
  into?: string;
  /** The example path it was counted with, taken back with it (and shown with its drop instead). */
  example?: ExamplePath;
}

export interface Outline {
  /** Names a synthesised root when there are several top-level topics (OPML head title, front matter). */
  title?: string;
  /** Top-level topics; more than one gets a synthesised root. */
  roots: OutlineTopic[];
  connections: OutlineConnection[];
}

/**
 * The sourceIds that connections name. Why: a map from every topic's sourceId to its topic was a
 * third of building a 100k-topic import's snapshot, and most maps have no connections at all.
 */
export function connectionEnds(outline: Outline): ReadonlySet<string> {
  const ends = new Set<string>();
  for (const c of outline.connections) ends.add(c.from).add(c.to);
  return ends;
}

export function topic(label: string, children: OutlineTopic[] = [], extra: Partial<OutlineTopic> = {}): OutlineTopic {
  return { label, children, ...extra };
}

/** Topics in the outline, counted without recursion (a 100,000-level chain must not overflow the stack). */
export function countTopics(roots: readonly OutlineTopic[]): number {
  let n = 0;
  const stack: OutlineTopic[] = [...roots];
  while (stack.length > 0) {
    const t = stack.pop()!;
    n++;
    for (const c of t.children) stack.push(c);
  }
  return n;
}
