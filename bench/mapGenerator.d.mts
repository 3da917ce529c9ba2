import type { ExportFile } from '../src/state/model';
export declare function rng(seed: number): () => number;
export declare const LAYOUT: { dx: number; dy: number };
export declare const WORDS: string[];
export declare function generateMap(n: number, opts?: { seed?: number; ids?: 'short' | 'nanoid' }): ExportFile;
export declare function generateMapText(n: number, opts?: { seed?: number; ids?: 'short' | 'nanoid' }): string;
