/**
 * Templates are written as outlines (a label and its children) and laid out here as a tidy tree
 * growing to the right: each level 240 units further right, leaves 80 apart, parents centred on
 * their children. Each main branch gets its own palette colour, inherited by its topics.
 */
import type { Template } from '../../../state/importMap';
import { DEFAULT_ANIMATION, PALETTE, ROOT_ID, type MindNode, type Priority } from '../../../state/model';

export interface Outline {
  label: string;
  color?: string;
  priority?: Priority;
  notes?: string;
  tags?: string[];
  children?: Outline[];
}

export interface TemplateMeta {
  id: string;
  name: string;
  description: string;
  tags: string[];
}

export const LEVEL_DX = 260;
export const LEAF_DY = 80;
const BRANCH_COLORS = [PALETTE[3], PALETTE[6], PALETTE[9], PALETTE[11], PALETTE[12], PALETTE[5], PALETTE[2], PALETTE[7]];

export function countOutline(o: Outline): number {
  return 1 + (o.children ?? []).reduce((n, c) => n + countOutline(c), 0);
}

export function buildTemplate(meta: TemplateMeta, outline: Outline): Template {
  const nodes: MindNode[] = [];
  let seq = 0;
  let nextLeafY = 0;
  const place = (o: Outline, depth: number, parentId: string | null, color: string): number => {
    const id = parentId === null ? ROOT_ID : `${meta.id}-${++seq}`;
    const node: MindNode = {
      id,
      type: parentId === null ? 'root' : 'child',
      position: { x: depth * LEVEL_DX, y: 0 },
      parentId,
      connectionType: 'standard',
      data: { label: o.label, expanded: true, color: o.color ?? color, animation: parentId === null ? DEFAULT_ANIMATION : 'none' },
    };
    if (o.priority) node.data.priority = o.priority;
    if (o.notes) node.data.notes = o.notes;
    if (o.tags?.length) node.data.tags = o.tags.slice();
    nodes.push(node);
    const kids = o.children ?? [];
    let y: number;
    if (kids.length === 0) {
      y = nextLeafY;
      nextLeafY += LEAF_DY;
    } else {
      const ys = kids.map((k, i) =>
        place(k, depth + 1, id, parentId === null ? BRANCH_COLORS[i % BRANCH_COLORS.length] : node.data.color),
      );
      y = (ys[0] + ys[ys.length - 1]) / 2;
    }
    node.position.y = y;
    return y;
  };
  const rootY = place(outline, 0, null, PALETTE[0]);
  // Centre the map on the root so "fit view" and previews start around it.
  for (const n of nodes) n.position.y = Math.round(n.position.y - rootY);
  return { ...meta, nodes };
}
