/**
 * On a phone the Edit card appears in the middle of the screen as a tap selects a topic. The second
 * tap of a double tap (which edits the title in place), or the click a browser sends after a tap,
 * would land on whatever control of the card is under the finger (Delete, a colour). For a moment
 * after it appears, or shows another topic, the card lets taps through to the canvas.
 */
import { useEffect, useState } from 'react';

export const TAP_GUARD_MS = 450;

/** False for `ms` after `key` changes (and after the first render), then true. */
export function useArmedAfter(key: unknown, ms = TAP_GUARD_MS): boolean {
  const [armedFor, setArmedFor] = useState<{ key: unknown } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setArmedFor({ key }), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return armedFor !== null && armedFor.key === key;
}
