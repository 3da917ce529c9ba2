/**
 * Saving indicator ("Saved in this browser" only for what IndexedDB committed, "Saving…", "Not
 * saved", "Read-only", "View only" on a view link; nothing on a shared map whose link the server
 * refused, where the connection status says why) with a tooltip giving the persistent-storage
 * answer and the stored size, and, while the map is not being saved, a lasting warning with
 * "Download JSON" so the work can be kept as a file.
 */
import { Alert, Button, Group, Text, Tooltip } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { MESSAGES } from '../../state/model';
import type { DocPersistence, SaveStatus } from '../../state/storage/docPersistence';
import { saveDetails, saveLabel, saveWarning } from './storage/saveText';
import { useEditor } from './EditorContext';
import { useSyncStatus } from './share/useSyncStatus';
import { exportJsonFile } from './export/exportMap';
import { IconAlert } from './icons';
import { notifySuccess } from './notify';
import classes from './Editor.module.css';

function useSaveStatus(p: DocPersistence): SaveStatus {
  return useSyncExternalStore(p.subscribeStatus, p.getStatus, p.getStatus);
}

export function SaveIndicator() {
  const { session } = useEditor();
  const status = useSaveStatus(session.persistence);
  const sync = useSyncStatus(session.shared);
  if (sync?.state === 'denied') return null;
  const access = sync?.readOnly ? 'view' : 'edit';
  const state = status.error ? 'error' : status.saving ? 'saving' : 'saved';
  return (
    <Tooltip label={saveDetails(status, access)} multiline w={260} withArrow openDelay={200}>
      <Text
        size="xs"
        c={status.error ? 'yellow' : 'dimmed'}
        className={classes.saveIndicator}
        role="status"
        aria-label="Save status"
        aria-description={saveDetails(status, access)}
        tabIndex={0}
      >
        <span className={classes.saveDot} data-state={state} />
        {saveLabel(status, access)}
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
