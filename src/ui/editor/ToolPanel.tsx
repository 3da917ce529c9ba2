/** The tool panel (top left): title, shortcuts help, search, map actions, export/import/templates, history. */
import { Button, Divider, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Ref } from 'react';
import { deleteThenFocusParent } from './focusAfterDelete';
import { useEditor } from './EditorContext';
import { ExportMenu } from './ExportMenu';
import { LayoutMenu } from './LayoutMenu';
import { SaveIndicator } from './SaveStatus';
import { SearchBox } from './SearchBox';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useCommand } from './useCommand';
import { ClearMapDialog } from './dialogs/ClearMapDialog';
import { ImportDialog } from './dialogs/ImportDialog';
import { TemplatesDialog } from './dialogs/TemplatesDialog';
import { RestoreMapDialog, RestorePreviousButton } from './storage/RestoreMapDialog';
import { ConnectionStatus } from './share/ConnectionStatus';
import { ShareButton } from './share/ShareDialog';
import { IconEraser, IconPlus, IconRedo, IconTrash, IconUndo } from './icons';
import classes from './Editor.module.css';
import { CANVAS_COVER } from './canvasCover';

export interface ToolPanelProps {
  searchRef: Ref<HTMLInputElement>;
  performanceMode: boolean;
  id?: string;
  /** Hidden (not unmounted) on mobile while toggled off, so its state and dialogs survive. */
  hidden?: boolean;
}

/**
 * The panel's parts that follow the store each subscribe on their own. Why: a selection change
 * flips whether Delete is enabled, and re-rendering the whole panel (menus, closed dialogs) for it
 * cost over 100 ms of script on a big map.
 */
function EditButtons() {
  const { canvas, session } = useEditor();
  const addNode = useCommand('addNode');
  const deleteSelected = useCommand('deleteSelected');
  const addTaskList = useCommand('addTaskList');
  // The keyboard goes on from the topic just added (F2 edits it, Enter adds a sibling), not from the
  // button, where Enter would add another.
  const thenFocusIt = (run: () => void) => () => {
    const before = session.store.getState().selectedNodeId;
    run();
    const added = session.store.getState().selectedNodeId;
    if (added && added !== before) requestAnimationFrame(() => canvas.current?.focusNode?.(added));
  };
  return (
    <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
      <Button size="xs" px={6} leftSection={<IconPlus size={14} />} disabled={!addNode.enabled} onClick={thenFocusIt(addNode.run)} title={addNode.title}>
        {addNode.label}
      </Button>
      <Button size="xs" px={6} variant="light" disabled={!addTaskList.enabled} onClick={thenFocusIt(addTaskList.run)} title={addTaskList.title}>
        {addTaskList.label}
      </Button>
      {deleteSelected.available ? (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={15} />}
          disabled={!deleteSelected.enabled}
          onClick={() => deleteThenFocusParent(session.store, canvas, session.store.getState().selectedNodeId, deleteSelected.run)}
          title={deleteSelected.title}
          style={{ gridColumn: '1 / -1' }}
        >
          {deleteSelected.label}
        </Button>
      ) : null}
    </SimpleGrid>
  );
}

function HistoryButtons() {
  const undo = useCommand('undo');
  const redo = useCommand('redo');
  return (
    <Group gap={6} grow>
      <Button size="xs" variant="default" leftSection={<IconUndo size={15} />} disabled={!undo.enabled} onClick={undo.run} title={undo.title}>
        {undo.label}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconRedo size={15} />} disabled={!redo.enabled} onClick={redo.run} title={redo.title}>
        {redo.label}
      </Button>
    </Group>
  );
}

function ClearMapAction() {
  const { canvas } = useEditor();
  const clearMap = useCommand('clearMap');
  const [open, handlers] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="subtle" color="red" leftSection={<IconEraser size={15} />} onClick={handlers.open}>
        {clearMap.label}
      </Button>
      <ClearMapDialog
        opened={open}
        onClose={handlers.close}
        onConfirm={() => {
          clearMap.run();
          canvas.current?.fitView();
        }}
      />
    </>
  );
}

export function ToolPanel({ searchRef, performanceMode, id, hidden }: ToolPanelProps) {
  const [importOpen, importHandlers] = useDisclosure(false);
  const [templatesOpen, templatesHandlers] = useDisclosure(false);

  return (
    <Paper component="aside" {...CANVAS_COVER} id={id} className={classes.toolPanel} data-hidden={hidden || undefined} shadow="md" withBorder aria-label="Tools">
      <Title order={2} className={classes.panelTitle}>
        Mind Map Builder
      </Title>
      <ShortcutsHelp />
      <SearchBox inputRef={searchRef} />
      <EditButtons />
      <Divider />
      <SimpleGrid cols={2} spacing={6} className={classes.fileRow}>
        <ExportMenu performanceMode={performanceMode} />
        <LayoutMenu />
        <Button size="xs" px={4} variant="default" onClick={importHandlers.open}>
          Import
        </Button>
        <Button size="xs" px={4} variant="default" onClick={templatesHandlers.open}>
          Templates
        </Button>
      </SimpleGrid>
      <HistoryButtons />
      <ClearMapAction />
      <RestorePreviousButton fullWidth />
      <ShareButton />
      <SaveIndicator />
      <ConnectionStatus />
      <ImportDialog opened={importOpen} onClose={importHandlers.close} />
      <TemplatesDialog opened={templatesOpen} onClose={templatesHandlers.close} />
      <RestoreMapDialog />
    </Paper>
  );
}
