/**
 * Far-out drawing by cells: a tile is cut into CELLS × CELLS cells (2–3 screen pixels each when it is
 * used), every topic and edge marks the cells it covers, and what is drawn is one rectangle per run of
 * equal cells (runs of a row merged with the same run of the rows below).
 *
 * Why: in the overview of a map too big for zoom 0.2, a topic is a fraction of a pixel, and drawing
 * one box per topic and one line per edge makes every frame cost the whole map's vertices (100k
 * topics: ~400 ms per frame on software WebGL). Cells cost what the screen can show: a frame follows
 * the number of runs, which is bounded by the tile's pixels, not by the topics under them.
 */
import { clipPolyline, polylineInside } from './clipPolyline';

export const CELLS = 64;

/** A rectangle of cells: columns x0..x1-1, rows y0..y1-1, and the value they hold. */
export interface CellRun {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  value: number;
}

/** One layer of cells; a value is a colour + 1 (0: empty). Coordinates are tile-local world units. */
export class CellLayer {
  readonly cells: Uint32Array;
  private any = false;

  constructor(
    readonly n: number,
    /** World units per cell. */
    public cell: number,
  ) {
    this.cells = new Uint32Array(n * n);
  }

  get empty(): boolean {
    return !this.any;
  }

  reset(cell: number): void {
    if (this.any) this.cells.fill(0);
    this.any = false;
    this.cell = cell;
  }

  /** Marks every cell the rectangle touches (at least one cell, however small the rectangle). */
  markRect(x0: number, y0: number, x1: number, y1: number, value: number): void {
    const { n, cell } = this;
    const c0 = Math.max(0, Math.floor(x0 / cell));
    const c1 = Math.min(n - 1, Math.floor(Math.max(x0, x1 - 1e-9) / cell));
    const r0 = Math.max(0, Math.floor(y0 / cell));
    const r1 = Math.min(n - 1, Math.floor(Math.max(y0, y1 - 1e-9) / cell));
    if (c0 > c1 || r0 > r1) return;
    const cells = this.cells;
    // One column (a trunk, a topic under a cell wide): a plain loop, not a fill call per row.
    if (c0 === c1) for (let i = r0 * n + c0, end = r1 * n + c0; i <= end; i += n) cells[i] = value;
    else for (let r = r0; r <= r1; r++) cells.fill(value, r * n + c0, r * n + c1 + 1);
    this.any = true;
  }

  /** Marks the cells along a flat [x0, y0, x1, y1, …] polyline, cut to the layer first. */
  markPolyline(pts: readonly number[], value: number): void {
    const size = this.n * this.cell;
    const r = { minX: 0, minY: 0, maxX: size, maxY: size };
    if (polylineInside(pts, r)) this.markPiece(pts, value);
    else for (const piece of clipPolyline(pts, r)) this.markPiece(piece, value);
  }

  private markPiece(pts: readonly number[], value: number): void {
    for (let i = 0; i + 3 < pts.length; i += 2) this.markSegment(pts[i], pts[i + 1], pts[i + 2], pts[i + 3], value);
  }

  private markSegment(ax: number, ay: number, bx: number, by: number, value: number): void {
    const { n, cell } = this;
    if (ax === bx || ay === by) {
      this.markRect(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by), value);
      return;
    }
    // A slanted segment (straight edges): one mark per cell step along its longer axis.
    const steps = Math.ceil(Math.max(Math.abs(bx - ax), Math.abs(by - ay)) / cell) + 1;
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const c = Math.floor((ax + (bx - ax) * t) / cell);
      const rr = Math.floor((ay + (by - ay) * t) / cell);
      if (c >= 0 && c < n && rr >= 0 && rr < n) this.cells[rr * n + c] = value;
    }
    this.any = true;
  }

  /** The marked cells as rectangles: runs along rows, merged down while the next row repeats them. */
  runs(): CellRun[] {
    const { n, cells } = this;
    const out: CellRun[] = [];
    if (!this.any) return out;
    /** Rectangles still open at the previous row, by their first column. */
    let open = new Map<number, CellRun>();
    for (let r = 0; r < n; r++) {
      const next = new Map<number, CellRun>();
      let c = 0;
      while (c < n) {
        const v = cells[r * n + c];
        if (v === 0) {
          c++;
          continue;
        }
        let e = c + 1;
        while (e < n && cells[r * n + e] === v) e++;
        const above = open.get(c);
        if (above && above.x1 === e && above.value === v && above.y1 === r) {
          above.y1 = r + 1;
          next.set(c, above);
        } else {
          const run = { x0: c, y0: r, x1: e, y1: r + 1, value: v };
          out.push(run);
          next.set(c, run);
        }
        c = e;
      }
      open = next;
    }
    return out;
  }
}
