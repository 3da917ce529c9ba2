/**
 * The one set of limits and value rules for a topic. Restore (files, paste, templates, stored maps,
 * imports from other formats) repairs input to these rules; the Edit panel, the in-place label editor
 * and the operations refuse input that breaks them, with a message that says what is wrong. So
 * nothing is saved that the next load would cut or drop.
 */
import { ANIMATIONS, ATTACHMENT_TYPES, PRIORITIES } from './model';

export const LIMITS = {
  label: 1000,
  notes: 10_000,
  tag: 100,
  tags: 50,
  url: 2000,
  title: 2000,
  id: 256,
  coordinate: 1e7,
  strokeWidthMin: 0.5,
  strokeWidthMax: 10,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

export const RULE_MESSAGES = {
  labelEmpty: 'The title cannot be empty.',
  labelLong: `The title can be at most ${count(LIMITS.label)} characters`,
  notesLong: `Notes can be at most ${count(LIMITS.notes)} characters`,
  tagLong: `A tag can be at most ${count(LIMITS.tag)} characters`,
  tagsMany: `A topic can have at most ${count(LIMITS.tags)} tags`,
  urlLong: `The attachment URL can be at most ${count(LIMITS.url)} characters`,
  urlScheme: 'The attachment URL must start with http://, https:// or mailto:',
  urlInvalid: 'Enter a web address such as https://example.com, or an email address',
  titleLong: `The attachment title can be at most ${count(LIMITS.title)} characters`,
  color: 'The colour must be a hex value such as #9b87f5',
  animation: 'Choose an animation from the list',
  priority: 'The priority must be low, medium or high',
  attachmentType: 'The attachment type must be link, image or file',
} as const;

// ---------------------------------------------------------------------------------------------
// Text

/** Cuts a string to `max` UTF-16 units without splitting a surrogate pair. */
export function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return s.slice(0, end);
}

/** A title as the panel and the label editor save it (trimmed): null when valid, else the message. */
export function labelError(label: string): string | null {
  const text = label.trim();
  if (text === '') return RULE_MESSAGES.labelEmpty;
  return text.length > LIMITS.label ? RULE_MESSAGES.labelLong : null;
}

export function notesError(notes: string): string | null {
  return notes.length > LIMITS.notes ? RULE_MESSAGES.notesLong : null;
}

/** One tag as typed (it is trimmed before the check, as it is before saving). */
export function tagError(tag: string): string | null {
  return tag.trim().length > LIMITS.tag ? RULE_MESSAGES.tagLong : null;
}

/** Tags trimmed, empty ones and duplicates left out, in their order. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const tag = t.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** A whole tag list (normalised first): the first broken rule, or null. */
export function tagsError(tags: readonly string[]): string | null {
  const list = normalizeTags(tags);
  for (const tag of list) if (tag.length > LIMITS.tag) return RULE_MESSAGES.tagLong;
  return list.length > LIMITS.tags ? RULE_MESSAGES.tagsMany : null;
}

export function titleError(title: string): string | null {
  return title.trim().length > LIMITS.title ? RULE_MESSAGES.titleLong : null;
}

// ---------------------------------------------------------------------------------------------
// Colour

const HEX6_LOWER = /^#[0-9a-f]{6}$/;
const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/** "#rrggbb" in lower case for "#rrggbb" or "#rgb" input (any case); null for anything else. */
export function normalizeColor(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  if (HEX6_LOWER.test(v)) return v; // the usual case, without allocating
  const s = v.trim();
  if (HEX6.test(s)) return s.toLowerCase();
  if (HEX3.test(s)) {
    const [r, g, b] = s.slice(1).toLowerCase();
    return `#${r}${r}${g}${g}${b}${b}`;
  }
  return null;
}

/** True for a colour exactly as stored: "#rrggbb" in lower case. */
export function isStoredColor(v: string): boolean {
  return HEX6_LOWER.test(v);
}

// ---------------------------------------------------------------------------------------------
// Attachment URL

