/** Messages between the import dialog and the parsing worker (importWorker.ts). */
import type { readMapFile } from '../../../state/interop';

export type ReadMapOutcome = Awaited<ReturnType<typeof readMapFile>>;
export type SheetChoice = number | 'all';

export interface ParseRequest {
  /** A file is read inside the worker; pasted text is sent as it is. */
  file?: File;
  text?: string;
  sheet?: SheetChoice;
}

export type ParseStage = 'reading' | 'parsing';

export type ParseMessage =
  | { type: 'progress'; stage: ParseStage; /** 0..1 of the bytes read, while reading. */ fraction?: number }
  | { type: 'done'; outcome: ReadMapOutcome };
