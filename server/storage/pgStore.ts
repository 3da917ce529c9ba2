/**
 * The shared store for several server processes: PostgreSQL through `pg`. The same layout as the
 * embedded store (a snapshot plus an append-only log per document, and a joining device's answer),
 * in tables created on start.
 * Log sequence numbers come from a bigserial, so appends from several processes never collide.
 */
import pg from 'pg';
import type { DocStore, RoomRecord, StoredDocument, StoredJoinAnswer } from './docStore';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS mindflow_snapshots (name text PRIMARY KEY, state bytea NOT NULL);
CREATE TABLE IF NOT EXISTS mindflow_updates (seq bigserial PRIMARY KEY, name text NOT NULL, update bytea NOT NULL);
CREATE INDEX IF NOT EXISTS mindflow_updates_name ON mindflow_updates (name, seq);
CREATE TABLE IF NOT EXISTS mindflow_join_answers (name text PRIMARY KEY, digest text NOT NULL, body bytea NOT NULL);
CREATE TABLE IF NOT EXISTS mindflow_rooms (room text PRIMARY KEY, record jsonb NOT NULL);
`;

/** One line for the log about a connection PostgreSQL dropped. */
function logDropped(error: Error): void {
  console.error(`postgres: ${error.message} (the store reconnects on its next call)`);
}

export class PgDocStore implements DocStore {
  private readonly pool: pg.Pool;

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 10 });
    // PostgreSQL ending an idle pooled connection (a restart, a failover, an administrator) makes
    // the pool emit 'error'; unheard, that would stop the process. The pool drops that connection
    // and opens a new one when next asked; store calls made while the database is down reject as
    // any failed store call does (a load refuses the connection, an append or a fold is logged).
    this.pool.on('error', logDropped);
  }

  async open(): Promise<this> {
    // Several processes may start at once: serialise the schema creation.
    await this.withClient(async (client) => {
      await client.query('SELECT pg_advisory_lock(727274)');
      await client.query(SCHEMA);
      await client.query('SELECT pg_advisory_unlock(727274)');
    });
    return this;
  }

  /**
   * Runs `job` on a connection of its own. The pool stops listening for a connection's errors
   * while it is lent out: this listens meanwhile, and a connection that failed is thrown away
   * rather than given back.
   */
  private async withClient<T>(job: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let failed: Error | undefined;
    const onError = (error: Error) => {
      failed = error;
      logDropped(error);
    };
    client.on('error', onError);
    try {
      return await job(client);
    } catch (error) {
      failed ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(failed);
    }
  }

  async load(name: string): Promise<StoredDocument> {
    const snap = await this.pool.query<{ state: Buffer }>('SELECT state FROM mindflow_snapshots WHERE name = $1', [name]);
    const log = await this.pool.query<{ seq: string; update: Buffer }>(
      'SELECT seq, update FROM mindflow_updates WHERE name = $1 ORDER BY seq',
      [name],
    );
    return {
      snapshot: snap.rows[0] ? new Uint8Array(snap.rows[0].state) : null,
      log: log.rows.map((r) => ({ seq: Number(r.seq), update: new Uint8Array(r.update) })),
    };
  }

  async append(name: string, update: Uint8Array): Promise<number> {
    const res = await this.pool.query<{ seq: string }>(
      'INSERT INTO mindflow_updates (name, update) VALUES ($1, $2) RETURNING seq',
      [name, Buffer.from(update)],
    );
    return Number(res.rows[0].seq);
  }

  async compact(name: string, merge: (updates: Uint8Array[]) => Uint8Array): Promise<number> {
    return this.withClient(async (client) => {
      try {
        await client.query('BEGIN');
        // One compaction per document at a time, across processes.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
        const snap = await client.query<{ state: Buffer }>('SELECT state FROM mindflow_snapshots WHERE name = $1', [name]);
        const log = await client.query<{ seq: string; update: Buffer }>(
          'SELECT seq, update FROM mindflow_updates WHERE name = $1 ORDER BY seq',
          [name],
        );
        if (log.rows.length === 0) {
          await client.query('COMMIT');
          return 0;
        }
        const updates = log.rows.map((r) => new Uint8Array(r.update));
        if (snap.rows[0]) updates.unshift(new Uint8Array(snap.rows[0].state));
        const merged = merge(updates);
        await client.query(
          'INSERT INTO mindflow_snapshots (name, state) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET state = EXCLUDED.state',
          [name, Buffer.from(merged)],
        );
        // Exactly the rows folded in: an append committed meanwhile stays in the log.
        await client.query('DELETE FROM mindflow_updates WHERE name = $1 AND seq = ANY($2::bigint[])', [
          name,
          log.rows.map((r) => r.seq),
        ]);
        await client.query('COMMIT');
        return log.rows.length;
      } catch (error) {
        // On a connection that died the rollback fails too: the error that matters is the first.
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  async loadJoinAnswer(name: string): Promise<StoredJoinAnswer | null> {
    const res = await this.pool.query<{ digest: string; body: Buffer }>('SELECT digest, body FROM mindflow_join_answers WHERE name = $1', [name]);
    const row = res.rows[0];
    return row ? { digest: row.digest, body: new Uint8Array(row.body) } : null;
  }

  async saveJoinAnswer(name: string, answer: StoredJoinAnswer): Promise<void> {
    await this.pool.query(
      'INSERT INTO mindflow_join_answers (name, digest, body) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET digest = EXCLUDED.digest, body = EXCLUDED.body',
      [name, answer.digest, Buffer.from(answer.body)],
    );
  }

  async getRoom(room: string): Promise<RoomRecord | null> {
    const res = await this.pool.query<{ record: RoomRecord }>('SELECT record FROM mindflow_rooms WHERE room = $1', [room]);
    return res.rows[0]?.record ?? null;
  }

  async putRoom(room: string, record: RoomRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO mindflow_rooms (room, record) VALUES ($1, $2) ON CONFLICT (room) DO UPDATE SET record = EXCLUDED.record',
      [room, record],
    );
  }

  async countRooms(): Promise<number> {
    const res = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM mindflow_rooms');
    return Number(res.rows[0].n);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
