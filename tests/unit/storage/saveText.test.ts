import { describe, expect, it } from 'vitest';
import type { SaveStatus } from '../../../src/state/storage/docPersistence';
import { formatBytes, saveDetails, saveLabel, saveWarning } from '../../../src/ui/editor/storage/saveText';

const base: SaveStatus = {
  saving: false,
  error: null,
  unsaved: 0,
  attempts: 0,
  retryAt: null,
  lastSavedAt: 1,
  persisted: null,
  usage: null,
  quota: null,
  location: 'indexeddb',
  bytesWritten: 0,
};

describe('save status words', () => {
  it('says "Saved" only when nothing is pending and nothing failed', () => {
    expect(saveLabel(base)).toBe('Saved in this browser');
    expect(saveLabel({ ...base, saving: true })).toBe('Saving…');
    expect(saveLabel({ ...base, saving: true, error: 'write' })).toBe('Not saved');
    expect(saveLabel({ ...base, error: 'newer' })).toBe('Read-only');
  });

  it('warns lastingly for every error, naming the size when storage is full', () => {
    expect(saveWarning(base)).toBeNull();
    expect(saveWarning({ ...base, error: 'unavailable', location: 'memory' })?.title).toBe('Not saved: this browser blocks storage');
    expect(saveWarning({ ...base, error: 'quota', usage: 52_428_800, quota: 104_857_600 })?.body).toContain('Browser storage is full (50.0 MB used of 100.0 MB)');
    expect(saveWarning({ ...base, error: 'write' })?.body).toContain('retried');
    expect(saveWarning({ ...base, error: 'load' })?.body).toContain('could not be read');
    expect(saveWarning({ ...base, error: 'newer' })?.title).toBe('Opened read-only');
  });

  it('tells in the tooltip whether storage is persistent and how much is stored', () => {
    expect(saveDetails({ ...base, persisted: true, usage: 2048, quota: 1e9 })).toBe(
      'Persistent storage granted: the browser will not clear it on its own. Stored: 2.0 KB of 953.7 MB available.',
    );
    expect(saveDetails({ ...base, persisted: false })).toContain('may clear it');
    expect(saveDetails({ ...base, location: 'memory' })).toContain('memory only');
    // Data of a newer build is read, not blocked.
    expect(saveDetails({ ...base, location: 'memory', error: 'newer' })).toContain('newer version');
    expect(formatBytes(512)).toBe('512 B');
  });
});

describe('save status on a view link', () => {
  const stored: SaveStatus = { ...base, usage: 4096 };

  it('says "View only", not "Saved in this browser" or "Saving…"', () => {
    expect(saveLabel(stored, 'view')).toBe('View only');
    expect(saveLabel({ ...stored, saving: true }, 'view')).toBe('View only');
    expect(saveLabel(stored, 'edit')).toBe('Saved in this browser');
  });

  it('still names a storage failure', () => {
    expect(saveLabel({ ...stored, error: 'quota' }, 'view')).toBe('Not saved');
  });

  it('explains in the tooltip that the map cannot be changed, not that storage waits for an edit', () => {
    expect(saveDetails(stored, 'view')).toBe('You opened this map with a view link: you can look at it, not change it. Stored: 4.0 KB.');
  });
});
