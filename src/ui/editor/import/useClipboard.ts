/**
 * Copy and paste of branches through the browser's clipboard events (Ctrl/Cmd+C, Ctrl/Cmd+V, the
 * Edit menu): they carry the clipboard's data without a permission prompt, and can hold several
 * types at once. Copy puts the selected branch on the clipboard as indented text, as Markdown and as
 * a MindFlow map;
 * paste reads an outline, Markdown, OPML or a MindFlow map and adds it under the selected topic
 * (one undo step). Neither acts while the user types in a field, selects text, or has a dialog open.
 */
import { useEffect } from 'react';
import { getNode } from '../../../state/doc';
import { branchCopy } from '../../../state/interop/branchText';
import { pasteOutline, PASTE_MESSAGES, readPastedOutline } from '../../../state/interop/paste';
import type { MindMapStore } from '../../../state/store';
import { isTypingTarget, keyHolder } from '../../hooks/shortcuts';
import { notifyError, notifySuccess, notifyWarning } from '../notify';

export const MARKDOWN_TYPE = 'text/markdown';
/** The branch as a MindFlow map: what a paste in MindFlow reads first, as it keeps every field. */
export const MINDFLOW_TYPE = 'application/x-mindflow+json';

function blocked(e: ClipboardEvent): boolean {
  if (e.defaultPrevented || isTypingTarget(e.target) || isTypingTarget(document.activeElement)) return true;
  // An open menu or dialog keeps the keys; one only fading out after closing does not.
  return keyHolder(document.activeElement, document) !== null;
}

/** Text the user selected on the page (a note, a toast) is copied as the browser would. */
function hasTextSelection(): boolean {
  const sel = window.getSelection();
  return !!sel && !sel.isCollapsed && sel.toString().trim() !== '';
}

function selectedTopic(store: MindMapStore): string | null {
  const s = store.getState();
  return s.selectedNodeId !== null && getNode(s, s.selectedNodeId) ? s.selectedNodeId : null;
}

/** `onPasted`: topics were pasted under `parentId` (the editor brings them on screen). */
export function useClipboard(store: MindMapStore, onPasted?: (parentId: string) => void): void {
  useEffect(() => {
    const onCopy = (e: ClipboardEvent) => {
      if (blocked(e) || hasTextSelection() || !e.clipboardData) return;
      const id = selectedTopic(store);
      if (!id) return;
      const copy = branchCopy(store.getState(), id);
      e.clipboardData.setData('text/plain', copy.text);
      e.clipboardData.setData(MARKDOWN_TYPE, copy.markdown);
      e.clipboardData.setData(MINDFLOW_TYPE, copy.map);
      e.preventDefault();
      // A paste in MindFlow reads the map, every level in place; apps that read the Markdown do not.
      if (copy.flattened > 0) {
        const n = copy.flattened;
        notifyWarning(
          'Copied, not every level for other apps',
          `${n.toLocaleString('en-US')} ${n === 1 ? 'topic sits' : 'topics sit'} deeper than Markdown lists can nest: a paste in MindFlow keeps every level, but the copy's Markdown puts ${n === 1 ? 'it' : 'them'} at its deepest level, side by side.`,
        );
      }
    };
    const onPaste = (e: ClipboardEvent) => {
      if (blocked(e) || !e.clipboardData) return;
      // A MindFlow copy's map keeps every field; Markdown keeps notes and links; plain text is what other apps give.
      const text = e.clipboardData.getData(MINDFLOW_TYPE) || e.clipboardData.getData(MARKDOWN_TYPE) || e.clipboardData.getData('text/plain');
      if (text.trim() === '') return;
      e.preventDefault();
      const id = selectedTopic(store);
      if (!id) {
        notifyError('Nothing pasted', PASTE_MESSAGES.noTopic);
        return;
      }
      const read = readPastedOutline(text);
      if (!read.ok) {
        notifyError('Nothing pasted', read.error);
        return;
      }
      const pasted = pasteOutline(store, id, read.outline);
      if (!pasted.ok) {
        notifyError('Nothing pasted', pasted.error);
        return;
      }
      const under = getNode(store.getState(), id)?.data.label ?? '';
      onPasted?.(id);
      notifySuccess('Topics pasted', `Pasted ${pasted.count} ${pasted.count === 1 ? 'topic' : 'topics'} under “${under}”`);
      // As an export names what its format could not hold: a cut title's full text is in its notes.
      if (pasted.changes) notifyWarning('Not everything was pasted as written', pasted.changes);
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [store, onPasted]);
}
