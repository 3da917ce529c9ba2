/**
 * Measurements (not assertions) of the document store at 100k topics: building the document from a
 * generated map, its encoded size, fromDoc, one add's update size and main-thread time, and heap.
 * Run with YDOC_MEASURE=1 (add `--expose-gc` through NODE_OPTIONS for heap figures after a GC):
 *   YDOC_MEASURE=1 NODE_OPTIONS=--expose-gc npx vitest run tests/unit/ydoc/measure.test.ts
 */
import { describe, it } from 'vitest';
import * as Y from 'yjs';
import { generateMap } from '../../../bench/mapGenerator.mjs';
import { addChild, renameNode, updateSettings } from '../../../src/state/operations';
import { restoreMap } from '../../../src/state/restore';
import { MindMapStore } from '../../../src/state/store';
import type { MindMapState } from '../../../src/state/doc';
import { tableGet } from '../../../src/state/table';
import { keepLaidOut } from '../../../src/state/layout/apply';
import { bindStore } from '../../../src/state/ydoc/binding';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { toDoc } from '../../../src/state/ydoc/toDoc';

const SIZE = Number(process.env.YDOC_SIZE ?? 100_000);
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

function encodeFresh(state: MindMapState, out: Record<string, unknown>): Uint8Array {
  let t = performance.now();
  const doc = new Y.Doc();
  toDoc(doc, state);
  out.toDocMs = Math.round(performance.now() - t);
  t = performance.now();
  const encoded = Y.encodeStateAsUpdate(doc);
  out.encodeMs = Math.round(performance.now() - t);
  out.encodedMB = mb(encoded.byteLength);
  doc.destroy();
  return encoded;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
}

describe.runIf(process.env.YDOC_MEASURE)('document store at scale (measured)', () => {
  it(`measures ${SIZE} topics`, () => {
    const out: Record<string, unknown> = { topics: SIZE };
    const restored = restoreMap(generateMap(SIZE, { seed: 42 }));
    if (!restored.ok) throw new Error(restored.error);
    gc();
    const heap0 = process.memoryUsage().heapUsed;

    // Built in a function of its own, so that the first document is garbage once encoded.
    const encoded = encodeFresh(restored.state, out);
    gc();
    const heap1 = process.memoryUsage().heapUsed;

    // A replica loading the stored document: apply the update, then bind an empty store (fromDoc).
    const fresh = new Y.Doc();
    let t = performance.now();
    Y.applyUpdate(fresh, encoded);
    out.loadUpdateMs = Math.round(performance.now() - t);
    gc();
    out.heapDocMB = mb(process.memoryUsage().heapUsed - heap1);
    t = performance.now();
    fromDoc(fresh);
    out.fromDocMs = Math.round(performance.now() - t);
    const store = new MindMapStore();
    t = performance.now();
    const binding = bindStore(store, fresh);
    out.bindMs = Math.round(performance.now() - t);
    gc();
    out.heapDocAndStateMB = mb(process.memoryUsage().heapUsed - heap1);
    void heap0;

    const sizes: number[] = [];
    fresh.on('update', (u: Uint8Array) => sizes.push(u.byteLength));
    const parents = [store.getState().rootId, ...(tableGet(store.getState().kids, store.getState().rootId) ?? [])];
    const measureEdits = (label: string, edit: (i: number) => void) => {
      const times: number[] = [];
      sizes.length = 0;
      for (let i = 0; i < 60; i++) {
        const s0 = performance.now();
        edit(i);
        times.push(performance.now() - s0);
      }
      // The first edits include V8 warm-up; report the rest.
      const steady = times.slice(10);
      out[label] = { medianMs: +median(steady).toFixed(3), p95Ms: +p95(steady).toFixed(3), medianBytes: median(sizes), maxBytes: Math.max(...sizes) };
    };
    measureEdits('addChild', (i) => addChild(store, parents[i % parents.length]));
    measureEdits('rename', (i) => renameNode(store, parents[1 + (i % (parents.length - 1))], `Renamed ${i}`));
    measureEdits('undo', () => store.undo());

    // Another replica's adds, applied here (the incremental path another tab's edit takes).
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(fresh));
    const otherStore = new MindMapStore();
    const otherBinding = bindStore(otherStore, other);
    const remote: Uint8Array[] = [];
    other.on('update', (u: Uint8Array) => remote.push(u));
    for (let i = 0; i < 60; i++) addChild(otherStore, parents[i % parents.length]);
    otherBinding.destroy();
    other.destroy();
    const applyTimes: number[] = [];
    for (const u of remote) {
      const s0 = performance.now();
      Y.applyUpdate(fresh, u, 'remote');
      applyTimes.push(performance.now() - s0);
    }
    const steadyApply = applyTimes.slice(10);
    out.remoteAddApplied = { medianMs: +median(steadyApply).toFixed(3), p95Ms: +p95(steadyApply).toFixed(3) };

    // With auto-layout on, an add moves tens of thousands of topics; only the add is written.
    const stop = keepLaidOut(store);
    updateSettings(store, { layout: 'balanced', autoLayout: true });
    measureEdits('addChildWithAutoLayout', (i) => addChild(store, parents[i % parents.length]));
    stop();
    binding.destroy();
    console.log(`ydoc measurements ${JSON.stringify(out, null, 1)}`);
  }, 600_000);
});
