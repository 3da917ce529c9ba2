/* global process, console, window, document, performance, requestAnimationFrame, PointerEvent, WheelEvent, HTMLElement, fetch, setTimeout */
/**
 * Canvas frame bench: loads generated maps of 1k, 10k, 50k and 100k topics through the app's own
 * import (window.__mindflow.importText, what the Import dialog calls), then drives the real input
 * path (DOM pointer and wheel events on the canvas, dispatched once per animation frame) for 4 s of
 * pan and wheel zoom, a topic drag, a collapse of a large subtree and an add-child (Ctrl+N), and
 * records rAF frame deltas, script time per frame and WebGL draw calls / vertices per scene frame.
 * Ends with 2 s idle, counting frames drawn.
 *
 *   npm run bench:frames            (builds, then runs this)
 *   node bench/frameBench.mjs 1000 100000   (only these sizes; needs a build)
 *   BENCH_DIST=/tmp/dist node bench/frameBench.mjs   (serve that build folder instead of dist)
 *
 * Output: bench/results/frames-<timestamp>.json (+ frames-latest.json) and a summary table.
 * System Chromium with software WebGL (SwiftShader), flags as the e2e tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { generateMapText } from './mapGenerator.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
const sizes = SIZES.length ? SIZES : [1000, 10000, 50000, 100000];
const VIEWPORT = { width: 1280, height: 800 };

function pct(arr, p) {
  if (!arr.length) return 0;
  const s = [...arr].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const round = (x) => Math.round(x * 10) / 10;
function summary(deltas) {
  return { frames: deltas.length, p50: round(pct(deltas, 50)), p95: round(pct(deltas, 95)), p99: round(pct(deltas, 99)) };
}

/** Runs in the page: drives input on the canvas for `ms`, one step per animation frame. */
async function driveInPage({ kind, ms, nodeId }) {
  const m = window.__mindflow;
  const scene = m.scene;
  const canvas = document.querySelector('[role=application] canvas');
  const rect = canvas.getBoundingClientRect();
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  const deltas = [];
  const script = [];
  const gl0 = { ...window.__glCounts };
  let last = 0;
  let step = 0;
  let pointerDown = false;
  const fire = (type, x, y, extra = {}) =>
    canvas.dispatchEvent(
      new PointerEvent(type, { clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1, bubbles: true, cancelable: true, ...extra }),
    );
  const framesAtStart = scene.stats().frames;
  let dragFrom = null;
  if (kind === 'drag') dragFrom = scene.partClientPoint(nodeId, 'body');
  await new Promise((resolve) => {
    const start = performance.now();
    const tick = (now) => {
      if (last) deltas.push(now - last);
      last = now;
      const t = now - start;
      const before = scene.stats().frames;
      const s0 = performance.now();
      if (kind === 'panzoom') {
        if (t < ms / 2) {
          // Pan: drag the background in a slow circle.
          if (!pointerDown) {
            fire('pointerdown', cx, cy);
            pointerDown = true;
          }
          const a = (t / 1000) * Math.PI;
          fire('pointermove', cx + Math.cos(a) * 220 - 220, cy + Math.sin(a) * 160);
        } else {
          if (pointerDown) {
            fire('pointerup', cx, cy);
            pointerDown = false;
          }
          // Wheel: zoom in for a second, then out, around a moving pointer.
          const dir = t < (ms * 3) / 4 ? -1 : 1;
          canvas.dispatchEvent(new WheelEvent('wheel', { clientX: cx + Math.sin(t / 300) * 200, clientY: cy, deltaY: dir * 40, deltaMode: 0, bubbles: true, cancelable: true }));
        }
      } else if (kind === 'drag' && dragFrom) {
        if (step === 0) fire('pointerdown', dragFrom.x, dragFrom.y);
        else fire('pointermove', dragFrom.x + step * 6, dragFrom.y + step * 3);
      }
      const inputMs = performance.now() - s0;
      step++;
      // The scene's own frame runs in its rAF callback after this one; read its cost next tick.
      requestAnimationFrame(() => {
        const st = scene.stats();
        script.push(inputMs + (st.frames > before ? st.lastFrameMs : 0));
      });
      if (t < ms) requestAnimationFrame(tick);
      else {
        if (kind === 'drag' && dragFrom) fire('pointerup', dragFrom.x + step * 6, dragFrom.y + step * 3);
        if (pointerDown) fire('pointerup', cx, cy);
        resolve();
      }
    };
    requestAnimationFrame(tick);
  });
  await scene.whenIdle();
  const frames = Math.max(1, scene.stats().frames - framesAtStart);
  const gl = { drawsPerFrame: (window.__glCounts.draws - gl0.draws) / frames, verticesPerFrame: (window.__glCounts.vertices - gl0.vertices) / frames };
  return { deltas: deltas.slice(1), script, gl };
}

