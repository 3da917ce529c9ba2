/**
 * "Search nodes...": typing filters the map (debounced, searching is O(map)); Escape clears it;
 * Enter selects the next match in reading order (Shift+Enter the one before), which the canvas brings
 * on screen. The field follows the store when the search is cleared elsewhere (banner, Escape on the canvas).
 */
import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type Ref } from 'react';
import { clearSearch, select, setSearch } from '../../state/operations';
import { nextMatch } from '../../state/searchSteps';
import { selectSearchQuery, useEditorSelector } from '../hooks/useEditorState';
import { useEditor } from './EditorContext';
import { IconSearch } from './icons';

export const SEARCH_DEBOUNCE_MS = 120;

export function SearchBox({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const { store, visibility } = useEditor().session;
  const query = useEditorSelector(store, selectSearchQuery);
  const [value, setValue] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);

  // Cleared or changed elsewhere: show it in the same render (unless the user is still typing).
  const [seen, setSeen] = useState(query);
  if (seen !== query) {
    setSeen(query);
    if (pending.current === null) setValue(query);
  }

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const commit = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    pending.current = next;
    timer.current = setTimeout(() => {
      timer.current = null;
      pending.current = null;
      setSearch(store, next);
    }, SEARCH_DEBOUNCE_MS);
  };

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setValue('');
    clearSearch(store);
  };

  return (
    <TextInput
      ref={inputRef}
      aria-label="Search nodes"
      placeholder="Search nodes..."
      leftSection={<IconSearch size={15} />}
      value={value}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          clear();
        } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
          e.preventDefault();
          // What was typed last is searched now, not after the pause.
          if (pending.current !== null) {
            if (timer.current) clearTimeout(timer.current);
            timer.current = null;
            setSearch(store, pending.current);
            pending.current = null;
          }
          if (store.getState().searchQuery.trim() === '') return;
          const id = nextMatch(store.getState(), visibility.matches, store.getState().selectedNodeId, e.shiftKey);
          if (id !== null) select(store, id);
        }
      }}
      size="sm"
    />
  );
}
