/**
 * Every user action in one typed registry. Buttons, menus, keyboard shortcuts and the shortcuts help
 * all read this list, so a shortcut exists in exactly one place.
 *
 * Shortcut strings use the form `mod+shift+z` ("mod" is Ctrl, or Cmd on macOS). Scope "global"
 * shortcuts work anywhere in the editor except while typing in a field; scope "tree" shortcuts act on
 * the focused topic of the canvas's keyboard tree and are listed for help only; scope "clipboard" ones
 * are the browser's own copy and paste events (handled by the editor's clipboard hook), listed for help.
 */
import { getNode, type MindMapState } from './doc';
import {
  addChild,
  addSibling,
  addTaskList,
  clearMap,
  clearSearch,
  deleteNode,
  moveAmongSiblings,
  select,
  type SpotTaken,
} from './operations';
import type { MindMapStore } from './store';

/** Effects that belong to the UI (focus, inline editing); commands ask for them through here. */
export interface UiEffects {
  focusSearch(): void;
  editLabel(id: string): void;
  /** Says something to the user (an undo that found its step changed by someone else). */
  tell?(title: string, message: string): void;
  /** Whether a shown topic covers part of an area: new topics are placed clear of them. */
  spotTaken?: SpotTaken;
}

/** An undo or redo whose step someone else had changed all of since: spent, with nothing changed. */
export const SPENT_STEP = {
  undoTitle: 'Nothing to undo there',
  redoTitle: 'Nothing to redo there',
  message: 'Someone else has changed what that step changed since, and their change stays. Press again to go on with your earlier steps.',
};

/** An undo or redo that left some topics as someone else had changed them since. */
export function partlyDone(move: 'undo' | 'redo', kept: number): Note {
  const message =
    kept === 1
      ? '1 topic keeps what someone else has changed in it or added under it since.'
      : `${kept.toLocaleString('en-US')} topics keep what someone else has changed in them or added under them since.`;
  return { title: move === 'undo' ? 'Undone in part' : 'Redone in part', message };
}

/** A short message for the user. */
export interface Note {
  title: string;
  message: string;
}

/** What has the keyboard instead of the map's shortcuts: an open menu or modal dialog. */
export type KeyHolder = 'menu' | 'dialog';

/**
 * What a command's shortcut says when a press of it does nothing, for commands whose key press must
 * never go unanswered (undo, redo): it had nothing to do, or an open menu or dialog had the keys.
 */
export interface ShortcutNotes {
  nothingToDo: Note;
  heldBy(holder: KeyHolder): Note;
}

export interface CommandContext {
  store: MindMapStore;
  ui?: UiEffects;
}

export interface Command {
  id: CommandId;
  label: string;
  shortcuts: string[];
  scope: 'global' | 'tree' | 'clipboard';
  enabled(state: MindMapState, store: MindMapStore): boolean;
  run(ctx: CommandContext): void;
  notes?: ShortcutNotes;
}

export type CommandId =
  | 'addNode'
  | 'addChildAndEdit'
  | 'addSiblingAndEdit'
  | 'deleteSelected'
  | 'addTaskList'
  | 'undo'
  | 'redo'
  | 'focusSearch'
  | 'escape'
  | 'editLabel'
  | 'moveUp'
  | 'moveDown'
  | 'clearMap'
  | 'treeNext'
  | 'treePrev'
  | 'treeExpand'
  | 'treeCollapse'
  | 'treeSelect'
  | 'copyBranch'
  | 'pasteOutline';

const always = () => true;

/** After an undo or redo: says when its step was spent, or when it left some topics alone. */
function tellMove(store: MindMapStore, ui: UiEffects | undefined, move: 'undo' | 'redo', done: boolean): void {
  if (!done) {
    if (store.readOnly === null) ui?.tell?.(move === 'undo' ? SPENT_STEP.undoTitle : SPENT_STEP.redoTitle, SPENT_STEP.message);
    return;
  }
  const kept = store.keptByLastMove();
  if (kept > 0) {
    const note = partlyDone(move, kept);
    ui?.tell?.(note.title, note.message);
  }
}
const hasSelection = (s: MindMapState) => s.selectedNodeId !== null && !!getNode(s, s.selectedNodeId);
const hasNonRootSelection = (s: MindMapState) => hasSelection(s) && s.selectedNodeId !== s.rootId;

