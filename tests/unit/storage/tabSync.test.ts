import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocPersistence } from '../../../src/state/storage/docPersistence';
import { CONFIRM_WITHIN_MS, TabSync, type ChannelLike } from '../../../src/state/storage/tabSync';
import { countLogEntries, openDatabase } from '../../../src/state/storage/updateLog';
import { freshFactory, labels, ManualTimers, seedTopics, settle, topics } from './fakes';

/** A BroadcastChannel hub whose deliveries are held until `deliver` picks them (any order). */
class Hub {
  queue: { to: FakeChannel; data: unknown }[] = [];
  channels = new Set<FakeChannel>();
  open(): FakeChannel {
    const c = new FakeChannel(this);
    this.channels.add(c);
    return c;
  }
  deliver(index: number): void {
    const [m] = this.queue.splice(index % this.queue.length, 1);
    if (this.channels.has(m.to)) m.to.onmessage?.({ data: structuredClone(m.data) });
  }
  drain(pick: () => number = () => 0): void {
    while (this.queue.length) this.deliver(pick());
  }
}

class FakeChannel implements ChannelLike {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(private readonly hub: Hub) {}
  postMessage(data: unknown): void {
    for (const c of this.hub.channels) if (c !== this) this.hub.queue.push({ to: c, data });
  }
  close(): void {
    this.hub.channels.delete(this);
  }
}

const state = (doc: Y.Doc) => doc.getMap('m').toJSON();

describe('tab sync', () => {
  it('a tab that joins later gets what the others have, and they get what it has', () => {
    const hub = new Hub();
    const a = new Y.Doc();
    const syncA = new TabSync(a, hub.open());
    a.getMap('m').set('fromA', 1);
    hub.drain();
    // B loaded something A has not seen (say from IndexedDB written by a closed tab).
    const b = new Y.Doc();
    b.getMap('m').set('fromB', 2);
    const syncB = new TabSync(b, hub.open());
    hub.drain();
    expect(state(a)).toEqual({ fromA: 1, fromB: 2 });
    expect(state(b)).toEqual(state(a));
    syncA.close();
    syncB.close();
  });

  it('updates received from a tab are applied with the sync as origin and not relayed back', () => {
    const hub = new Hub();
    const a = new Y.Doc();
    const b = new Y.Doc();
    const syncA = new TabSync(a, hub.open());
    const syncB = new TabSync(b, hub.open());
    hub.drain();
    const origins: unknown[] = [];
    b.on('update', (_u: Uint8Array, origin: unknown) => origins.push(origin));
    a.getMap('m').set('k', 'v');
    hub.drain();
    expect(origins).toEqual([syncB]);
    expect(hub.queue).toHaveLength(0);
    syncA.close();
    syncB.close();
  });

  it('three tabs editing at once converge whatever the delivery order, with no edit lost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 5 }), fc.integer()), { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 50 }),
        (edits, order) => {
          const hub = new Hub();
          const docs = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
          const syncs = docs.map((d) => new TabSync(d, hub.open()));
          let step = 0;
          const pick = () => order[step++ % order.length];
          const added = new Set<string>();
          edits.forEach(([tab, key, value], i) => {
            docs[tab].getMap('m').set(`k${key}`, value);
            docs[tab].getArray<string>('log').push([`${tab}:${i}`]);
            added.add(`${tab}:${i}`);
            // Deliver part of the traffic between edits, in a random order.
            for (let n = pick() % 3; n > 0 && hub.queue.length; n--) hub.deliver(pick());
          });
          hub.drain(pick);
          const first = docs[0];
          for (const d of docs) {
            expect(d.getMap('m').toJSON()).toEqual(first.getMap('m').toJSON());
            expect(d.getArray('log').toJSON()).toEqual(first.getArray('log').toJSON());
          }
          expect(new Set(first.getArray<string>('log').toArray())).toEqual(added);
          syncs.forEach((s) => s.close());
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);

  it("an update its tab never confirms as stored is written by a tab that holds it; a confirmed one is not", async () => {
    const factory = freshFactory();
    const hub = new Hub();
    const timers = new ManualTimers();
    const open = async () => {
      const doc = new Y.Doc();
      const p = new DocPersistence({ doc, factory, seed: seedTopics });
      await p.load();
      const sync = new TabSync(doc, hub.open(), { onOrphan: (u, encoding) => p.writeRemote(u, encoding), timers });
      p.addRemoteOrigin(sync);
      p.onCommitted((batch) => sync.confirm(batch));
      return { doc, p, sync };
    };
    const a = await open();
    const b = await open();
    hub.drain();
    const db = await openDatabase(factory);
    const base = await countLogEntries(db);

    // Confirmed: B does not write A's update.
    topics(a.doc).set('saved', 'by A');
    await a.p.flush();
    hub.drain();
    timers.advance(CONFIRM_WITHIN_MS);
    await settle();
    await b.p.flush();
    expect(await countLogEntries(db)).toBe(base + 1);

    // A dies before its write commits: B writes what it received once the wait is over.
    a.p.refuseWrites('load'); // stands for the crash: A's write never happens
    topics(a.doc).set('lost?', 'not with B around');
    hub.drain();
    timers.advance(CONFIRM_WITHIN_MS - 1);
    await settle();
    expect(await countLogEntries(db)).toBe(base + 1);
    timers.advance(1);
    await b.p.flush();
    expect(await countLogEntries(db)).toBe(base + 2);
    a.sync.close();
    b.sync.close();
    await b.p.close();
    db.close();

    const c = await open();
    expect(labels(c.doc)).toMatchObject({ saved: 'by A', 'lost?': 'not with B around' });
    c.sync.close();
    await c.p.close();
  });
});
