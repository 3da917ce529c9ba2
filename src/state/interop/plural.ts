/**
 * Counts with their noun in the right number: "1 topic", "2 topics", "1 connection from a topic to
 * itself". Report features are named in the plural ("over-long topic texts"); the singular changes
 * the phrase's head noun, the last word before what qualifies it ("texts cut to 1,000 characters"
 * → "text cut to 1,000 characters"), and the verb of a "that" clause right after it.
 */

const number = new Intl.NumberFormat('en-US');

// Words that start what qualifies the head noun of a feature name.
const QUALIFIERS = new Set(['from', 'to', 'that', 'without', 'in', 'on', 'beyond', 'of', 'with', 'cut', 'labelled']);

// Phrases the rule below gets wrong.
const IRREGULAR: Readonly<Record<string, string>> = {
  'links that are not web or mail addresses': 'link that is not a web or mail address',
};

const VERBS: Readonly<Record<string, string>> = { are: 'is', have: 'has' };

/** One plural noun in the singular ("categories" → "category", "checkboxes" → "checkbox"); other words as they are. */
function singularWord(word: string): string {
  if (!/^[a-z-]*[a-z]s$/.test(word) || /(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** The singular of a plural noun phrase: "connections that repeat another link" → "connection that repeats another link". */
export function singular(phrase: string): string {
  const irregular = IRREGULAR[phrase];
  if (irregular !== undefined) return irregular;
  const words = phrase.split(' ');
  let head = words.findIndex((w, i) => i > 0 && QUALIFIERS.has(w)) - 1;
  if (head < 0) head = words.length - 1;
  words[head] = singularWord(words[head]);
  const verb = words[head + 2];
  if (words[head + 1] === 'that' && verb !== undefined && !verb.endsWith('s')) words[head + 2] = VERBS[verb] ?? `${verb}s`;
  return words.join(' ');
}

/**
 * "1,460 topics", "1 topic": the count and its noun phrase, given in the plural (`one`: its singular,
 * where it is not the rule's).
 */
export function counted(n: number, many: string, one?: string): string {
  return `${number.format(n)} ${n === 1 ? (one ?? singular(many)) : many}`;
}
