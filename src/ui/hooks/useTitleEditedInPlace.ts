/** Whether a topic's title is being edited in place on the canvas (the field over its card). */
import { useSyncExternalStore } from 'react';
import { titleEditedInPlace, watchTitleEditing } from '../../scene';

export function useTitleEditedInPlace(): boolean {
  return useSyncExternalStore(watchTitleEditing, titleEditedInPlace);
}
