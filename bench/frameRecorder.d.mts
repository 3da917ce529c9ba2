export interface RawRecording {
  input: { type: string; at: number; seen: number; draws: number } | null;
  /** [rAF time, callback time, rendered time, WebGL draws so far] per frame. */
  frames: number[][];
  started: number;
  ended: number;
  /** [start, duration] of each long task. */
  longTasks: number[][];
}
export interface Row {
  error?: string;
  firstFrameMs?: number;
  /** The first frame the scene drew, whatever `response` says. */
  firstSceneFrameMs?: number | null;
  /** 'page': firstFrameMs is the first rendered frame (the input is answered in the page). */
  response?: 'page';
  noFrameInWindow?: boolean;
  sceneDrew?: boolean;
  p95Ms?: number;
  p50Ms?: number;
  activeFrames?: number;
  p95AllMs?: number;
  maxFrameMs?: number;
  framesOver50?: number;
  frames?: number;
  sceneFrames?: number;
  lastDrawMs?: number | null;
  longestTaskMs?: number;
  longTasksMs?: number;
  windowMs?: number;
  met?: boolean;
}
export const TARGETS: { firstFrameMs: number; p95Ms: number; longestTaskMs: number };
export function pageRecorder(): void;
export function readRow(raw: RawRecording | null, options?: { response?: 'scene' | 'page' }): Row;
export function round(x: number | null | undefined): number | null | undefined;
