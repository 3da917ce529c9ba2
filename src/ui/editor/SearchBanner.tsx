/** The search banner (bottom centre): 'Showing results for "{query}"', the match count and "Clear search". */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useCallback } from 'react';
import { clearSearch } from '../../state/operations';
import { normalizeQuery } from '../../state/tree';
import type { MindMapState } from '../../state/doc';
import { useEditorSelector } from '../hooks/useEditorState';
import { useEditor } from './EditorContext';
import classes from './Editor.module.css';
import { CANVAS_COVER } from './canvasCover';

export function matchCountText(n: number): string {
  return n === 1 ? '1 node found' : `${n} nodes found`;
}

export function SearchBanner() {
  const { session, isMobile, ui } = useEditor();
  const { store, visibility } = session;
  // The visibility view updates its matches from the same store notification, before React reads them.
  const select = useCallback(
    (s: MindMapState) => (normalizeQuery(s.searchQuery) ? `${s.searchQuery}\u0000${visibility.matches.size}` : ''),
    [visibility],
  );
  const key = useEditorSelector(store, select);
  if (!key) return null;
  const [query, count] = key.split('\u0000');
  return (
    <Paper {...CANVAS_COVER} className={classes.searchBanner} data-mobile={isMobile || undefined} shadow="md" withBorder role="status" aria-label="Search results">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <div style={{ minWidth: 0 }}>
          {/* Two lines where it is narrow (a phone), so the query shows and is not cut after "for". */}
          <Text size="sm" fw={500} lineClamp={isMobile ? 2 : undefined} truncate={isMobile ? undefined : true} style={{ overflowWrap: 'anywhere' }}>
            Showing results for &quot;{query}&quot;
          </Text>
          <Text size="xs" c="dimmed">
            {matchCountText(Number(count))}
          </Text>
        </div>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            clearSearch(store);
            // The button goes with the banner: focus goes to the search box (on a phone, where the box is in a closed panel, it stays on the page).
            if (!isMobile) ui.focusSearch();
          }}
          style={{ flexShrink: 0 }}
        >
          Clear search
        </Button>
      </Group>
    </Paper>
  );
}