export const COMMANDS: readonly Command[] = [
  {
    id: 'addNode',
    label: 'Add Node',
    shortcuts: ['mod+n'],
    scope: 'global',
    enabled: always,
    run: ({ store, ui }) => {
      addChild(store, store.getState().selectedNodeId, undefined, ui?.spotTaken);
    },
  },
  {
    id: 'addChildAndEdit',
    label: 'Add child topic and edit it',
    shortcuts: ['Tab'],
    scope: 'global',
    enabled: hasSelection,
    run: ({ store, ui }) => {
      const id = addChild(store, store.getState().selectedNodeId, undefined, ui?.spotTaken);
      if (id) ui?.editLabel(id);
    },
  },
  {
    id: 'addSiblingAndEdit',
    label: 'Add sibling topic and edit it',
    shortcuts: ['Enter'],
    scope: 'global',
    enabled: hasSelection,
    run: ({ store, ui }) => {
      const sel = store.getState().selectedNodeId;
      const id = sel ? addSibling(store, sel, ui?.spotTaken) : null;
      if (id) ui?.editLabel(id);
    },
  },
  {
    id: 'deleteSelected',
    label: 'Delete Selected',
    // Backspace too: the key marked "delete" on Mac keyboards sends it.
    shortcuts: ['Delete', 'Backspace'],
    scope: 'global',
    enabled: hasNonRootSelection,
    run: ({ store }) => {
      const sel = store.getState().selectedNodeId;
      if (sel) deleteNode(store, sel);
    },
  },
  {
    id: 'addTaskList',
    label: 'Add Task List',
    shortcuts: [],
    scope: 'global',
    enabled: always,
    run: ({ store, ui }) => {
      addTaskList(store, store.getState().selectedNodeId, ui?.spotTaken);
    },
  },
  {
    id: 'undo',
    label: 'Undo',
    shortcuts: ['mod+z'],
    scope: 'global',
    enabled: (_s, store) => store.canUndo(),
    run: ({ store, ui }) => tellMove(store, ui, 'undo', store.undo()),
    notes: {
      nothingToDo: { title: 'Nothing to undo', message: 'There is no change of yours left to undo.' },
      heldBy: (holder) => ({ title: 'Not undone', message: `Close the ${holder} first, then press again.` }),
    },
  },
  {
    id: 'redo',
    label: 'Redo',
    shortcuts: ['mod+shift+z', 'ctrl+y'],
    scope: 'global',
    enabled: (_s, store) => store.canRedo(),
    run: ({ store, ui }) => tellMove(store, ui, 'redo', store.redo()),
    notes: {
      nothingToDo: { title: 'Nothing to redo', message: 'There is no undone change to redo.' },
      heldBy: (holder) => ({ title: 'Not redone', message: `Close the ${holder} first, then press again.` }),
    },
  },
  {
    id: 'focusSearch',
    label: 'Search topics',
    shortcuts: ['mod+f'],
    scope: 'global',
    enabled: always,
    run: ({ ui }) => ui?.focusSearch(),
  },
  {
    id: 'escape',
    label: 'Clear search, then selection',
    shortcuts: ['Escape'],
    scope: 'global',
    enabled: (s) => s.searchQuery !== '' || s.selectedNodeId !== null,
    run: ({ store }) => {
      if (store.getState().searchQuery !== '') clearSearch(store);
      else select(store, null);
    },
  },
  {
    id: 'editLabel',
    label: 'Edit title in place',
    shortcuts: ['F2'],
    scope: 'global',
    enabled: hasSelection,
    run: ({ store, ui }) => {
      const sel = store.getState().selectedNodeId;
      if (sel) ui?.editLabel(sel);
    },
  },
  {
    id: 'moveUp',
    label: 'Move topic up among its siblings',
    shortcuts: ['alt+ArrowUp'],
    scope: 'global',
    enabled: hasNonRootSelection,
    run: ({ store }) => {
      const sel = store.getState().selectedNodeId;
      if (sel) moveAmongSiblings(store, sel, -1);
    },
  },
  {
    id: 'moveDown',
    label: 'Move topic down among its siblings',
    shortcuts: ['alt+ArrowDown'],
    scope: 'global',
    enabled: hasNonRootSelection,
    run: ({ store }) => {
      const sel = store.getState().selectedNodeId;
      if (sel) moveAmongSiblings(store, sel, 1);
    },
  },
  {
    id: 'clearMap',
    label: 'Clear Map',
    shortcuts: [],
    scope: 'global',
    enabled: always,
    run: ({ store }) => clearMap(store),
  },
  // Keyboard tree (the canvas's accessible mirror): handled there, listed here for help.
  { id: 'treeNext', label: 'Next topic', shortcuts: ['ArrowDown'], scope: 'tree', enabled: always, run: () => {} },
  { id: 'treePrev', label: 'Previous topic', shortcuts: ['ArrowUp'], scope: 'tree', enabled: always, run: () => {} },
  {
    id: 'treeExpand',
    label: 'Expand, or go to the first child',
    shortcuts: ['ArrowRight'],
    scope: 'tree',
    enabled: always,
    run: () => {},
  },
  {
    id: 'treeCollapse',
    label: 'Collapse, or go to the parent',
    shortcuts: ['ArrowLeft'],
    scope: 'tree',
    enabled: always,
    run: () => {},
  },
  { id: 'treeSelect', label: 'Select the focused topic', shortcuts: ['Enter', 'Space'], scope: 'tree', enabled: always, run: () => {} },
  // Copy and paste arrive as clipboard events, which carry the clipboard's data (no permission prompt).
  {
    id: 'copyBranch',
    label: 'Copy the selected branch as an outline',
    shortcuts: ['mod+c'],
    scope: 'clipboard',
    enabled: hasSelection,
    run: () => {},
  },
  {
    id: 'pasteOutline',
    label: 'Paste an outline under the selected topic',
    shortcuts: ['mod+v'],
    scope: 'clipboard',
    enabled: hasSelection,
    run: () => {},
  },
];

