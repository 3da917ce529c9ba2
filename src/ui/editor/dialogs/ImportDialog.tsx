/**
 * "Import Mind Map": pick a .json file or paste JSON. Invalid input keeps the dialog open with the
 * spec's message; a successful import replaces the map (one undo step), closes and toasts.
 */
import { Alert, Button, FileButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { importText } from '../../../state/importMap';
import { MESSAGES } from '../../../state/model';
import { useEditor } from '../EditorContext';
import { IconUpload } from '../icons';
import { notifySuccess } from '../notify';
import { importSuccessMessage } from './importFeedback';

export function ImportDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { session, canvas } = useEditor();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const resetFile = useRef<() => void>(null);

  const close = () => {
    setText('');
    setError(null);
    onClose();
  };

  const runImport = (json: string) => {
    const result = importText(session.store, json);
    if (!result.ok) {
      setError(result.error || MESSAGES.importInvalid);
      return;
    }
    notifySuccess(MESSAGES.importTitle, importSuccessMessage(result.count, result.repairs));
    close();
    // Let the canvas take the new map in before fitting it.
    requestAnimationFrame(() => canvas.current?.fitView());
  };

  const onFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setError(null);
    setReading(true);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setError(MESSAGES.fileReadError);
      return;
    } finally {
      setReading(false);
    }
    runImport(content);
  };

  return (
    <Modal opened={opened} onClose={close} title="Import Mind Map" centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Importing replaces the current map. You can undo it.
        </Text>
        <FileButton onChange={(f) => void onFile(f)} accept=".json,application/json" resetRef={resetFile}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={reading}>
              Select JSON File
            </Button>
          )}
        </FileButton>
        <Textarea
          label="Paste JSON"
          placeholder='{"nodes": [...], "edges": [...]}'
          autosize
          minRows={6}
          maxRows={12}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={text.trim() === ''} onClick={() => runImport(text)}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
