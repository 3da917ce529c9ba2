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

/** A refused link to a map this device holds a copy of: the way on. */
export const DENIED_COPY_NOTE = 'The map is safe on this device: Share, then "Leave shared map", gives you an editable copy of it.';

/** The server could not open the map just now, and is asked again. */
export function busyNote(reason: string): string {
  return `The server could not open the map just now (${reason.replace(/[.\s]+$/, '')}). Your changes are kept on this device and MindFlow tries again.`;
}

export function connectionLabel(s: SyncStatus): string {
  if (s.state === 'denied') return READ_ONLY_LABEL;
  if (s.state === 'live') return `${s.readOnly ? `${READ_ONLY_LABEL} · ` : ''}Live · ${peopleLabel(distinctPeople(s.people).length)}`;
  if (s.state === 'connecting' && !s.reconnecting) return 'Connecting…';
  return OFFLINE_LABEL;
}

/** A copy button's answer when the browser refuses the clipboard. */
export const COPY_REFUSED = 'This browser did not let MindFlow copy the link: select it in the field and copy it yourself.';
