/** Asks once for the name others see in a shared map, then remembers it on this device. */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_NAME_LENGTH, SharedMaps } from '../../../state/sync/sharedMaps';
import { useEditor } from '../EditorContext';
import { colorOfName } from './identity';

export function NameDialog() {
  const { session } = useEditor();
  const maps = new SharedMaps(window.localStorage);
  const [opened, setOpened] = useState(() => session.shared !== null && maps.name() === null);
  const [name, setName] = useState('');
  if (!session.shared) return null;
  const connection = session.shared;
  const join = () => {
    const clean = maps.setName(name);
    if (!clean) return;
    connection.setIdentity({ name: clean, color: colorOfName(clean) });
    setOpened(false);
  };
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Join this shared map" centered closeOnClickOutside={false}>
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
              Join
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
