/** Asks once for the name others see in a shared map, then remembers it on this device. */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_NAME_LENGTH, SharedMaps } from '../../../state/sync/sharedMaps';
import { localStorageOrNull } from '../../earlyRead';
import { useEditor } from '../EditorContext';
import { colorOfName } from './identity';
import { finishNameQuestion, useNameQuestion } from './nameQuestion';
import { OPEN_SHARE_DIALOG_KEY } from './startSharing';

export function NameDialog() {
  const { session } = useEditor();
  const opened = useNameQuestion(session.shared !== null);
  const [name, setName] = useState('');
  // The person who just pressed Share is not joining someone else's map.
  const [sharing] = useState(() => session.sharedRef !== null && sessionStorage.getItem(OPEN_SHARE_DIALOG_KEY) === session.sharedRef.room);
  if (!session.shared) return null;
  const connection = session.shared;
  const join = () => {
    const clean = new SharedMaps(localStorageOrNull()).setName(name);
    if (!clean) return;
    connection.setIdentity({ name: clean, color: colorOfName(clean) });
    finishNameQuestion();
  };
  return (
    <Modal opened={opened} onClose={finishNameQuestion} title={sharing ? 'Your name in this shared map' : 'Join this shared map'} centered closeOnClickOutside={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          join();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Others in this map see your name beside your selection and pointer. It is remembered on this device.
          </Text>
          <TextInput label="Your name" value={name} maxLength={MAX_NAME_LENGTH} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <Button type="submit" disabled={name.trim() === ''}>
              {sharing ? 'Continue' : 'Join'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
