/**
 * The export formats in one table: id → label, file extension, MIME type and a writer that returns
 * the file's data and a sentence naming what the format could not hold (null when it held all).
 * The SVG picture is drawn in the UI layer (it needs text measuring) and is not listed here.
 */
import type { MindMapState } from '../doc';
import { exportJson } from '../snapshot';
import { fromMap, type MapFeatures } from './fromMap';
import type { Outline } from './outline';
import { lostSentence, type LostItem } from './writeCommon';
import { MAX_LIST_DEPTH, HEADING_LEVELS, writeMarkdown } from './writeMarkdown';
import { writeFreemind } from './writeFreemind';
import { writeOpml } from './writeOpml';
import { writeXmind } from './writeXmind';

export type ExportFormatId = 'json' | 'markdown' | 'opml' | 'freemind' | 'xmind';

export interface ExportOutput {
  data: string | Uint8Array;
  /** "OPML has no place for 3 connections and 12 colours", or null when nothing was lost. */
  lost: string | null;
}

export interface ExportFormat {
  id: ExportFormatId;
  /** Menu label. */
  label: string;
  /** File extension without the dot. */
  extension: string;
  mime: string;
  write(state: MindMapState, now?: Date): ExportOutput;
}

const item = (count: number, one: string, many: string): LostItem => ({ count, one, many });

// What no foreign format has a place for: MindFlow's animations and attachment kinds.
function mindflowOnly(f: MapFeatures): LostItem[] {
  return [
    item(f.animations, 'animation', 'animations'),
    item(f.fileAttachments, 'image or file attachment type', 'image or file attachment types'),
  ];
}

/** Tags that hold a comma: OPML's category list has no way to write one (the writer makes it a space). */
function commaTags(outline: Outline): number {
  let n = 0;
  const stack = [...outline.roots];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t.tags) for (const g of t.tags) if (g.includes(',')) n++;
    for (const c of t.children) stack.push(c);
  }
  return n;
}

const connections = (f: MapFeatures) => item(f.connections, 'connection', 'connections');
const colours = (f: MapFeatures) => item(f.colours, 'colour', 'colours');
const priorities = (f: MapFeatures) => item(f.priorities, 'priority', 'priorities');
const tags = (f: MapFeatures) => item(f.tagged, 'topic’s tags', 'topics’ tags');
const linkTitles = (f: MapFeatures) => item(f.linkTitles, 'link title', 'link titles');

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    id: 'json',
    label: 'JSON',
    extension: 'json',
    mime: 'application/json',
    write: (state, now) => ({ data: exportJson(state, now), lost: null }),
  },
  {
    id: 'markdown',
    label: 'Markdown',
    extension: 'md',
    mime: 'text/markdown',
    write(state) {
      const { outline, features: f } = fromMap(state);
      const md = writeMarkdown(outline);
      const lost = lostSentence('Markdown', [
        connections(f),
        colours(f),
        priorities(f),
        tags(f),
        ...mindflowOnly(f),
        item(md.headingTasks, 'task written as a heading', 'tasks written as headings'),
        item(md.joinedLines, 'label’s line breaks', 'labels’ line breaks'),
        item(md.blankLineNotes, 'note’s blank-line spacing', 'notes’ blank-line spacing'),
        item(
          md.flattened,
          `topic nested deeper than ${HEADING_LEVELS + MAX_LIST_DEPTH + 1} levels`,
          `topics nested deeper than ${HEADING_LEVELS + MAX_LIST_DEPTH + 1} levels`,
        ),
      ]);
      return { data: md.text, lost };
    },
  },
  {
    id: 'opml',
    label: 'OPML',
    extension: 'opml',
    mime: 'text/x-opml',
    write(state) {
      const { outline, features: f } = fromMap(state);
      const text = writeOpml(outline);
      const lost = lostSentence('OPML', [
        connections(f),
        colours(f),
        priorities(f),
        linkTitles(f),
        item(f.openTasks, 'unchecked task', 'unchecked tasks'),
        item(f.tagged > 0 ? commaTags(outline) : 0, 'tag’s commas', 'tags’ commas'),
        ...mindflowOnly(f),
      ]);
      return { data: text, lost };
    },
  },
  {
    id: 'freemind',
    label: 'FreeMind',
    extension: 'mm',
    mime: 'application/x-freemind',
    write(state) {
      const { outline, features: f } = fromMap(state);
      return { data: writeFreemind(outline), lost: lostSentence('FreeMind', [tags(f), linkTitles(f), item(f.tasks, 'task', 'tasks'), ...mindflowOnly(f)]) };
    },
  },
  {
    id: 'xmind',
    label: 'XMind',
    extension: 'xmind',
    mime: 'application/vnd.xmind.workbook',
    write(state, now) {
      const { outline, features: f } = fromMap(state);
      return { data: writeXmind(outline, now), lost: lostSentence('XMind', [linkTitles(f), ...mindflowOnly(f)]) };
    },
  },
];

export function exportFormat(id: ExportFormatId): ExportFormat {
  const f = EXPORT_FORMATS.find((x) => x.id === id);
  if (!f) throw new Error(`Unknown export format: ${id}`);
  return f;
}
