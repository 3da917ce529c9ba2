/** The words the save status area shows for a shared map's connection. */
import { peopleLabel } from '../../../state/sync/presence';
import type { SyncStatus } from './syncConnection';

export const OFFLINE_LABEL = 'Offline: changes kept on this device';
export const RECONNECTING_LABEL = 'Reconnecting…';
export const READ_ONLY_LABEL = 'Read-only';

export function connectionLabel(s: SyncStatus): string {
  if (s.state === 'denied') return READ_ONLY_LABEL;
  if (s.state === 'live') return `${s.readOnly ? `${READ_ONLY_LABEL} · ` : ''}Live · ${peopleLabel(s.people.length)}`;
  if (s.state === 'connecting' && !s.reconnecting) return 'Connecting…';
  return OFFLINE_LABEL;
}
