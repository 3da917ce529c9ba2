/**
 * The live link between this page's map (its Y.Doc) and the sync server, on Hocuspocus's provider:
 * the connection state the save status shows, who else is in the map (awareness), and this
 * person's own presence (name, colour, selection, pointer). Edits made while the connection is
 * down stay in the document (and in IndexedDB) and merge when it comes back.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { collaborators, colourAvoiding, type Collaborator, type PresenceState } from '../../../state/sync/presence';
import { SharedMaps } from '../../../state/sync/sharedMaps';
import { LINK_REFUSED, type SharedMapRef } from '../../../state/sync/shareLinks';
import { isEmptyDoc, mapDoc } from '../../../state/ydoc/shape';
import { localStorageOrNull } from '../../earlyRead';

export type LinkState = 'connecting' | 'live' | 'offline' | 'denied';

export interface SyncStatus {
  state: LinkState;
  /** True while the connection is down and the provider is trying again. */
  reconnecting: boolean;
  /** The server said this link cannot edit (a view link), or it cannot open the map at all. */
  readOnly: boolean;
  /** Why the server refused the link, when it did. */
  deniedReason: string | null;
  /** Why the server could not open the map just now (too many maps open, its store down): retried. */
  busyReason: string | null;
  /** This device holds a copy of a map whose link the server refused (the copy can be kept). */
  heldHere: boolean;
  /** The link the connection uses: after a refused link, the one this device used before it. */
  link: SharedMapRef;
  /** Why the server refused the link that was opened, when this device went back to the link it used before. */
  openedLinkRefused: string | null;
  /** Whether this page has received the server's copy of the map at least once. */
  synced: boolean;
  people: Collaborator[];
}

/** The links this device remembers for shared maps (SharedMaps), as the connection reports on them. */
export type LinkMemory = Pick<SharedMaps, 'accepted' | 'refused' | 'forget'>;

/**
 * whenSynced's error when the server refuses every link this device has for a map it holds
 * nothing of: there is no map to show.
 */
export class LinkRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'LinkRefusedError';
  }
}

