/**
 * Puts a read map into the editor: one undo step, Balanced layout when the file had no positions, fit.
 * The toast (importToast) is the caller's, once the map is in.
 */
import type { MindMapState } from '../../../state/doc';
import { importLayout, importSnapshot, importState, type ImportOutcome } from '../../../state/importMap';
import { decodeMapText } from '../../../state/mapText';
import { MindMapStore } from '../../../state/store';
import { MESSAGES, type MindNode } from '../../../state/model';
import { labelMetrics } from '../../../scene/topics/nodeMetrics';
import type { CanvasHandle } from '../canvasHandle';
import type { EditorSession } from '../editorSession';
import { importSuccessMessage } from '../dialogs/importFeedback';
import { notifySuccess } from '../notify';
import { topicSizer } from '../topicSizes';
import { hasOwnPositions } from './ownPositions';
import type { PlacedMap } from './placeMap';
import type { ReadMapOutcome } from './protocol';

type ReadMap = Extract<ReadMapOutcome, { ok: true }>;

/** JSON is repaired while it is read (index.ts readJson); its report lists those repairs as warnings. */
function jsonRepairs(read: ReadMap): string[] {
  if (!hasOwnPositions(read)) return [];
  return read.report.warnings.map((w) => w.replace(/^Repaired while loading: /, '').replace(/\.$/, ''));
}

/** Puts each topic where the worker laid it out, and keeps the one-line labels' widths it measured. */
function placeTopics(nodes: MindNode[], placed: PlacedMap): void {
  const { positions, widths } = placed;
  const metrics = labelMetrics();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const x = positions[2 * i];
    if (!Number.isNaN(x)) node.position = { x, y: positions[2 * i + 1] };
    const label = node.data.label;
    if (widths[i] >= 0 && typeof label === 'string') metrics.seedOneLine(node.id, label, widths[i]);
  }
}

/**
 * `placed`: where the parsing worker laid the map out (placeMap.ts), if it did; it is awaited after
 * the map is read here, and used when it is for the layout the map gets now.
 */
export async function applyReadMap(
  session: EditorSession,
  canvas: { current: CanvasHandle | null },
  read: ReadMap,
  placed: Promise<PlacedMap | null> = Promise.resolve(null),
): Promise<{ ok: true; count: number; message: string } | { ok: false; error: string }> {
  const own = hasOwnPositions(read);
  // Sizes as the canvas draws them, measured on the incoming map's labels.
  const tidy = own ? undefined : { sizeOf: (incoming: MindMapState) => topicSizer(new MindMapStore(incoming)) };
  let result: ImportOutcome;
  if ('mapText' in read) {
    const incoming = decodeMapText(read.mapText);
    if (!incoming) return { ok: false, error: MESSAGES.fileReadError };
    const where = own ? null : await placed;
    if (where && where.kind === importLayout(session.store.getState().settings) && where.positions.length === 2 * incoming.nodes.length) {
      placeTopics(incoming.nodes, where);
      result = importState(session.store, incoming.state, { placedBy: where.kind });
    } else result = importState(session.store, incoming.state, { tidy });
  } else result = importSnapshot(session.store, read.snapshot, { tidy });
  if (!result.ok) return result;
  // A read-only map refused the import (its refusal listeners said why): nothing to announce.
  if (session.store.readOnly !== null) return { ok: false, error: session.store.readOnly };
  // Let the canvas take the new map in before fitting it.
  requestAnimationFrame(() => canvas.current?.fitView());
  return { ok: true, count: result.count, message: importSuccessMessage(result.count, [...result.repairs, ...jsonRepairs(read)]) };
}

/** "Import Successful", with what applyReadMap says of the map. */
export function importToast(applied: { message: string }): void {
  notifySuccess(MESSAGES.importTitle, applied.message);
}
