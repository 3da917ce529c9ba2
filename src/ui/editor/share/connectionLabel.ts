/** The words the save status area shows for a shared map's connection. */
import { distinctPeople, peopleLabel } from '../../../state/sync/presence';
import type { SyncStatus } from './syncConnection';

export const OFFLINE_LABEL = 'Offline: changes kept on this device';
export const RECONNECTING_LABEL = 'Reconnecting…';
export const READ_ONLY_LABEL = 'Read-only';

/** The server refused the link just opened, and the connection went back to this device's earlier link of the map. */
export const EARLIER_LINK_TITLE = 'This link does not open this map';
export const EARLIER_LINK_BODY =
  'The server refused the link you opened, so this device keeps using the link it opened this map with before. Nothing on this device was lost.';
export const EARLIER_LINK_NOTE = 'The link you opened last was refused: this device uses its earlier link.';

export function connectionLabel(s: SyncStatus): string {
  if (s.state === 'denied') return READ_ONLY_LABEL;
  if (s.state === 'live') return `${s.readOnly ? `${READ_ONLY_LABEL} · ` : ''}Live · ${peopleLabel(distinctPeople(s.people).length)}`;
  if (s.state === 'connecting' && !s.reconnecting) return 'Connecting…';
  return OFFLINE_LABEL;
}
