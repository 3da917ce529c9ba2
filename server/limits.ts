/**
 * Limits that keep one client from hurting the server or the document: token buckets of messages
 * and of bytes per connection, and the close reasons sent to a client that breaks a rule.
 */
import { LINK_REFUSED } from '../src/state/sync/shareLinks';

export interface CloseReason {
  code: number;
  reason: string;
}

/**
 * Close codes with reasons a person can read. Application codes (4000–4999) except for a message
 * over the size limit, which keeps WebSocket's own 1009. A reason must fit in 123 bytes.
 */
export const CLOSE = {
  malformed: { code: 4400, reason: 'Malformed message: not a sync message this server can read' },
  malformedUpdate: { code: 4400, reason: 'Malformed update: the server could not apply it' },
  wrongProtocol: { code: 4415, reason: 'Wrong protocol: this server speaks Hocuspocus sync in binary frames' },
  tooManyUpdates: { code: 4429, reason: 'Too many updates: slow down' },
  tooMuchData: { code: 4429, reason: 'Too much data: slow down' },
  tooManyDocuments: { code: 4503, reason: 'This server has too many maps open' },
  notAllowed: { code: 4403, reason: LINK_REFUSED },
} as const satisfies Record<string, CloseReason>;

export function tooLarge(maxBytes: number): CloseReason {
  return { code: 1009, reason: `Message too large: the limit is ${maxBytes} bytes` };
}

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

  /** Takes `cost` (one message, or its bytes); false once the connection is over its rate. */
  take(cost = 1): boolean {
    this.refill();
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Whether the bucket is full again (nothing taken lately): one that can be forgotten. */
  get full(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }

  /** Seconds until `cost` can be taken. */
  waitSeconds(cost = 1): number {
    this.refill();
    return this.tokens >= cost ? 0 : (cost - this.tokens) / this.perSecond;
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
  }
}

/** One MessageRate per key (a map), forgetting the keys whose bucket is full again once there are many. */
export class RatesByKey {
  private readonly rates = new Map<string, MessageRate>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly sweepFrom = 1024,
  ) {}

  /** Takes one for `key`; the seconds to wait when it is over its rate, else 0. */
  take(key: string): number {
    let rate = this.rates.get(key);
    if (!rate) {
      if (this.rates.size >= this.sweepFrom) for (const [k, r] of this.rates) if (r.full) this.rates.delete(k);
      rate = new MessageRate(this.perSecond, this.burst, this.now);
      this.rates.set(key, rate);
    }
    return rate.take() ? 0 : rate.waitSeconds();
  }

  get size(): number {
    return this.rates.size;
  }
}
