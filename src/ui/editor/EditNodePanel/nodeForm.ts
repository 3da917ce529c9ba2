/**
 * The Edit Node panel's draft: form values, their conversion to the state module's NodeDataInput, and
 * the pure rules the panel follows so unsaved input is never dropped silently:
 * - a field the user has not changed follows the topic when it changes underneath (drag, collapse,
 *   rename on the canvas, undo, another tab); a changed field keeps what the user typed;
 * - a selection change away from a draft with unsaved changes asks before going on;
 * - a topic deleted under unsaved changes leaves the draft on screen with a notice.
 * Errors come from the state module's rules (rules.ts), the same ones a reload applies.
 */
import type { Draft } from 'immer';
import type { NodeDataInput } from '../../../state/operations';
import { checkUrl, nodeInputErrors, normalizeTags, RULE_MESSAGES, LIMITS, tagError, type FieldErrors, type NodeField } from '../../../state/rules';
import type { Animation, AttachmentType, NodeData, Priority } from '../../../state/model';

export interface NodeFormValues {
  label: string;
  color: string;
  priority: Priority | '';
  animation: Animation;
  notes: string;
  attachmentType: AttachmentType;
  attachmentUrl: string;
  attachmentTitle: string;
  tags: string[];
}

type FormKey = keyof NodeFormValues;
const FORM_KEYS: readonly FormKey[] = ['label', 'color', 'priority', 'animation', 'notes', 'attachmentType', 'attachmentUrl', 'attachmentTitle', 'tags'];

/** The fields inside "Advanced Options" (opened when a save is refused for one of them). */
export const ADVANCED_FIELDS: ReadonlySet<NodeField> = new Set(['animation', 'notes', 'attachmentType', 'attachmentUrl', 'attachmentTitle', 'tags']);

export function formFromData(data: NodeData): NodeFormValues {
  return {
    label: data.label,
    color: data.color,
    priority: data.priority ?? '',
    animation: data.animation,
    notes: data.notes ?? '',
    attachmentType: data.attachment?.type ?? 'link',
    attachmentUrl: data.attachment?.url ?? '',
    // A title that is the URL is the default, not typed: left empty, it follows a new URL.
    attachmentTitle: data.attachment?.title && data.attachment.title !== data.attachment.url ? data.attachment.title : '',
    tags: data.tags?.slice() ?? [],
  };
}

export function inputFromForm(v: NodeFormValues): NodeDataInput {
  return {
    label: v.label,
    color: v.color,
    animation: v.animation,
    priority: v.priority === '' ? null : v.priority,
    notes: v.notes,
    tags: v.tags,
    attachment: v.attachmentUrl.trim() ? { type: v.attachmentType, url: v.attachmentUrl, title: v.attachmentTitle } : null,
  };
}

/** What the panel holds for one topic while it is shown (kept with useImmer). */
export interface PanelDraft {
  nodeId: string;
  /** The topic's values when the draft last looked at it. */
  base: NodeFormValues;
  /** What the fields show. */
  values: NodeFormValues;
  /** A tag typed but not yet added: unsaved input too. */
  tagInput: string;
  /** A save was tried: show every error, not only those of changed fields. */
  showAll: boolean;
  /** The URL field was left once: its errors show from then on (not while the first word is typed). */
  urlChecked: boolean;
  advanced: boolean;
  /**
   * Set when the topic was found deleted under unsaved changes: the selection at that moment (a
   * deletion or an undo may move it). Selecting something else afterwards asks before discarding.
   */
  goneSelection?: string | null;
  /**
   * A replacement of the whole map (Import, a template, Clear Map) took the draft's topic away, even
   * where a topic of the new map has its id (every new root is "root"). An undo or redo that brings
   * back a topic of that id looking as the draft last saw it brings the topic back.
   */
  replaced?: boolean;
}

export function draftFor(node: { id: string; data: NodeData }): PanelDraft {
  const base = formFromData(node.data);
  return { nodeId: node.id, base, values: formFromData(node.data), tagInput: '', showAll: false, urlChecked: false, advanced: false };
}

