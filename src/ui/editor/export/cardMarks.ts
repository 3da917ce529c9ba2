/**
 * Where the marks beside a topic's title sit on its card in the exports (PNG, PDF, SVG), laid out
 * as the canvas lays them out (scene/topics/NodeView.ts), right to left: the fold chevron of a topic
 * with subtopics, the priority badge, the attachment icon, the task box. Card-relative units.
 */
import type { NodeData } from '../../../state/model';
import { PRIORITY_COLORS } from '../../../scene/constants';
import { chevronCenter } from '../../../scene/topics/nodeLayout';

export const PRIORITY_LABELS: Record<string, string> = { low: 'Low', medium: 'Med', high: 'High' };

export interface CardMarks {
  chevron: { x: number; y: number; expanded: boolean } | null;
  badge: { x: number; width: number; label: string; priority: string } | null;
  attachment: { x: number; type: 'link' | 'image' | 'file' } | null;
  task: { x: number; done: boolean } | null;
}

export function cardMarks(data: NodeData, width: number, hasChildren: boolean): CardMarks {
  let right = width - (hasChildren ? 30 : 10);
  const chevron = hasChildren ? { ...chevronCenter(width), expanded: !!data.expanded } : null;
  let badge: CardMarks['badge'] = null;
  if (data.priority && PRIORITY_COLORS[data.priority] !== undefined) {
    const label = PRIORITY_LABELS[data.priority];
    const w = label.length * 6 + 10;
    right -= w;
    badge = { x: right, width: w, label, priority: data.priority };
    right -= 6;
  }
  let attachment: CardMarks['attachment'] = null;
  const att = data.attachment;
  if (att && typeof att.url === 'string' && att.url !== '') {
    right -= 16;
    attachment = { x: right, type: att.type === 'image' || att.type === 'file' ? att.type : 'link' };
  }
  let task: CardMarks['task'] = null;
  if (typeof data.done === 'boolean') {
    right -= 16;
    task = { x: right, done: data.done };
  }
  return { chevron, badge, attachment, task };
}
