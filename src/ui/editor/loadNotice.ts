/** What to tell the user once when the stored map could not be read cleanly (pure, unit-tested). */
import type { LoadResult } from '../../state/persistence';

export interface LoadNotice {
  title: string;
  message: string;
  severity: 'warning' | 'error';
}

export function loadNotice(loaded: Pick<LoadResult, 'corrupt' | 'repairs' | 'backupKey' | 'safeToSave'>): LoadNotice | null {
  if (loaded.corrupt) {
    if (loaded.backupKey) {
      return {
        title: 'Saved map could not be fully read',
        message: `What could be recovered is shown. The unreadable copy was kept in this browser's storage under "${loaded.backupKey}", so nothing is lost.`,
        severity: 'warning',
      };
    }
    if (!loaded.safeToSave) {
      return {
        title: 'Saved map could not be read',
        message: 'It could not be backed up either, so saving is turned off to protect it. Use Export → JSON to keep new work.',
        severity: 'error',
      };
    }
    return { title: 'Saved map could not be read', message: 'A new map was started.', severity: 'warning' };
  }
  if (loaded.repairs.length > 0) {
    const shown = loaded.repairs.slice(0, 3).join('; ');
    return { title: 'Saved map repaired', message: `Some stored data was invalid and was repaired: ${shown}.`, severity: 'warning' };
  }
  return null;
}
