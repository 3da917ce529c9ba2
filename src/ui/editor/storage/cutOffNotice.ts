/**
 * A big map is written into the document in parts after it is drawn (binding writeInParts). If the
 * page closed or crashed before the last part, the stored map holds only the first parts and the
 * document still carries the `filling` mark: the user is told once, how much was kept, and the mark
 * is removed. The mark is read again after a wait first: another tab or device may be writing that
 * map right now (its mark then goes with its last part).
 */
import { fillingOf, mapDoc } from '../../../state/ydoc/shape';
import type { EditorSession } from '../editorSession';

export const CUT_OFF_WAIT_MS = 10_000;

export function cutOffMessage(kept: number, expected: number): string {
  const n = new Intl.NumberFormat('en-US');
  return `The page closed while a map of ${n.format(expected)} topics was being saved: ${n.format(kept)} of them were kept. Import it again to have all of it, or use Restore previous map to go back to the map it replaced.`;
}

/** Calls `tell` once if this session's map was cut off; returns a stop. */
export function watchCutOff(session: Pick<EditorSession, 'doc' | 'store' | 'binding'>, tell: (title: string, message: string) => void, waitMs = CUT_OFF_WAIT_MS): () => void {
  const d = mapDoc(session.doc);
  const expected = fillingOf(d);
  if (expected === null) return () => {};
  const timer = setTimeout(() => {
    if (fillingOf(d) !== expected || session.binding.filling) return;
    tell('Map not saved whole', cutOffMessage(session.store.getState().nodes.n, expected));
    session.binding.forgetCutOff();
  }, waitMs);
  return () => clearTimeout(timer);
}
