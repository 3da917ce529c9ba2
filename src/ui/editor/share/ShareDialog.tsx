/**
 * "Share": on the local map it makes the map a shared one (the server must be there) and opens the
 * shared map; on a shared map it opens "Share map" with the edit and view links, and "Leave shared
 * map", which keeps a copy as this device's local map.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useClipboard, useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { editLink, viewLink } from '../../../state/sync/shareLinks';
import { useEditor } from '../EditorContext';
import type { EditorSession } from '../editorSession';
import { notifyError } from '../notify';
import { useReadOnlyReason } from '../readOnly';
import { leaveSharedMap } from './leaveSharedMap';
import { useNameQuestion } from './nameQuestion';
import { OPEN_SHARE_DIALOG_KEY, ShareError, startSharing } from './startSharing';
import { useSyncStatus } from './useSyncStatus';
import { COPY_REFUSED } from './connectionLabel';

export function ShareButton() {
  const { session } = useEditor();
  const [opened, handlers] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const ref = session.sharedRef;
  const askingName = useNameQuestion(ref !== null);
  // A local map that takes no edits (shared from another tab, saved by a newer build) is not shared
  // from here: sharing it again would make a second room of a map /mindmap no longer opens.
  const readOnly = useReadOnlyReason();
  const refused = ref ? null : readOnly;

  // Right after sharing: "Share map" opens once the name question, if any, is answered.
  useEffect(() => {
    if (ref && !askingName && sessionStorage.getItem(OPEN_SHARE_DIALOG_KEY) === ref.room) {
      sessionStorage.removeItem(OPEN_SHARE_DIALOG_KEY);
      handlers.open();
    }
  }, [ref, askingName, handlers]);

  const share = async () => {
    if (ref) {
      handlers.open();
      return;
    }
    setBusy(true);
    try {
      // The server gets the whole map: a big import still being written goes in first.
      session.binding.settle();
      const path = await startSharing(session.doc);
      window.location.assign(path);
    } catch (error) {
      if (error instanceof ShareError) notifyError(error.title, error.message);
      else notifyError('The map could not be shared', error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <>
      {/* Busy without `loading`: that disables the button, and focus on it would be dropped. */}
      <Button
        size="xs"
        variant="light"
        color="teal"
        rightSection={busy ? <Loader size={12} color="teal" /> : undefined}
        aria-busy={busy}
        onClick={() => {
          if (!busy) void share();
        }}
        fullWidth
        disabled={refused !== null}
        title={refused ?? undefined}
      >
        Share
      </Button>
      {ref ? <ShareMapDialog opened={opened} onClose={handlers.close} /> : null}
    </>
  );
}

function LinkField({ label, value, copyLabel }: { label: string; value: string | null; copyLabel: string }) {
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <TextInput
      label={label}
      value={value ?? 'Only someone with the edit link can see this link'}
      readOnly
      onFocus={(e) => e.currentTarget.select()}
      disabled={!value}
      // A clipboard the browser refuses says so: the link is selected in its field to copy by hand.
      error={clipboard.error ? COPY_REFUSED : undefined}
      inputContainer={(input) => (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>{input}</div>
          <Button variant={clipboard.copied ? 'filled' : 'light'} color={clipboard.copied ? 'teal' : undefined} onClick={() => value && clipboard.copy(value)} disabled={!value}>
            {clipboard.copied ? 'Copied' : copyLabel}
          </Button>
        </Group>
      )}
    />
  );
}

/** The copy kept on leaving is read from storage by the next page: everything is stored first. */
async function leaveAfterSaving(session: EditorSession, room: string): Promise<void> {
  session.binding.settle();
  await session.persistence.flush();
  await leaveSharedMap(room);
}

export function ShareMapDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { session } = useEditor();
  // The link in use: after a refused link, the one this device had before.
  const ref = useSyncStatus(session.shared)?.link ?? session.sharedRef;
  if (!ref) return null;
  const origin = window.location.origin;
  const edit = ref.access === 'edit' && ref.viewToken ? editLink(origin, ref.room, ref.token, ref.viewToken) : null;
  const view = ref.viewToken ? viewLink(origin, ref.room, ref.viewToken) : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Share map" centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Anyone with the edit link can change this map with you; the view link only shows it. Changes made offline are kept on
          each device and merge when it reconnects.
        </Text>
        <LinkField label="Edit link" value={edit} copyLabel="Copy edit link" />
        <LinkField label="View link" value={view} copyLabel="Copy view link" />
        {ref.access === 'view' ? (
          <Alert color="gray" variant="light">
            You opened this map with a view link: you can look, not change.
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => void leaveAfterSaving(session, ref.room)}>
            Leave shared map
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
