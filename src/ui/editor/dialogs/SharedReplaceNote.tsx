/** In a shared map, the replacing dialogs (Import, Templates, Clear Map) say who the change reaches. */
import { Text } from '@mantine/core';
import { useEditor } from '../EditorContext';

export const SHARED_REPLACE_NOTE =
  'This map is shared: everyone in it gets the new map at once. Each of them is told, and their device keeps the map as it was, as yours does.';

export function SharedReplaceNote({ mt, mb }: { mt?: string; mb?: string }) {
  const { session } = useEditor();
  if (!session.sharedRef) return null;
  return (
    <Text size="sm" fw={500} mt={mt} mb={mb}>
      {SHARED_REPLACE_NOTE}
    </Text>
  );
}
