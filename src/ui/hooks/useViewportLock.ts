/**
 * Locks page zoom (viewport meta) while mounted and puts the previous value back on unmount.
 */
import { useEffect } from 'react';

export const LOCKED_VIEWPORT = 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no';

export function useViewportLock(): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'viewport';
      document.head.appendChild(meta);
    }
    const previous = meta.getAttribute('content');
    meta.setAttribute('content', LOCKED_VIEWPORT);
    const el = meta;
    return () => {
      if (created) el.remove();
      else if (previous === null) el.removeAttribute('content');
      else el.setAttribute('content', previous);
    };
  }, []);
}
