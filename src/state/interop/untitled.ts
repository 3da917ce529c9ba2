/**
 * Topics without text: the app refuses an empty or blank title, so every importer names such a
 * topic "Untitled" and counts it under one report line.
 */
export const UNTITLED = 'Untitled';
export const UNTITLED_FEATURE = 'untitled topics';
export const UNTITLED_INTO = `topics labelled "${UNTITLED}"`;

/** A title the app's rules refuse: nothing but whitespace (they trim it). */
export function isBlankTitle(label: string): boolean {
  return label.trim() === '';
}
