/**
 * What a device joining a shared map for the first time fetches before it connects: the map's
 * document (one Yjs update, second encoding) and the map built from that same document
 * (ydoc/builtMap.ts), taken by the server at one moment, in one body.
 *
 * Why: the first sync of a 100k-topic map over the socket brings only the document, and building the
 * map from it (fromDoc) took the joining page about 1.2 s. With the built map beside the document,
 * the page builds nothing; the socket's sync then brings only what changed after the server took it.
 *
 * Layout: "MFJ1", the update's length (4 bytes, little-endian), the update, the built map as UTF-8
 * (empty when the server had none to give).
 */
const MAGIC = [0x4d, 0x46, 0x4a, 0x31]; // "MFJ1"
const HEAD = MAGIC.length + 4;

export interface JoinSnapshot {
  update: Uint8Array;
  built: string | null;
}

export function encodeJoinSnapshot(update: Uint8Array, built: string | null): Uint8Array {
  const text = built === null ? new Uint8Array(0) : new TextEncoder().encode(built);
  const out = new Uint8Array(HEAD + update.length + text.length);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(MAGIC.length, update.length, true);
  out.set(update, HEAD);
  out.set(text, HEAD + update.length);
  return out;
}

/** The snapshot `bytes` hold, or null when they are not one. */
export function decodeJoinSnapshot(bytes: Uint8Array): JoinSnapshot | null {
  if (bytes.length < HEAD || MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MAGIC.length, true);
  if (HEAD + length > bytes.length) return null;
  const update = bytes.subarray(HEAD, HEAD + length);
  const rest = bytes.subarray(HEAD + length);
  let built: string | null = null;
  if (rest.length > 0) {
    try {
      built = new TextDecoder('utf-8', { fatal: true }).decode(rest);
    } catch {
      return null;
    }
  }
  return { update, built };
}
