/**
 * Forces a colour scheme while mounted (the editor opens dark) and restores the user's own on
 * unmount. Mantine persists every scheme change in localStorage; so that a reload or a full-page
 * navigation away from the editor does not keep the forced value as the user's choice, the user's
 * scheme is written back when the page is hidden.
 */
import { useLayoutEffect, useRef } from 'react';
import { useMantineColorScheme } from '@mantine/core';

/** Mantine's default localStorageColorSchemeManager key (the app uses the default manager). */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

export function useForcedColorScheme(forced: 'light' | 'dark' = 'dark'): void {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const initial = useRef(colorScheme);
  const latest = useRef(setColorScheme);
  latest.current = setColorScheme;

  useLayoutEffect(() => {
    const before = initial.current;
    latest.current(forced);
    const keepUserScheme = () => {
      try {
        localStorage.setItem(COLOR_SCHEME_KEY, before);
      } catch {
        // Storage blocked: nothing was persisted either.
      }
    };
    window.addEventListener('pagehide', keepUserScheme);
    return () => {
      window.removeEventListener('pagehide', keepUserScheme);
      latest.current(before);
    };
  }, [forced]);
}
