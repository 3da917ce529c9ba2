/**
 * On a phone the Edit card appears in the middle of the screen as a tap selects a topic. The second
 * tap of a double tap (which edits the title in place), or the click a browser sends after a tap,
 * would land on whatever control of the card is under the finger (Delete, a colour). For a moment
 * after it appears, or shows another topic, the card lets taps through to the canvas.
 */
import { useEffect, useState } from 'react';
import { DOUBLE_TAP_MS } from '../../../state/model';

/** The double tap's time and a little more: a tap meant for the card after that reaches it. */
export const TAP_GUARD_MS = DOUBLE_TAP_MS + 100;

/**
 * False for TAP_GUARD_MS after `key` (the card's topic) changes, then true. The time counts from
 * the first frame with the card on screen: taps made while the page was still busy showing it (a
 * slow phone, the card's first showing) are handled before that frame, and still pass through.
 */
export function useArmedAfter(key: unknown): boolean {
  const [armedFor, setArmedFor] = useState<{ key: unknown } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setArmedFor({ key }), TAP_GUARD_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key]);
  return armedFor !== null && armedFor.key === key;
}
