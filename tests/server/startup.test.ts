/** A server that cannot start says why in one line, with what to do. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { configFromEnv, ConfigError, type ServerConfig } from '../../server/config';
import { LevelDocStore } from '../../server/storage/levelStore';
import { startupFailure } from '../../server/startupErrors';

const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function configIn(env: NodeJS.ProcessEnv = {}): ServerConfig {
  const dir = mkdtempSync(join(tmpdir(), 'mindflow-startup-'));
  dirs.push(dir);
  return { ...configFromEnv({ MINDFLOW_DATA: join(dir, 'level'), MINDFLOW_DIST: dir, ...env }), quiet: true };
}

/** What the server's start throws with this config. */
async function failureOf(config: ServerConfig): Promise<unknown> {
  try {
    const server = await startServer(config);
    cleanups.push(() => server.close());
  } catch (error) {
    return error;
  }
  throw new Error('the server started');
}

describe('start-up failures', { timeout: 30_000 }, () => {
  it('a port in use', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => other.close(() => resolve())));
    const port = (other.address() as AddressInfo).port;
    const config = { ...configIn(), port };
    expect(startupFailure(await failureOf(config), config)).toBe(`Port ${port} on 127.0.0.1 is in use: stop the other process or set PORT.`);
    // The store it opened is let go of: the same folder opens again.
    const store = await new LevelDocStore(config.dataDir).open();
    await store.close();
  });

  it('a data folder another server holds', async () => {
    const config = configIn();
    const holder = await new LevelDocStore(config.dataDir).open();
    cleanups.push(() => holder.close());
    expect(startupFailure(await failureOf(config), config)).toBe(
      `The data folder ${config.dataDir} is in use by another MindFlow server: stop that server, or set MINDFLOW_DATA to another folder.`,
    );
  });

  it('MINDFLOW_DATA naming a file', async () => {
    const config = configIn();
    writeFileSync(config.dataDir, 'not a folder');
    expect(startupFailure(await failureOf(config), config)).toBe(`MINDFLOW_DATA (${config.dataDir}) is a file, not a folder: set MINDFLOW_DATA to a folder.`);
  });

  it('a data folder that cannot be written', () => {
    const config = configIn();
    // As classic-level reports it (a test running as root could write anywhere).
    const denied = Object.assign(new Error('Database failed to open'), {
      code: 'LEVEL_DATABASE_NOT_OPEN',
      cause: Object.assign(new Error(`EACCES: permission denied, mkdir '${config.dataDir}'`), { code: 'EACCES', syscall: 'mkdir' }),
    });
    expect(startupFailure(denied, config)).toBe(`The data folder ${config.dataDir} cannot be written (EACCES): set MINDFLOW_DATA to a folder this user can write to.`);
  });

  it('PostgreSQL out of reach, named without its password', async () => {
    const config = { ...configIn(), databaseUrl: 'postgres://mindflow:secret@127.0.0.1:1/postgres' };
    const line = startupFailure(await failureOf(config), config);
    expect(line).toBe('PostgreSQL at 127.0.0.1:1 could not be reached (ECONNREFUSED): start it, or fix DATABASE_URL.');
  });

  it('a bad PORT or limit', () => {
    for (const [env, message] of [
      [{ PORT: 'abc' }, 'PORT must be a whole number, got "abc"'],
      [{ PORT: '70000' }, 'PORT must be at most 65535, got "70000"'],
      [{ MINDFLOW_ROOMS_PER_MINUTE: '-1' }, 'MINDFLOW_ROOMS_PER_MINUTE must be a whole number, got "-1"'],
    ] as const) {
      let error: unknown;
      try {
        configFromEnv(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect(startupFailure(error)).toBe(`${message}: fix it and start again.`);
    }
  });

  it('anything else keeps its stack', () => {
    expect(startupFailure(new TypeError('x is not a function'), configIn())).toBeNull();
  });
});
