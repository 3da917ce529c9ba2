/** The mobile bar (bottom centre): "Fit view" and "Fullscreen". */
import { Button, Group, Paper } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { useEditor } from './EditorContext';
import { IconFit, IconMaximize } from './icons';
import classes from './Editor.module.css';
import { CANVAS_COVER } from './canvasCover';

export function MobileBar() {
  const { canvas } = useEditor();
  const { fullscreen, toggle } = useFullscreenDocument();
  // Not allowed here (iOS Safari, embedded frames): nothing to do.
  const toggleFullscreen = () => toggle().catch(() => {});
  return (
    <Paper {...CANVAS_COVER} className={classes.mobileBar} shadow="md" p={4} withBorder role="toolbar" aria-label="View">
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
