/**
 * "Search nodes...": typing filters the map (debounced, searching is O(map)); Escape clears it.
 * The field follows the store when the search is cleared elsewhere (banner, Escape on the canvas).
 */
import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type Ref } from 'react';
import { clearSearch, setSearch } from '../../state/operations';
import { selectSearchQuery, useEditorSelector } from '../hooks/useEditorState';
import { useEditor } from './EditorContext';
import { IconSearch } from './icons';

export const SEARCH_DEBOUNCE_MS = 120;

export function SearchBox({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const { store } = useEditor().session;
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
        }
      }}
      size="sm"
    />
  );
}
