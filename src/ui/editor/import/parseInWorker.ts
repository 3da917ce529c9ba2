/** Runs one import's reading and parsing in a fresh module worker; cancel() ends it. */
import { MESSAGES } from '../../../state/model';
import type { PlacedMap } from './placeMap';
import type { ParseMessage, ParseRequest, ParseStage, ReadMapOutcome } from './protocol';

export interface ParseProgress {
  stage: ParseStage;
  fraction?: number;
}

export interface ParseJob {
  result: Promise<ReadMapOutcome>;
  /**
   * Where the worker puts the topics of a map without positions, after `result` (when the request
   * asked, with `place`); null when it does not (the page lays the map out then).
   */
  placed: Promise<PlacedMap | null>;
  /** Stops the worker; `result` then never settles, `placed` gives null. */
  cancel(): void;
}

export function parseInWorker(request: ParseRequest, onProgress: (p: ParseProgress) => void): ParseJob {
  let worker: Worker | null = null;
  let placedNow: (p: PlacedMap | null) => void = () => {};
  const placed = new Promise<PlacedMap | null>((resolve) => {
    placedNow = resolve;
  });
  const result = new Promise<ReadMapOutcome>((resolve) => {
    const failed = () => {
      stop();
      resolve({ ok: false, error: MESSAGES.fileReadError });
    };
    try {
      worker = new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module', name: 'mindflow-import' });
    } catch {
      failed();
      return;
    }
    worker.onmessage = (e: MessageEvent<ParseMessage>) => {
      const m = e.data;
      if (m.type === 'progress') {
        onProgress({ stage: m.stage, fraction: m.fraction });
        return;
      }
      if (m.type === 'placed') {
        placedNow(m.placed);
        stop();
        return;
      }
      // A map with positions still to come keeps the worker until they are in.
      if (!request.place || m.outcome.ok !== true) stop();
      resolve(m.outcome);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      failed();
    };
    worker.onmessageerror = failed;
    worker.postMessage(request);
  });
  function stop() {
    worker?.terminate();
    worker = null;
    placedNow(null);
  }
  return { result, placed, cancel: stop };
}
