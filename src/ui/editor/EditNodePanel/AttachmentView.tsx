/**
 * The saved attachment of a topic: "Open attachment" (new tab, no opener; only http, https and
 * mailto URLs) and, for images, a preview that falls back to a placeholder if it cannot load.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Attachment } from '../../../state/model';
import { isSafeUrl } from '../../../state/rules';
import { IconExternal } from '../icons';
import classes from '../Editor.module.css';

export function AttachmentView({ attachment }: { attachment: Attachment }) {
  const [failed, setFailed] = useState<string | null>(null);
  const safe = isSafeUrl(attachment.url);
  return (
    <Stack gap={6}>
      {attachment.type === 'image' && safe ? (
        failed === attachment.url ? (
          <div className={classes.imagePlaceholder} role="img" aria-label="Image preview unavailable">
            Preview unavailable
          </div>
        ) : (
          <img
            src={attachment.url}
            alt={attachment.title || 'Attachment preview'}
            className={classes.attachmentImage}
            referrerPolicy="no-referrer"
            onError={() => setFailed(attachment.url)}
          />
        )
      ) : null}
      {safe ? (
        <Button
          component="a"
          href={attachment.url}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="light"
          leftSection={<IconExternal size={14} />}
          title={attachment.title}
        >
          Open attachment
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          This attachment cannot be opened: only http, https and mailto links are allowed.
        </Text>
      )}
    </Stack>
  );
}
