/**
 * Saving indicator ("Saved in this browser" only for what IndexedDB committed, "Saving…", "Not
 * saved", "Read-only") with a tooltip giving the persistent-storage answer and the stored size, and,
 * while the map is not being saved, a lasting warning with "Download JSON" so the work can be kept
 * as a file.
 */
import { Alert, Button, Group, Text, Tooltip } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { MESSAGES } from '../../state/model';
import type { DocPersistence, SaveStatus } from '../../state/storage/docPersistence';
import { useEditor } from './EditorContext';
import { exportJsonFile } from './export/exportMap';
import { IconAlert } from './icons';
import { notifySuccess } from './notify';
import classes from './Editor.module.css';

function useSaveStatus(p: DocPersistence): SaveStatus {
  return useSyncExternalStore(p.subscribeStatus, p.getStatus, p.getStatus);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

export function saveLabel(s: SaveStatus): string {
  if (s.error === 'newer') return 'Read-only';
  if (s.error) return 'Not saved';
  if (s.saving) return 'Saving…';
  return 'Saved in this browser';
}

/** The tooltip: where the map is, whether the browser may evict it, and how much is stored. */
export function saveDetails(s: SaveStatus): string {
  if (s.location === 'memory') return 'Kept in memory only: this browser blocks storage.';
  const parts: string[] = [];
  if (s.persisted === true) parts.push('Persistent storage granted: the browser will not clear it on its own.');
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
        body: 'This map was saved by a newer version of MindFlow. It is shown as it is and never overwritten; changes here are not saved.',
      };
  }
}

export function SaveIndicator() {
  const status = useSaveStatus(useEditor().session.persistence);
  const state = status.error ? 'error' : status.saving ? 'saving' : 'saved';
  return (
    <Tooltip label={saveDetails(status)} multiline w={260} withArrow openDelay={200}>
      <Text
        size="xs"
        c={status.error ? 'yellow' : 'dimmed'}
        className={classes.saveIndicator}
        role="status"
        aria-label="Save status"
        aria-description={saveDetails(status)}
        tabIndex={0}
      >
        <span className={classes.saveDot} data-state={state} />
        {saveLabel(status)}
      </Text>
    </Tooltip>
  );
}

export function SaveWarning() {
  const { session } = useEditor();
  const status = useSaveStatus(session.persistence);
  const warning = saveWarning(status);
  if (!warning) return null;
  return (
    <Alert className={classes.saveWarning} color="yellow" variant="filled" title={warning.title} icon={<IconAlert />} role="alert">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text size="sm">{warning.body} Download a copy to keep your work.</Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          onClick={() => {
            const { fileName } = exportJsonFile(session.store.getState());
            notifySuccess(MESSAGES.exportTitle, MESSAGES.exportBody(fileName));
          }}
        >
          Download JSON
        </Button>
      </Group>
    </Alert>
  );
}
