/**
 * Import, Apply Template, Clear Map (and a restore itself) replace the whole map. Before the
 * replacement is lost to a reload, the map it replaced is written to IndexedDB (replacements.ts),
 * so "Restore previous map" can bring it back later. Restoring is itself a replacement: the map it
 * replaces is kept too, and so is the map that the undo or redo of a replacement takes away (it
 * may hold edits made since, here or in another tab, which the redo would not bring back). A map
 * still kept (the same canonical text, by this page or an earlier one) is not kept twice: its entry
 * moves up, with the reason and time of this replacement.
 */
import { type MindMapState } from '../../../state/doc';
import { ROOT_LABEL } from '../../../state/model';
import { readSettings, serializeMapSliced } from '../../../state/persistence';
import { restoreMap } from '../../../state/restore';
import type { DocPersistence } from '../../../state/storage/docPersistence';
import type { ReplacedSummary } from '../../../state/storage/replacements';
import type { ChangeSet, MindMapStore } from '../../../state/store';
import { tableGet } from '../../../state/table';

export const RESTORE_LABEL = 'Restore previous map';
export const KEEP_FAILED_TITLE = 'The replaced map was not kept';
export const KEEP_FAILED_MESSAGE =
  'It could not be written to browser storage, so "Restore previous map" cannot bring it back after a reload. Undo still brings it back while this page is open: export it from there to keep it.';

/** What replaced the map, from the label of the undo step it made. */
export function replacementReason(label: string | null): string {
  return replacementKind(label) ?? label ?? 'Replaced';
}

/** Which replacement an undo step's label names, or null for any other step. */
export function replacementKind(label: string | null): string | null {
  if (!label) return null;
  if (label.startsWith('Import')) return 'Import';
  if (label.startsWith('Apply template')) return 'Apply Template';
  if (label.startsWith('Clear')) return 'Clear Map';
  if (label === RESTORE_LABEL) return RESTORE_LABEL;
  return null;
}

/** Why the map before `changes` is kept, or null when it need not be. */
function keepReason(store: MindMapStore, changes: ChangeSet): string | null {
  if (!changes.undoRedo) return changes.reset && !changes.external ? replacementReason(store.undoLabel()) : null;
  // This page's own undo or redo (another page keeps what its own moves replace).
  const move = store.historyMove;
  const kind = move ? replacementKind(move.label) : null;
  if (!move || !kind) return null;
  return `${move.kind === 'undo' ? 'Undo' : 'Redo'} ${kind}`;
}

/** SHA-256 of the kept text, read from its Blob off the main thread where there is one. */
async function digestOf(data: Blob | string): Promise<string | null> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const input = typeof data === 'string' ? new TextEncoder().encode(data) : await data.arrayBuffer();
  const bytes = await crypto.subtle.digest('SHA-256', input);
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A map with nothing but an untouched root is not worth keeping. */
function isBlank(state: MindMapState): boolean {
  if (state.nodes.n !== 1) return false;
  return tableGet(state.nodes, state.rootId)?.data.label === ROOT_LABEL;
}

// A hidden page (switched away, or closing) gets its timers throttled: serialise at once there.
const nextTask = () =>
  typeof document !== 'undefined' && document.visibilityState === 'hidden'
    ? Promise.resolve()
    : new Promise<void>((resolve) => setTimeout(resolve, 0));

/** `keptReplaced`: the map the restore replaced is kept in turn (a blank map, or no storage, is not). */
export type RestoreOutcome = { ok: true; count: number; keptReplaced: boolean } | { ok: false; error: string };

export class KeptMaps {
  private writing: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;
  /** Why the last keep failed; null when it worked. */
  lastError: string | null = null;
  /** Maps being kept now (serialised and written). */
  private keeping = 0;
  private readonly failureListeners = new Set<() => void>();

  constructor(
    private readonly store: MindMapStore,
    private readonly persistence: DocPersistence,
  ) {
    // `before`, not the state this listener heard last: Auto Layout lays an imported map out while
    // the import is being heard, and that change reached here first (the map it replaced was lost).
    this.unsubscribe = store.subscribe((changes, state, prev) => {
      const reason = keepReason(store, changes);
      if (reason === null || prev.nodes === state.nodes || isBlank(prev)) return;
      this.keep(prev, reason);
    });
  }

  get available(): boolean {
    return this.persistence.canWrite;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Hears each map that could not be kept (the user must be told: the dialogs promised it). */
  onKeepFailed(listener: () => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** True while a replaced map is on its way into storage: leaving the page now would lose it. */
  get busy(): boolean {
    return this.keeping > 0;
  }

  /** Resolves when every map being kept has been written. */
  whenIdle(): Promise<void> {
    return this.writing.then(() => undefined);
  }

  list(): Promise<ReplacedSummary[]> {
    return this.persistence.listReplaced();
  }

  /** Keeps a map that is not the current one (a shared map left), as if it had been replaced. */
  keepCopy(state: MindMapState, reason: string): void {
    if (!isBlank(state)) this.keep(state, reason);
  }

  private keep(state: MindMapState, reason: string): void {
    if (!this.persistence.canWrite) return;
    const summary = {
      at: Date.now(),
      reason,
      topics: state.nodes.n,
      title: tableGet(state.nodes, state.rootId)?.data.label ?? '',
    };
    // "Saving…" until it is written: the map it replaced is not safe before.
    const release = this.persistence.holdSaving();
    this.keeping++;
    this.notify();
    this.writing = this.writing
      .then(async () => {
        const text = await serializeMapSliced(state, nextTask, { canonical: true });
        const data = typeof Blob !== 'undefined' ? new Blob([text], { type: 'application/json' }) : text;
        const digest = await digestOf(data);
        // A map kept before (by this page or an earlier one) moves up with this reason: kept once.
        await this.persistence.keepReplaced(digest === null ? summary : { ...summary, digest }, data);
        this.lastError = null;
      })
      .catch((error: unknown) => {
        console.error('The replaced map could not be kept', error);
        this.lastError = KEEP_FAILED_MESSAGE;
        for (const l of this.failureListeners) l();
      })
      .finally(() => {
        this.keeping--;
        release();
        this.notify();
      });
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  /** Brings a kept map back as the current map (one undo step; the current map is kept in turn). */
  async restore(id: number): Promise<RestoreOutcome> {
    const text = await this.persistence.readReplaced(id);
    if (text === null) return { ok: false, error: 'That map is no longer kept in this browser.' };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, error: 'The kept map could not be read.' };
    }
    const result = restoreMap(value);
    if (!result.ok) return { ok: false, error: result.error };
    const settings = readSettings((value as { settings?: unknown }).settings);
    const keptReplaced = this.persistence.canWrite && !isBlank(this.store.getState());
    this.store.replace(RESTORE_LABEL, { ...result.state, settings });
    return { ok: true, count: result.count, keptReplaced };
  }

  destroy(): void {
    this.unsubscribe();
  }
}

/** The toast after a restore; the count written as the Restore dialog writes it ("10,002 topics"). */
export function restoredMessage(title: string, count: number, keptReplaced: boolean): string {
  const topics = `${count.toLocaleString()} ${count === 1 ? 'topic' : 'topics'}`;
  const kept = keptReplaced ? ' The map it replaced is kept, so you can restore that one too.' : '';
  return `"${title || 'Untitled'}" is back (${topics}).${kept}`;
}
