/**
 * Forces a colour scheme while mounted (the editor opens dark) and restores the user's own on
 * unmount. Nothing of it is stored (colorSchemeManager.ts): other tabs and the next page keep the
 * user's choice.
 */
import { useLayoutEffect, useRef } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { holdColorScheme } from '../colorSchemeManager';

export function useForcedColorScheme(forced: 'light' | 'dark' = 'dark'): void {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const initial = useRef(colorScheme);
  const latest = useRef(setColorScheme);
  latest.current = setColorScheme;

  useLayoutEffect(() => {
    const before = initial.current;
    const release = holdColorScheme();
    latest.current(forced);
    return () => {
      latest.current(before);
      release();
    };
  }, [forced]);
}
