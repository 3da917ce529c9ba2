/**
 * Keeps the tabs of one map live over BroadcastChannel. Every update made in this tab (any origin
 * but this sync) is relayed; updates from other tabs are applied with this object as origin (so
 * they are neither relayed again nor written to IndexedDB by this tab: their own tab writes them).
 *
 * On join a tab announces its state vector; every other tab answers with what the newcomer lacks
 * (possibly updates still on their way to IndexedDB) and its own state vector, and the newcomer
 * answers with what that tab lacks. Yjs ignores updates it already has, so duplicates are harmless.
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
  | { type: 'update'; from: string; update: Uint8Array }
  | { type: 'hello'; from: string; sv: Uint8Array }
  | { type: 'state'; from: string; to: string; sv: Uint8Array; diff: Uint8Array };

function isMessage(v: unknown): v is Message {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string' && typeof (v as { from?: unknown }).from === 'string';
}

/** An update with no structs and no deletions (what encodeStateAsUpdate gives when nothing is missing). */
function isEmptyUpdate(update: Uint8Array): boolean {
  return update.byteLength <= 2;
}

export class TabSync {
  readonly id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    this.post({ type: 'update', from: this.id, update });
  };
  private closed = false;

  constructor(
    private readonly doc: Y.Doc,
    private readonly channel: ChannelLike,
  ) {
    channel.onmessage = (event) => this.receive(event.data);
    doc.on('update', this.onUpdate);
    this.post({ type: 'hello', from: this.id, sv: Y.encodeStateVector(doc) });
  }

  /** Opens the page's BroadcastChannel, or returns null where there is none. */
  static open(doc: Y.Doc, name = TAB_CHANNEL): TabSync | null {
    if (typeof BroadcastChannel === 'undefined') return null;
    try {
      return new TabSync(doc, new BroadcastChannel(name) as unknown as ChannelLike);
    } catch {
      return null;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.doc.off('update', this.onUpdate);
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
      case 'update':
        Y.applyUpdate(this.doc, data.update, this);
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
