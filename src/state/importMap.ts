/**
 * Import and templates: both go through the one restore pipeline and replace the map as one undo
 * step (clearing the selection). Bad input changes nothing and returns the spec's message.
 */
import { layOut } from './layout/apply';
import type { SizeOf } from './layout/tidy';
import type { MapSnapshot, MindNode } from './model';
import { parseMapText, restoreMap } from './restore';
import type { MindMapStore } from './store';

export type ImportOutcome = { ok: true; count: number; repairs: string[] } | { ok: false; error: string };

export function importText(store: MindMapStore, text: string): ImportOutcome {
  const result = parseMapText(text);
  if (!result.ok) return result;
  store.replace('Import', { ...result.state, settings: store.getState().settings });
  return { ok: true, count: result.count, repairs: result.repairs };
}

export interface SnapshotImportOptions {
  label?: string;
  /**
   * The map has no positions of its own (every format but MindFlow's JSON): lay it out Balanced with
   * these topic sizes, in the same undo step. Under auto-layout the map's own layout applies instead.
   */
  tidy?: { sizeOf?: SizeOf };
}

/** Replaces the map with an already read snapshot (a converted file), through the restore pipeline. */
export function importSnapshot(store: MindMapStore, snapshot: MapSnapshot, options: SnapshotImportOptions = {}): ImportOutcome {
  const result = restoreMap(snapshot);
  if (!result.ok) return result;
  const settings = store.getState().settings;
  store.replace(options.label ?? 'Import', { ...result.state, settings });
  // Auto-layout (layout/apply.ts keepLaidOut) has already laid the new map out in the map's layout.
  const autoLaidOut = settings.autoLayout && settings.layout !== 'free';
  if (options.tidy && !autoLaidOut) layOut(store, 'balanced', 'Import layout', options.tidy.sizeOf, { amend: true });
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
