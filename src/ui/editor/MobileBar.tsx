/** The mobile bar (bottom centre): "Fit view" and "Fullscreen". */
import { Button, Group, Paper } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useEditor } from './EditorContext';
import { IconFit, IconMaximize } from './icons';
import classes from './Editor.module.css';

export function MobileBar() {
  const { canvas } = useEditor();
  const [fullscreen, setFullscreen] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Not allowed here (iOS Safari, embedded frames): nothing to do.
    }
  };
  return (
    <Paper className={classes.mobileBar} shadow="md" p={4} withBorder role="toolbar" aria-label="View">
      <Group gap={4} wrap="nowrap">
        <Button size="xs" variant="default" leftSection={<IconFit size={15} />} onClick={() => canvas.current?.fitView()}>
          Fit view
        </Button>
        <Button
          size="xs"
          variant={fullscreen ? 'filled' : 'default'}
          leftSection={<IconMaximize size={15} />}
          aria-pressed={fullscreen}
          onClick={() => void toggleFullscreen()}
        >
          Fullscreen
        </Button>
      </Group>
    </Paper>
  );
}
