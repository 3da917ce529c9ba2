/**
 * The WebSocket class the sync endpoint uses: every frame a client sends passes its envelope check
 * (frames.ts) and its connection's message and byte rates before Hocuspocus receives it. A frame that breaks
 * a rule closes the socket with a reason of its own and goes no further; once the socket is
 * closing, nothing else it sends reaches a document. Hocuspocus receives messages by listening to
 * the socket's 'message' event, so the check sits in `emit`.
 */
import WebSocket from 'ws';
import { checkFrame } from './frames';
import { CLOSE, MessageRate, tooLarge } from './limits';

export interface SocketLimits {
  maxMessageBytes: number;
  messagesPerSecond: number;
}

export function guardedSocketClass(limits: SocketLimits): typeof WebSocket {
  // Hocuspocus emits 'message' again for frames it queued while a token was checked: those
  // passed already and are not counted twice.
  const passed = new WeakSet<object>();

  return class GuardedSocket extends WebSocket {
    private readonly rate = new MessageRate(limits.messagesPerSecond);
    // Bytes too: Hocuspocus queues what arrives while the token is checked and the map loads, and
    // a count of messages alone lets that queue hold any number of maximum-size frames. One
    // maximum-size message a second on average, two at once.
    private readonly bytes = new MessageRate(limits.maxMessageBytes, limits.maxMessageBytes * 2);

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event !== 'message') return super.emit(event, ...args);
      const [data, isBinary] = args as [Buffer, boolean | undefined];
      if (this.readyState !== WebSocket.OPEN) return false;
      if (passed.has(data)) return super.emit(event, ...args);
      const problem =
        checkFrame(data, isBinary === true) ??
        (this.rate.take() ? null : CLOSE.tooManyUpdates) ??
        (this.bytes.take(data.byteLength) ? null : CLOSE.tooMuchData);
      if (problem) {
        this.close(problem.code, problem.reason);
        return false;
      }
      passed.add(data);
      return super.emit(event, ...args);
    }

    /** `ws` closes with a bare 1009 when a message is over maxPayload: say what the limit is. */
    override close(code?: number, reason?: string | Buffer): void {
      if (code === 1009 && !reason) {
        const r = tooLarge(limits.maxMessageBytes);
        super.close(r.code, r.reason);
        return;
      }
      super.close(code, reason);
    }
  };
}
