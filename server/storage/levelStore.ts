/**
 * The embedded store: LevelDB through classic-level (its binaries ship inside the package), in the
 * data folder. Keys: `d!<name>!s` snapshot, `d!<name>!l!<seq, 12 digits>` log entries, `d!<name>!n`
 * next sequence number, `d!<name>!j` the joining device's answer (its digest in hex, then its
 * body), `r!<room>` room records.
 */
import { ClassicLevel } from 'classic-level';
import type { DocStore, RoomRecord, StoredDocument, StoredJoinAnswer } from './docStore';

const SEQ_DIGITS = 12;
/** SHA-256 in hex. */
const DIGEST_CHARS = 64;

function seqKey(name: string, seq: number): string {
  return `d!${name}!l!${String(seq).padStart(SEQ_DIGITS, '0')}`;
}

export class LevelDocStore implements DocStore {
  private readonly db: ClassicLevel<string, Uint8Array>;
  /** Next sequence number per document, read once from disk and then kept here (one writer per process). */
  private readonly nextSeq = new Map<string, number>();
  /**
   * Rooms in the store: counted once when it opens, then kept here as rooms are added (LevelDB's
   * lock keeps every other process out of the folder, so no one else adds any).
   */
  private rooms = 0;
  /** Appends of one document run one after another so their sequence numbers follow arrival order. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(location: string) {
    this.db = new ClassicLevel<string, Uint8Array>(location, { keyEncoding: 'utf8', valueEncoding: 'view' });
  }

  async open(): Promise<this> {
    await this.db.open();
    let rooms = 0;
    for await (const _ of this.db.keys({ gte: 'r!', lt: 'r!~' })) rooms++;
    this.rooms = rooms;
    return this;
  }

  async load(name: string): Promise<StoredDocument> {
    const snapshot = (await this.db.get(`d!${name}!s`)) ?? null;
    const log: StoredDocument['log'] = [];
    const prefix = `d!${name}!l!`;
    for await (const [key, value] of this.db.iterator({ gte: prefix, lt: `${prefix}~` })) {
      log.push({ seq: Number(key.slice(prefix.length)), update: value });
    }
    return { snapshot, log };
  }

  append(name: string, update: Uint8Array): Promise<number> {
    return this.serial(name, async () => {
      const seq = await this.takeSeq(name);
      await this.db.batch([
        { type: 'put', key: seqKey(name, seq), value: update },
        { type: 'put', key: `d!${name}!n`, value: new TextEncoder().encode(String(seq + 1)) },
      ]);
      return seq;
    });
  }

  compact(name: string, merge: (updates: Uint8Array[]) => Uint8Array): Promise<number> {
    return this.serial(name, async () => {
      const { snapshot, log } = await this.load(name);
      if (log.length === 0) return 0;
      const merged = merge(snapshot ? [snapshot, ...log.map((e) => e.update)] : log.map((e) => e.update));
      const batch = this.db.batch().put(`d!${name}!s`, merged);
      for (const e of log) batch.del(seqKey(name, e.seq));
      await batch.write();
      return log.length;
    });
  }

  async loadJoinAnswer(name: string): Promise<StoredJoinAnswer | null> {
    const raw = await this.db.get(`d!${name}!j`);
    if (!raw || raw.byteLength < DIGEST_CHARS) return null;
    return { digest: new TextDecoder().decode(raw.subarray(0, DIGEST_CHARS)), body: raw.subarray(DIGEST_CHARS) };
  }

  async saveJoinAnswer(name: string, answer: StoredJoinAnswer): Promise<void> {
    if (answer.digest.length !== DIGEST_CHARS) throw new Error(`a join answer's digest has ${DIGEST_CHARS} hex digits`);
    const value = new Uint8Array(DIGEST_CHARS + answer.body.byteLength);
    value.set(new TextEncoder().encode(answer.digest));
    value.set(answer.body, DIGEST_CHARS);
    await this.db.put(`d!${name}!j`, value);
  }

  async getRoom(room: string): Promise<RoomRecord | null> {
    const raw = await this.db.get(`r!${room}`);
    return raw ? (JSON.parse(new TextDecoder().decode(raw)) as RoomRecord) : null;
  }

  putRoom(room: string, record: RoomRecord): Promise<void> {
    // One after another, so that a room is counted once however many writes of it race.
    return this.serial(`r!${room}`, async () => {
      const key = `r!${room}`;
      const added = (await this.db.get(key)) === undefined;
      await this.db.put(key, new TextEncoder().encode(JSON.stringify(record)));
      if (added) this.rooms++;
    });
  }

  async countRooms(): Promise<number> {
    return this.rooms;
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.values());
    await this.db.close();
  }

  private async takeSeq(name: string): Promise<number> {
    let seq = this.nextSeq.get(name);
    if (seq === undefined) {
      const raw = await this.db.get(`d!${name}!n`);
      seq = raw ? Number(new TextDecoder().decode(raw)) : 0;
    }
    this.nextSeq.set(name, seq + 1);
    return seq;
  }

  private serial<T>(name: string, job: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(name) ?? Promise.resolve();
    const next = prev.then(job, job);
    const settled = next.catch(() => undefined);
    this.queues.set(name, settled);
    void settled.then(() => {
      if (this.queues.get(name) === settled) this.queues.delete(name);
    });
    return next;
  }
}