const byId = new Map(COMMANDS.map((c) => [c.id, c]));

export function getCommand(id: CommandId): Command {
  const c = byId.get(id);
  if (!c) throw new Error(`unknown command ${id}`);
  return c;
}

/** Runs a command if it is enabled. Returns whether it ran. */
/** Commands that change the map: a read-only map refuses them (their buttons are disabled, with the reason). */
export const MAP_EDITS: ReadonlySet<CommandId> = new Set<CommandId>([
  'addNode',
  'addChildAndEdit',
  'addSiblingAndEdit',
  'deleteSelected',
  'addTaskList',
  'undo',
  'redo',
  'editLabel',
  'moveUp',
  'moveDown',
  'clearMap',
  'pasteOutline',
]);

export function runCommand(id: CommandId, ctx: CommandContext): boolean {
  const c = getCommand(id);
  if (!c.enabled(ctx.store.getState(), ctx.store)) return false;
  c.run(ctx);
  return true;
}

/** "mod+shift+z" on macOS reads "⌘⇧Z", elsewhere "Ctrl+Shift+Z". */
export function formatShortcut(shortcut: string, mac = false): string {
  return shortcut
    .split('+')
    .map((part) => {
      const k = part.toLowerCase();
      if (k === 'mod') return mac ? '⌘' : 'Ctrl';
      if (k === 'ctrl') return mac ? '⌃' : 'Ctrl';
      if (k === 'shift') return mac ? '⇧' : 'Shift';
      if (k === 'alt') return mac ? '⌥' : 'Alt';
      if (k.startsWith('arrow')) return { arrowup: '↑', arrowdown: '↓', arrowleft: '←', arrowright: '→' }[k] ?? part;
      return part.length === 1 ? part.toUpperCase() : part;
    })
    .join(mac ? '' : '+');
}
