import { describe, expect, it } from 'vitest';
import { CellLayer, type CellRun } from '../../../src/scene/edges/cellRaster';

/** The layer as rows of characters: '.' empty, else the value's last digit. */
function picture(layer: CellLayer): string[] {
  const rows: string[] = [];
  for (let r = 0; r < layer.n; r++) {
    let line = '';
    for (let c = 0; c < layer.n; c++) {
      const v = layer.cells[r * layer.n + c];
      line += v === 0 ? '.' : String(v % 10);
    }
    rows.push(line);
  }
  return rows;
}

/** What the runs cover, painted back into a picture. */
function paint(n: number, runs: CellRun[]): string[] {
  const grid = Array.from({ length: n }, () => Array<string>(n).fill('.'));
  for (const r of runs) for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) {
    expect(grid[y][x]).toBe('.');
    grid[y][x] = String(r.value % 10);
  }
  return grid.map((row) => row.join(''));
}

describe('cells', () => {
  it('marks at least one cell for a rectangle smaller than a cell, and every cell a larger one touches', () => {
    const l = new CellLayer(4, 10);
    l.markRect(1, 1, 2, 2, 1);
    l.markRect(15, 25, 35, 31, 2);
    expect(picture(l)).toEqual(['1...', '....', '.222', '.222']);
  });

  it('keeps what lies outside the layer out', () => {
    const l = new CellLayer(4, 10);
    l.markRect(-50, -50, -10, 100, 1);
    l.markRect(35, 35, 500, 500, 2);
    expect(picture(l)).toEqual(['....', '....', '....', '...2']);
    expect(l.empty).toBe(false);
  });

  it('marks step polylines along their segments, cut to the layer', () => {
    const l = new CellLayer(4, 10);
    // Right from (5, 5), down to y = 35, right to x = 1000 (far past the layer).
    l.markPolyline([5, 5, 15, 5, 15, 35, 1000, 35], 3);
    expect(picture(l)).toEqual(['33..', '.3..', '.3..', '.333']);
  });

  it('marks a slanted segment cell by cell', () => {
    const l = new CellLayer(4, 10);
    l.markPolyline([0, 0, 39, 39], 1);
    expect(picture(l)).toEqual(['1...', '.1..', '..1.', '...1']);
  });

  it('draws every marked cell exactly once, with rows merged into rectangles', () => {
    const l = new CellLayer(8, 1);
    l.markRect(0, 0, 3, 5, 1); // a 3×5 block: one rectangle
    l.markRect(5, 2, 6, 8, 2); // a trunk: one rectangle
    l.markRect(4, 6, 8, 7, 3); // crosses the trunk: split around it
    const runs = l.runs();
    expect(paint(8, runs)).toEqual(picture(l));
    expect(runs.filter((r) => r.value === 1)).toEqual([{ x0: 0, y0: 0, x1: 3, y1: 5, value: 1 }]);
    expect(runs.filter((r) => r.value === 2).length).toBe(2);
  });

  it('costs nothing to reset when nothing was marked, and forgets everything after marks', () => {
    const l = new CellLayer(4, 10);
    expect(l.runs()).toEqual([]);
    l.markRect(0, 0, 40, 40, 1);
    l.reset(20);
    expect(l.empty).toBe(true);
    expect(l.runs()).toEqual([]);
    l.markRect(0, 0, 1, 1, 1);
    expect(l.cell).toBe(20);
    expect(picture(l)[0]).toBe('1...');
  });
});
