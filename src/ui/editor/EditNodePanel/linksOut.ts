/**
 * Links out of the editor ("Back to Home") while the Edit Node panel holds unsaved changes: the click
 * is held back and the panel asks first, as it does when another topic is selected.
 */
import { useEffect, useRef } from 'react';

/**
 * The in-app path a link leads to when following it leaves the page's current path, else null:
 * another site, a new tab or a download is not leaving the editor.
 */
export function pathOutOf(link: { href: string; target: string; download: boolean }, here: { origin: string; pathname: string }): string | null {
  if ((link.target !== '' && link.target !== '_self') || link.download) return null;
  let url: URL;
  try {
    url = new URL(link.href, here.origin);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || url.pathname === here.pathname) return null;
  return url.pathname + url.search + url.hash;
}

/** A plain click (no modifier keys, main button) on a link: where it leads out of the editor, or null. */
function linkOutOfEditor(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  return pathOutOf({ href: link.href, target: link.target, download: link.hasAttribute('download') }, window.location);
}

/**
 * While `active`, a click on a link out of the editor goes to `ask` with the path instead. The
 * listener runs in the capture phase on the window, before the router's own click handler.
 */
export function useHoldLinksOut(active: boolean, ask: (path: string) => void): void {
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  });
  useEffect(() => {
    if (!active) return;
    const onClick = (e: MouseEvent) => {
      const path = linkOutOfEditor(e);
      if (path === null) return;
      e.preventDefault();
      e.stopPropagation();
      askRef.current(path);
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, [active]);
}
