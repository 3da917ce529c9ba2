/** The save status' words: indicator label, tooltip and lasting warning (pure, unit-tested). */
import type { SaveStatus } from '../../../state/storage/docPersistence';

/** Why the store refuses edits when the stored map comes from a newer build. */
export const NEWER_READ_ONLY = 'This map was saved by a newer version of MindFlow, so it is open read-only.';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/** What this page may do to the map: a shared map opened with a view link cannot change it. */
export type MapAccess = 'edit' | 'view';

export const VIEW_ONLY_LABEL = 'View only';

export function saveLabel(s: SaveStatus, access: MapAccess = 'edit'): string {
  if (s.error === 'newer') return 'Read-only';
  if (s.error) return 'Not saved';
  // Nothing this page does is saved: "Saved" would claim changes that cannot be made.
  if (access === 'view') return VIEW_ONLY_LABEL;
  if (s.saving) return 'Saving…';
  return 'Saved in this browser';
}

/** The tooltip: where the map is, whether the browser may evict it, and how much is stored. */
export function saveDetails(s: SaveStatus, access: MapAccess = 'edit'): string {
  if (s.error === 'newer') return 'Stored by a newer version of MindFlow: shown here as it is, never written.';
  if (s.location === 'memory') return 'Kept in memory only: this browser blocks storage.';
  const parts: string[] = [];
  if (access === 'view') parts.push('You opened this map with a view link: you can look at it, not change it.');
  else if (s.persisted === true) parts.push('Persistent storage granted: the browser will not clear it on its own.');
  else if (s.persisted === false) parts.push('Persistent storage not granted: the browser may clear it when space runs low.');
  else parts.push('Persistent storage is requested after the first edit.');
  if (s.usage !== null) parts.push(`Stored: ${formatBytes(s.usage)}${s.quota ? ` of ${formatBytes(s.quota)} available` : ''}.`);
  return parts.join(' ');
}

/** The lasting warning's text, or null when the map is being saved. */
export function saveWarning(s: SaveStatus): { title: string; body: string } | null {
  switch (s.error) {
    case null:
      return null;
    case 'unavailable':
      return { title: 'Not saved: this browser blocks storage', body: 'Your map works, but only until this tab closes.' };
    case 'quota': {
      const size = s.usage !== null ? ` (${formatBytes(s.usage)} used${s.quota ? ` of ${formatBytes(s.quota)}` : ''})` : '';
      return { title: 'Changes not saved', body: `Browser storage is full${size}, so your latest changes are not saved. Free some space; saving is retried.` };
    }
    case 'write':
      return { title: 'Changes not saved', body: 'Writing to browser storage failed; it is retried until it works.' };
    case 'load':
      return { title: 'Changes not saved', body: 'The stored map could not be read, so nothing is written over it.' };
    case 'newer':
      return {
        title: 'Opened read-only',
        body: 'This map was saved by a newer version of MindFlow. It is shown as it is and never overwritten, so editing is off.',
      };
  }
}
