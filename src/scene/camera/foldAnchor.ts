/**
 * The undo or redo of a fold keeps its topic where it is on screen, as the fold itself does
 * (sceneInput.toggle, the keyboard tree): under Auto Layout it moves the topic by half its branch.
 */
import { getNode, type MindMapState } from '../../state/doc';
import { FOLD_LABELS } from '../../state/operations';
import type { MindMapStore } from '../../state/store';
import { finiteOr } from '../geometry';
import type { CameraControl } from './cameraControl';

export function anchorFoldUndo(store: MindMapStore, camera: Pick<CameraControl, 'requestAnchor'>): () => void {
  let last: MindMapState = store.getState();
  return store.subscribe((changes, state) => {
    const before = last;
    last = state;
    const move = store.historyMove;
    if (!move?.label || !FOLD_LABELS.includes(move.label)) return;
    // The layout hears the undo first: its move of the topic may come before the undo's own change.
    const folded = (id: string) => {
      const was = getNode(before, id);
      const now = getNode(state, id);
      if (!was || !now || was.data.expanded === now.data.expanded) return false;
      camera.requestAnchor(id, finiteOr(was.position?.x, 0), finiteOr(was.position?.y, 0));
      return true;
    };
    for (const id of changes.nodes) if (folded(id)) return;
    for (const id of changes.moved) if (folded(id)) return;
  });
}
