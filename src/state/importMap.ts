/**
 * Import and templates: both go through the one restore pipeline and replace the map as one undo
 * step (clearing the selection). Bad input changes nothing and returns the spec's message.
 */
import type { MindNode } from './model';
import { parseMapText, restoreMap } from './restore';
import type { MindMapStore } from './store';

export type ImportOutcome = { ok: true; count: number; repairs: string[] } | { ok: false; error: string };

export function importText(store: MindMapStore, text: string): ImportOutcome {
  const result = parseMapText(text);
  if (!result.ok) return result;
  store.replace('Import', { ...result.state, settings: store.getState().settings });
  return { ok: true, count: result.count, repairs: result.repairs };
}

export interface Template {
  id: string;
  name: string;
  description: string;
  tags: string[];
  nodes: MindNode[];
  previewImage?: string;
}

export function applyTemplate(store: MindMapStore, template: Template): ImportOutcome {
  const result = restoreMap({ nodes: template.nodes, edges: [] });
  if (!result.ok) return result;
  store.replace(`Apply template ${template.name}`, { ...result.state, settings: store.getState().settings });
  return { ok: true, count: result.count, repairs: result.repairs };
}
