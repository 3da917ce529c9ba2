/**
 * The Edit Node panel's fields over its draft. Each field shows what is wrong with it inline, with the
 * messages of the state module's rules; Save Changes saves only input those rules accept. On a
 * read-only map the text fields can still be read and copied; nothing can be changed.
 */
import { Box, Button, Collapse, Group, Input, NativeSelect, SegmentedControl, Stack, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { memo, useMemo } from 'react';
import { ANIMATIONS, ATTACHMENT_TYPES, type MindNode, type Priority } from '../../../state/model';
import { IconChevronDown } from '../icons';
import classes from '../Editor.module.css';
import { AttachmentView } from './AttachmentView';
import { ColorField } from './ColorField';
import { ConnectionsField } from './ConnectionsField';
import { TagsField } from './TagsField';
import { completeUrl, visibleErrors, type NodeFormValues, type PanelDraft } from './nodeForm';

type Update = (recipe: (d: PanelDraft) => void) => void;
type Setter = <K extends keyof NodeFormValues>(key: K, value: NodeFormValues[K]) => void;

const ANIMATION_OPTIONS = ANIMATIONS.map((a) => ({ value: a, label: a }));
const ATTACHMENT_OPTIONS = ATTACHMENT_TYPES.map((a) => ({ value: a, label: a }));

const PRIORITY_OPTIONS = [
  { value: '', label: 'None' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

export function NodeFormFields({
  draft,
  node,
  isRoot,
  readOnly,
  update,
  onSave,
  onDelete,
}: {
  draft: PanelDraft;
  /** The topic, or null when it was deleted under unsaved changes. */
  node: MindNode | null;
  isRoot: boolean;
  readOnly: boolean;
  /** Stable across renders: the memoised groups below skip a render when their own values are unchanged. */
  update: Update;
  onSave(): void;
  onDelete(): void;
}) {
  const { values, advanced } = draft;
  const errors = visibleErrors(draft);
  const set = useMemo<Setter>(
    () => (key, value) =>
      update((d) => {
        d.values[key] = value;
      }),
    [update],
  );

  return (
    <Box
      component="form"
      className={classes.editBody}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (node && !readOnly) onSave();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Title" value={values.label} error={errors.label} readOnly={readOnly} onChange={(e) => set('label', e.currentTarget.value)} size="xs" />
        <ColorGroup color={values.color} error={errors.color} readOnly={readOnly} set={set} />
        <PriorityGroup priority={values.priority} readOnly={readOnly} set={set} />
        {node ? <ConnectionsField nodeId={node.id} readOnly={readOnly} /> : null}
        <AdvancedGroup
          advanced={advanced}
          animation={values.animation}
          notes={values.notes}
          attachmentType={values.attachmentType}
          attachmentUrl={values.attachmentUrl}
          attachmentTitle={values.attachmentTitle}
          tags={values.tags}
          tagInput={draft.tagInput}
          animationError={errors.animation}
          notesError={errors.notes}
          attachmentTypeError={errors.attachmentType}
          attachmentUrlError={errors.attachmentUrl}
          attachmentTitleError={errors.attachmentTitle}
          tagsError={errors.tags}
          readOnly={readOnly}
          set={set}
          update={update}
        />
        {node?.data.attachment ? <AttachmentView attachment={node.data.attachment} /> : null}
        <Group justify="space-between" gap="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={isRoot || !node || readOnly}
            onClick={onDelete}
            title={isRoot ? 'The root cannot be deleted' : undefined}
          >
            Delete
          </Button>
          <Button size="xs" type="submit" disabled={!node || readOnly}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

// The groups below are memoised: selecting another topic (adding one selects it) re-renders only
// the fields whose values differ, not the whole form's Mantine inputs.

const ColorGroup = memo(function ColorGroup({ color, error, readOnly, set }: { color: string; error?: string; readOnly: boolean; set: Setter }) {
  const onChange = useMemo(() => (hex: string) => set('color', hex), [set]);
  return (
    <Box>
      <ColorField value={color} disabled={readOnly} onChange={onChange} />
      {error ? <Input.Error mt={4}>{error}</Input.Error> : null}
    </Box>
  );
});

const PriorityGroup = memo(function PriorityGroup({ priority, readOnly, set }: { priority: Priority | ''; readOnly: boolean; set: Setter }) {
  return (
    <div>
      <Input.Label size="xs" component="div" mb={4} id="mf-priority">
        Priority
      </Input.Label>
      <SegmentedControl
        fullWidth
        size="xs"
        aria-labelledby="mf-priority"
        disabled={readOnly}
        value={priority}
        onChange={(v) => set('priority', v as Priority | '')}
        data={PRIORITY_OPTIONS}
      />
    </div>
  );
});

interface AdvancedProps {
  advanced: boolean;
  animation: NodeFormValues['animation'];
  notes: string;
  attachmentType: NodeFormValues['attachmentType'];
  attachmentUrl: string;
  attachmentTitle: string;
  tags: string[];
  tagInput: string;
  animationError?: string;
  notesError?: string;
  attachmentTypeError?: string;
  attachmentUrlError?: string;
  attachmentTitleError?: string;
  tagsError?: string;
  readOnly: boolean;
  set: Setter;
  update: Update;
}

/** Equal props, tags compared by content (each topic's draft holds its own list). */
function sameAdvanced(a: AdvancedProps, b: AdvancedProps): boolean {
  for (const key of Object.keys(a) as (keyof AdvancedProps)[]) {
    if (key === 'tags') {
      if (a.tags.length !== b.tags.length || a.tags.some((t, i) => t !== b.tags[i])) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

const AdvancedGroup = memo(function AdvancedGroup(p: AdvancedProps) {
  const { set, update } = p;
  return (
    <div>
      <UnstyledButton
        className={classes.advancedToggle}
        aria-expanded={p.advanced}
        aria-controls="mf-advanced"
        onClick={() =>
          update((d) => {
            d.advanced = !d.advanced;
          })
        }
      >
        <span>Advanced Options</span>
        <IconChevronDown size={14} style={{ transform: p.advanced ? 'rotate(180deg)' : undefined }} />
      </UnstyledButton>
      <Collapse expanded={p.advanced} id="mf-advanced">
        <Stack gap="xs" pt="xs">
          <NativeSelect
            label="Animation"
            size="xs"
            value={p.animation}
            error={p.animationError}
            disabled={p.readOnly}
            onChange={(e) => set('animation', e.currentTarget.value as NodeFormValues['animation'])}
            data={ANIMATION_OPTIONS}
          />
          <Textarea
            label="Notes"
            size="xs"
            autosize
            minRows={2}
            maxRows={6}
            value={p.notes}
            error={p.notesError}
            readOnly={p.readOnly}
            onChange={(e) => set('notes', e.currentTarget.value)}
          />
          <NativeSelect
            label="Attachment Type"
            size="xs"
            value={p.attachmentType}
            error={p.attachmentTypeError}
            disabled={p.readOnly}
            onChange={(e) => set('attachmentType', e.currentTarget.value as NodeFormValues['attachmentType'])}
            data={ATTACHMENT_OPTIONS}
          />
          <TextInput
            label="Attachment URL"
            size="xs"
            placeholder="https://…"
            value={p.attachmentUrl}
            error={p.attachmentUrlError}
            readOnly={p.readOnly}
            onChange={(e) => set('attachmentUrl', e.currentTarget.value)}
            onBlur={() => update(completeUrl)}
          />
          <TextInput
            label="Attachment Title"
            size="xs"
            placeholder="Defaults to the URL"
            value={p.attachmentTitle}
            error={p.attachmentTitleError}
            readOnly={p.readOnly}
            onChange={(e) => set('attachmentTitle', e.currentTarget.value)}
          />
          <TagsField
            tags={p.tags}
            input={p.tagInput}
            error={p.tagsError}
            readOnly={p.readOnly}
            onInput={(text) =>
              update((d) => {
                d.tagInput = text;
              })
            }
            onChange={(tags) => set('tags', tags)}
          />
        </Stack>
      </Collapse>
    </div>
  );
}, sameAdvanced);
