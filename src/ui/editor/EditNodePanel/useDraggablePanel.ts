/**
 * Drags the Edit Node panel by its header (mouse, pen or touch) and with the arrow keys on its grip,
 * keeping it partly on screen, also when the window shrinks. The position survives selection
 * changes (it is kept per page, not per topic).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampPanel, defaultPanelPos, PANEL_WIDTH, type PanelPos } from './panelPosition';

let remembered: PanelPos | null = null;

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

export function useDraggablePanel(enabled: boolean) {
  const [pos, setPos] = useState<PanelPos>(() => clampPanel(remembered ?? defaultPanelPos(PANEL_WIDTH, viewport()), PANEL_WIDTH, viewport()));
  const drag = useRef<{ id: number; dx: number; dy: number } | null>(null);

  const update = useCallback((p: PanelPos) => {
    const next = clampPanel(p, PANEL_WIDTH, viewport());
    remembered = next;
    setPos(next);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    // A panel the person never moved stays in its corner (top right) of the new size; one they
    // placed stays there, on screen. Also as it becomes draggable (a phone turned to landscape).
    const onResize = () => setPos((p) => clampPanel(remembered ? p : defaultPanelPos(PANEL_WIDTH, viewport()), PANEL_WIDTH, viewport()));
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [enabled]);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (!enabled || e.button !== 0) return;
    // Buttons in the header (close) keep working.
    if ((e.target as HTMLElement).closest('button:not([data-drag-grip])')) return;
    drag.current = { id: e.pointerId, dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    e.currentTarget.setPointerCapture(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    update({ x: e.clientX - d.dx, y: e.clientY - d.dy });
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };
  const onGripKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const step = e.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[e.key];
    if (!m || !enabled) return;
    e.preventDefault();
    e.stopPropagation();
    update({ x: pos.x + m[0], y: pos.y + m[1] });
  };

  return {
    pos,
    handleProps: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
    onGripKeyDown,
  };
}
