/** The save status on a shared map opened with a view link: it never claims the map's changes are saved. */
import { describe, expect, it } from 'vitest';
import type { SaveStatus } from '../../../src/state/storage/docPersistence';
import { saveDetails, saveLabel } from '../../../src/ui/editor/storage/saveText';

const base: SaveStatus = {
  saving: false,
  error: null,
  unsaved: 0,
  attempts: 0,
  retryAt: null,
  lastSavedAt: 1,
  persisted: null,
  usage: 4096,
  quota: null,
  location: 'indexeddb',
  bytesWritten: 0,
};

describe('save status on a view link', () => {
  it('says "View only", not "Saved in this browser" or "Saving…"', () => {
    expect(saveLabel(base, 'view')).toBe('View only');
    expect(saveLabel({ ...base, saving: true }, 'view')).toBe('View only');
    expect(saveLabel(base, 'edit')).toBe('Saved in this browser');
  });

  it('still names a storage failure', () => {
    expect(saveLabel({ ...base, error: 'quota' }, 'view')).toBe('Not saved');
  });

  it('explains in the tooltip that the map cannot be changed, not that storage waits for an edit', () => {
    expect(saveDetails(base, 'view')).toBe('You opened this map with a view link: you can look at it, not change it. Stored: 4.0 KB.');
  });
});
