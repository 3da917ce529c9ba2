/**
 * Keeps the minimap (bottom right of the canvas) beside the Edit Node panel instead of under it:
 * a panel that reaches down over the minimap's corner (Advanced Options open on a laptop screen, or
 * the panel dragged there) moves the minimap to the panel's left, and it goes back when the panel
 * leaves, shrinks or closes. The minimap reads the offset from a CSS variable.
 */
import { useEffect, useRef, type RefObject } from 'react';

export const MINIMAP_RIGHT_VAR = '--minimap-right';
/** The minimap's distance from the canvas's edges, and from the panel when beside it. */
const GAP = 12;

/** `moved`: the minimap has just moved (beside the panel, or back): the topic it may now cover comes out from under it. */
export function useMinimapBeside(panel: RefObject<HTMLElement | null>, active: boolean, moved: () => void): void {
  const movedRef = useRef(moved);
  movedRef.current = moved;
  useEffect(() => {
    const el = panel.current;
    const root = document.documentElement;
    if (!active || !el) return;
    const set = (value: string | null) => {
      if (root.style.getPropertyValue(MINIMAP_RIGHT_VAR) === (value ?? '')) return;
      if (value === null) root.style.removeProperty(MINIMAP_RIGHT_VAR);
      else root.style.setProperty(MINIMAP_RIGHT_VAR, value);
      movedRef.current();
    };
    const place = () => {
      const minimap = document.querySelector<HTMLElement>('[data-testid="minimap"]');
      const r = el.getBoundingClientRect();
      if (!minimap || r.width === 0) {
        set(null);
        return;
      }
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      const w = minimap.offsetWidth;
      const h = minimap.offsetHeight;
      // Where the minimap sits by default, and whether the panel covers any of it.
      const covers = r.right > vw - GAP - w && r.left < vw - GAP && r.bottom > vh - GAP - h && r.top < vh - GAP;
      const right = vw - r.left + GAP;
      set(covers && right + w <= vw ? `${right}px` : null);
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    window.addEventListener('resize', place);
    // The panel moves (dragged) without changing size: its style changes.
    const moves = new MutationObserver(place);
    moves.observe(el, { attributes: true, attributeFilter: ['style'] });
    return () => {
      observer.disconnect();
      moves.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(MINIMAP_RIGHT_VAR);
    };
  }, [panel, active]);
}
