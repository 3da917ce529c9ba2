/**
 * Whether this page is asking for the person's name in a shared map ("Join this shared map"). It
 * comes before any other dialog: the "Share map" dialog that follows pressing Share waits for it.
 */
import { useSyncExternalStore } from 'react';
import { SharedMaps } from '../../../state/sync/sharedMaps';
import { localStorageOrNull } from '../../earlyRead';

let answered = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The question was answered or dismissed: it is not asked again on this page. */
export function finishNameQuestion(): void {
  answered = true;
  for (const l of listeners) l();
}

/** True while a shared map's page still has to ask for a name (none is remembered on this device). */
export function useNameQuestion(sharedMap: boolean): boolean {
  return useSyncExternalStore(subscribe, () => sharedMap && !answered && new SharedMaps(localStorageOrNull()).name() === null);
}
