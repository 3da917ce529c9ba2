/**
 * A shared map's connection in the save status area: "Live · 3 people" with who they are,
 * "Offline: changes kept on this device" (with "Reconnecting…" while it retries), "Read-only" on a
 * view link, why the server refused a link, and that this device went back to its earlier link
 * when the server refused the one just opened.
 */
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect } from 'react';
import { useEditor } from '../EditorContext';
import { notifyWarning } from '../notify';
import { busyNote, connectionLabel, DENIED_COPY_NOTE, EARLIER_LINK_BODY, EARLIER_LINK_NOTE, EARLIER_LINK_TITLE, READ_ONLY_LABEL, RECONNECTING_LABEL } from './connectionLabel';
import { useSyncStatus } from './useSyncStatus';
import { distinctPeople } from '../../../state/sync/presence';

export function ConnectionStatus() {
  const { session } = useEditor();
  const status = useSyncStatus(session.shared);
  const wentBack = status?.openedLinkRefused != null;
  useEffect(() => {
    if (wentBack) notifyWarning(EARLIER_LINK_TITLE, EARLIER_LINK_BODY);
  }, [wentBack]);
  if (!status) return null;
  const label = connectionLabel(status);
  const live = status.state === 'live';
  return (
    <Stack gap={4} role="status" aria-label="Connection">
      <Group gap={6} wrap="wrap">
        <Badge size="sm" variant="dot" color={live ? 'teal' : status.state === 'denied' ? 'red' : 'yellow'} style={{ textTransform: 'none' }}>
          {label}
        </Badge>
        {status.readOnly && status.state !== 'denied' && !live ? (
          <Badge size="sm" variant="light" color="gray" style={{ textTransform: 'none' }}>
            {READ_ONLY_LABEL}
          </Badge>
        ) : null}
        {status.reconnecting && status.state !== 'live' ? (
          <Text size="xs" c="dimmed">
            {RECONNECTING_LABEL}
          </Text>
        ) : null}
      </Group>
      {status.deniedReason ? (
        <Text size="xs" c="red.4">
          {status.deniedReason}
        </Text>
      ) : null}
      {status.state === 'denied' && status.heldHere ? (
        <Text size="xs" c="dimmed">
          {DENIED_COPY_NOTE}
        </Text>
      ) : null}
      {status.busyReason && status.state !== 'live' && status.state !== 'denied' ? (
        <Text size="xs" c="yellow.4">
          {busyNote(status.busyReason)}
        </Text>
      ) : null}
      {wentBack && !status.deniedReason ? (
        <Text size="xs" c="yellow.4">
          {EARLIER_LINK_NOTE}
        </Text>
      ) : null}
      {live && status.people.length > 0 ? (
        <Group gap={4} aria-label="People in this map">
          {distinctPeople(status.people).map((p) => (
            <Tooltip key={p.clientId} label={p.selection ? `${p.name} has a topic selected` : p.name}>
              <Badge size="sm" radius="sm" style={{ background: p.color, color: '#111', textTransform: 'none' }}>
                {p.name}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
