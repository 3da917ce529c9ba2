/**
 * Limits that keep one client from hurting the server or the document: a token bucket of messages
 * per connection, and the close reasons sent to a client that breaks a limit.
 */

/** Close codes in the application range (4000–4999), with reasons a person can read. */
export const CLOSE = {
  tooManyUpdates: { code: 4429, reason: 'Too many updates: slow down' },
  tooManyDocuments: { code: 4503, reason: 'This server has too many maps open' },
  notAllowed: { code: 4403, reason: 'This link does not open this map' },
} as const;

export class MessageRate {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number = perSecond * 2,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one message's worth; false once the connection is over its rate. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
