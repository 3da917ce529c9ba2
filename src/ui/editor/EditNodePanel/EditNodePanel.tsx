/**
 * "Edit Node" (top right while a topic is selected): title, colour, priority, advanced options
 * (animation, notes, attachment, tags), Delete and Save Changes. Draggable by its header on desktop
 * and kept partly on screen; a fixed, centred card on mobile.
 */
import { Badge, Box, Button, CloseButton, Collapse, Group, NativeSelect, Paper, SegmentedControl, Stack, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getNode } from '../../../state/doc';
import { ANIMATIONS, ATTACHMENT_TYPES, MESSAGES, type MindNode, type Priority } from '../../../state/model';
import { deleteNode, select, updateNodeData } from '../../../state/operations';
import { useEditorSelector } from '../../hooks/useEditorState';
import { useEditor } from '../EditorContext';
import { IconChevronDown, IconGrip } from '../icons';
import { notifySuccess } from '../notify';
import classes from '../Editor.module.css';
import { AttachmentView } from './AttachmentView';
import { ColorField } from './ColorField';
import { TagsField } from './TagsField';
import { formFromData, inputFromForm, type NodeFormValues } from './nodeForm';
import { PANEL_WIDTH } from './panelPosition';
import { useDraggablePanel } from './useDraggablePanel';
import type { MindMapState } from '../../../state/doc';

const selectSelectedNode = (s: MindMapState): MindNode | null => getNode(s, s.selectedNodeId) ?? null;

const PRIORITY_OPTIONS = [
  { value: '', label: 'None' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

export function EditNodePanel() {
  const { session } = useEditor();
  const node = useEditorSelector(session.store, selectSelectedNode);
  if (!node) return null;
  return <PanelFrame node={node} />;
}

function PanelFrame({ node }: { node: MindNode }) {
  const { session, isMobile } = useEditor();
  const { store } = session;
  const { pos, handleProps, onGripKeyDown } = useDraggablePanel(!isMobile);
  const isRoot = node.parentId === null || node.id === store.getState().rootId;

  return (
    <Paper
      role="dialog"
      aria-label="Edit Node"
      className={classes.editPanel}
      data-mobile={isMobile || undefined}
      shadow="lg"
      withBorder
      style={isMobile ? undefined : { left: pos.x, top: pos.y, width: PANEL_WIDTH }}
    >
      <Group
        className={classes.editHeader}
        data-draggable={!isMobile || undefined}
        justify="space-between"
        wrap="nowrap"
        {...(isMobile ? {} : handleProps)}
      >
        <Group gap={6} wrap="nowrap">
          {isMobile ? null : (
            <UnstyledButton
              data-drag-grip
              className={classes.grip}
              aria-label="Move panel (arrow keys)"
              onKeyDown={onGripKeyDown}
            >
              <IconGrip size={16} />
            </UnstyledButton>
          )}
          <Text fw={600} size="sm" component="h2" m={0}>
            Edit Node
          </Text>
          <Badge size="sm" variant="light" color={isRoot ? 'violet' : 'gray'}>
            {isRoot ? 'Root' : 'Topic'}
          </Badge>
        </Group>
        <CloseButton size="sm" aria-label="Close panel" onClick={() => select(store, null)} />
      </Group>
      <NodeForm key={node.id} node={node} isRoot={isRoot} />
    </Paper>
  );
}

function NodeForm({ node, isRoot }: { node: MindNode; isRoot: boolean }) {
  const { session } = useEditor();
  const { store } = session;
  const [values, setValues] = useState<NodeFormValues>(() => formFromData(node.data));
  const [advanced, setAdvanced] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The topic changed elsewhere (undo, inline rename): show its current data.
  useEffect(() => {
    setValues(formFromData(node.data));
    setError(null);
  }, [node.data]);

  const set = <K extends keyof NodeFormValues>(key: K, value: NodeFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const save = () => {
    const result = updateNodeData(store, node.id, inputFromForm(values));
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    notifySuccess(MESSAGES.nodeUpdatedTitle, MESSAGES.nodeUpdatedBody);
  };

  return (
    <Box
      component="form"
      className={classes.editBody}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Title" value={values.label} onChange={(e) => set('label', e.currentTarget.value)} size="xs" />
        <ColorField value={values.color} onChange={(hex) => set('color', hex)} />
        <div>
          <Text size="sm" fw={500} mb={4} id={`mf-priority-${node.id}`}>
            Priority
          </Text>
          <SegmentedControl
            fullWidth
            size="xs"
            aria-labelledby={`mf-priority-${node.id}`}
            value={values.priority}
            onChange={(v) => set('priority', v as Priority | '')}
            data={PRIORITY_OPTIONS}
          />
        </div>
        <div>
          <UnstyledButton
            className={classes.advancedToggle}
            aria-expanded={advanced}
            aria-controls={`mf-advanced-${node.id}`}
            onClick={() => setAdvanced((a) => !a)}
          >
            <span>Advanced Options</span>
            <IconChevronDown size={14} style={{ transform: advanced ? 'rotate(180deg)' : undefined }} />
          </UnstyledButton>
          <Collapse expanded={advanced} id={`mf-advanced-${node.id}`}>
            <Stack gap="xs" pt="xs">
              <NativeSelect
                label="Animation"
                size="xs"
                value={values.animation}
                onChange={(e) => set('animation', e.currentTarget.value as NodeFormValues['animation'])}
                data={ANIMATIONS.map((a) => ({ value: a, label: a }))}
              />
              <Textarea label="Notes" size="xs" autosize minRows={2} maxRows={6} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
              <NativeSelect
                label="Attachment Type"
                size="xs"
                value={values.attachmentType}
                onChange={(e) => set('attachmentType', e.currentTarget.value as NodeFormValues['attachmentType'])}
                data={ATTACHMENT_TYPES.map((a) => ({ value: a, label: a }))}
              />
              <TextInput
                label="Attachment URL"
                size="xs"
                placeholder="https://…"
                value={values.attachmentUrl}
                onChange={(e) => set('attachmentUrl', e.currentTarget.value)}
              />
              <TextInput
                label="Attachment Title"
                size="xs"
                placeholder="Defaults to the URL"
                value={values.attachmentTitle}
                onChange={(e) => set('attachmentTitle', e.currentTarget.value)}
              />
              <TagsField tags={values.tags} onChange={(tags) => set('tags', tags)} />
            </Stack>
          </Collapse>
        </div>
        {node.data.attachment ? <AttachmentView attachment={node.data.attachment} /> : null}
        {error ? (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={isRoot}
            onClick={() => deleteNode(store, node.id)}
            title={isRoot ? 'The root cannot be deleted' : undefined}
          >
            Delete
          </Button>
          <Button size="xs" type="submit">
            Save Changes
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
