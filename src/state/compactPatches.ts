/**
 * Compacts a list of immer patches into a shorter list with the same effect, so that a mark (a drag
 * of 100 pointermoves) keeps one patch per topic it moved instead of one per pointermove.
 *
 * Two rules, both only for "plain" paths (object keys all the way down; a table's bucket index is
 * the one number allowed), where no array insertion can shift what a path points at:
 * - a patch that replaces or removes a path makes every earlier patch at or under that path dead;
 * - a patch under a path that an earlier live patch set to an object is folded into that patch's
 *   value (copied along the path, never mutated: patch values share objects with states).
 * A patch on an array element or a whole bucket (bulk edits, layouts) is kept as it is, and nothing
 * is folded or dropped across it where it overlaps.
 */
import type { Patch } from 'immer';

const TABLES = new Set(['nodes', 'edges', 'kids', 'adj']);
const SEP = '\u0001';

type Segment = string | number;

/** Object keys only, apart from a table's bucket index; a table path must name an entry in a bucket. */
function isPlain(p: Patch): boolean {
  const path = p.path;
  if ((p as { ids?: unknown }).ids !== undefined || (p as { moved?: unknown }).moved !== undefined) return false;
  for (let i = 0; i < path.length; i++) {
    if (typeof path[i] !== 'string' && !isBucketIndex(path, i)) return false;
  }
  return path.length > 0;
}

function isBucketIndex(path: readonly Segment[], i: number): boolean {
  return i === 2 && path[1] === 'b' && TABLES.has(String(path[0]));
}

function keyOf(path: readonly Segment[], length = path.length): string {
  let k = String(path[0]);
  for (let i = 1; i < length; i++) k += SEP + String(path[i]);
  return k;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `value` with `rest` set (or removed), copying each object on the way; null when the way is not objects. */
function withChange(value: unknown, rest: readonly Segment[], p: Patch): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  const top: Record<string, unknown> = { ...value };
  let cur = top;
  for (let i = 0; i < rest.length - 1; i++) {
    const next = cur[rest[i] as string];
    if (!isObject(next)) return null;
    const copy = { ...next };
    cur[rest[i] as string] = copy;
    cur = copy;
  }
  const last = rest[rest.length - 1] as string;
  if (p.op === 'remove') delete cur[last];
  else cur[last] = p.value;
  return top;
}

export function compactPatches(patches: readonly Patch[]): Patch[] {
  const out: (Patch | null)[] = [];
  /** Path key -> index in `out` of the live plain patch that last set that path. */
  const live = new Map<string, number>();

  const forgetOverlapping = (key: string, dropUnder: boolean) => {
    for (const [k, i] of live) {
      const under = k === key || k.startsWith(key + SEP);
      const above = key.startsWith(k + SEP);
      if (under) {
        if (dropUnder) out[i] = null;
        live.delete(k);
      } else if (above) live.delete(k);
    }
  };

  for (const p of patches) {
    if (!isPlain(p)) {
      // Whatever this touches (an array, a bucket) is no longer safe to fold into or drop.
      const path = p.path;
      let n = path.length;
      while (n > 1 && typeof path[n - 1] !== 'string' && !isBucketIndex(path, n - 1)) n--;
      forgetOverlapping(keyOf(path, n), false);
      out.push(p);
      continue;
    }
    const path = p.path;
    const key = keyOf(path);
    let folded = false;
    for (let n = path.length - 1; n >= 1 && !folded; n--) {
      const i = live.get(keyOf(path, n));
      if (i === undefined) continue;
      const owner = out[i]!;
      if (owner.op === 'remove') break;
      const value = withChange(owner.value, path.slice(n), p);
      if (value === null) break;
      out[i] = { ...owner, value };
      folded = true;
    }
    if (folded) continue;
    forgetOverlapping(key, true);
    live.set(key, out.length);
    out.push(p);
  }
  return out.filter((p): p is Patch => p !== null);
}
