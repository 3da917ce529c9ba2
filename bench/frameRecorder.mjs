/* global window, document, performance, requestAnimationFrame, PointerEvent, WheelEvent, MessageChannel, PerformanceObserver, getComputedStyle, setTimeout, HTMLElement */
/**
 * What the frame bench measures in the page, and how a row's numbers are read from it.
 *
 * `pageRecorder` is an init script (runs before the app): it counts WebGL draw calls (a frame in
 * which the scene drew has draws), keeps every long task (PerformanceObserver 'longtask') and offers
 * `window.__fb`:
 *   start(triggers)  records every frame (requestAnimationFrame time, and the time just after the
 *                    frame was rendered: a MessageChannel message posted from the rAF callback runs
 *                    after the frame's rendering steps) until stop(); the first input event of one
 *                    of `triggers` (capture phase on window) is the row's input;
 *   drive(kind, p)   pointer input on the canvas, one event after each rendered frame (as input
 *                    arriving between frames): 'drag' a topic along a loop that ends 20 px from where
 *                    it started (so the drop lands on the topic itself: a move, not a reparent),
 *                    'panzoom' (pan the background in a circle, then wheel zoom in and out);
 *   tap(x, y)        pointerdown + pointerup at a point (select a topic, click a chevron).
 * `readRow` (Node) turns what stop() returns into the row's numbers.
 */

export function pageRecorder() {
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
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  } catch (e) {
    window.__fbLongTaskError = String(e);
  }

  let rec = null;
  let driver = null;
  const channel = new MessageChannel();
  channel.port1.onmessage = (ev) => {
    const r = rec;
    if (!r || r.id !== ev.data[0]) return;
    r.frames.push([ev.data[1], ev.data[2], performance.now(), gl.draws]);
    if (driver) driver();
  };
  const onInput = (e) => {
    const r = rec;
    if (!r || r.input || !r.triggers.includes(e.type)) return;
    const now = performance.now();
    r.input = { type: e.type, at: e.timeStamp > 0 && e.timeStamp <= now ? e.timeStamp : now, seen: now, draws: gl.draws };
  };
  for (const type of ['keydown', 'pointerdown', 'pointermove', 'pointerup', 'wheel', 'input']) window.addEventListener(type, onInput, true);

  const canvas = () => document.querySelector('[role=application] canvas');
  const fire = (type, x, y, buttons = type === 'pointerup' ? 0 : 1) =>
    canvas().dispatchEvent(
      new PointerEvent(type, { clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons, bubbles: true, cancelable: true }),
    );
  let ids = 0;

  window.__fb = {
    start(triggers) {
      const r = (rec = { id: ++ids, triggers, input: null, frames: [], running: true, started: performance.now() });
      driver = null;
      // One loop per recording: a loop left from an earlier one ends on its next frame.
      const loop = (t) => {
        if (rec !== r || !r.running) return;
        channel.port2.postMessage([r.id, t, performance.now()]);
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    },
    stop() {
      const r = rec;
      if (!r) return null;
      r.running = false;
      rec = null;
      driver = null;
      return { input: r.input, frames: r.frames, started: r.started, ended: performance.now(), longTasks: longTasks.filter(([s, d]) => s + d >= r.started) };
    },
    tap(x, y) {
      fire('pointerdown', x, y);
      fire('pointerup', x, y);
    },
    /** A point of the canvas with no topic under it (the idle cursor is the default one there). */
    backgroundPoint() {
      const el = canvas();
      const r = el.getBoundingClientRect();
      for (let i = 0; i < 400; i++) {
        const x = r.left + r.width * (0.3 + 0.4 * ((i * 0.618) % 1));
        const y = r.top + r.height * (0.3 + 0.4 * ((i * 0.382) % 1));
        fire('pointermove', x, y, 0);
        if (getComputedStyle(el).cursor === 'default') return { x, y };
      }
      return null;
    },
    drive(kind, p) {
      const r = canvas().getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      let t0 = null;
      let panning = false;
      return new Promise((resolve) => {
        driver = () => {
          const now = performance.now();
          if (t0 === null) t0 = now;
          const t = now - t0;
          const done = t >= p.ms;
          if (kind === 'drag') {
            const u = Math.min(1, t / p.ms);
            const x = p.x + 20 + 160 * Math.sin(2 * Math.PI * u);
            const y = p.y + 12 + 90 * Math.sin(4 * Math.PI * u);
            if (t0 === now) fire('pointerdown', p.x, p.y);
            fire(done ? 'pointerup' : 'pointermove', x, y);
          } else if (kind === 'panzoom') {
            if (t < p.ms / 2) {
              const a = (t / 1000) * Math.PI;
              if (!panning) {
                fire('pointerdown', p.x, p.y);
                panning = true;
              }
              fire('pointermove', p.x + Math.cos(a) * 220 - 220 + 6, p.y + Math.sin(a) * 160 + 6);
            } else {
              if (panning) {
                fire('pointerup', p.x, p.y);
                panning = false;
              }
              const dir = t < (p.ms * 3) / 4 ? -1 : 1;
              canvas().dispatchEvent(new WheelEvent('wheel', { clientX: cx + Math.sin(t / 300) * 200, clientY: cy, deltaY: dir * 40, deltaMode: 0, bubbles: true, cancelable: true }));
            }
          }
          if (done) {
            if (panning) fire('pointerup', p.x, p.y);
            driver = null;
            resolve();
          }
        };
      });
    },
    blur() {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    },
    wait: (ms) => new Promise((res) => setTimeout(res, ms)),
  };
}