export function syncUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/sync`;
}

const BUSY_RETRY_MS = 5000;
const BUSY_RETRY_MAX_MS = 30_000;

export class SyncConnection {
  private readonly socket: HocuspocusProviderWebsocket;
  readonly provider: HocuspocusProvider;
  private status: SyncStatus;
  private readonly listeners = new Set<() => void>();
  private presence: PresenceState;
  private firstSync: Promise<void>;
  /** Set while the socket closes to connect again with the link this device used before. */
  private reconnectWithPrevious = false;
  private busyAttempts = 0;
  private busyTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the provider sends: this tab's updates (not the server's), in the first encoding. */
  private readonly relay = (update: Uint8Array, origin: unknown) => {
    if (origin === this.provider) return;
    this.provider.documentUpdateHandler(Y.convertUpdateFormatV2ToV1(update), origin);
  };

  constructor(
    private readonly doc: Y.Doc,
    ref: SharedMapRef,
    me: { name: string; color: string; person?: string },
    url = syncUrl(),
    private readonly links: LinkMemory = new SharedMaps(localStorageOrNull()),
  ) {
    this.status = {
      state: 'connecting',
      reconnecting: false,
      readOnly: ref.access === 'view',
      deniedReason: null,
      busyReason: null,
      heldHere: false,
      link: ref,
      openedLinkRefused: null,
      synced: false,
      people: [],
    };
    this.presence = { name: me.name, color: me.color, selection: null, pointer: null, since: Date.now(), ...(me.person ? { person: me.person } : {}) };
    this.socket = new HocuspocusProviderWebsocket({ url, delay: 500, minDelay: 250, factor: 1.5, maxDelay: 5000, maxAttempts: 0 });
    let resolveSync!: () => void;
    let rejectSync!: (error: Error) => void;
    this.firstSync = new Promise((resolve, reject) => {
      resolveSync = resolve;
      rejectSync = reject;
    });
    // Only a page that waits for the first sync hears of a refusal that way.
    this.firstSync.catch(() => {});
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: ref.room,
      document: doc,
      // Read at each connection: after a refused link, the connection goes on with the earlier one.
      token: () => this.status.link.token,
      onStatus: ({ status }) => {
        if (this.status.state === 'denied') return;
        if (this.reconnectWithPrevious) {
          if (status !== WebSocketStatus.Disconnected) return;
          this.reconnectWithPrevious = false;
          void this.socket.connect();
          return;
        }
        if (status === WebSocketStatus.Connected) this.set({ reconnecting: false });
        else if (status === WebSocketStatus.Disconnected) this.set({ state: 'offline', reconnecting: true, people: [] });
        else if (this.status.state === 'offline') this.set({ reconnecting: true });
      },
      onSynced: ({ state }) => {
        if (!state) return;
        this.busyAttempts = 0;
        this.set({ state: 'live', synced: true, busyReason: null });
        resolveSync();
      },
      onAuthenticated: ({ scope }) => {
        this.links.accepted(this.status.link.room, this.status.link.token);
        this.set({ readOnly: scope === 'readonly' });
      },
      onAuthenticationFailed: ({ reason }) => {
        // The server closes the socket after refusing a link (4403); trying the same link again would only be refused again.
        this.socket.disconnect();
        // Any other refusal is the server's state, not the link's (too many maps open, its store
        // down): the map stays editable here, as offline, and the connection is tried again.
        if (reason !== LINK_REFUSED) {
          this.retryLater(reason);
          return;
        }
        const refused = this.status.link;
        const previous = this.links.refused(refused.room, refused.token);
        if (previous && previous.token !== refused.token) {
          this.set({ link: previous, readOnly: previous.access === 'view', openedLinkRefused: reason });
          this.reconnectWithPrevious = true;
          if (this.socket.status === WebSocketStatus.Disconnected) {
            this.reconnectWithPrevious = false;
            void this.socket.connect();
          }
          return;
        }
        const held = !isEmptyDoc(mapDoc(this.doc));
        this.set({ state: 'denied', readOnly: true, deniedReason: reason, reconnecting: false, people: [], heldHere: held });
        if (!held) {
          // This device holds nothing of the map: nothing is kept of the link either.
          this.links.forget(refused.room);
          rejectSync(new LinkRefusedError(reason));
          queueMicrotask(() => this.destroy());
        } else resolveSync();
      },
      onAwarenessChange: () => this.readPeople(),
    });
    // Yjs encodes a transaction once for each encoding a listener asks for. The provider asks for
    // the first and drops what came from the server, the first sync of a map included (0.7 s of
    // encoding a 100k map for nothing); the store and the tabs ask for the second. So the provider
    // hears the second, converted only for what it sends.
    doc.off('update', this.provider.boundDocumentUpdateHandler);
    doc.on('updateV2', this.relay);
    this.provider.awareness?.setLocalStateField('presence', this.presence);
    this.provider.attach();
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.onOffline);
      window.addEventListener('online', this.onOnline);
    }
  }

  /** Connects again after a refusal the server may not repeat, waiting longer each time (5 s up to 30 s). */
  private retryLater(reason: string): void {
    const delay = Math.min(BUSY_RETRY_MAX_MS, BUSY_RETRY_MS * 2 ** this.busyAttempts++);
    this.set({ state: 'offline', reconnecting: true, busyReason: reason, people: [] });
    if (this.busyTimer !== null) clearTimeout(this.busyTimer);
    this.busyTimer = setTimeout(() => {
      this.busyTimer = null;
      void this.socket.connect();
    }, delay);
  }

  /**
   * The browser says it went offline: a socket is not told that its network is gone until its own
   * time-out (about 30 s), during which the map would still say "Live". It is closed now, and opened
   * again when the browser is back online.
   */
  private readonly onOffline = () => {
    if (this.status.state === 'denied') return;
    this.socket.disconnect();
    this.set({ state: 'offline', reconnecting: true, people: [] });
  };

  private readonly onOnline = () => {
    if (this.status.state === 'denied' || this.busyTimer !== null) return;
    void this.socket.connect();
  };

  getStatus = (): SyncStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Resolves on the first full sync with the server, or when the server refuses every link this
   * device has for the map while it holds a copy; rejects with LinkRefusedError when it holds none.
   */
  whenSynced(): Promise<void> {
    return this.firstSync;
  }

  setSelection(id: string | null): void {
    if (this.presence.selection === id) return;
    this.presence = { ...this.presence, selection: id };
    this.provider.awareness?.setLocalStateField('presence', this.presence);
  }

  setPointer(p: { x: number; y: number } | null): void {
    const cur = this.presence.pointer;
    if (cur === p || (cur && p && Math.abs(cur.x - p.x) < 1 && Math.abs(cur.y - p.y) < 1)) return;
    this.presence = { ...this.presence, pointer: p ? { x: Math.round(p.x), y: Math.round(p.y) } : null };
    this.provider.awareness?.setLocalStateField('presence', this.presence);
  }

  setIdentity(me: { name: string; color: string }): void {
    this.presence = { ...this.presence, name: me.name, color: me.color };
    this.provider.awareness?.setLocalStateField('presence', this.presence);
  }

  destroy(): void {
    if (this.busyTimer !== null) clearTimeout(this.busyTimer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.onOffline);
      window.removeEventListener('online', this.onOnline);
    }
    this.doc.off('updateV2', this.relay);
    this.provider.destroy();
    this.socket.destroy();
    this.listeners.clear();
  }

  private readPeople(): void {
    const awareness = this.provider.awareness;
    if (!awareness) return;
    const states = awareness.getStates() as Map<number, Record<string, unknown>>;
    const people = collaborators(states, awareness.clientID, this.presence.person);
    const colour = colourAvoiding(this.presence.color, { clientId: awareness.clientID, since: this.presence.since }, people);
    if (colour !== this.presence.color) {
      this.presence = { ...this.presence, color: colour };
      awareness.setLocalStateField('presence', this.presence);
    }
    this.set({ people });
  }

  private set(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const l of this.listeners) l();
  }
}
