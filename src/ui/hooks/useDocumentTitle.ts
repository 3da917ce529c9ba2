/** The browser tab's title for the screen on show (a screen reader announces it on a route change). */
import { useEffect } from 'react';

export const SITE_TITLE = 'MindFlow — Create. Connect. Innovate.';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
