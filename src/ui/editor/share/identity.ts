/** Who this person is in shared maps: the name they gave (asked once, then remembered) and a colour from it. */
import { colorFor } from '../../../state/sync/presence';
import type { SharedMaps } from '../../../state/sync/sharedMaps';
import { newId } from '../../../state/ids';

export const VIEW_ONLY = 'This map is view-only: you opened it with a view link';
export const GUEST_NAME = 'Guest';

export function colorOfName(name: string): string {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0;
  return colorFor(h);
}

export function collaboratorIdentity(maps: SharedMaps): { name: string; color: string; person: string } {
  const name = maps.name() ?? GUEST_NAME;
  return { name, color: colorOfName(name), person: maps.personId(newId) };
}
