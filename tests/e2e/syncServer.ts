/**
 * For e2e tests against the real sync server (server/app.ts serving the built app): the server for
 * the file, and people, each a browser with a lasting profile of their own, closed when their test
 * ends (on a shared 2-core machine, the browsers of earlier tests slow the next).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { firstPage } from './browser';

export interface Person {
  ctx: BrowserContext;
  page: Page;
  errors: string[];
}

/** Starts the server before the file's tests and stops it after; `server()` is the running one. */
export function useSyncServer(prefix: string): { server: () => RunningServer; person: (name: string | null) => Promise<Person> } {
  let server: RunningServer | null = null;
  let dataDir = '';
  const contexts: { ctx: BrowserContext; dir: string }[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    const base = configFromEnv({});
    server = await startServer({ ...base, port: 0, dataDir: join(dataDir, 'level'), distDir: process.env.MINDFLOW_OUT ?? 'dist', quiet: true });
  });

  afterEach(async () => {
    for (const c of contexts.splice(0)) {
      await c.ctx.close().catch(() => {});
      rmSync(c.dir, { recursive: true, force: true });
    }
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A person on a device of their own; `name`: the name they already go by in shared maps. */
  async function person(name: string | null): Promise<Person> {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}-profile-`));
    const ctx = await chromium.launchPersistentContext(dir, {
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
    });
    contexts.push({ ctx, dir });
    const page = await firstPage(ctx);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    if (name) await page.addInitScript((n) => localStorage.setItem('mindflow-collaborator', JSON.stringify({ name: n })), name);
    return { ctx, page, errors };
  }

  return { server: () => server!, person };
}
