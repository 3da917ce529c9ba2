/**
 * `npm run serve` as a process manager runs it: SIGTERM sent to npm stops the server cleanly (the
 * script execs the server, so the signal reaches it), and a start that fails says why in one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from './helpers';

const started: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  // Whatever is left of the process group (npm, tsx, the server): a server orphaned by npm included.
  for (const p of started.splice(0)) {
    try {
      if (p.pid) process.kill(-p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function serve(port: number): { npm: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const dir = mkdtempSync(join(tmpdir(), 'mindflow-process-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'app'));
  writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><title>MindFlow</title>');
  const npm = spawn('npm', ['run', 'serve'], {
    // Its own process group, so that the test can end all of it whatever happens.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MINDFLOW_DATA: join(dir, 'level'), MINDFLOW_DIST: join(dir, 'app') },
  });
  started.push(npm);
  let out = '';
  npm.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  return { npm, output: () => out, exited };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

describe('npm run serve', { timeout: 60_000 }, () => {
  it('stops cleanly on a SIGTERM sent to npm, and lets go of its port', async () => {
    const { npm, output, exited } = serve(0);
    await until(() => /MindFlow is running at (\S+) /.test(output()), 30_000, 'the server to start');
    const url = /MindFlow is running at (\S+) /.exec(output())![1];
    expect(await answers(url)).toBe(true);
    npm.kill('SIGTERM');
    await exited;
    await until(() => output().includes('SIGTERM: storing open maps and stopping'), 10_000, 'the server to log its stop');
    let free = false;
    const deadline = Date.now() + 10_000;
    while (!free && Date.now() < deadline) {
      free = !(await answers(url));
      if (!free) await new Promise((r) => setTimeout(r, 100));
    }
    expect(free, `the server still answers at ${url} after npm got SIGTERM`).toBe(true);
  });

  it('on a port in use, exits non-zero with one line saying what to do', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      const { output, exited } = serve(port);
      expect(await exited).not.toBe(0);
      expect(output()).toContain(`MindFlow could not start. Port ${port} on 127.0.0.1 is in use: stop the other process or set PORT.`);
      expect(output()).not.toMatch(/^\s+at /m);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