async function runOne(browser, baseURL, n) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: 'dark' });
  // Counts WebGL draw calls and vertices (index count) so frames can be compared by what they draw.
  await context.addInitScript(() => {
    const gl = (window.__glCounts = { draws: 0, vertices: 0 });
    for (const C of [window.WebGL2RenderingContext, window.WebGLRenderingContext]) {
      if (!C) continue;
      const de = C.prototype.drawElements;
      const da = C.prototype.drawArrays;
      C.prototype.drawElements = function (mode, count, type, offset) {
        gl.draws++;
        gl.vertices += count;
        return de.call(this, mode, count, type, offset);
      };
      C.prototype.drawArrays = function (mode, first, count) {
        gl.draws++;
        gl.vertices += count;
        return da.call(this, mode, first, count);
      };
    }
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const text = generateMapText(n, { seed: 42 });
  await page.route('**/__bench/map.json', (route) => route.fulfill({ body: text, contentType: 'application/json' }));
  await page.goto(`${baseURL}/mindmap`);
  await page.waitForFunction(() => !!window.__mindflow?.scene, null, { timeout: 60_000 });
  await page.evaluate(() => window.__mindflow.scene.whenIdle());
  const cdp = await context.newCDPSession(page);

  const load = await page.evaluate(async () => {
    const body = await (await fetch('/__bench/map.json')).text();
    const m = window.__mindflow;
    const t0 = performance.now();
    const r = m.importText(body);
    const tImport = performance.now();
    // Interactive: the first frame after import has drawn and nothing is pending.
    await m.scene.whenIdle();
    const t1 = performance.now();
    return { ok: r.ok, count: r.count, importMs: tImport - t0, interactiveMs: t1 - t0 };
  });
  if (!load.ok) throw new Error(`import of ${n} failed`);
  await page.waitForTimeout(1500); // let debounced work (save, index rebuild, minimap) settle

  const panzoom = await page.evaluate(driveInPage, { kind: 'panzoom', ms: 4000 });
  const afterPan = await page.evaluate(() => window.__mindflow.scene.stats());

  // Drag: zoom to 1 on a topic on screen, then drag it for ~0.7 s.
  const nodeId = await page.evaluate(async () => {
    const m = window.__mindflow;
    const items = [...document.querySelectorAll('[role=treeitem]')].map((e) => e.dataset.id);
    const id = items.find((i) => i && i !== m.store.getState().rootId) ?? items[0];
    const r = m.scene.nodeClientRect(id);
    const v = m.scene.getViewport();
    const z = 1;
    const wx = (r.x - v.x) / v.zoom;
    const wy = (r.y - v.y) / v.zoom;
    m.scene.setViewport({ x: 640 - wx * z - 70, y: 400 - wy * z - 28, zoom: z });
    await m.scene.whenIdle();
    return id;
  });
  const drag = await page.evaluate(driveInPage, { kind: 'drag', ms: 700, nodeId });

  // The save of the previous step runs in the background (sliced, ~1.7 s of small tasks at 100k);
  // settle it first so the next two steps time the canvas, not the save (timed in the state bench).
  const settleSave = () => page.evaluate(() => window.__mindflow.persistence.flush());
  await settleSave();

  // Collapse the largest branch under the root (through the store, as the chevron does).
  const collapse = await page.evaluate(async () => {
    const m = window.__mindflow;
    const s = m.store.getState();
    const kids = m.kids(s.rootId);
    let best = kids[0];
    let bestSize = -1;
    for (const k of kids) {
      let size = 0;
      const stack = [k];
      while (stack.length) {
        const c = stack.pop();
        size++;
        for (const g of m.kids(c)) stack.push(g);
      }
      if (size > bestSize) {
        best = k;
        bestSize = size;
      }
    }
    const t0 = performance.now();
    m.store.transact('Collapse topic', (d) => {
      m.editNode(d, best).data.expanded = false;
    });
    const tState = performance.now();
    await new Promise((r) => requestAnimationFrame(() => r()));
    await m.scene.whenIdle();
    return { subtree: bestSize, stateMs: tState - t0, toIdleMs: performance.now() - t0, frameMs: m.scene.stats().lastFrameMs };
  });

  await settleSave();
  // Add a child with the app's shortcut (Ctrl+N adds under the selection, or the root).
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  const t0 = await page.evaluate(() => performance.now());
  await page.keyboard.press('Control+n');
  const addChild = await page.evaluate(async (t) => {
    const m = window.__mindflow;
    await new Promise((r) => requestAnimationFrame(() => r()));
    await m.scene.whenIdle();
    return { toIdleMs: performance.now() - t, frameMs: m.scene.stats().lastFrameMs, selected: m.store.getState().selectedNodeId !== null };
  }, t0);

  await settleSave();
  // Auto-layout (Balanced) on, then another Ctrl+N: the add re-lays out the whole map, and the canvas
  // re-indexes every topic that moved.
  const autoOn = await page.evaluate(async () => {
    const m = window.__mindflow;
    const t0 = performance.now();
    m.store.transact('Layout', (d) => {
      d.settings.layout = 'balanced';
      d.settings.autoLayout = true;
    });
    const tState = performance.now();
    await new Promise((r) => requestAnimationFrame(() => r()));
    await m.scene.whenIdle();
    return { stateMs: tState - t0, toIdleMs: performance.now() - t0 };
  });
  await settleSave();
  // Add under the root: its block grows, so the layout moves most of the map (an add under a leaf
  // moves nothing else). The count of moved topics is recorded.
  await page.evaluate(() => {
    const m = window.__mindflow;
    m.store.transact('Select', (d) => void (d.selectedNodeId = d.rootId), { history: false });
    window.__movedTopics = 0;
    window.__movedWatch = m.store.subscribe((c) => (window.__movedTopics += c.moved.length));
    return m.scene.whenIdle();
  });
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  // Long tasks separate the page's own work from frames held up elsewhere (the IndexedDB write above).
  await page.evaluate(() => {
    window.__longTasks = [];
    window.__longTaskObserver = new window.PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    });
    window.__longTaskObserver.observe({ type: 'longtask' });
  });
  const t1 = await page.evaluate(() => performance.now());
  await page.keyboard.press('Control+n');
  const autoAdd = await page.evaluate(async (t) => {
    const m = window.__mindflow;
    await new Promise((r) => requestAnimationFrame(() => r()));
    const firstFrame = performance.now() - t;
    await m.scene.whenIdle();
    const toIdle = performance.now() - t;
    await new Promise((r) => setTimeout(r, 50));
    window.__longTaskObserver.disconnect();
    window.__movedWatch();
    const tasks = window.__longTasks;
    return {
      moved: window.__movedTopics,
      firstFrameMs: firstFrame,
      toIdleMs: toIdle,
      frameMs: m.scene.stats().lastFrameMs,
      longTasksMs: tasks.reduce((a, b) => a + b, 0),
      longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
    };
  }, t1);

  await settleSave();
  // Select the root with the whole map in view: its edges get moving dashes, and a main branch edge
  // of a big map is millions of units long (only the visible part may be dashed).
  const selectRoot = await page.evaluate(async () => {
    const m = window.__mindflow;
    m.scene.fitView(0.4, 0);
    await m.scene.whenIdle();
    const t0 = performance.now();
    m.store.transact('Select', (d) => void (d.selectedNodeId = d.rootId), { history: false });
    await new Promise((r) => requestAnimationFrame(() => r()));
    await new Promise((r) => requestAnimationFrame(() => r()));
    return { firstFramesMs: performance.now() - t0, frameMs: m.scene.stats().lastFrameMs };
  });

  // Idle: clear selection (its edges animate), fit view (far out: no topic animations), count frames.
  const idle = await page.evaluate(async () => {
    const m = window.__mindflow;
    m.store.transact('Select', (d) => void (d.selectedNodeId = null), { history: false });
    m.scene.fitView(0.4, 0);
    await m.scene.whenIdle();
    await new Promise((r) => setTimeout(r, 500));
    const f0 = m.scene.stats().frames;
    await new Promise((r) => setTimeout(r, 2000));
    return { framesDrawn: m.scene.stats().frames - f0, lod: m.scene.stats().lod };
  });
  const stats = await page.evaluate(() => window.__mindflow.scene.stats());
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  await context.close();
  const scriptMean = panzoom.script.reduce((a, b) => a + b, 0) / Math.max(1, panzoom.script.length);
  return {
    topics: n,
    importMs: round(load.importMs),
    interactiveMs: round(load.interactiveMs),
    panzoom: {
      ...summary(panzoom.deltas),
      scriptMsPerFrame: round(scriptMean),
      scriptP95: round(pct(panzoom.script, 95)),
      drawsPerFrame: round(panzoom.gl.drawsPerFrame),
      verticesPerFrame: Math.round(panzoom.gl.verticesPerFrame),
    },
    drag: summary(drag.deltas),
    collapse: { ...collapse, stateMs: round(collapse.stateMs), toIdleMs: round(collapse.toIdleMs), frameMs: round(collapse.frameMs) },
    addChild: { toIdleMs: round(addChild.toIdleMs), frameMs: round(addChild.frameMs), added: addChild.selected },
    autoLayoutOn: { stateMs: round(autoOn.stateMs), toIdleMs: round(autoOn.toIdleMs) },
    autoLayoutAdd: {
      moved: autoAdd.moved,
      firstFrameMs: round(autoAdd.firstFrameMs),
      toIdleMs: round(autoAdd.toIdleMs),
      frameMs: round(autoAdd.frameMs),
      longTasksMs: round(autoAdd.longTasksMs),
      longestTaskMs: round(autoAdd.longestTaskMs),
    },
    selectRoot: { firstFramesMs: round(selectRoot.firstFramesMs), frameMs: round(selectRoot.frameMs) },
    idle,
    heapMB: round(heap.usedSize / 1048576),
    pixi: { displayObjectsAfterPanZoom: afterPan.displayObjects, nodeViews: afterPan.nodeViews, tiles: afterPan.tiles, displayObjectsAtEnd: stats.displayObjects },
    errors,
  };
}

