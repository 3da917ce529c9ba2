/**
 * Stepping through a search's matches from the search box (Enter, Shift+Enter), in reading order:
 * top to bottom, then left to right, as the matches stand on the canvas. One pass over the
 * matches per step, no sort: a search can match tens of thousands of topics.
 */
import { getNode, type MindMapState } from './doc';

interface Place {
  y: number;
  x: number;
  id: string;
}

function placeOf(s: MindMapState, id: string): Place | null {
  const p = getNode(s, id)?.position;
  if (!p) return null;
  return { y: Number.isFinite(p.y) ? p.y : 0, x: Number.isFinite(p.x) ? p.x : 0, id };
}

function before(a: Place, b: Place): boolean {
  return a.y !== b.y ? a.y < b.y : a.x !== b.x ? a.x < b.x : a.id < b.id;
}

/**
 * The match after `current` in reading order (before it with `backwards`), wrapping around at the
 * end; the first (or last) match when `current` is not one; null when nothing matches.
 */
export function nextMatch(s: MindMapState, matches: Iterable<string>, current: string | null, backwards = false): string | null {
  const from = current === null ? null : placeOf(s, current);
  const earlier = (a: Place, b: Place) => (backwards ? before(b, a) : before(a, b));
  let next: Place | null = null;
  let first: Place | null = null;
  for (const id of matches) {
    const p = placeOf(s, id);
    if (!p) continue;
    if (first === null || earlier(p, first)) first = p;
    if (from !== null && earlier(from, p) && (next === null || earlier(p, next))) next = p;
  }
  return (next ?? first)?.id ?? null;
}
