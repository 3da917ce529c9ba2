/** Messages between the import dialog and the parsing worker (importWorker.ts). */
import type { readMapFile } from '../../../state/interop';
import type { MapSnapshot } from '../../../state/model';
import type { PlacedMap, PlaceRequest } from './placeMap';

type ReadOutcome = Awaited<ReturnType<typeof readMapFile>>;
type Read = Extract<ReadOutcome, { ok: true }>;

/**
 * A read map as it comes from the worker: as compact text (state/mapText.ts) where the map allows,
 * else as its snapshot (structured clone).
 */
export type ParsedMap = Omit<Read, 'snapshot' | 'state'> & ({ mapText: string } | { snapshot: MapSnapshot });

export type ReadMapOutcome = Exclude<ReadOutcome, { ok: true }> | ParsedMap;
export type SheetChoice = number | 'all';

export interface ParseRequest {
  /** A file is read inside the worker; pasted text is sent as it is. */
  file?: File;
  text?: string;
  sheet?: SheetChoice;
  /** Lay a map without positions out in the worker too, after sending it (placeMap.ts). */
  place?: PlaceRequest;
}

/** 'building': the map is read and on its way; the page builds it next (`topics` says how big). */
export type ParseStage = 'reading' | 'parsing' | 'building';

export type ParseMessage =
  | { type: 'progress'; stage: ParseStage; /** 0..1 of the bytes read, while reading. */ fraction?: number; topics?: number }
  | { type: 'done'; outcome: ReadMapOutcome }
  /** After 'done', for a request with `place`: where the topics go (null: the page lays the map out). */
  | { type: 'placed'; placed: PlacedMap | null };
