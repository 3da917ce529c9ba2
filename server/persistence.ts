/**
 * Keeps every shared map on the server's store (storage/): loads a document from its snapshot and
 * log, appends each change as it arrives, and folds the log into the snapshot now and then and when
 * the document is unloaded. A load that fails refuses the connection and stores nothing, so a
 * failed read can never be written over the real document. A change whose append fails (the
 * database is down) stays in the open map, whose whole state is appended at its next store and
 * before it unloads; a map that still cannot be stored stays open rather than lose it.
 */
import type { Extension, onChangePayload, onLoadDocumentPayload, afterUnloadDocumentPayload, beforeUnloadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { DocStore } from './storage/docStore';

/** Origin of the updates this extension applies while loading (they are stored already). */
const LOAD_ORIGIN = Symbol('mindflow-load');
/** Origin the Redis extension gives updates from other processes: those processes stored them. */
const REDIS_ORIGIN = '__hocuspocus__redis__origin__';
/** Fold the log into the snapshot after this many appended updates. */
export const COMPACT_EVERY = 500;

export class StorePersistence implements Extension {
  extensionName = 'mindflow-persistence';
  private readonly appended = new Map<string, number>();
  private readonly compacting = new Map<string, Promise<unknown>>();
  /** Appends not yet durable: the server waits for them before it closes the store. */
  private readonly appending = new Set<Promise<unknown>>();
  /** Open maps holding changes the store failed to append. */
  private readonly unstored = new Set<string>();
  /** Of those, the ones whose failure is logged already (one line until they are stored). */
  private readonly reported = new Set<string>();

  /** `onFolded` hears of each document unloaded and folded (whether the fold worked or not). */
  constructor(
    private readonly store: DocStore,
    private readonly onFolded: (documentName: string) => void = () => {},
  ) {}

  async onLoadDocument({ document, documentName }: onLoadDocumentPayload): Promise<void> {
    const stored = await this.store.load(documentName);
    Y.transact(
      document,
      () => {
        if (stored.snapshot) Y.applyUpdate(document, stored.snapshot);
        for (const entry of stored.log) Y.applyUpdate(document, entry.update);
      },
      LOAD_ORIGIN,
    );
    this.appended.set(documentName, stored.log.length);
  }

  async onChange({ documentName, update, transactionOrigin }: onChangePayload): Promise<void> {
    if (transactionOrigin === LOAD_ORIGIN || transactionOrigin === REDIS_ORIGIN) return;
    try {
      await this.append(documentName, update);
    } catch (error) {
      this.unstored.add(documentName);
      this.report(documentName, error);
    }
  }

  /** Stores the whole map if one of its changes could not be appended (Hocuspocus runs this a moment after changes). */
  async onStoreDocument({ document, documentName }: onStoreDocumentPayload): Promise<void> {
    await this.storeWhole(documentName, document);
  }

  /** A map holding changes the store does not have stays open (a throw here keeps it) until they are stored. */
  async beforeUnloadDocument({ document, documentName }: beforeUnloadDocumentPayload): Promise<void> {
    if (!(await this.storeWhole(documentName, document))) throw new Error(`${documentName} holds changes not yet stored`);
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    await this.compact(documentName);
    this.appended.delete(documentName);
    this.onFolded(documentName);
  }

  private async append(documentName: string, update: Uint8Array): Promise<void> {
    const append = this.store.append(documentName, update);
    this.appending.add(append);
    try {
      await append;
    } finally {
      this.appending.delete(append);
    }
    const n = (this.appended.get(documentName) ?? 0) + 1;
    this.appended.set(documentName, n);
    if (n >= COMPACT_EVERY) void this.compact(documentName);
  }

  /** Appends the map's whole state if some change of it was not stored; whether the store now holds all of it. */
  private async storeWhole(documentName: string, document: Y.Doc): Promise<boolean> {
    if (!this.unstored.has(documentName)) return true;
    // A change failing while this runs marks the map again.
    this.unstored.delete(documentName);
    try {
      await this.append(documentName, Y.encodeStateAsUpdate(document));
    } catch (error) {
      this.unstored.add(documentName);
      this.report(documentName, error);
      return false;
    }
    if (!this.unstored.has(documentName) && this.reported.delete(documentName)) {
      console.error(`${documentName}: the changes the store missed are stored now`);
    }
    return true;
  }

  private report(documentName: string, error: unknown): void {
    if (this.reported.has(documentName)) return;
    this.reported.add(documentName);
    const why = error instanceof Error ? error.message : String(error);
    console.error(`storing a change of ${documentName} failed (${why}): the map keeps it and is stored whole once the store answers`);
  }

  /** Folds the stored log into the snapshot; one run per document at a time. */
  compact(documentName: string): Promise<unknown> {
    const running = this.compacting.get(documentName);
    if (running) return running;
    this.appended.set(documentName, 0);
    const job = this.store
      .compact(documentName, (updates) => Y.mergeUpdates(updates))
      .catch((error: unknown) => console.error(`compacting ${documentName} failed (the log is kept):`, error))
      .finally(() => this.compacting.delete(documentName));
    this.compacting.set(documentName, job);
    return job;
  }

  /** Resolves once every append and compaction started so far has finished. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.appending, ...this.compacting.values()]);
  }

  async onDestroy(): Promise<void> {
    await this.drain();
  }
}
