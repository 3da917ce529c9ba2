/**
 * The Edit Node panel's fields over its draft. Each field shows what is wrong with it inline, with the
 * messages of the state module's rules; Save Changes saves only input those rules accept.
 */
import { Box, Button, Collapse, Group, Input, NativeSelect, SegmentedControl, Stack, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { ANIMATIONS, ATTACHMENT_TYPES, type MindNode, type Priority } from '../../../state/model';
import { IconChevronDown } from '../icons';
import classes from '../Editor.module.css';
import { AttachmentView } from './AttachmentView';
import { ColorField } from './ColorField';
import { TagsField } from './TagsField';
import { completeUrl, visibleErrors, type NodeFormValues, type PanelDraft } from './nodeForm';

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
  update,
  onSave,
  onDelete,
}: {
  draft: PanelDraft;
  /** The topic, or null when it was deleted under unsaved changes. */
  node: MindNode | null;
  isRoot: boolean;
  update(recipe: (d: PanelDraft) => void): void;
  onSave(): void;
  onDelete(): void;
}) {
  const { values, advanced, nodeId } = draft;
  const errors = visibleErrors(draft);
  const set = <K extends keyof NodeFormValues>(key: K, value: NodeFormValues[K]) =>
    update((d) => {
      d.values[key] = value;
    });

  return (
    <Box
      component="form"
      className={classes.editBody}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (node) onSave();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Title" value={values.label} error={errors.label} onChange={(e) => set('label', e.currentTarget.value)} size="xs" />
        <Box>
          <ColorField value={values.color} onChange={(hex) => set('color', hex)} />
          {errors.color ? <Input.Error mt={4}>{errors.color}</Input.Error> : null}
        </Box>
        <div>
          <Text size="sm" fw={500} mb={4} id={`mf-priority-${nodeId}`}>
            Priority
          </Text>
          <SegmentedControl
            fullWidth
            size="xs"
            aria-labelledby={`mf-priority-${nodeId}`}
            value={values.priority}
            onChange={(v) => set('priority', v as Priority | '')}
            data={PRIORITY_OPTIONS}
          />
        </div>
        <div>
          <UnstyledButton
            className={classes.advancedToggle}
            aria-expanded={advanced}
            aria-controls={`mf-advanced-${nodeId}`}
            onClick={() =>
              update((d) => {
                d.advanced = !d.advanced;
              })
            }
          >
            <span>Advanced Options</span>
            <IconChevronDown size={14} style={{ transform: advanced ? 'rotate(180deg)' : undefined }} />
          </UnstyledButton>
          <Collapse expanded={advanced} id={`mf-advanced-${nodeId}`}>
            <Stack gap="xs" pt="xs">
              <NativeSelect
                label="Animation"
                size="xs"
                value={values.animation}
                error={errors.animation}
                onChange={(e) => set('animation', e.currentTarget.value as NodeFormValues['animation'])}
                data={ANIMATIONS.map((a) => ({ value: a, label: a }))}
              />
              <Textarea
                label="Notes"
                size="xs"
                autosize
                minRows={2}
                maxRows={6}
                value={values.notes}
                error={errors.notes}
                onChange={(e) => set('notes', e.currentTarget.value)}
              />
              <NativeSelect
                label="Attachment Type"
                size="xs"
                value={values.attachmentType}
                error={errors.attachmentType}
                onChange={(e) => set('attachmentType', e.currentTarget.value as NodeFormValues['attachmentType'])}
                data={ATTACHMENT_TYPES.map((a) => ({ value: a, label: a }))}
              />
              <TextInput
                label="Attachment URL"
                size="xs"
                placeholder="https://…"
                value={values.attachmentUrl}
                error={errors.attachmentUrl}
                onChange={(e) => set('attachmentUrl', e.currentTarget.value)}
                onBlur={() => update(completeUrl)}
              />
              <TextInput
                label="Attachment Title"
                size="xs"
                placeholder="Defaults to the URL"
                value={values.attachmentTitle}
                error={errors.attachmentTitle}
                onChange={(e) => set('attachmentTitle', e.currentTarget.value)}
              />
              <TagsField
                tags={values.tags}
                input={draft.tagInput}
                error={errors.tags}
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
        {node?.data.attachment ? <AttachmentView attachment={node.data.attachment} /> : null}
        <Group justify="space-between" gap="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={isRoot || !node}
            onClick={onDelete}
            title={isRoot ? 'The root cannot be deleted' : undefined}
          >
            Delete
          </Button>
          <Button size="xs" type="submit" disabled={!node}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
