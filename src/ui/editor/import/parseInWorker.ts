/** Runs one import's reading and parsing in a fresh module worker; cancel() ends it. */
import { MESSAGES } from '../../../state/model';
import type { PlacedMap } from './placeMap';
import type { ParseMessage, ParseRequest, ParseStage, ReadMapOutcome } from './protocol';

export interface ParseProgress {
  stage: ParseStage;
  fraction?: number;
  /** With 'building': the topics of the map on its way. */
  topics?: number;
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

function newWorker(): Worker {
  return new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module', name: 'mindflow-import' });
}

/** A worker started ahead of the next import, and whether it failed before being used. */
let spare: { worker: Worker; failed: boolean } | null = null;

/**
 * Starts the parsing worker before the file comes (the Import dialog opened), so loading its code
 * (150 kB) is not part of the import.
 */
export function prepareParser(): void {
  if (spare) return;
  try {
    const s = { worker: newWorker(), failed: false };
    s.worker.onerror = (e) => {
      e.preventDefault();
      s.failed = true;
    };
    spare = s;
  } catch {
    spare = null;
  }
}

/** The prepared worker is not needed (the dialog closed). */
export function dropPreparedParser(): void {
  spare?.worker.terminate();
  spare = null;
}

function takeWorker(): Worker {
  const s = spare;
  spare = null;
  if (s && !s.failed) return s.worker;
  s?.worker.terminate();
  return newWorker();
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
      worker = takeWorker();
    } catch {
      failed();
      return;
    }
    worker.onmessage = (e: MessageEvent<ParseMessage>) => {
      const m = e.data;
      if (m.type === 'progress') {
        onProgress({ stage: m.stage, fraction: m.fraction, topics: m.topics });
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
