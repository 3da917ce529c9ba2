/**
 * "Restore previous map": the maps that Import, Apply Template, Clear Map or an earlier restore
 * replaced, newest first, kept in this browser (the last KEEP_REPLACED). Restoring one replaces the
 * current map, which is kept in turn, so nothing is lost either way.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { KEEP_REPLACED, type ReplacedSummary } from '../../../state/storage/replacements';
import { useEditor } from '../EditorContext';
import { IconUndo } from '../icons';
import { notifyError, notifySuccess } from '../notify';
import { restoredMessage } from './keptMaps';
import { closeRestoreDialog, openRestoreDialog, useRestoreDialogOpen } from './restoreDialog';
import { useReadOnlyReason } from '../readOnly';

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export function RestoreMapDialog() {
  const { session, canvas } = useEditor();
  const opened = useRestoreDialogOpen();
  const [list, setList] = useState<ReplacedSummary[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    let live = true;
    const load = () => {
      session.kept
        .whenIdle()
        .then(() => session.kept.list())
        .then(
          (l) => live && setList(l),
          () => live && setError('The kept maps could not be read from browser storage.'),
        );
    };
    load();
    const off = session.kept.subscribe(load);
    return () => {
      live = false;
      off();
    };
  }, [opened, session]);

  const close = () => {
    closeRestoreDialog();
    setList(null);
    setError(null);
  };

  const restore = async (item: ReplacedSummary) => {
    setBusy(item.id);
    const result = await session.kept.restore(item.id);
    setBusy(null);
    if (!result.ok) {
      notifyError('Map Not Restored', result.error);
      return;
    }
    notifySuccess('Map Restored', restoredMessage(item.title, result.count, result.keptReplaced));
    close();
    requestAnimationFrame(() => canvas.current?.fitView());
  };

  return (
    <Modal opened={opened} onClose={close} title="Restore previous map" centered size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Import, Apply Template and Clear Map keep the map they replace in this browser (the last {KEEP_REPLACED}), even after a
          reload. Restoring one replaces the current map, which is kept in turn.
        </Text>
        {!session.kept.available ? (
          <Alert color="yellow" variant="light">
            Browser storage is not available, so no replaced maps are kept.
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {list === null && !error && session.kept.available ? <Loader size="sm" color="violet" /> : null}
        {list !== null && list.length === 0 ? <Text size="sm">No replaced maps are kept in this browser yet.</Text> : null}
        {list !== null && list.length > 0 ? (
          <Stack gap={6} role="list" aria-label="Kept maps">
            {list.map((item) => (
              <Group key={item.id} justify="space-between" wrap="nowrap" role="listitem" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {item.title || 'Untitled'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.topics.toLocaleString()} {item.topics === 1 ? 'topic' : 'topics'} · replaced by {item.reason} · {when(item.at)}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  // The line beside it wraps; the button keeps its word.
                  style={{ flexShrink: 0 }}
                  loading={busy === item.id}
                  disabled={busy !== null && busy !== item.id}
                  onClick={() => void restore(item)}
                  aria-label={`Restore "${item.title || 'Untitled'}" replaced by ${item.reason}`}
                >
                  Restore
                </Button>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Opens the dialog above; `before` closes the dialog it sits in first. */
export function RestorePreviousButton({ before, fullWidth }: { before?: () => void; fullWidth?: boolean }) {
  // A read-only map cannot be replaced: disabled with the reason, as the other editing buttons.
  const readOnly = useReadOnlyReason();
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconUndo size={15} />}
      fullWidth={fullWidth}
      disabled={readOnly !== null}
      title={readOnly ?? undefined}
      onClick={() => {
        before?.();
        openRestoreDialog();
      }}
    >
      Restore previous map
    </Button>
  );
}
