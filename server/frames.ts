/**
 * Reads the envelope of every frame a client sends before Hocuspocus sees it: a document name,
 * a message type, and that type's fields, with nothing left over. This is cheap (no Yjs decoding)
 * and lets the server close a hostile or confused client with a reason that says what was wrong,
 * instead of Hocuspocus's generic "Reset Connection" or, for a frame of another protocol (the
 * y-websocket protocol has no document name), queueing it forever while waiting for a token.
 *
 * The Yjs update inside a well-formed sync frame is checked just before it is applied (see
 * `yjsUpdateOf` and app.ts): y-protocols logs and swallows an update Yjs cannot read, and
 * Hocuspocus would then tell the client it was saved.
 */
import { CLOSE, type CloseReason } from './limits';
import { ROOM_ID_PATTERN } from './rooms';

/** Hocuspocus 3 message types (server/src/types.ts) a client may send to this server. */
const SYNC = 0;
const AWARENESS = 1;
const AUTH = 2;
const QUERY_AWARENESS = 3;
const SYNC_REPLY = 4;
const CLOSE_DOCUMENT = 7;
/** Sync step 1, sync step 2, update (y-protocols/sync). */
const SYNC_SUBTYPES = 3;
/** AuthMessageType.Token: the only auth message a client sends. */
const AUTH_TOKEN = 0;

class Malformed extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** lib0's variable-length encoding, reading only what the frame holds. */
class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.pos === this.bytes.length;
  }

  get position(): number {
    return this.pos;
  }

  varUint(): number {
    let n = 0;
    let mult = 1;
    while (this.pos < this.bytes.length) {
      const b = this.bytes[this.pos++];
      n += (b & 0x7f) * mult;
      if (b < 0x80) return n;
      mult *= 128;
      if (n > Number.MAX_SAFE_INTEGER) throw new Malformed();
    }
    throw new Malformed();
  }

  varBytes(): Uint8Array {
    const len = this.varUint();
    if (len > this.bytes.length - this.pos) throw new Malformed();
    const out = this.bytes.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  varString(): string {
    try {
      return utf8.decode(this.varBytes());
    } catch {
      throw new Malformed();
    }
  }
}

/** Why a frame must close the connection, or null when Hocuspocus may handle it. */
export function checkFrame(data: Uint8Array, isBinary: boolean): CloseReason | null {
  if (!isBinary) return CLOSE.wrongProtocol;
  try {
    const r = new Reader(data);
    const room = r.varString();
    // y-websocket's frames start with a message type, read here as an empty name.
    if (room === '') return CLOSE.wrongProtocol;
    if (!ROOM_ID_PATTERN.test(room)) return CLOSE.notAllowed;
    const type = r.varUint();
    switch (type) {
      case SYNC:
      case SYNC_REPLY:
        if (r.varUint() >= SYNC_SUBTYPES) return CLOSE.malformed;
        r.varBytes();
        break;
      case AWARENESS:
        r.varBytes();
        break;
      case AUTH:
        if (r.varUint() !== AUTH_TOKEN) return CLOSE.wrongProtocol;
        r.varString();
        break;
      case QUERY_AWARENESS:
      case CLOSE_DOCUMENT:
        break;
      default:
        // Stateless messages (unused by MindFlow), server-to-client types and unknown ones.
        return CLOSE.wrongProtocol;
    }
    return r.done ? null : CLOSE.malformed;
  } catch (error) {
    if (error instanceof Malformed) return CLOSE.malformed;
    throw error;
  }
}

/** The Yjs update a sync step 2 or update frame carries (null for any other frame). */
export function yjsUpdateOf(data: Uint8Array): Uint8Array | null {
  try {
    const r = new Reader(data);
    r.varString();
    const type = r.varUint();
    if (type !== SYNC && type !== SYNC_REPLY) return null;
    return r.varUint() === 0 ? null : r.varBytes();
  } catch {
    return null;
  }
}

/** One person's presence in an awareness frame, and where its bytes lie in the frame. */
export interface PresenceEntry {
  clientId: number;
  clock: number;
  /** A state of null: the presence is taken away. */
  removes: boolean;
  start: number;
  end: number;
}

/** An awareness frame's entries, and where its update (length first) starts in the frame. */
export interface AwarenessFrame {
  updateAt: number;
  entries: PresenceEntry[];
}

/** The entries of an awareness frame (null for any other frame, or one that is not a well-formed update). */
export function awarenessFrameOf(data: Uint8Array): AwarenessFrame | null {
  try {
    const r = new Reader(data);
    r.varString();
    if (r.varUint() !== AWARENESS) return null;
    const updateAt = r.position;
    const end = r.varUint() + r.position;
    const count = r.varUint();
    const entries: PresenceEntry[] = [];
    for (let i = 0; i < count; i++) {
      const start = r.position;
      const clientId = r.varUint();
      const clock = r.varUint();
      const removes = r.varString() === 'null';
      entries.push({ clientId, clock, removes, start, end: r.position });
    }
    return r.position === end ? { updateAt, entries } : null;
  } catch {
    return null;
  }
}

function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n % 128) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

/**
 * Rewrites an awareness frame in place so that its update carries only `kept` of its entries. The
 * new update is never longer than the old one; whatever follows it in the buffer is not read.
 */
export function keepPresenceEntries(data: Uint8Array, frame: AwarenessFrame, kept: PresenceEntry[]): void {
  const parts = kept.map((e) => data.slice(e.start, e.end));
  const head = varUint(kept.length);
  const length = head.length + parts.reduce((n, p) => n + p.length, 0);
  let at = frame.updateAt;
  for (const bytes of [varUint(length), head, ...parts]) {
    data.set(bytes, at);
    at += bytes.length;
  }
}
