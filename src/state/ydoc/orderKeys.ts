/**
 * Fractional order keys: strings that sort (plain string comparison) in sibling order, with a key
 * between any two. Why: the document keeps no children arrays (two replicas appending to one array
 * at once would lose one add); each topic carries its own key, and two replicas that insert at the
 * same place at once may pick the same key, so siblings sort by (key, id): deterministic everywhere.
 *
 * The scheme is the usual one (as in "fractional-indexing"): an integer part whose first character
 * says its length ('a0'..'az', 'b00'.., so appending one after another grows the key only
 * logarithmically), then an optional fraction in base 62 with no trailing '0'.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SMALLEST_INTEGER = 'A' + '0'.repeat(26);

function digit(c: string): number {
  return DIGITS.indexOf(c);
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 97 + 2;
  if (head >= 'A' && head <= 'Z') return 90 - head.charCodeAt(0) + 2;
  return -1;
}

/** Whether `key` is a key this scheme made (keys from elsewhere may be anything: they still sort). */
export function isOrderKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0) return false;
  const len = integerLength(key[0]);
  if (len < 0 || key.length < len || key === SMALLEST_INTEGER) return false;
  for (let i = 1; i < key.length; i++) if (digit(key[i]) < 0) return false;
  return key.length === len || key[key.length - 1] !== '0';
}

/** A fraction strictly between fractions a and b (b null: no upper bound). */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const da = a ? digit(a[0]) : 0;
  const db = b !== null ? digit(b[0]) : DIGITS.length;
  if (db - da > 1) return DIGITS[Math.round((da + db) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[da] + midpoint(a.slice(1), null);
}

function incrementInteger(x: string): string | null {
  const head = x[0];
  const digs = x.slice(1).split('');
  let carry = true;
  for (let i = digs.length - 1; carry && i >= 0; i--) {
    const d = digit(digs[i]) + 1;
    if (d === DIGITS.length) digs[i] = '0';
    else {
      digs[i] = DIGITS[d];
      carry = false;
    }
  }
  if (!carry) return head + digs.join('');
  if (head === 'Z') return 'a0';
  if (head === 'z') return null;
  const h = String.fromCharCode(head.charCodeAt(0) + 1);
  if (h > 'a') digs.push('0');
  else digs.pop();
  return h + digs.join('');
}

function decrementInteger(x: string): string | null {
  const head = x[0];
  const digs = x.slice(1).split('');
  let borrow = true;
  for (let i = digs.length - 1; borrow && i >= 0; i--) {
    const d = digit(digs[i]) - 1;
    if (d === -1) digs[i] = DIGITS[DIGITS.length - 1];
    else {
      digs[i] = DIGITS[d];
      borrow = false;
    }
  }
  if (!borrow) return head + digs.join('');
  if (head === 'a') return 'Z' + DIGITS[DIGITS.length - 1];
  if (head === 'A') return null;
  const h = String.fromCharCode(head.charCodeAt(0) - 1);
  if (h < 'Z') digs.push(DIGITS[DIGITS.length - 1]);
  else digs.pop();
  return h + digs.join('');
}

function integerPart(key: string): string {
  return key.slice(0, integerLength(key[0]));
}

/**
 * A key strictly between a and b (null: open end). Both must be keys of this scheme (isOrderKey)
 * with a < b; anything else throws, since it is a bug in the caller.
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && !isOrderKey(a)) throw new Error(`not an order key: ${a}`);
  if (b !== null && !isOrderKey(b)) throw new Error(`not an order key: ${b}`);
  if (a !== null && b !== null && a >= b) throw new Error(`order keys out of order: ${a} >= ${b}`);
  if (a === null) {
    if (b === null) return 'a0';
    const ib = integerPart(b);
    const fb = b.slice(ib.length);
    if (ib === SMALLEST_INTEGER) return ib + midpoint('', fb);
    if (ib < b) return ib;
    const res = decrementInteger(ib);
    if (res === null) throw new Error('order key space exhausted');
    return res;
  }
  const ia = integerPart(a);
  const fa = a.slice(ia.length);
  if (b === null) {
    const i = incrementInteger(ia);
    return i === null ? ia + midpoint(fa, null) : i;
  }
  const ib = integerPart(b);
  const fb = b.slice(ib.length);
  if (ia === ib) return ia + midpoint(fa, fb);
  const i = incrementInteger(ia);
  if (i === null) throw new Error('order key space exhausted');
  return i < b ? i : ia + midpoint(fa, null);
}

/** n increasing keys between a and b, spread evenly (an import numbers siblings with short keys). */
export function keysBetween(a: string | null, b: string | null, n: number): string[] {
  if (n <= 0) return [];
  if (n === 1) return [keyBetween(a, b)];
  if (b === null) {
    const out: string[] = new Array(n);
    let prev = a;
    for (let i = 0; i < n; i++) prev = out[i] = keyBetween(prev, null);
    return out;
  }
  if (a === null) {
    const out: string[] = new Array(n);
    let next = b;
    for (let i = n - 1; i >= 0; i--) next = out[i] = keyBetween(null, next);
    return out;
  }
  const mid = Math.floor(n / 2);
  const c = keyBetween(a, b);
  return [...keysBetween(a, c, mid), c, ...keysBetween(c, b, n - mid - 1)];
}

/** Sibling order: by key, then by id (two replicas may have chosen the same key). */
export function compareOrder(ka: string, ida: string, kb: string, idb: string): number {
  if (ka !== kb) return ka < kb ? -1 : 1;
  return ida < idb ? -1 : ida > idb ? 1 : 0;
}

/**
 * Keys for siblings in the order `ids`, reusing as many existing keys as stay in order (the longest
 * strictly increasing run of valid ones), so that an insert or a reorder rewrites only the topics
 * that moved. `existing` gives a topic's current key under this parent, if any. O(k log k).
 */
export function assignKeys(ids: readonly string[], existing: (id: string, index: number) => string | undefined): string[] {
  const n = ids.length;
  const keys: (string | undefined)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const k = existing(ids[i], i);
    keys[i] = isOrderKey(k) ? k : undefined;
  }
  // Longest strictly increasing subsequence of the valid keys (patience sorting).
  const tailKey: string[] = [];
  const tailAt: number[] = [];
  const prev = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    if (k === undefined) continue;
    let lo = 0;
    let hi = tailKey.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tailKey[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    tailKey[lo] = k;
    tailAt[lo] = i;
    prev[i] = lo > 0 ? tailAt[lo - 1] : -1;
  }
  const keep = new Uint8Array(n);
  for (let i = tailAt.length ? tailAt[tailAt.length - 1] : -1; i >= 0; i = prev[i]) keep[i] = 1;
  const out: string[] = new Array(n);
  let i = 0;
  let lo: string | null = null;
  while (i < n) {
    if (keep[i]) {
      lo = out[i] = keys[i]!;
      i++;
      continue;
    }
    let j = i;
    while (j < n && !keep[j]) j++;
    const hi = j < n ? keys[j]! : null;
    const fresh = keysBetween(lo, hi, j - i);
    for (let t = 0; t < fresh.length; t++) out[i + t] = fresh[t];
    i = j;
  }
  return out;
}
