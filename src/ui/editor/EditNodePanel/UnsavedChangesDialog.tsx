/**
 * Asked when another topic (or none) is selected while the Edit panel holds unsaved changes. Closing it
 * (Escape, the backdrop, the X) is "Keep editing": nothing is lost by accident.
 */
import { Button, Group, Modal, Text } from '@mantine/core';

export interface UnsavedChangesChoice {
  onSave(): void;
  onDiscard(): void;
  onKeepEditing(): void;
}

export function UnsavedChangesDialog({ opened, topic, onSave, onDiscard, onKeepEditing }: { opened: boolean; topic: string } & UnsavedChangesChoice) {
  return (
    <Modal opened={opened} onClose={onKeepEditing} title="Save your changes?" centered size="sm">
      <Text size="sm">
        “{topic}” has changes in the Edit Node panel that are not saved yet.
      </Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onKeepEditing}>
          Keep editing
        </Button>
        <Button color="red" variant="light" onClick={onDiscard}>
          Discard
        </Button>
        <Button onClick={onSave} data-autofocus>
          Save
        </Button>
      </Group>
    </Modal>
  );
}
