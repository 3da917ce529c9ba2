/**
 * Asks before "Clear Map" resets the map to its root. The cleared map is kept in this browser, so
 * "Restore previous map" brings it back, even after a reload (Undo does too, until the page closes).
 * On a read-only map it says so and Clear Map is disabled.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { RestorePreviousButton } from '../storage/RestoreMapDialog';
import { useReadOnlyReason } from '../readOnly';
import { ReadOnlyAlert } from './ReadOnlyAlert';
import { SharedReplaceNote } from './SharedReplaceNote';

export function ClearMapDialog({ opened, onClose, onConfirm }: { opened: boolean; onClose(): void; onConfirm(): void }) {
  const readOnly = useReadOnlyReason();
  return (
    <Modal opened={opened} onClose={onClose} title="Clear the map?" centered>
      {readOnly === null ? (
        <>
          <Text size="sm">
            Every topic except the root will be removed. The current map is kept in this browser: Undo brings it back now,
            and "Restore previous map" brings it back even after a reload.
          </Text>
          <SharedReplaceNote mt="xs" />
        </>
      ) : (
        <ReadOnlyAlert reason={readOnly} />
      )}
      <Group justify="space-between" mt="lg">
        <RestorePreviousButton before={onClose} />
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={readOnly !== null}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            Clear Map
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
