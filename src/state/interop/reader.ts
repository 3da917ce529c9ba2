/** What every format reader returns, and the error it throws for input it cannot read. */
import type { Outline } from './outline';
import type { ReportBuilder } from './report';

export interface ReadResult {
  outline: Outline;
  report: ReportBuilder;
}

/**
 * Input a reader cannot read. `reason` completes "Could not read this {format} file: {reason}"
 * (for example format "XMind", reason "content.json is missing").
 */
export class FormatError extends Error {
  constructor(
    readonly format: string,
    readonly reason: string,
  ) {
    super(`Could not read this ${format} file: ${reason}`);
    this.name = 'FormatError';
  }
}

/** Files larger than this are refused before reading; zip entries are capped at it once inflated. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
