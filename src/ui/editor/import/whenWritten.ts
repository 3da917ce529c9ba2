/**
 * An import is in once the document holds the map the page shows: a big map is drawn first and
 * written into the document in parts after that (state/ydoc/binding.ts, writeInParts).
 */
import type { DocBinding } from '../../../state/ydoc/binding';

export function whenWritten(binding: Pick<DocBinding, 'writing' | 'onWriting'>): Promise<void> {
  if (!binding.writing) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = binding.onWriting((writing) => {
      if (writing) return;
      stop();
      resolve();
    });
  });
}
