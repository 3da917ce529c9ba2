/**
 * Import and templates: both go through the one restore pipeline and replace the map as one undo
 * step (clearing the selection). Bad input changes nothing and returns the spec's message.
 */
import type { MapSettings, MindMapState } from './doc';
import { layoutEdit } from './layout/apply';
import { LayoutEngine } from './layout/engine';
import type { SizeOf, TidyLayout } from './layout/tidy';
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

/** The layout a map without positions gets on import: the map's own under auto-layout, else Balanced. */
export function importLayout(settings: MapSettings): TidyLayout {
  return settings.autoLayout && settings.layout !== 'free' ? settings.layout : 'balanced';
}

export interface SnapshotImportOptions {
  label?: string;
  /**
   * The map has no positions of its own (every format but MindFlow's JSON): lay it out Balanced, or in
   * the map's layout under auto-layout. `sizeOf` gives topic sizes for the incoming map.
   */
  tidy?: { sizeOf?: (incoming: MindMapState) => SizeOf };
  /** The map's topics were already placed by this layout (importLayout's, in the import worker). */
  placedBy?: TidyLayout;
}

/**
 * Replaces the map with an already read snapshot (a converted file), through the restore pipeline, as
 * one undo step (see importState).
 */
export function importSnapshot(store: MindMapStore, snapshot: MapSnapshot, options: SnapshotImportOptions = {}): ImportOutcome {
  const result = restoreMap(snapshot);
  if (!result.ok) return result;
  return { ...importState(store, result.state, options), repairs: result.repairs };
}

/**
 * Replaces the map with a map already built and restored (by the import worker), as one undo step.
 * The layout is applied before the map goes into the store, so subscribers (the canvas, storage)
 * take the new map in once, already placed; auto-layout then finds nothing to move.
 */
export function importState(store: MindMapStore, state: MindMapState, options: SnapshotImportOptions = {}): ImportOutcome & { ok: true } {
  let settings = store.getState().settings;
  // A map laid out here takes that layout as its own: edges leave a topic on the side its children
  // were placed (a Balanced map's left half from the left), and the Layout menu says which it is.
  const placedBy = options.tidy ? importLayout(settings) : options.placedBy;
  if (placedBy) settings = { ...settings, layout: placedBy };
  let next: MindMapState = { ...state, settings };
  if (options.tidy) {
    const edit = layoutEdit(next, new LayoutEngine(importLayout(settings), options.tidy.sizeOf?.(next)).run(next));
    if (edit) next = edit.state;
  }
  store.replace(options.label ?? 'Import', next);
  return { ok: true, count: next.nodes.n, repairs: [] };
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
