/**
 * Asked when another topic (or none) is selected while the Edit panel holds unsaved changes. Closing it
 * (Escape, the backdrop, the X) is "Keep editing": nothing is lost by accident. When the topic was
 * deleted, or the map takes no edits now (`refused`: shared from another tab, a view link), there is
 * nothing to save to: only "Keep editing" and "Discard".
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { memo, useEffect, useRef, useState } from 'react';

export interface UnsavedChangesChoice {
  onSave(): void;
  onDiscard(): void;
  onKeepEditing(): void;
}

function UnsavedChangesDialogView({
  opened,
  topic,
  deleted,
  refused = null,
  onSave,
  onDiscard,
  onKeepEditing,
}: { opened: boolean; topic: string; deleted: boolean; refused?: string | null } & UnsavedChangesChoice) {
  // While it fades out after a choice, it keeps saying what it said (the draft behind it has moved on).
  const shown = useRef({ topic, deleted, refused });
  if (opened) shown.current = { topic, deleted, refused };
  ({ topic, deleted, refused } = shown.current);
  const unsavable = deleted || refused !== null;
  // Keep editing hands focus back to the panel (onKeepEditing does), not to what had it before the question.
  const [keeping, setKeeping] = useState(false);
  useEffect(() => {
    if (opened) setKeeping(false);
  }, [opened]);
  const keep = () => {
    setKeeping(true);
    onKeepEditing();
  };
  return (
    <Modal opened={opened} onClose={keep} returnFocus={!keeping} title={unsavable ? 'Discard your changes?' : 'Save your changes?'} centered size="sm">
      <Text size="sm">
        {deleted
          ? `“${topic}” was deleted, so the changes to it in the Edit Node panel cannot be saved.`
          : refused !== null
            ? `The changes to “${topic}” in the Edit Node panel cannot be saved here. ${refused}`
            : `“${topic}” has changes in the Edit Node panel that are not saved yet.`}
      </Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={keep}>
          Keep editing
        </Button>
        <Button color="red" variant="light" onClick={onDiscard}>
          Discard
        </Button>
        {unsavable ? null : (
          <Button onClick={onSave} data-autofocus>
            Save
          </Button>
        )}
      </Group>
    </Modal>
  );
}

/**
 * While it stays closed it is not rendered again (a closed Modal still rendered its frame and portal
 * on every selection change); it renders when it opens, and once as it closes.
 */
export const UnsavedChangesDialog = memo(UnsavedChangesDialogView, (prev, next) => !prev.opened && !next.opened);
