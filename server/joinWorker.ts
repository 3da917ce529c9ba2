/**
 * Builds a joining device's answer off the server's event loop, from a map's stored updates (Yjs's
 * first encoding) or from an open map's whole state (its second encoding, taken at one moment on
 * the event loop): for a 100k-topic map, loading the document, building its map and compressing
 * take 2-3 s.
 */
import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import * as Y from 'yjs';
import { encodeJoinSnapshot } from '../src/state/sync/joinSnapshot';
import { encodeBuiltMap } from '../src/state/ydoc/builtMap';
import { unwatchedMapDoc } from '../src/state/ydoc/shape';
import { ANSWER_GZIP, joinAnswerOf } from './joinAnswer';

export interface JoinWorkerRequest {
  id: number;
  /** Updates applied in order; `encoding` 2: one update, a document's whole state. */
  parts: Uint8Array[];
  encoding: 1 | 2;
}

export type JoinWorkerReply = { id: number; body: Uint8Array } | { id: number; error: string };

parentPort!.on('message', ({ id, parts, encoding }: JoinWorkerRequest) => {
  let reply: JoinWorkerReply;
  try {
    const doc = new Y.Doc();
    Y.transact(doc, () => {
      for (const part of parts) {
        if (encoding === 2) Y.applyUpdateV2(doc, part);
        else Y.applyUpdate(doc, part);
      }
    });
    // A whole state in the second encoding is already the answer's update.
    const answer = encoding === 2 && parts.length === 1 ? encodeJoinSnapshot(parts[0], encodeBuiltMap(unwatchedMapDoc(doc))) : joinAnswerOf(doc);
    // A copy of its own, so its buffer can be handed over whole.
    reply = { id, body: new Uint8Array(gzipSync(answer, ANSWER_GZIP)) };
    doc.destroy();
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply, 'body' in reply ? [reply.body.buffer as ArrayBuffer] : []);
});
