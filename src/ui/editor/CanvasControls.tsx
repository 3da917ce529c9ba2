/**
 * Canvas controls (bottom left): zoom and fit (hidden on mobile), snap-to-grid and performance-mode
 * toggles, and the light/dark toggle.
 */
import { ActionIcon, Flex, Paper, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEditor } from './EditorContext';
import { IconBolt, IconFit, IconGrid, IconMoon, IconSun, IconZoomIn, IconZoomOut } from './icons';
import classes from './Editor.module.css';
import { CANVAS_COVER } from './canvasCover';

export interface CanvasControlsProps {
  snapToGrid: boolean;
  onSnapToGrid(on: boolean): void;
  performanceMode: boolean;
  onPerformanceMode(on: boolean): void;
}

function Control({ label, onClick, pressed, children }: { label: string; onClick(): void; pressed?: boolean; children: ReactNode }) {
  const { isMobile } = useEditor();
  return (
    <Tooltip label={label} position={isMobile ? 'left' : 'top'} withArrow openDelay={400}>
      <ActionIcon
        variant={pressed ? 'filled' : 'default'}
        size="lg"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function CanvasControls({ snapToGrid, onSnapToGrid, performanceMode, onPerformanceMode }: CanvasControlsProps) {
  const { canvas, isMobile, theme, toggleTheme } = useEditor();
  return (
    <Paper {...CANVAS_COVER} className={classes.canvasControls} data-mobile={isMobile || undefined} shadow="sm" p={4} withBorder role="toolbar" aria-label="Canvas controls" aria-orientation={isMobile ? 'vertical' : 'horizontal'}>
      <Flex gap={4} direction={isMobile ? 'column' : 'row'}>
        {isMobile ? null : (
          <>
            <Control label="Zoom in" onClick={() => canvas.current?.zoomIn()}>
              <IconZoomIn />
            </Control>
            <Control label="Zoom out" onClick={() => canvas.current?.zoomOut()}>
              <IconZoomOut />
            </Control>
            <Control label="Fit view" onClick={() => canvas.current?.fitView()}>
              <IconFit />
            </Control>
          </>
        )}
        <Control label="Snap to grid" pressed={snapToGrid} onClick={() => onSnapToGrid(!snapToGrid)}>
          <IconGrid />
        </Control>
        <Control label="Performance mode" pressed={performanceMode} onClick={() => onPerformanceMode(!performanceMode)}>
          <IconBolt />
        </Control>
        <Control label="Toggle theme" onClick={toggleTheme}>
          {theme === 'dark' ? <IconSun /> : <IconMoon />}
        </Control>
      </Flex>
    </Paper>
  );
}