async function main() {
  process.chdir(join(here, '..'));
  // BENCH_DIST: serve another build folder (e.g. one not shared with other builds running on the machine).
  const outDir = process.env.BENCH_DIST;
  const server = await preview({ ...(outDir ? { build: { outDir } } : {}), preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  const baseURL = server.resolvedUrls.local[0].replace(/\/$/, '');
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  const runs = [];
  try {
    for (const n of sizes) {
      process.stdout.write(`${n} topics… `);
      const r = await runOne(browser, baseURL, n);
      runs.push(r);
      console.log(`interactive ${r.interactiveMs} ms, pan/zoom p95 ${r.panzoom.p95} ms`);
    }
  } finally {
    await browser.close();
    await new Promise((r) => server.httpServer.close(() => r()));
  }
  const base = runs.find((r) => r.topics === 1000);
  const big = runs.find((r) => r.topics === 100000);
  const targets = big
    ? {
        interactiveUnder2s: big.interactiveMs <= 2000,
        p95Within1_5xOf1k: base ? big.panzoom.p95 <= 1.5 * base.panzoom.p95 : null,
        p95Under50ms: big.panzoom.p95 <= 50,
        scriptUnder4ms: runs.every((r) => r.panzoom.scriptMsPerFrame <= 4),
        heapUnder300MB: big.heapMB <= 300,
        idleNoFrames: runs.every((r) => r.idle.framesDrawn === 0),
      }
    : null;
  const out = { date: new Date().toISOString(), viewport: VIEWPORT, chromium: 'system, SwiftShader WebGL', runs, targets };
  const dir = join(here, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `frames-${out.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(out, null, 2));
  writeFileSync(join(dir, 'frames-latest.json'), JSON.stringify(out, null, 2));
  console.log('\n| topics | import ms | interactive ms | pan/zoom p50 / p95 / p99 ms | script ms/frame (p95) | draws / vertices per frame | drag p95 | collapse (subtree) to idle ms | add-child ms | heap MB | Pixi objects | idle frames |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of runs) {
    console.log(
      `| ${r.topics} | ${r.importMs} | ${r.interactiveMs} | ${r.panzoom.p50} / ${r.panzoom.p95} / ${r.panzoom.p99} | ${r.panzoom.scriptMsPerFrame} (${r.panzoom.scriptP95}) | ${r.panzoom.drawsPerFrame} / ${r.panzoom.verticesPerFrame} | ${r.drag.p95} | ${r.collapse.toIdleMs} (${r.collapse.subtree}) | ${r.addChild.toIdleMs} | ${r.heapMB} | ${r.pixi.displayObjectsAfterPanZoom} | ${r.idle.framesDrawn} |`,
    );
  }
  if (targets) console.log('\ntargets:', targets);
  console.log(`\nwritten ${file}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