function pct(arr, p) {
  if (!arr.length) return 0;
  const s = [...arr].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
export const round = (x) => (x == null ? x : Math.round(x * 10) / 10);

/** Targets of issue 13; a p95 of two 60 Hz frames (33.3 ms) counts as within 33 ms. */
export const TARGETS = { firstFrameMs: 50, p95Ms: 33.4, longestTaskMs: 100 };

/**
 * A row from what __fb.stop() returned.
 * - firstFrameMs: input event to the end of the first rendered frame in which the scene drew (the
 *   first rendered frame at all when the scene drew nothing in the window; the whole window, with
 *   noFrameInWindow, when no frame was rendered before the window closed). With `response: 'page'`
 *   (an input whose answer is in the page, not on the canvas: a character typed into the title
 *   field) the first rendered frame, since the scene's next frame there is only its animations' next
 *   step; firstSceneFrameMs keeps the first frame the scene drew either way;
 * - p95Ms: 95th percentile of frame intervals from the input to the last frame the scene drew in
 *   the window (the action and whatever follows it, e.g. a minimap repaint or a deferred rebuild);
 *   p95AllMs over the whole window; maxFrameMs the longest interval in the window;
 * - longestTaskMs / longTasksMs: long tasks that ended after the input;
 * - lastDrawMs: input to the last frame the scene drew in the window.
 */
export function readRow(raw, { response = 'scene' } = {}) {
  if (!raw) return { error: 'nothing recorded' };
  if (!raw.input) return { error: 'the input event never arrived', frames: raw.frames.length };
  const { input, frames } = raw;
  const after = frames.filter((f) => f[1] >= input.seen);
  const deltas = [];
  let firstPainted = null;
  let firstScene = null;
  let lastDrawIdx = -1;
  let sceneFrames = 0;
  let prevDraws = input.draws;
  for (let i = 0; i < after.length; i++) {
    const [rafT, , painted, draws] = after[i];
    const prev = i > 0 ? after[i - 1][0] : frames[frames.indexOf(after[0]) - 1]?.[0];
    deltas.push(prev == null ? painted - input.at : rafT - prev);
    if (firstPainted === null) firstPainted = painted - input.at;
    if (draws > prevDraws) {
      sceneFrames++;
      lastDrawIdx = i;
      if (firstScene === null) firstScene = painted - input.at;
    }
    prevDraws = draws;
  }
  const active = deltas.slice(0, Math.max(1, lastDrawIdx + 1));
  const tasks = raw.longTasks.filter(([s, d]) => s + d >= input.at).map(([, d]) => d);
  // No frame at all after the input before the window closed (the page or the GPU was busy all
  // along): the first frame took at least the window.
  const noFrame = firstPainted === null;
  const row = {
    firstFrameMs: round((response === 'page' ? firstPainted : firstScene ?? firstPainted) ?? raw.ended - input.at),
    ...(noFrame ? { noFrameInWindow: true } : {}),
    ...(response === 'page' ? { response } : {}),
    firstSceneFrameMs: round(firstScene),
    sceneDrew: firstScene !== null,
    p95Ms: round(pct(active, 95)),
    p50Ms: round(pct(active, 50)),
    activeFrames: active.length,
    p95AllMs: round(pct(deltas, 95)),
    maxFrameMs: round(deltas.length ? Math.max(...deltas) : 0),
    framesOver50: deltas.filter((d) => d > 50).length,
    frames: deltas.length,
    sceneFrames,
    lastDrawMs: lastDrawIdx >= 0 ? round(after[lastDrawIdx][2] - input.at) : null,
    longestTaskMs: round(tasks.length ? Math.max(...tasks) : 0),
    longTasksMs: round(tasks.reduce((a, b) => a + b, 0)),
    windowMs: round(raw.ended - input.at),
  };
  row.met = !noFrame && row.firstFrameMs <= TARGETS.firstFrameMs && row.p95Ms <= TARGETS.p95Ms && row.longestTaskMs <= TARGETS.longestTaskMs;
  return row;
}
