/**
 * Another tab of this browser pressed Share on the local map: from then on /mindmap opens the shared
 * map, and edits made here would go into a local map nobody opens. This tab stops taking edits and
 * offers the shared map; it takes edits again if that tab leaves the shared map. A link to someone
 * else's map followed in another tab changes nothing here: this map stays this device's own, and
 * leaving that map opens it again. Renders nothing.
 */
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { SharedMaps } from '../../state/sync/sharedMaps';
import { sharedMapPath } from '../../state/sync/shareLinks';
import { useEditor } from './EditorContext';
import { watchSharedElsewhere } from './sharedElsewhere';

export const SHARED_ELSEWHERE_TITLE = 'This map is now shared';
export const SHARED_ELSEWHERE_READ_ONLY = 'This map was shared from another tab: open the shared map to go on editing it.';
const NOTICE_ID = 'mindflow-shared-elsewhere';

export function SharedElsewhereNotice() {
  const { session } = useEditor();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.sharedRef) return;
    const store = session.store;
    const stop = watchSharedElsewhere((room) => {
      if (room === null) {
        if (store.readOnly === SHARED_ELSEWHERE_READ_ONLY) store.setReadOnly(null);
        notifications.hide(NOTICE_ID);
        return;
      }
      // Another tab followed a link to someone else's map: this map is still this device's own one.
      if (!new SharedMaps(window.localStorage).get(room)?.sharedHere) return;
      if (store.readOnly === null) store.setReadOnly(SHARED_ELSEWHERE_READ_ONLY);
      notifications.show({
        id: NOTICE_ID,
        title: SHARED_ELSEWHERE_TITLE,
        color: 'yellow',
        autoClose: false,
        position: 'top-center',
        message: (
          <Stack gap={6} align="flex-start">
            <Text size="sm">{SHARED_ELSEWHERE_READ_ONLY}</Text>
            <Button size="xs" onClick={() => navigate(sharedMapPath(room))}>
              Open the shared map
            </Button>
          </Stack>
        ),
      });
    });
    return () => {
      stop();
      notifications.hide(NOTICE_ID);
    };
  }, [session, navigate]);
  return null;
}