function same(a: NodeFormValues[FormKey], b: NodeFormValues[FormKey]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** Fields whose value differs from the topic's. */
export function changedFields(d: PanelDraft): FormKey[] {
  return FORM_KEYS.filter((k) => !same(d.values[k], d.base[k]));
}

export function isDirty(d: PanelDraft): boolean {
  return d.tagInput.trim() !== '' || changedFields(d).length > 0;
}

/** True when the topic's current values differ from what the draft last saw. */
export function topicMoved(d: PanelDraft, fresh: NodeFormValues): boolean {
  return FORM_KEYS.some((k) => !same(fresh[k], d.base[k]));
}

/**
 * The topic changed underneath: unchanged fields take its new values, changed ones stay as typed (a
 * changed field that now equals the topic is simply no longer changed). An immer recipe.
 */
export function followTopic(d: Draft<PanelDraft>, fresh: NodeFormValues): void {
  for (const k of FORM_KEYS) {
    if (same(d.values[k], d.base[k])) (d.values as Record<FormKey, unknown>)[k] = copy(fresh[k]);
    (d.base as Record<FormKey, unknown>)[k] = copy(fresh[k]);
  }
}

function copy<T>(v: T): T {
  return (Array.isArray(v) ? v.slice() : v) as T;
}

/** The values to save: a tag typed but not added yet is added (unsaved input is not dropped). */
export function valuesToSave(d: PanelDraft): NodeFormValues {
  if (!d.tagInput.trim() || tagError(d.tagInput)) return d.values;
  return { ...d.values, tags: normalizeTags([...d.values.tags, d.tagInput]) };
}

/** Why the tag being typed cannot be added, or null (also null while it is blank). */
export function pendingTagError(tags: readonly string[], tagInput: string): string | null {
  const tag = tagInput.trim();
  if (!tag) return null;
  const invalid = tagError(tag);
  if (invalid) return invalid;
  return !tags.includes(tag) && normalizeTags(tags).length >= LIMITS.tags ? RULE_MESSAGES.tagsMany : null;
}

/** Every broken rule of what Save Changes would save, by field. */
export function draftErrors(d: PanelDraft): FieldErrors {
  const errors = nodeInputErrors(inputFromForm(valuesToSave(d)));
  const tag = pendingTagError(d.values.tags, d.tagInput);
  if (tag) errors.tags = tag;
  return errors;
}

/**
 * The errors to show on the fields: those of fields the user changed (the URL once its field was left),
 * or all of them after a save was tried.
 */
export function visibleErrors(d: PanelDraft): FieldErrors {
  const all = draftErrors(d);
  if (d.showAll) return all;
  const changed = new Set<string>(changedFields(d));
  if (d.tagInput.trim()) changed.add('tags');
  if (!d.urlChecked) changed.delete('attachmentUrl');
  const shown: FieldErrors = {};
  for (const [field, message] of Object.entries(all) as [NodeField, string][]) if (changed.has(field)) shown[field] = message;
  return shown;
}

/** When the URL field is left: an address without a scheme shows the https:// or mailto: it will be saved with. */
export function completeUrl(d: Draft<PanelDraft>): void {
  d.urlChecked = true;
  const url = d.values.attachmentUrl;
  if (!url.trim()) return;
  const checked = checkUrl(url);
  if (checked.ok && checked.completed) d.values.attachmentUrl = checked.url;
}

/**
 * What the panel does about the current selection:
 * - 'show': the draft belongs to the selected topic;
 * - 'replace': start a new draft for the selection (or close), nothing unsaved is lost;
 * - 'ask': another topic (or none) was selected while this draft has unsaved changes;
 * - 'deleted': the draft's topic is gone and its unsaved changes are still on screen;
 * - 'askDeleted': and since then another topic (or none) was selected: ask before discarding them;
 * - 'restored': the topic is back (undo) while the selection is still where the deletion left it:
 *   select the topic again, with the draft as it was.
 */
export type PanelMode = 'show' | 'replace' | 'ask' | 'deleted' | 'askDeleted' | 'restored';

export function panelMode(draft: PanelDraft | null, selectedId: string | null, draftTopicExists: boolean): PanelMode {
  if (draft === null) return selectedId === null ? 'show' : 'replace';
  if (!draftTopicExists) {
    if (!isDirty(draft)) return 'replace';
    return draft.goneSelection !== undefined && draft.goneSelection !== selectedId ? 'askDeleted' : 'deleted';
  }
  if (draft.nodeId === selectedId) return 'show';
  if (!isDirty(draft)) return 'replace';
  return draft.goneSelection !== undefined && draft.goneSelection === selectedId ? 'restored' : 'ask';
}
