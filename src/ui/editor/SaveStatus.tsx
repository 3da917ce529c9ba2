/**
 * Saving indicator ("Saved" / "Saving…" / "Not saved") and, while saving fails, a lasting warning
 * with a "Download JSON" button so the work can be kept as a file.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { Persistence, PersistenceStatus } from '../../state/persistence';
import { MESSAGES } from '../../state/model';
import { useEditor } from './EditorContext';
import { exportJsonFile } from './export/exportMap';
import { IconAlert } from './icons';
import { notifySuccess } from './notify';
import classes from './Editor.module.css';

function usePersistenceStatus(p: Persistence): PersistenceStatus {
  return useSyncExternalStore(p.subscribeStatus, p.getStatus, p.getStatus);
}

export function saveLabel(s: PersistenceStatus): string {
  if (s.error) return 'Not saved';
  if (s.saving) return 'Saving…';
  return 'Saved in this browser';
}

export function SaveIndicator() {
  const status = usePersistenceStatus(useEditor().session.persistence);
  return (
    <Text size="xs" c={status.error ? 'yellow' : 'dimmed'} className={classes.saveIndicator} role="status" aria-label="Save status">
      <span className={classes.saveDot} data-state={status.error ? 'error' : status.saving ? 'saving' : 'saved'} />
      {saveLabel(status)}
    </Text>
  );
}

export function SaveWarning() {
  const { session } = useEditor();
  const status = usePersistenceStatus(session.persistence);
  if (!status.error) return null;
  const reason =
    status.error === 'quota'
      ? 'Browser storage is full, so your latest changes are not saved.'
      : 'Browser storage is unavailable, so your changes are not saved.';
  return (
    <Alert
      className={classes.saveWarning}
      color="yellow"
      variant="filled"
      title="Changes not saved"
      icon={<IconAlert />}
      role="alert"
    >
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text size="sm">{reason} Download a copy to keep your work.</Text>
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
