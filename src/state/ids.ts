import { customRandom, urlAlphabet } from 'nanoid';
import { ID_LENGTH } from './model';

/** Random bytes handed out from a pool refilled from crypto.getRandomValues, POOL_IDS ids at a time. */
const POOL_IDS = 1024;
let pool = new Uint8Array(0);
let taken = 0;

function pooledRandom(bytes: number): Uint8Array {
  if (taken + bytes > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(Math.max(bytes, POOL_IDS * ID_LENGTH)));
    taken = 0;
  }
  const out = pool.subarray(taken, taken + bytes);
  taken += bytes;
  return out;
}

/**
 * nanoid's ids (same alphabet, length and secure source), with the random bytes drawn from a pool.
 * Why: the browser build of nanoid asks crypto.getRandomValues for each id, most of the 0.6 s it took
 * to give ids to 100k imported topics in a worker.
 */
const pooledNanoid = customRandom(urlAlphabet, ID_LENGTH, pooledRandom);

let generate: () => string = pooledNanoid;

export function newId(): string {
  return generate();
}

/** Tests make ids predictable with this; pass null to go back to random ids. */
export function setIdGenerator(fn: (() => string) | null): void {
  generate = fn ?? pooledNanoid;
}
