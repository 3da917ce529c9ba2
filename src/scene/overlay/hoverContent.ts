/** What the hover card shows (pure). */
import { MAX_TAGS_SHOWN, NOTES_TOOLTIP_LENGTH } from '../../state/model';

/** Notes tooltip text: cut at 30 characters (spec), with an ellipsis when cut. */
export function notesTooltip(notes: string): string {
  const flat = notes.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > NOTES_TOOLTIP_LENGTH ? chars.slice(0, NOTES_TOOLTIP_LENGTH).join('') + '…' : flat;
}

/** Chips shown on hover: the first three tags, then "+N" for the rest. */
export function visibleTags(tags: readonly string[]): string[] {
  const clean = tags.filter((t) => typeof t === 'string' && t.trim() !== '');
  const shown = clean.slice(0, MAX_TAGS_SHOWN);
  if (clean.length > MAX_TAGS_SHOWN) shown.push(`+${clean.length - MAX_TAGS_SHOWN}`);
  return shown;
}
