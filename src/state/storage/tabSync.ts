/**
 * Keeps the tabs of one map live over BroadcastChannel. Every update made in this tab (any origin
 * but this sync) is relayed; updates from other tabs are applied with this object as origin (so
 * they are neither relayed again nor written to IndexedDB by this tab: their own tab writes them).
 *
 * On join a tab announces its state vector; every other tab answers with what the newcomer lacks
 * (possibly updates still on their way to IndexedDB) and its own state vector, and the newcomer
 * answers with what that tab lacks. Yjs ignores updates it already has, so duplicates are harmless.
 *
 * A tab says when IndexedDB has committed the updates it relayed (`confirm`). An update not
 * confirmed in time (its tab crashed, or its writes fail) is handed to `onOrphan`, so a tab that
 * holds it writes it: an edit another tab has seen is never lost with the tab that made it.
 */
import * as Y from 'yjs';

export const TAB_CHANNEL = 'mind-map-storage';

/** What BroadcastChannel offers (a fake hub in tests). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

type Message =
  /** `v`: the update's Yjs encoding, 2 for what this build relays; absent: 1 (state diffs). */
  | { type: 'update'; from: string; update: Uint8Array; seq?: number; v?: 2 }
  | { type: 'committed'; from: string; seqs: number[] }
  | { type: 'hello'; from: string; sv: Uint8Array }
  | { type: 'state'; from: string; to: string; sv: Uint8Array; diff: Uint8Array };

function isMessage(v: unknown): v is Message {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string' && typeof (v as { from?: unknown }).from === 'string';
}

/** An update with no structs and no deletions (what encodeStateAsUpdate gives when nothing is missing). */
function isEmptyUpdate(update: Uint8Array): boolean {
  return update.byteLength <= 2;
}

export interface TabSyncOptions {
  /** Receives another tab's update that was not confirmed as stored in time. */
  onOrphan?: (update: Uint8Array, encoding: 1 | 2) => void;
  /** How long to wait for the confirmation. */
  confirmWithinMs?: number;
  timers?: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
}

export const CONFIRM_WITHIN_MS = 3000;

const defaultTimers = {
  setTimeout: (fn: () => void, ms: number): unknown => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class TabSync {
  readonly id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  private seq = 0;
  /** The sequence number each relayed update went out with (the same objects are later confirmed). */
  private readonly sent = new WeakMap<Uint8Array, number>();
  /** Other tabs' updates awaiting their confirmation, by `from:seq`. */
  private readonly unconfirmed = new Map<string, unknown>();
  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    const seq = ++this.seq;
    this.sent.set(update, seq);
    this.post({ type: 'update', from: this.id, update, seq, v: 2 });
  };
  private closed = false;
  private readonly timers: NonNullable<TabSyncOptions['timers']>;

  constructor(
    private readonly doc: Y.Doc,
    private readonly channel: ChannelLike,
    private readonly options: TabSyncOptions = {},
  ) {
    this.timers = options.timers ?? defaultTimers;
    channel.onmessage = (event) => this.receive(event.data);
    // The encoding the store writes too: Yjs encodes a transaction once per encoding asked for.
    doc.on('updateV2', this.onUpdate);
    this.post({ type: 'hello', from: this.id, sv: Y.encodeStateVector(doc) });
  }

  /** Opens the page's BroadcastChannel, or returns null where there is none. */
  static open(doc: Y.Doc, name = TAB_CHANNEL, options: TabSyncOptions = {}): TabSync | null {
    if (typeof BroadcastChannel === 'undefined') return null;
    try {
      return new TabSync(doc, new BroadcastChannel(name) as unknown as ChannelLike, options);
    } catch {
      return null;
    }
  }

  /** These updates (as relayed) are committed to IndexedDB: the other tabs need not write them. */
  confirm(updates: readonly Uint8Array[]): void {
    const seqs: number[] = [];
    for (const u of updates) {
      const seq = this.sent.get(u);
      if (seq !== undefined) seqs.push(seq);
    }
    if (seqs.length > 0) this.post({ type: 'committed', from: this.id, seqs });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const handle of this.unconfirmed.values()) this.timers.clearTimeout(handle);
    this.unconfirmed.clear();
    this.doc.off('updateV2', this.onUpdate);
    this.channel.onmessage = null;
    this.channel.close();
  }

  private post(message: Message): void {
    if (this.closed) return;
    try {
      this.channel.postMessage(message);
    } catch {
      // A closed channel (page going away): IndexedDB still carries the update to other tabs on load.
    }
  }

  private receive(data: unknown): void {
    if (this.closed || !isMessage(data) || data.from === this.id) return;
    switch (data.type) {
      case 'update': {
        const encoding = data.v === 2 ? 2 : 1;
        if (encoding === 2) Y.applyUpdateV2(this.doc, data.update, this);
        else Y.applyUpdate(this.doc, data.update, this);
        const orphan = this.options.onOrphan;
        if (orphan && data.seq !== undefined) {
          const key = `${data.from}:${data.seq}`;
          const update = data.update;
          this.unconfirmed.set(
            key,
            this.timers.setTimeout(() => {
              this.unconfirmed.delete(key);
              if (!this.closed) orphan(update, encoding);
            }, this.options.confirmWithinMs ?? CONFIRM_WITHIN_MS),
          );
        }
        break;
      }
      case 'committed':
        for (const seq of data.seqs) {
          const key = `${data.from}:${seq}`;
          const handle = this.unconfirmed.get(key);
          if (handle === undefined) continue;
          this.timers.clearTimeout(handle);
          this.unconfirmed.delete(key);
        }
        break;
      case 'hello':
        this.post({
          type: 'state',
          from: this.id,
          to: data.from,
          sv: Y.encodeStateVector(this.doc),
          diff: Y.encodeStateAsUpdate(this.doc, data.sv),
        });
        break;
      case 'state': {
        if (data.to !== this.id) return;
        if (!isEmptyUpdate(data.diff)) Y.applyUpdate(this.doc, data.diff, this);
        const missing = Y.encodeStateAsUpdate(this.doc, data.sv);
        if (!isEmptyUpdate(missing)) this.post({ type: 'update', from: this.id, update: missing });
        break;
      }
    }
  }
}
