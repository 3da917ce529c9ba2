/** Shared fakes for the storage tests: a fresh IndexedDB per test, manual timers, a test map shape. */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import * as Y from 'yjs';
import type { Timers } from '../../../src/state/storage/docPersistence';
import type { LegacyMap } from '../../../src/state/storage/migrate';
import { tableValues } from '../../../src/state/table';

export const freshFactory = () => new IDBFactory();

/** Timers run by hand: `advance(ms)` fires what is due. */
export class ManualTimers implements Timers {
  now = 0;
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.queue.push({ at: this.now + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.queue = this.queue.filter((t) => t.id !== handle);
  }
  get pending(): number {
    return this.queue.length;
  }
  advance(ms: number): void {
    this.now += ms;
    const due = this.queue.filter((t) => t.at <= this.now);
    this.queue = this.queue.filter((t) => t.at > this.now);
    for (const t of due) t.fn();
  }
}

/** Lets IndexedDB (fake-indexeddb schedules on macrotasks) finish what it started. */
export const settle = async (rounds = 5) => {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
};

/**
 * A stand-in document shape for these tests only (the real one is src/state/ydoc): topic labels
 * by id in one Y.Map.
 */
export const topics = (doc: Y.Doc) => doc.getMap<string>('testTopics');

export function seedTopics(doc: Y.Doc, legacy: LegacyMap | null): void {
  const map = topics(doc);
  if (legacy) {
    for (const n of tableValues(legacy.loaded.state.nodes)) map.set(n.id, n.data.label);
  } else {
    map.set('root', 'Main Topic');
  }
}

export const labels = (doc: Y.Doc) => Object.fromEntries([...topics(doc).entries()].sort(([a], [b]) => a.localeCompare(b)));
