/* global process, console, window, performance, setTimeout */
/**
 * Reload to interactive (`npm run bench:reload`): a generated 100k-topic map is imported into the
 * built app (test build) in headless Chromium, saved, its log merged into a snapshot, one topic
 * renamed (so the log holds an entry after the snapshot, as it usually does), and the page reloaded
 * RELOAD_BENCH_RUNS times (default 3). Each reload is timed from the reload until the store holds
 * the map, the scene exists and the page's controls are there; the page's own marks give the phases.
 * Writes bench/results/reload.json. RELOAD_BENCH_PROFILE=file records the last reload under the CPU
 * profiler (1 ms sampling) and writes that profile, for DevTools.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.mjs';
import { generateMapText } from './mapGenerator.mjs';

const SIZE = Number(process.env.RELOAD_BENCH_TOPICS ?? 100_000);
const RUNS = Number(process.env.RELOAD_BENCH_RUNS ?? 3);
/** Another test build to run (default dist). */
const DIST = process.env.BENCH_DIST ?? 'dist';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

async function main() {
  const server = await preview({ build: { outDir: DIST }, preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  const base = server.resolvedUrls.local[0].replace(/\/$/, '');
  const profile = mkdtempSync(join(tmpdir(), 'mindflow-reload-bench-'));
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
  const runs = [];
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(base + '/mindmap');
    await page.waitForFunction(() => !!window.__mindflow?.scene, undefined, { timeout: 60_000 });
    const ok = await page.evaluate((t) => window.__mindflow.importText(t).ok, generateMapText(SIZE, { seed: 7 }));
    if (!ok) throw new Error('the generated map was not imported');
    const saved = () =>
      page.waitForFunction(() => {
        const s = window.__mindflow.persistence.getStatus();
        return !s.saving && s.error === null;
      }, undefined, { timeout: 300_000 });
    await saved();
    await page.evaluate(() => window.__mindflow.kept.whenIdle());
    await page.evaluate(() => window.__mindflow.persistence.mergeNow());
    await page.evaluate(() => window.__mindflow.store.transact('Rename', (d) => void (window.__mindflow.editNode(d, d.rootId).data.label = 'Renamed after the merge')));
    await saved();
    for (let run = 0; run < RUNS; run++) {
      await new Promise((r) => setTimeout(r, 2000));
      const cdp = process.env.RELOAD_BENCH_PROFILE && run === RUNS - 1 ? await ctx.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
        await cdp.send('Profiler.start');
      }
      const t0 = Date.now();
      await page.reload();
      await page.waitForFunction((n) => window.__mindflow?.store.getState().nodes.n === n, SIZE, { timeout: 120_000 });
      await page.waitForFunction(() => !!window.__mindflow?.scene, undefined, { timeout: 60_000 });
      await page.getByRole('link', { name: 'Back to Home' }).waitFor();
      const ms = Date.now() - t0;
      if (cdp) writeFileSync(process.env.RELOAD_BENCH_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      const marks = await page.evaluate(() => {
        const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
        return { domReady: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd, start: at('mindflow:load-start'), read: at('mindflow:stored-read'), bound: at('mindflow:bound') };
      });
      const phases = { sessionStartsMs: Math.round(marks.start), storedReadMs: Math.round(marks.read - marks.start), boundMs: Math.round(marks.bound - marks.read), afterBindMs: Math.round(ms - marks.bound) };
      runs.push({ ms, domReadyMs: Math.round(marks.domReady), ...phases });
      console.log(JSON.stringify(runs[runs.length - 1]));
    }
  } finally {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
    await new Promise((resolve) => server.httpServer.close(() => resolve()));
  }
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const result = { when: new Date().toISOString(), topics: SIZE, runs, medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95), targetMs: 2500 };
  console.log(JSON.stringify({ medianMs: result.medianMs, p95Ms: result.p95Ms }));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/reload.json', JSON.stringify(result, null, 2) + '\n');
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
