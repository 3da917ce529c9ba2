/** Puts a read map into the editor: one undo step, Balanced layout when the file had no positions, toast, fit. */
import type { MindMapState } from '../../../state/doc';
import { importSnapshot, importState, type ImportOutcome } from '../../../state/importMap';
import { decodeMapText } from '../../../state/mapText';
import { MindMapStore } from '../../../state/store';
import { MESSAGES } from '../../../state/model';
import type { CanvasHandle } from '../canvasHandle';
import type { EditorSession } from '../editorSession';
import { importSuccessMessage } from '../dialogs/importFeedback';
import { notifySuccess } from '../notify';
import { topicSizer } from '../topicSizes';
import type { ReadMapOutcome } from './protocol';

type ReadMap = Extract<ReadMapOutcome, { ok: true }>;

/** MindFlow's own JSON carries positions; every other format is laid out. */
export function hasOwnPositions(read: Pick<ReadMap, 'format'>): boolean {
  return /json/i.test(read.format);
}

/** JSON is repaired while it is read (index.ts readJson); its report lists those repairs as warnings. */
function jsonRepairs(read: ReadMap): string[] {
  if (!hasOwnPositions(read)) return [];
  return read.report.warnings.map((w) => w.replace(/^Repaired while loading: /, '').replace(/\.$/, ''));
}

export function applyReadMap(
  session: EditorSession,
  canvas: { current: CanvasHandle | null },
  read: ReadMap,
): { ok: true; count: number } | { ok: false; error: string } {
  // Sizes as the canvas draws them, measured on the incoming map's labels.
  const tidy = hasOwnPositions(read) ? undefined : { sizeOf: (incoming: MindMapState) => topicSizer(new MindMapStore(incoming)) };
  let result: ImportOutcome;
  if ('mapText' in read) {
    const incoming = decodeMapText(read.mapText);
    if (!incoming) return { ok: false, error: MESSAGES.fileReadError };
    result = importState(session.store, incoming.state, { tidy });
  } else result = importSnapshot(session.store, read.snapshot, { tidy });
  if (!result.ok) return result;
  notifySuccess(MESSAGES.importTitle, importSuccessMessage(result.count, [...result.repairs, ...jsonRepairs(read)]));
  // Let the canvas take the new map in before fitting it.
  requestAnimationFrame(() => canvas.current?.fitView());
  return { ok: true, count: result.count };
}
