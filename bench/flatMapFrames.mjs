/* global process, console, window, document, performance, requestAnimationFrame, PerformanceObserver */
/**
 * A topic with many children: imports a flat map (one root with N children, default 30,000) into the
 * built editor in headless Chromium and times import to idle, idle frames, selecting the root, panning
 * with it selected, focusing the keyboard tree and clearing the selection (requestAnimationFrame
 * deltas, scene frames, long tasks).
 *
 *   npm run build:test && node bench/flatMapFrames.mjs       (a build with the window.__mindflow test hook)
 *   N=10000 BENCH_DIST=dist-x node bench/flatMapFrames.mjs     (another size, another build folder)
 *   PROFILE=selectRoot node bench/flatMapFrames.mjs             (CPU profile of one step: self time, top 25)
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.mjs';

const N = Number(process.env.N ?? 30000);
const PROFILE = process.env.PROFILE;
process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));
const outDir = process.env.BENCH_DIST;
const server = await preview({ ...(outDir ? { build: { outDir } } : {}), preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
const base = server.resolvedUrls.local[0].replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', String(e)));
await page.goto(base + '/mindmap');
await page.waitForFunction(() => !!window.__mindflow?.scene, null, { timeout: 60000 });
await page.evaluate(() => window.__mindflow.scene.whenIdle());
const nodes = [{ id: 'root', type: 'root', position: { x: 0, y: 0 }, parentId: null, connectionType: 'standard', data: { label: 'Root', expanded: true, color: '#9b87f5' } }];
const edges = [];
for (let i = 0; i < N; i++) {
  nodes.push({ id: 'c' + i, type: 'child', position: { x: 300, y: (i - N / 2) * 70 }, parentId: 'root', connectionType: 'standard', data: { label: 'Child ' + i, expanded: true, color: '#3b82f6' } });
  edges.push({ id: 'e' + i, source: 'root', target: 'c' + i });
}
const text = JSON.stringify({ nodes, edges });
const cdp = await context.newCDPSession(page);
await page.evaluate(() => {
  window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
  window.__frames = async (ms) => {
    const d = []; let last = performance.now(); const end = last + ms;
    await new Promise((res) => { const f = (t) => { d.push(Math.round(t - last)); last = t; if (t < end) requestAnimationFrame(f); else res(); }; requestAnimationFrame(f); });
    return d;
  };
});
const step = async (name, fn) => {
  if (PROFILE === name) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.start'); }
  const r = await page.evaluate(fn);
  if (PROFILE === name) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map(); const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas; const counts = new Map();
    profile.samples.forEach((s, i) => counts.set(s, (counts.get(s) ?? 0) + (dt[i] ?? 0)));
    for (const [id, us] of counts) { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + us); }
    console.log('PROFILE', name, [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`).join('\n  '));
  }
  const lt = await page.evaluate(() => window.__lt.splice(0));
  console.log(name, JSON.stringify(r), 'longtasks', JSON.stringify(lt));
};
await page.evaluate((t) => { window.__text = t; }, text);
await step('import', async () => { const m = window.__mindflow; const t0 = performance.now(); const r = m.importText(window.__text); await m.scene.whenIdle(); return { ok: r.ok, count: r.count, ms: Math.round(performance.now() - t0) }; });
await page.waitForTimeout(2000);
await page.evaluate(() => window.__lt.splice(0));
await step('idle', async () => { const m = window.__mindflow; const f0 = m.scene.stats().frames; const d = await window.__frames(2000); return { sceneFrames: m.scene.stats().frames - f0, rafMax: Math.max(...d) }; });
await step('selectRoot', async () => { const m = window.__mindflow; const f0 = m.scene.stats().frames; const t0 = performance.now(); m.store.transact('Select', (d) => { d.selectedNodeId = 'root'; }, { history: false }); await m.scene.whenIdle(); const ms = performance.now() - t0; const d = await window.__frames(2000); return { toIdle: Math.round(ms), sceneFrames: m.scene.stats().frames - f0, rafMax: Math.max(...d), rafCount: d.length }; });
await step('selectedPan', async () => { const m = window.__mindflow; const v = m.scene.getViewport(); const f0 = m.scene.stats().frames; const d = []; for (let i = 0; i < 20; i++) { const t0 = performance.now(); m.scene.setViewport({ ...v, y: v.y + i * 15 }); await m.scene.whenIdle(); d.push(Math.round(performance.now() - t0)); } d.sort((a, b) => a - b); return { p50: d[10], max: d[19], sceneFrames: m.scene.stats().frames - f0 }; });
await step('focusTree', async () => { const m = window.__mindflow; const t0 = performance.now(); const el = document.querySelector('[role=treeitem][tabindex="0"]') ?? document.querySelector('[role=treeitem]'); el?.focus(); await m.scene.whenIdle(); return { ms: Math.round(performance.now() - t0), items: document.querySelectorAll('[role=treeitem]').length }; });
await step('deselect', async () => { const m = window.__mindflow; const t0 = performance.now(); m.store.transact('Select', (d) => { d.selectedNodeId = null; }, { history: false }); await m.scene.whenIdle(); return { toIdle: Math.round(performance.now() - t0) }; });
await step('idle2', async () => { const m = window.__mindflow; const f0 = m.scene.stats().frames; const d = await window.__frames(2000); return { sceneFrames: m.scene.stats().frames - f0, rafMax: Math.max(...d) }; });
await browser.close();
await new Promise((r) => server.httpServer.close(() => r()));
