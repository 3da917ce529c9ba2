/**
 * The answer a device opening a shared map for the first time fetches (src/state/sync/joinSnapshot.ts),
 * built from a document, and the digest that ties an answer kept in the store to the stored
 * document it was built from.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:zlib';
import * as Y from 'yjs';
import { encodeJoinSnapshot } from '../src/state/sync/joinSnapshot';
import { encodeBuiltMap } from '../src/state/ydoc/builtMap';
import { unwatchedMapDoc } from '../src/state/ydoc/shape';
import type { StoredDocument } from './storage/docStore';

/** Answers are sent gzip-compressed at this level: a 100k-topic map's 61 MB become 11 MB. */
export const ANSWER_GZIP = { level: constants.Z_BEST_SPEED };

/** The document's update and the map built from it, taken at one moment. */
export function joinAnswerOf(doc: Y.Doc): Uint8Array {
  return encodeJoinSnapshot(Y.encodeStateAsUpdateV2(doc), encodeBuiltMap(unwatchedMapDoc(doc)));
}

/** The stored updates in the order they are applied: the snapshot, then the log. */
export function storedParts(stored: StoredDocument): Uint8Array[] {
  const log = stored.log.map((entry) => entry.update);
  return stored.snapshot ? [stored.snapshot, ...log] : log;
}

/**
 * SHA-256 (hex) of what is stored for a document, or null when nothing is. Any append or
 * compaction changes it, so an answer kept under a digest holds exactly what the store held then.
 */
export function storedDigest(parts: Uint8Array[]): string | null {
  if (parts.length === 0) return null;
  const hash = createHash('sha256');
  const length = Buffer.alloc(4);
  for (const part of parts) {
    length.writeUInt32BE(part.byteLength);
    hash.update(length).update(part);
  }
  return hash.digest('hex');
}