const SAFE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/** True for absolute http:, https: and mailto: URLs, the only ones an attachment may open. */
export function isSafeUrl(url: string): boolean {
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const SAFE_SCHEME = /^(?:https?|mailto):/i;
// A host name with at least one dot (or "localhost"), an optional port, then a path, query, fragment
// or the end: "example.com", "www.example.com/a?b", "localhost:8080/x", "192.168.0.1".
const BARE_HOST = /^(?:localhost|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)(?::\d{1,5})?(?:[/?#]|$)/u;
const BARE_EMAIL = /^[^\s@/:?#]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

export type UrlCheck = { ok: true; url: string; completed: boolean } | { ok: false; error: string };

/**
 * The attachment URL rule, shared by the panel and restore. The URL is trimmed. An address typed
 * without a scheme is completed the way a browser's address bar does, and the result is what gets
 * stored and shown: "example.com/x" becomes "https://example.com/x", "ann@example.com" becomes
 * "mailto:ann@example.com". Any other scheme (javascript:, data:, ftp:, a relative path) is refused.
 */
export function checkUrl(raw: string): UrlCheck {
  const text = raw.trim();
  let url = text;
  let completed = false;
  const safeScheme = SAFE_SCHEME.test(text);
  // "localhost:8080/x" starts like a scheme but is a host and port.
  const hasScheme = safeScheme || (SCHEME.test(text) && !BARE_HOST.test(text));
  if (hasScheme) {
    if (!safeScheme) return { ok: false, error: RULE_MESSAGES.urlScheme };
  } else {
    if (BARE_EMAIL.test(text)) url = `mailto:${text}`;
    else if (BARE_HOST.test(text)) url = `https://${text}`;
    else return { ok: false, error: RULE_MESSAGES.urlInvalid };
    completed = true;
  }
  if (!isSafeUrl(url)) return { ok: false, error: RULE_MESSAGES.urlInvalid };
  if (url.length > LIMITS.url) return { ok: false, error: RULE_MESSAGES.urlLong };
  return { ok: true, url, completed };
}

// ---------------------------------------------------------------------------------------------
// A topic's editable data as a whole

export type NodeField = 'label' | 'color' | 'animation' | 'priority' | 'notes' | 'tags' | 'attachmentType' | 'attachmentUrl' | 'attachmentTitle';

/** What the Edit panel submits (see operations' NodeDataInput). */
export interface NodeInput {
  label: string;
  color: string;
  animation: string;
  priority?: string | null;
  notes?: string;
  tags?: readonly string[];
  attachment?: { type: string; url: string; title?: string } | null;
}

export type FieldErrors = Partial<Record<NodeField, string>>;

/** Every broken rule of the input, by field; an empty object when it can be saved as it is. */
export function nodeInputErrors(input: NodeInput): FieldErrors {
  const errors: FieldErrors = {};
  const label = labelError(input.label);
  if (label) errors.label = label;
  if (normalizeColor(input.color) === null) errors.color = RULE_MESSAGES.color;
  if (!(ANIMATIONS as readonly string[]).includes(input.animation)) errors.animation = RULE_MESSAGES.animation;
  if (input.priority && !(PRIORITIES as readonly string[]).includes(input.priority)) errors.priority = RULE_MESSAGES.priority;
  const notes = input.notes !== undefined && input.notes.trim() !== '' ? notesError(input.notes) : null;
  if (notes) errors.notes = notes;
  const tags = tagsError(input.tags ?? []);
  if (tags) errors.tags = tags;
  const a = input.attachment;
  if (a && a.url.trim() !== '') {
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(a.type)) errors.attachmentType = RULE_MESSAGES.attachmentType;
    const url = checkUrl(a.url);
    if (!url.ok) errors.attachmentUrl = url.error;
    const title = titleError(a.title ?? '');
    if (title) errors.attachmentTitle = title;
  }
  return errors;
}

/** The first message of `errors` in field order, or null. */
export function firstError(errors: FieldErrors): string | null {
  for (const field of FIELD_ORDER) if (errors[field]) return errors[field]!;
  return null;
}

export const FIELD_ORDER: readonly NodeField[] = ['label', 'color', 'priority', 'animation', 'notes', 'attachmentType', 'attachmentUrl', 'attachmentTitle', 'tags'];
