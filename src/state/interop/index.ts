/**
 * The one entry the Import dialog, the drop handler and the parsing worker call: bytes or text in,
 * a map snapshot with its fidelity report out (or a message naming the format and the reason, or
 * the list of sheets to choose from for an XMind file with several).
 */
import type { MindMapState } from '../doc';
import { MESSAGES, type MapSnapshot } from '../model';
import { parseMapText } from '../restore';
import { snapshotView } from '../snapshot';
import { FORMAT_NAMES, claimedName, detectFormat, formatFromExtension, sizeError, type FormatId } from './detect';
import { readFreemind } from './freemind';
import { readMarkdown } from './markdown';
import { readOpml } from './opml';
import { FormatError, type ReadResult } from './reader';
import { ReportBuilder, type ImportReport } from './report';
import { readText } from './text';
import { toMap } from './toMap';
import { listXmindSheets, readXmind, type SheetSummary } from './xmind';
import { decodeText } from './encoding';
import { decodeXml } from './xml';

export { MAX_IMPORT_BYTES } from './reader';
export { sizeError } from './detect';
export { NOT_UTF8_WARNING, decodeText } from './encoding';
export type { ImportReport } from './report';

export interface MapFileInput {
  bytes?: Uint8Array;
  text?: string;
  fileName?: string;
}

export interface MapFileOptions {
  /** For XMind files with several sheets: one sheet (0-based) or all of them. */
  sheet?: number | 'all';
  /**
   * false: topics of formats without positions stay at 0,0, for a caller that lays the map out
   * itself (the editor does, with the sizes the canvas measures). Default: the Balanced layout.
   */
  layout?: boolean;
}

export type MapFileOutcome =
  | {
      ok: true;
      format: string;
      snapshot: MapSnapshot;
      /** The restored map the snapshot describes. */
      state: MindMapState;
      report: ImportReport;
      count: number;
      /** false: a MindFlow JSON whose topics came without positions, laid out on import as other formats are. */
      positioned?: boolean;
      /** A MindFlow JSON: how many repairs changed what it held (dropped, cut or rewrote a value). */
      repaired?: number;
    }
  | { ok: false; error: string }
  | { ok: 'choose-sheet'; sheets: SheetSummary[] };

function readJson(text: string, fileName: string | undefined, warning: string | null = null): MapFileOutcome {
  const result = parseMapText(text);
  if (!result.ok) return { ok: false, error: MESSAGES.importInvalid };
  const report = new ReportBuilder('JSON', fileName);
  if (warning) report.warn(warning);
  // Most topics without a position: a map written by hand or another tool, not one placed here.
  const positioned = result.unplaced * 2 <= result.count;
  for (const r of result.repairs) if (positioned || !r.includes('without a position')) report.warn(`Repaired while loading: ${r}.`);
  if (!positioned) report.choose('Its topics have no positions: the map gets the Balanced layout.');
  const outcome = {
    ok: true as const,
    format: 'JSON',
    snapshot: snapshotView(result.state),
    state: result.state,
    report: report.build(result.count),
    count: result.count,
    ...(result.lossy > 0 ? { repaired: result.lossy } : {}),
  };
  return positioned ? outcome : { ...outcome, positioned: false };
}

function read(format: FormatId, input: MapFileInput, options: MapFileOptions | undefined): ReadResult | MapFileOutcome {
  const { bytes, fileName } = input;
  if (format === 'xmind') {
    if (!bytes) throw new FormatError('XMind', 'it was given as text, not as a file');
    const sheet = options?.sheet;
    if (sheet === undefined) {
      const sheets = listXmindSheets(bytes);
      if (sheets.filter((s) => !s.empty).length > 1) return { ok: 'choose-sheet', sheets };
      // One sheet with topics: read with the empty ones skipped and reported (none at all: refused).
      if (sheets.length > 1) return readXmind(bytes, fileName, 'all');
    }
    return readXmind(bytes, fileName, sheet ?? 0);
  }
  const xml = format === 'freemind' || format === 'opml';
  if (input.text !== undefined || xml) {
    const { text, warning } = input.text !== undefined ? { text: input.text, warning: null } : decodeXml(bytes!, FORMAT_NAMES[format]);
    if (format === 'json') return readJson(text, fileName);
    const result = format === 'freemind' ? readFreemind(text, fileName) : format === 'opml' ? readOpml(text, fileName) : null;
    if (result) {
      if (warning) result.report.warn(warning);
      return result;
    }
  }
  const { text, warning } = input.text !== undefined ? { text: input.text, warning: null } : decodeText(bytes!);
  if (format === 'json') return readJson(text, fileName, warning);
  const result = format === 'markdown' ? readMarkdown(text, fileName) : readText(text, fileName);
  if (warning) result.report.warn(warning);
  return result;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a map file of any supported format into a snapshot and its fidelity report. Never throws:
 * bad input gets `{ ok: false, error }` with "Could not read this {format} file: {reason}" (or the
 * seed's "Invalid JSON data…" for JSON).
 */
export function readMapFile(input: MapFileInput, options?: MapFileOptions): MapFileOutcome {
  const size = input.bytes ? input.bytes.length : (input.text?.length ?? 0);
  const tooLarge = sizeError(size, input.fileName);
  if (tooLarge) return { ok: false, error: tooLarge };
  if (!input.bytes && input.text === undefined) return { ok: false, error: MESSAGES.fileReadError };
  let format: FormatId | undefined;
  try {
    format = detectFormat(input);
    // Pasted text that is JSON of another kind ("42", [1, 2], true) is not an outline of one topic:
    // it is JSON without the map's arrays, refused with the seed's message.
    if (format === 'text' && input.text !== undefined && formatFromExtension(input.fileName) === undefined && isJson(input.text)) format = 'json';
    const result = read(format, input, options);
    if (!('outline' in result)) return result;
    const mapped = toMap(result.outline, result.report, input.fileName, options?.layout ?? true);
    if (!mapped.ok) return { ok: false, error: new FormatError(FORMAT_NAMES[format], 'it holds no map MindFlow can restore').message };
    const report = result.report.build(mapped.count);
    return { ok: true, format: report.format, snapshot: mapped.snapshot, state: mapped.state, report, count: mapped.count };
  } catch (e) {
    if (e instanceof FormatError) return { ok: false, error: e.message };
    if (format === 'json') return { ok: false, error: MESSAGES.importInvalid };
    const name = format ? FORMAT_NAMES[format] : claimedName(input.fileName);
    const detail = e instanceof Error ? e.message.split('\n')[0].slice(0, 160) : String(e);
    return { ok: false, error: new FormatError(name, `it could not be parsed (${detail})`).message };
  }
}
