/** Says why nothing happened when a read-only map (a view link) refuses a change. Renders nothing. */
import { useEffect } from 'react';
import { useEditor } from '../EditorContext';
import { notifyWarning } from '../notify';
import { readOnlyTitle } from '../readOnly';

const QUIET_MS = 4000;

export function ReadOnlyNotice() {
  const { session } = useEditor();
  useEffect(() => {
    let last = 0;
    return session.store.onRefused((reason) => {
      const now = Date.now();
      if (now - last < QUIET_MS) return;
      last = now;
      notifyWarning(readOnlyTitle(reason), reason, 4000);
    });
  }, [session]);
  return null;
}
