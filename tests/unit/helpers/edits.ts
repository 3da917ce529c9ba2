/**
 * Random edit sequences over imported maps, for property tests: a step is a small record that
 * fast-check generates, applied through the same operations the editor uses.
 */
import { childIds } from '../../../src/state/doc';
import {
  addChild,
  connect,
  deleteNode,
  disconnect,
  moveNode,
  moveToParent,
  renameNode,
  toggleExpanded,
  updateNodeData,
} from '../../../src/state/operations';
import { restoreMap } from '../../../src/state/restore';
import { MindMapStore } from '../../../src/state/store';
import { wideSnapshot } from './mapFixtures';

/** A store over an imported map (its tables have a base), and a deep copy of the input to compare with. */
export function importedStore(count: number, seed: number) {
  const snapshot = wideSnapshot(count, seed);
  const input = JSON.parse(JSON.stringify(snapshot));
  const pristine = JSON.parse(JSON.stringify(snapshot));
  const result = restoreMap(input);
  if (!result.ok) throw new Error(result.error);
  return { store: new MindMapStore(result.state), input, pristine };
}

export type Step = { op: number; a: number; b: number; text: string };

export function applyStep(store: MindMapStore, ids: readonly string[], { op, a, b, text }: Step): void {
  const pick = (i: number) => ids[i % ids.length];
  const x = pick(a);
  const y = pick(b);
  switch (op) {
    case 0:
      addChild(store, x);
      break;
    case 1:
      renameNode(store, x, text || 'x');
      break;
    case 2:
      deleteNode(store, x);
      break;
    case 3:
      moveToParent(store, x, y);
      break;
    case 4:
      toggleExpanded(store, x);
      break;
    case 5:
      connect(store, x, y);
      break;
    case 6: {
      const s = store.getState();
      const kid = childIds(s, x)[0];
      if (kid) disconnect(store, `e-${x}-${kid}`);
      break;
    }
    case 7:
      moveNode(store, x, { x: a * 10, y: b * 10 }, a % 2 === 0);
      break;
    default:
      updateNodeData(store, x, { label: text || 'y', color: '#3b82f6', animation: 'float', tags: ['t'], priority: 'high' });
  }
}

