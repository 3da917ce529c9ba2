/** `npm run serve`: the app and the sync server on HOST:PORT (see config.ts and README). */
import { configFromEnv, type ServerConfig } from './config';
import { startServer, type RunningServer } from './app';
import { startupFailure } from './startupErrors';

let config: ServerConfig | undefined;
let server: RunningServer;
try {
  config = configFromEnv();
  server = await startServer(config);
} catch (error) {
  // A cause the operator can fix gets one line saying what to do; anything else its stack.
  const line = startupFailure(error, config);
  console.error(line ? `MindFlow could not start. ${line}` : error);
  process.exit(1);
}
const storage = config.databaseUrl ? 'PostgreSQL' : `embedded store in ${config.dataDir}`;
console.log(`MindFlow is running at ${server.url} (sync at ${server.url.replace(/^http/, 'ws')}/sync, ${storage}${config.redisUrl ? ', Redis pub/sub' : ''})`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: storing open maps and stopping`);
  try {
    await server.close();
  } catch (error) {
    console.error('stopping:', error);
    process.exit(1);
  }
  process.exit(0);
}
// The Redis extension publishes without awaiting; while Redis is unreachable those promises reject.
// Losing pub/sub for a moment is no reason to drop every connected client: log and keep serving.
process.on('unhandledRejection', (reason) => console.error('unhandled rejection:', reason));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
