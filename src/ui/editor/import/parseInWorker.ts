/** Runs one import's reading and parsing in a fresh module worker; cancel() ends it. */
import { MESSAGES } from '../../../state/model';
import type { ParseMessage, ParseRequest, ParseStage, ReadMapOutcome } from './protocol';

export interface ParseProgress {
  stage: ParseStage;
  fraction?: number;
}

export interface ParseJob {
  result: Promise<ReadMapOutcome>;
  /** Stops the worker; the result then never settles. */
  cancel(): void;
}

export function parseInWorker(request: ParseRequest, onProgress: (p: ParseProgress) => void): ParseJob {
  let worker: Worker | null = null;
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
      stop();
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
  }
  return { result, cancel: stop };
}
