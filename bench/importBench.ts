/**
 * Import to interactive in the browser (`npm run bench:import`): generated 100k-topic OPML,
 * Markdown and FreeMind files (written by MindFlow's own writers from bench/mapGenerator.mjs) are
 * picked in the Import dialog of the built app (test build) in headless Chromium; the time runs
 * from choosing the file until the map is in the store, drawn, and the scene is idle (interactive);
 * then on until the save status says saved (a big map is written into the document in parts after
 * it is drawn, and stored). Records the longest main-thread task until interactive and until saved.
 * Writes bench/results/import.json.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { restoreMap } from '../src/state/restore';
import { exportFormat, type ExportFormatId } from '../src/state/interop/exportFormats';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.mjs';
import { generateMap } from './mapGenerator.mjs';

/* eslint-disable @typescript-eslint/no-explicit-any */

const SIZE = Number(process.env.IMPORT_BENCH_TOPICS ?? 100_000);
const RUNS = Number(process.env.IMPORT_BENCH_RUNS ?? 2);
const FORMATS = (process.env.IMPORT_BENCH_FORMATS ?? 'opml,markdown,freemind').split(',') as ExportFormatId[];
/** Another test build to run (default dist). */
const DIST = process.env.BENCH_DIST ?? 'dist';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'mindflow-import-bench-'));
  const r = restoreMap(generateMap(SIZE, { seed: 11 }));
  if (!r.ok) throw new Error(r.error);
  const files = FORMATS.map((id) => {
    const f = exportFormat(id);
    const out = f.write(r.state);
    const path = join(dir, `map.${f.extension}`);
    writeFileSync(path, out.data);
    return { id, path };
  });
  const server = await preview({ build: { outDir: DIST }, preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  const base = server.resolvedUrls!.local[0].replace(/\/$/, '');
  const results: Record<string, unknown>[] = [];
  try {
    for (const file of files) {
      const times: number[] = [];
      const longest: number[] = [];
      const saved: number[] = [];
      const longestToSaved: number[] = [];
      let topics = 0;
      for (let run = 0; run < RUNS; run++) {
        const profile = mkdtempSync(join(tmpdir(), 'mindflow-import-profile-'));
        const ctx = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
        const page = ctx.pages()[0] ?? (await ctx.newPage());
        await page.goto(base + '/mindmap');
        await page.waitForFunction(() => !!(window as any).__mindflow?.scene, undefined, { timeout: 60_000 });
        await page.evaluate(() => {
          (window as any).__longest = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) (window as any).__longest = Math.max((window as any).__longest, e.duration);
          }).observe({ type: 'longtask', buffered: false });
        });
        await page.getByRole('button', { name: 'Import' }).first().click();
        const input = page.getByRole('dialog').locator('input[type="file"]');
        const t0 = Date.now();
        await input.setInputFiles(file.path);
        await page.waitForFunction((n) => (window as any).__mindflow.store.getState().nodes.n >= n, SIZE * 0.99, { timeout: 300_000, polling: 50 });
        await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
        times.push(Date.now() - t0);
        longest.push(await page.evaluate(() => (window as any).__longest as number));
        await page.waitForFunction(() => !(window as any).__mindflow.persistence.getStatus().saving, undefined, { timeout: 300_000, polling: 50 });
        saved.push(Date.now() - t0);
        longestToSaved.push(await page.evaluate(() => (window as any).__longest as number));
        topics = await page.evaluate(() => (window as any).__mindflow.store.getState().nodes.n as number);
        await ctx.close();
        rmSync(profile, { recursive: true, force: true });
      }
      const sorted = [...times].sort((a, b) => a - b);
      const savedSorted = [...saved].sort((a, b) => a - b);
      results.push({
        format: file.id,
        topics,
        runs: RUNS,
        medianMs: sorted[Math.floor(sorted.length / 2)],
        maxMs: sorted[sorted.length - 1],
        longestTaskMs: Math.round(Math.max(...longest)),
        savedMedianMs: savedSorted[Math.floor(savedSorted.length / 2)],
        longestTaskToSavedMs: Math.round(Math.max(...longestToSaved)),
        targetMs: 3000,
      });
      console.log(JSON.stringify(results[results.length - 1]));
    }
  } finally {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/import.json', JSON.stringify({ when: new Date().toISOString(), size: SIZE, results }, null, 2) + '\n');
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
