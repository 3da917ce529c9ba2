/** Why a dialog's action is disabled on a read-only map, titled like the store's refusal toast. */
import { Alert, type MantineSpacing } from '@mantine/core';
import { readOnlyTitle } from '../readOnly';

export function ReadOnlyAlert({ reason, mb }: { reason: string; mb?: MantineSpacing }) {
  return (
    <Alert color="yellow" variant="light" title={readOnlyTitle(reason)} mb={mb}>
      {reason}
    </Alert>
  );
}
