/**
 * "Edit Node" (top right while a topic is selected): title, colour, priority, advanced options
 * (animation, notes, attachment, tags), Delete and Save Changes. Draggable by its header on desktop
 * and kept partly on screen; a fixed, centred card on mobile.
 *
 * The form is a draft kept with useImmer (see nodeForm.ts for its rules): fields the user has not
 * changed follow the topic, a selection change or leaving the editor (a link, Back) with unsaved changes asks
 * first, a reload or tab close with them gets the browser's question, and a topic deleted underneath
 * leaves the unsaved changes on screen with a notice that says what brings it back. On a read-only
 * map the fields and buttons are disabled, with the reason.
 */
import { Alert, Badge, Button, CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { useImmer } from 'use-immer';
import { getNode, type MindMapState } from '../../../state/doc';
import { MESSAGES, type MindNode } from '../../../state/model';
import { deleteNode, select, updateNodeData } from '../../../state/operations';
import { useEditorSelector } from '../../hooks/useEditorState';
import { useEditor } from '../EditorContext';
import { deleteThenFocusParent } from '../focusAfterDelete';
import { IconGrip } from '../icons';
import { notifySuccess } from '../notify';
import { readOnlyTitle, unlessRefused, useReadOnlyReason } from '../readOnly';
import { holdUnsavedInput, useAskBeforeUnload } from '../unsavedInput';
import classes from '../Editor.module.css';
import { NodeFormFields } from './NodeFormFields';
import { deletedNotice, deletionCause, replacementStep, watchDeletion, type DeletionCause } from './deletionCause';
import { ADVANCED_FIELDS, draftErrors, draftFor, followTopic, formFromData, inputFromForm, isDirty, panelMode, pendingTagError, topicMoved, valuesToSave, type PanelDraft } from './nodeForm';
import { PANEL_WIDTH } from './panelPosition';
import { UnsavedChangesDialog, type UnsavedChangesChoice } from './UnsavedChangesDialog';
import { useDraggablePanel } from './useDraggablePanel';
import { useMinimapBeside } from './useMinimapBeside';
import type { MindMapStore } from '../../../state/store';
import type { NodeField } from '../../../state/rules';
import { CANVAS_COVER } from '../canvasCover';
import { useArmedAfter } from './tapGuard';

const selectSelectedNode = (s: MindMapState): MindNode | null => getNode(s, s.selectedNodeId) ?? null;

/**
 * Saves the draft to its topic. On a refusal the draft shows every error (and opens Advanced Options
 * when one is there); on success the draft becomes the saved topic, which may differ from what was
 * typed (trimmed title, https:// added, title defaulted to the URL). A read-only map refuses the save
 * (the store says why) and the draft stays as typed.
 */
function saveDraft(store: MindMapStore, draft: PanelDraft, update: (recipe: (d: PanelDraft) => void) => void): boolean {
  // A tag typed that cannot be added refuses the save, as any broken rule does: it is not dropped.
  let saved = false;
  if (pendingTagError(draft.values.tags, draft.tagInput) === null) {
    const done = unlessRefused(store, () => updateNodeData(store, draft.nodeId, inputFromForm(valuesToSave(draft))));
    if (done === null) return false;
    saved = done.value.ok;
  }
  if (!saved) {
    const fields = Object.keys(draftErrors(draft)) as NodeField[];
    update((d) => {
      d.showAll = true;
      if (fields.some((f) => ADVANCED_FIELDS.has(f))) d.advanced = true;
    });
    return false;
  }
  const node = getNode(store.getState(), draft.nodeId);
  if (node) {
    const fresh = formFromData(node.data);
    update((d) => {
      d.base = fresh;
      d.values = formFromData(node.data);
      d.tagInput = '';
      d.showAll = false;
    });
  }
  notifySuccess(MESSAGES.nodeUpdatedTitle, MESSAGES.nodeUpdatedBody);
  return true;
}

/** `hidden`: kept (with its draft) but not shown, on a phone while the tool panel is open over it or a title is edited in place. */
export function EditNodePanel({ hidden = false }: { hidden?: boolean }) {
  const { session } = useEditor();
  const { store } = session;
  const selected = useEditorSelector(store, selectSelectedNode);
  const [draft, updateDraft] = useImmer<PanelDraft | null>(() => (selected ? draftFor(selected) : null));
  const draftId = draft?.nodeId ?? null;
  const selectDraftNode = useCallback((s: MindMapState) => (draftId === null ? null : (getNode(s, draftId) ?? null)), [draftId]);
  const topicWithId = useEditorSelector(store, selectDraftNode);
  // The draft's topic, unless a replacement of the whole map took it (whatever now has its id).
  const draftNode = draft?.replaced ? null : topicWithId;
  // Stable, so the form's memoised fields can skip a render when their values did not change.
  const update = useCallback((recipe: (d: PanelDraft) => void) => updateDraft((d) => void (d && recipe(d as PanelDraft))), [updateDraft]);
  const mode = panelMode(draft, selected?.id ?? null, draftNode !== null);
  const readOnly = useReadOnlyReason();

  // How the draft's topic was last deleted, recorded as the change arrives (the notice depends on it).
  const deletion = useRef<{ id: string; cause: DeletionCause } | null>(null);
  // The panel's control that last had focus: "Keep editing" goes back to it.
  const lastField = useRef<HTMLElement | null>(null);
  const refocusPanel = () =>
    setTimeout(() => {
      const field = lastField.current?.isConnected ? lastField.current : document.querySelector<HTMLElement>('[aria-label="Edit Node"] input');
      field?.focus({ preventScroll: true });
    }, 0);
  useEffect(() => {
    if (draftId === null) return;
    const stopDeletion = watchDeletion(store, draftId, (cause) => {
      deletion.current = { id: draftId, cause };
    });
    const stopReplacement = store.subscribe((changes, state) => {
      const step = replacementStep(changes, store.historyMove);
      if (step > 0) {
        deletion.current = { id: draftId, cause: deletionCause(changes, store.historyMove) };
        updateDraft((d) => {
          if (d && d.nodeId === draftId) d.replaced = true;
        });
      } else if (step < 0) {
        // Counting steps would not do: two replacements by the same map can make one undo step.
        const back = getNode(state, draftId);
        updateDraft((d) => {
          if (d && d.nodeId === draftId && d.replaced && back && !topicMoved(d, formFromData(back.data))) d.replaced = false;
        });
      }
    });
    return () => {
      stopDeletion();
      stopReplacement();
    };
  }, [store, draftId, updateDraft]);

  // Unsaved changes: a reload or tab close asks (browser), a link out of the editor asks (below).
  const dirty = draft !== null && isDirty(draft);
  useAskBeforeUnload();
  useEffect(() => (dirty ? holdUnsavedInput(() => true) : undefined), [dirty]);
  // Leaving the editor (a link, Back or Forward) with unsaved changes asks first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  // Both updates below run during render (React's pattern for state that follows props): the panel
  // never shows one frame of the previous topic or of stale values.
  // The topic came back (undo) while nothing else was selected: select it again.
  useEffect(() => {
    if (mode === 'restored' && draftId !== null) select(store, draftId);
  }, [mode, draftId, store]);

  if (mode === 'replace') {
    updateDraft(selected ? draftFor(selected) : null);
    return null;
  }
  if (draft === null) return null;
  if (draftNode) {
    const fresh = formFromData(draftNode.data);
    if (topicMoved(draft, fresh)) updateDraft((d) => void (d && followTopic(d, fresh)));
    if (mode === 'show' && draft.goneSelection !== undefined) update((d) => void delete d.goneSelection);
  } else if (draft.goneSelection === undefined) {
    const at = selected?.id ?? null;
    update((d) => void (d.goneSelection = at));
  }

  const moveOn = () => updateDraft(() => {
    const next = selectSelectedNode(store.getState());
    return next ? draftFor(next) : null;
  });
  // A way out of the editor was taken: the question decides whether to go on.
  const leaving = blocker.state === 'blocked';
  const leavingChoice: UnsavedChangesChoice = {
    onKeepEditing: () => {
      blocker.reset?.();
      refocusPanel();
    },
    onDiscard: () => blocker.proceed?.(),
    onSave: () => {
      if (saveDraft(store, draft, update)) blocker.proceed?.();
      else blocker.reset?.(); // its errors on screen
    },
  };
  // Another topic (or none) was selected.
  const switchingChoice: UnsavedChangesChoice = {
    onKeepEditing: () => {
      select(store, draftNode ? draft.nodeId : (draft.goneSelection ?? null));
      refocusPanel();
    },
    onDiscard: moveOn,
    onSave: () => {
      if (saveDraft(store, draft, update)) moveOn();
      else select(store, draft.nodeId); // back to the topic, its errors on screen
    },
  };
  const deletedBy = draftNode === null && deletion.current?.id === draft.nodeId ? deletion.current.cause : 'edit';

  return (
    <>
      <PanelFrame
        onFieldFocus={(el) => (lastField.current = el)}
        hidden={hidden}
        draft={draft}
        node={draftNode}
        update={update}
        deletedBy={deletedBy}
        readOnly={readOnly}
        onSave={() => void saveDraft(store, draft, update)}
        onDiscard={moveOn}
      />
      <UnsavedChangesDialog
        opened={leaving || mode === 'ask' || mode === 'askDeleted'}
        deleted={leaving ? draftNode === null : mode === 'askDeleted'}
        refused={readOnly}
        topic={draft.values.label.trim() || draftNode?.data.label || 'This topic'}
        {...(leaving ? leavingChoice : switchingChoice)}
      />
    </>
  );
}

function PanelFrame({
  onFieldFocus,
  hidden,
  draft,
  node,
  update,
  deletedBy,
  readOnly,
  onSave,
  onDiscard,
}: {
  hidden: boolean;
  draft: PanelDraft;
  node: MindNode | null;
  update(recipe: (d: PanelDraft) => void): void;
  deletedBy: DeletionCause;
  /** Why the map cannot be changed, or null. */
  readOnly: string | null;
  onSave(): void;
  onDiscard(): void;
  /** A control of the panel took focus. */
  onFieldFocus(el: HTMLElement): void;
}) {
  const { session, isMobile, canvas } = useEditor();
  const { store } = session;
  const { pos, handleProps, onGripKeyDown } = useDraggablePanel(!isMobile);
  const panelRef = useRef<HTMLDivElement>(null);
  useMinimapBeside(panelRef, !isMobile && !hidden, () => {
    if (node) requestAnimationFrame(() => canvas.current?.revealNode?.(node.id));
  });
  const isRoot = node !== null && (node.parentId === null || node.id === store.getState().rootId);
  const armed = useArmedAfter(draft.nodeId);

  // Closing deselects the topic: unsaved input is asked about as for any other selection change.
  // Keyboard focus goes to the topic in the canvas's tree (it would drop to the page otherwise).
  const close = node
    ? () => {
        const within = document.activeElement instanceof HTMLElement && document.activeElement.closest('[aria-label="Edit Node"]') !== null;
        select(store, null);
        if (within) canvas.current?.focusNode?.(node.id);
      }
    : onDiscard;
  return (
    <Paper
      ref={panelRef}
      role="dialog"
      aria-label="Edit Node"
      {...CANVAS_COVER}
      onFocus={(e: React.FocusEvent) => {
        if (e.target instanceof HTMLElement) onFieldFocus(e.target);
      }}
      onKeyDown={(e: React.KeyboardEvent) => {
        // Escape closes the panel as a dialog does, unless a field's own list or a composition took it.
        if (e.key !== 'Escape' || e.defaultPrevented || e.nativeEvent.isComposing) return;
        e.stopPropagation();
        close();
      }}
      className={classes.editPanel}
      data-mobile={isMobile || undefined}
      shadow="lg"
      withBorder
      data-armed={armed || undefined}
      style={{
        ...(isMobile ? (armed ? undefined : { pointerEvents: 'none' as const }) : { left: pos.x, top: pos.y, width: PANEL_WIDTH }),
        ...(hidden ? { display: 'none' } : undefined),
      }}
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
        <CloseButton size="sm" aria-label="Close panel" onClick={close} />
      </Group>
      {node ? null : <DeletedAlert cause={deletedBy} onDiscard={onDiscard} />}
      {readOnly === null ? null : (
        <Alert color="yellow" variant="light" title={readOnlyTitle(readOnly)} m="sm" mb={0} p="xs">
          <Text size="xs">{readOnly}</Text>
        </Alert>
      )}
      <NodeFormFields
        draft={draft}
        node={node}
        isRoot={isRoot}
        readOnly={readOnly !== null}
        update={update}
        onSave={onSave}
        onDelete={() => {
          if (!node) return;
          // The user deletes this topic on purpose: its unsaved changes go with it.
          onDiscard();
          deleteThenFocusParent(store, canvas, node.id, () => deleteNode(store, node.id));
        }}
      />
    </Paper>
  );
}

function DeletedAlert({ cause, onDiscard }: { cause: DeletionCause; onDiscard(): void }) {
  const notice = deletedNotice(cause);
  return (
    <Alert color="orange" variant="light" title={notice.title} m="sm" mb={0} p="xs">
      <Text size="xs">{notice.text}</Text>
      <Button size="compact-xs" variant="light" color="orange" mt={6} onClick={onDiscard}>
        Discard
      </Button>
    </Alert>
  );
}
