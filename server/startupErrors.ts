/**
 * Why the server could not start, in one line that says what to do: a port in use, a data folder
 * another server holds or that cannot be a folder, PostgreSQL out of reach, a bad setting. Errors
 * not known here keep their stack (main.ts prints them whole).
 */
import { ConfigError, type ServerConfig } from './config';

interface CodedError {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  severity?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first (classic-level wraps the file system's error). */
function chain(error: unknown): CodedError[] {
  const out: CodedError[] = [];
  let e: unknown = error;
  while (e && typeof e === 'object' && out.length < 8) {
    out.push(e as CodedError);
    e = (e as CodedError).cause;
  }
  return out;
}

/** Host and port of a connection string, without its user name or password. */
function where(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname || 'the socket in DATABASE_URL';
  } catch {
    return 'DATABASE_URL';
  }
}

/** One line for a start-up failure the operator can fix, or null for one that needs its stack. */
export function startupFailure(error: unknown, config?: ServerConfig): string | null {
  if (error instanceof ConfigError) return `${error.message}: fix it and start again.`;
  const errors = chain(error);
  const has = (code: string) => errors.find((e) => e.code === code);
  if (config) {
    const address = `${config.port} on ${config.host}`;
    if (has('EADDRINUSE')) return `Port ${address} is in use: stop the other process or set PORT.`;
    if (has('EADDRNOTAVAIL')) return `${config.host} is not an address of this machine: set HOST to one of its addresses (or 0.0.0.0).`;
    if (errors.some((e) => e.code === 'EACCES' && e.syscall === 'listen')) {
      return `Port ${address} needs privileges this process does not have: set PORT to 1024 or above.`;
    }
    if (has('ERR_SOCKET_BAD_PORT')) return `PORT ${config.port} is not a port: set PORT to a number from 1 to 65535.`;
    if (config.databaseUrl) {
      const db = where(config.databaseUrl);
      for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']) {
        if (has(code)) return `PostgreSQL at ${db} could not be reached (${code}): start it, or fix DATABASE_URL.`;
      }
      if (has('ENOTFOUND') || has('EAI_AGAIN')) return `PostgreSQL's host in DATABASE_URL (${db}) was not found: fix DATABASE_URL.`;
      // pg's DatabaseError: the server answered (a wrong password, a database that does not exist).
      const refused = errors.find((e) => typeof e.severity === 'string');
      if (refused) return `PostgreSQL at ${db} refused to serve this server: ${String(refused.message)}. Fix DATABASE_URL or the database.`;
    } else {
      const data = config.dataDir;
      if (has('LEVEL_LOCKED')) {
        return `The data folder ${data} is in use by another MindFlow server: stop that server, or set MINDFLOW_DATA to another folder.`;
      }
      if (has('EEXIST') || has('ENOTDIR')) return `MINDFLOW_DATA (${data}) is a file, not a folder: set MINDFLOW_DATA to a folder.`;
      const denied = ['EACCES', 'EPERM', 'EROFS'].find((code) => has(code));
      if (denied) return `The data folder ${data} cannot be written (${denied}): set MINDFLOW_DATA to a folder this user can write to.`;
      if (has('ENOSPC')) return `The disk of the data folder ${data} is full: free some space or set MINDFLOW_DATA to another disk.`;
    }
  }
  return null;
}
