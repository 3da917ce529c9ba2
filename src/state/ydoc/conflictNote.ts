/**
 * What a replica says when fields it changed were changed elsewhere at the same moment and theirs
 * stayed, or the topic it changed was deleted elsewhere at that moment (recordMerge.ts). Only a topic's content is worth a message: two people folding or
 * dragging the same topic at once see the result on screen.
 */
import { DELETED, type RecordConflict } from './recordMerge';

export const CONFLICT_TITLE = 'Changed at the same time';

/** The words for the content fields, in the order they are listed. */
const FIELD_WORDS: ReadonlyArray<[string, string]> = [
  ['data.label', 'title'],
  ['data.notes', 'notes'],
  ['data.color', 'colour'],
  ['data.priority', 'priority'],
  ['data.tags', 'tags'],
  ['data.attachment', 'attachment'],
  ['data.done', 'task tick'],
];

function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const labelOf = (rec: Record<string, unknown>): string => {
  const data = rec.data as { label?: unknown } | undefined;
  return typeof data?.label === 'string' ? data.label : '';
};

/** The message for conflicts from one change that came in, or null when none is about content. */
export function conflictNote(conflicts: readonly RecordConflict[]): { title: string; message: string } | null {
  const deleted = conflicts.filter((c) => c.map === 'topic' && c.fields.includes(DELETED));
  if (deleted.length > 0) {
    const what = deleted.length === 1 ? `“${labelOf(deleted[0].ours)}”` : `${deleted.length.toLocaleString('en-US')} topics`;
    return {
      title: CONFLICT_TITLE,
      message: `Someone else deleted ${what} at the same moment as you changed ${deleted.length === 1 ? 'it' : 'them'}, so your change went with ${deleted.length === 1 ? 'it' : 'them'}.`,
    };
  }
  const topics = conflicts
    .filter((c) => c.map === 'topic')
    .map((c) => ({ c, words: FIELD_WORDS.filter(([f]) => c.fields.includes(f)).map(([, w]) => w) }))
    .filter((t) => t.words.length > 0);
  if (topics.length === 0) return null;
  if (topics.length === 1) {
    const { c, words } = topics[0];
    const fields = listed(words);
    let message = `Someone else changed the ${fields} of “${labelOf(c.now)}” at the same moment as you: their ${fields} ${words.length === 1 && words[0] !== 'notes' && words[0] !== 'tags' ? 'is' : 'are'} kept, and so are your other changes.`;
    if (c.fields.includes('data.label')) message += ` Your title was “${labelOf(c.ours)}”.`;
    return { title: CONFLICT_TITLE, message };
  }
  const words = listed(FIELD_WORDS.filter(([f]) => topics.some((t) => t.c.fields.includes(f))).map(([, w]) => w));
  return {
    title: CONFLICT_TITLE,
    message: `Someone else changed ${topics.length.toLocaleString('en-US')} topics you changed at the same moment: their ${words} are kept there, and so are your other changes.`,
  };
}
