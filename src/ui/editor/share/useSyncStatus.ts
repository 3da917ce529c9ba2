import { useSyncExternalStore } from 'react';
import type { SyncConnection, SyncStatus } from './syncConnection';

const NONE = () => () => {};
const NULL = () => null;

/** The shared map's connection state, or null for the local map. */
export function useSyncStatus(connection: SyncConnection | null): SyncStatus | null {
  return useSyncExternalStore(connection?.subscribe ?? NONE, connection?.getStatus ?? NULL, connection?.getStatus ?? NULL);
}
