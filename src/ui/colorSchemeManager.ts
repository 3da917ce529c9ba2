/**
 * The app's colour scheme storage: Mantine's own (localStorage, shared with other tabs), except
 * while the editor forces its look. The editor's scheme is then its own: not stored, so a landing
 * page open in another tab (or opened next) keeps the user's choice, and not changed by another
 * tab's choice meanwhile.
 */
import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';

/** Mantine's default key, kept so a choice stored before stays the user's. */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

let held = 0;

/** The editor forces its look until the returned release: scheme changes meanwhile stay in this page. */
export function holdColorScheme(): () => void {
  held++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held--;
  };
}

export function appColorSchemeManager(): MantineColorSchemeManager {
  const stored = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
  return {
    ...stored,
    set: (value) => {
      if (held === 0) stored.set(value);
    },
    subscribe: (onUpdate) =>
      stored.subscribe((value) => {
        if (held === 0) onUpdate(value);
      }),
  };
}
