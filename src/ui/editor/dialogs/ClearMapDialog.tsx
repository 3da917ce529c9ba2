/** Asks before "Clear Map" resets the map to its root (the reset stays undoable). */
import { Button, Group, Modal, Text } from '@mantine/core';

export function ClearMapDialog({ opened, onClose, onConfirm }: { opened: boolean; onClose(): void; onConfirm(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Clear the map?" centered>
      <Text size="sm">
        Every topic except the root will be removed. You can bring them back with Undo.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          Clear Map
        </Button>
      </Group>
    </Modal>
  );
}
