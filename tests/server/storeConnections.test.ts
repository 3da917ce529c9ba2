/**
 * The connections to PostgreSQL and Redis: a database that drops its connections is logged, not a
 * crash, and REDIS_URL is read whole.
 */
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisClient } from '../../server/app';
import { PgDocStore } from '../../server/storage/pgStore';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PostgreSQL going away', () => {
  it('a pooled connection ended by the database is logged in one line and the process keeps running', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Nothing listens there: the store opens no connection until it is asked for something.
    const store = new PgDocStore('postgres://mindflow@127.0.0.1:1/postgres');
    const pool = (store as unknown as { pool: pg.Pool }).pool;
    // What pg-pool emits when PostgreSQL restarts and ends an idle connection.
    const ended = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(() => pool.emit('error', ended)).not.toThrow();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0].join(' ')).toContain('terminating connection due to administrator command');
    expect(errors.mock.calls[0].join(' ')).not.toContain('\n');
    // While the database is down, store calls reject as any failed store call does.
    await expect(store.getRoom('a'.repeat(21))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(store.append('a'.repeat(21), new Uint8Array([1]))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(store.compact('a'.repeat(21), (u) => u[0])).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await store.close();
  });
});

describe('REDIS_URL', () => {
  it('keeps the user name, the password, the database number and TLS', async () => {
    const opened: ReturnType<typeof redisClient>[] = [];
    const options = (url: string) => {
      const client = redisClient(url, { lazyConnect: true });
      opened.push(client);
      return client.options;
    };
    try {
      expect(options('redis://alice:s%40cret@redis.example:6380/3')).toMatchObject({
        host: 'redis.example',
        port: 6380,
        username: 'alice',
        password: 's@cret',
        db: 3,
      });
      expect(options('redis://alice:secret@redis.example:6380/3').tls).toBeUndefined();
      expect(options('rediss://:secret@redis.example').tls).toBeTruthy();
      expect(options('rediss://:secret@redis.example')).toMatchObject({ port: 6379, password: 'secret' });
      expect(options('redis://127.0.0.1:4457')).toMatchObject({ host: '127.0.0.1', port: 4457, db: 0 });
    } finally {
      for (const client of opened) client.disconnect();
    }
  });
});
