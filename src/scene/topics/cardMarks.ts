/**
 * Where the marks beside a topic's title sit on its card, right to left: the fold chevron of a topic
 * with subtopics, the priority badge, the attachment icon, the task box. Card-relative units; the
 * canvas draws them (NodeView.ts) and hits them (nodeLayout.ts) here, and so do the exports.
 */
import type { NodeData } from '../../state/model';
import { PRIORITY_COLORS } from '../constants';
import { chevronCenter } from './nodeLayout';

/** The task box's side: its top is at y 7 on the card. */
export const TASK_BOX_SIZE = 12;
export const MARK_TOP = 7;

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

/** Whether a card-relative point is on the task box (a finger's `slop` around it), for a task's card drawn in detail. */
export function onTaskBox(data: NodeData, width: number, hasChildren: boolean, px: number, py: number, slop = 0): boolean {
  const task = cardMarks(data, width, hasChildren).task;
  if (!task) return false;
  const reach = 2 + slop;
  return px >= task.x - reach && px <= task.x + TASK_BOX_SIZE + reach && py >= MARK_TOP - reach && py <= MARK_TOP + TASK_BOX_SIZE + reach;
}

/** The task box's centre on the card, or null when the topic is not a task. */
export function taskBoxCenter(data: NodeData, width: number, hasChildren: boolean): { x: number; y: number } | null {
  const task = cardMarks(data, width, hasChildren).task;
  return task ? { x: task.x + TASK_BOX_SIZE / 2, y: MARK_TOP + TASK_BOX_SIZE / 2 } : null;
}
