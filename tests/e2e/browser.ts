/**
 * Opens the built app in the system Chromium (software WebGL) with a fresh profile.
 * Every page collects console errors so tests can assert there are none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

export { CHROMIUM_ARGS, chromiumPath };

export interface OpenOptions {
  viewport?: { width: number; height: number };
  mobile?: boolean;
  colorScheme?: 'light' | 'dark';
  /** Reuse a profile directory (to test persistence across browser restarts). */
  profileDir?: string;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  consoleErrors: string[];
  goto(path: string): Promise<void>;
  close(): Promise<void>;
}

export const DESKTOP = { width: 1280, height: 800 };

/**
 * E2E_CPU_THROTTLE=4 runs every page that many times slower (Chromium's CPU throttling): a way to
 * find tests that pass only on a fast, idle machine before a slow one finds them.
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

async function throttle(page: Page): Promise<void> {
  if (!(CPU_THROTTLE > 1)) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

/** The context's first page, throttled as E2E_CPU_THROTTLE says, as every page it opens later. */
export async function firstPage(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await throttle(page);
  context.on('page', (p) => void throttle(p).catch(() => undefined));
  return page;
}

export const MOBILE = { width: 390, height: 844 };

export async function openApp(options: OpenOptions = {}): Promise<Session> {
  const baseURL = inject('baseURL');
  const ownProfile = !options.profileDir;
  const dir = options.profileDir ?? mkdtempSync(join(tmpdir(), 'mindflow-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? (options.mobile ? MOBILE : DESKTOP),
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    deviceScaleFactor: 1,
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: true,
  });
  const page = await firstPage(context);
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(String(err)));
  return {
    context,
    page,
    baseURL,
    consoleErrors,
    goto: async (path: string) => {
      await page.goto(baseURL + path);
    },
    close: async () => {
      await context.close();
      if (ownProfile) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Closes the session after checking that the page logged no errors (a missing resource aside). */
export async function closeWithoutErrors(s: Session): Promise<void> {
  try {
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  } finally {
    await s.close();
  }
}
