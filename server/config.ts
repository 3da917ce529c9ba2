/** The server's settings, from the environment (documented in README). */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder of the embedded store (LevelDB); unused with DATABASE_URL. */
  dataDir: string;
  /** The built app to serve. */
  distDir: string;
  /** PostgreSQL connection string: the shared store for several processes. */
  databaseUrl?: string;
  /** Redis URL: pub/sub between processes serving the same maps. */
  redisUrl?: string;
  limits: {
    /** Largest WebSocket message; the first sync of a 100k-topic map must fit. */
    maxMessageBytes: number;
    /** Sustained messages per second per connection (bursts of twice that). */
    messagesPerSecond: number;
    /** Maps open in memory at once. */
    maxOpenDocuments: number;
    /** Shared maps this server keeps. */
    maxRooms: number;
    /**
     * A map stored in at least this many bytes keeps its answer for joining devices in the store
     * when it unloads, built off the event loop (a 100k-topic map is stored in about 37 MB).
     */
    storedAnswerFromBytes: number;
    /**
     * Snapshot requests (GET /api/rooms/<room>/snapshot) answered per map and minute, in bursts of
     * as many; past it a device is told to wait and joins through its socket's first sync.
     */
    snapshotsPerMinute: number;
    /**
     * Shared maps (POST /api/rooms) created per client address and minute, in bursts of as many;
     * past it the answer is 429 with Retry-After.
     */
    roomsPerMinute: number;
  };
  quiet: boolean;
}

/** A setting the server cannot start with; main.ts prints its message alone, without a stack. */
export class ConfigError extends Error {}

function int(value: string | undefined, fallback: number, name: string, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  if (n > max) throw new ConfigError(`${name} must be at most ${max}, got "${value}"`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 4173, 'PORT', 65535),
    dataDir: env.MINDFLOW_DATA || './data',
    distDir: env.MINDFLOW_DIST || './dist',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    limits: {
      maxMessageBytes: int(env.MINDFLOW_MAX_MESSAGE_BYTES, 128 * 1024 * 1024, 'MINDFLOW_MAX_MESSAGE_BYTES'),
      messagesPerSecond: int(env.MINDFLOW_MESSAGES_PER_SECOND, 200, 'MINDFLOW_MESSAGES_PER_SECOND'),
      maxOpenDocuments: int(env.MINDFLOW_MAX_OPEN_DOCUMENTS, 1000, 'MINDFLOW_MAX_OPEN_DOCUMENTS'),
      maxRooms: int(env.MINDFLOW_MAX_ROOMS, 100_000, 'MINDFLOW_MAX_ROOMS'),
      storedAnswerFromBytes: int(env.MINDFLOW_STORED_ANSWER_FROM_BYTES, 1024 * 1024, 'MINDFLOW_STORED_ANSWER_FROM_BYTES'),
      snapshotsPerMinute: int(env.MINDFLOW_SNAPSHOTS_PER_MINUTE, 60, 'MINDFLOW_SNAPSHOTS_PER_MINUTE'),
      roomsPerMinute: int(env.MINDFLOW_ROOMS_PER_MINUTE, 20, 'MINDFLOW_ROOMS_PER_MINUTE'),
    },
    quiet: env.MINDFLOW_QUIET === '1',
  };
}
