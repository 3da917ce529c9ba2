import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MinimapPainter, type MinimapSurface } from '../../../src/scene/minimap/minimapPainter';
import { MINIMAP_H, MINIMAP_W, viewFrame } from '../../../src/scene/minimap/Minimap';
import { HIT_MARGIN_BOTTOM, HIT_MARGIN_TOP, HIT_MARGIN_X, NODE_HEIGHT } from '../../../src/scene/constants';
import { rectsIntersect, type Rect } from '../../../src/scene/geometry';

/** Counts what the painter draws: full pictures and patched boxes. */
class CountingSurface implements MinimapSurface {
  bounds: Rect | null = null;
  private next: Rect | null = null;
  fullBoxes = 0;
  patchedBoxes = 0;
  commits = 0;
  patches = 0;
  beginContent(b: Rect | null): void {
    this.next = b;
  }
  addBox(): void {
    this.fullBoxes++;
  }
  commitContent(): void {
    this.bounds = this.next;
    this.commits++;
  }
  overBoxes = 0;
  patchContent(regions: readonly Rect[], draw: (add: MinimapSurface['addBox'], cleared: Rect[]) => void): void {
    this.patches++;
    // As if a picture pixel spanned 20 world units.
    draw(() => this.patchedBoxes++, regions.map((r) => ({ minX: r.minX - 20, minY: r.minY - 20, maxX: r.maxX + 20, maxY: r.maxY + 20 })));
  }
  sameDot(a: Rect, b: Rect): boolean {
    const px = (r: Rect) => [r.minX, r.minY, r.maxX, r.maxY].map((v) => Math.floor(v / 20)).join();
    return px(a) === px(b);
  }
  drawOver(draw: (add: MinimapSurface['addBox']) => void): void {
    draw(() => this.overBoxes++);
  }
  drawView(): void {}
}

function hitBox(x: number, y: number, w: number): Rect {
  return { minX: x - HIT_MARGIN_X, minY: y - HIT_MARGIN_TOP, maxX: x + w + HIT_MARGIN_X, maxY: y + NODE_HEIGHT + HIT_MARGIN_BOTTOM };
}

const N = 10_000;

describe('minimap painter', () => {
  let boxes: Map<string, Rect>;
  let visible: Set<string>;
  let colors: Map<string, string>;
  let surface: CountingSurface;
  let painter: MinimapPainter;

  beforeEach(() => {
    vi.useFakeTimers();
    boxes = new Map();
    visible = new Set();
    colors = new Map();
    // A 100 × 100 grid of topics.
    for (let i = 0; i < N; i++) {
      const id = `t${i}`;
      boxes.set(id, hitBox((i % 100) * 300, Math.floor(i / 100) * 80, 140));
      visible.add(id);
      colors.set(id, '#3b82f6');
    }
    surface = new CountingSurface();
    painter = new MinimapPainter(surface, {
      color: (id) => colors.get(id),
      visible: () => visible,
      boxes,
      near: (r, out) => {
        for (const [id, b] of boxes) if (rectsIntersect(b, r)) out.push(id);
      },
      viewRect: () => ({ minX: 0, minY: 0, maxX: 1000, maxY: 800 }),
    });
    painter.schedule();
    vi.runAllTimers();
    expect(surface.commits).toBe(1);
    expect(surface.fullBoxes).toBe(N);
    surface.fullBoxes = 0;
  });

  afterEach(() => {
    painter.destroy();
    vi.useRealTimers();
  });

  test('a rename inside the map patches that topic, it does not repaint everything', () => {
    boxes.set('t5050', hitBox(50 * 300, 50 * 80, 200)); // a longer label: a wider card
    painter.changed(['t5050']);
    vi.runAllTimers();
    expect(surface.commits).toBe(1);
    expect(surface.fullBoxes).toBe(0);
    expect(surface.patches).toBe(1);
    expect(surface.patchedBoxes).toBeGreaterThanOrEqual(1);
    expect(surface.patchedBoxes).toBeLessThan(10);
  });

  test('a rename that leaves the dot on its pixels repaints nothing; a topic that came is painted over the picture', () => {
    boxes.set('t5050', hitBox(50 * 300, 50 * 80, 141)); // one world unit wider: the same pixels
    painter.changed(['t5050']);
    vi.runAllTimers();
    expect(surface.patches).toBe(0);
    expect(surface.overBoxes).toBe(0);

    boxes.set('new', hitBox(50 * 300 + 150, 50 * 80, 100));
    visible.add('new');
    painter.changed(['new']);
    vi.runAllTimers();
    expect(surface.patches).toBe(0);
    expect(surface.overBoxes).toBe(1);
    expect(surface.fullBoxes).toBe(0);

    // Once there, it is patched as any other: its colour changes on the same pixels.
    colors.set('new', '#f97316');
    painter.changed(['new']);
    vi.runAllTimers();
    expect(surface.patches).toBe(1);
    expect(surface.patchedBoxes).toBeGreaterThanOrEqual(1);
    expect(surface.fullBoxes).toBe(0);
  });

  test('a colour change, a hidden topic and a moved one inside the bounds are patches too', () => {
    colors.set('t10', '#f97316');
    visible.delete('t5005');
    boxes.set('t7070', hitBox(70 * 300 + 40, 70 * 80 + 20, 140));
    painter.changed(['t10', 't5005', 't7070']);
    vi.runAllTimers();
    expect(surface.fullBoxes).toBe(0);
    expect(surface.patches).toBe(1);
    expect(surface.patchedBoxes).toBeLessThan(20);
  });

  test('a topic on the edge whose card only grows within the picture is patched; one that shrinks is not', () => {
    // t0 makes the map's top and left edges; a longer label widens its card to the right.
    boxes.set('t0', hitBox(0, 0, 170));
    painter.changed(['t0']);
    vi.runAllTimers();
    expect(surface.fullBoxes).toBe(0);
    expect(surface.patches).toBe(1);

    boxes.set('t0', hitBox(0, 0, 140));
    painter.changed(['t0']);
    vi.runAllTimers();
    expect(surface.fullBoxes).toBe(N);
  });

  test('a topic beyond the bounds, one leaving the edge, or a huge change repaint the whole picture', () => {
    boxes.set('t5050', hitBox(-5000, 0, 140));
    painter.changed(['t5050']);
    vi.runAllTimers();
    expect(surface.commits).toBe(2);
    expect(surface.fullBoxes).toBe(N);
    expect(surface.bounds!.minX).toBeLessThan(-5000);

    surface.fullBoxes = 0;
    visible.delete('t5050'); // the topic that made the left edge: the map shrinks
    painter.changed(['t5050']);
    vi.runAllTimers();
    expect(surface.fullBoxes).toBe(N - 1);
    expect(surface.bounds!.minX).toBeGreaterThan(-1000);

    surface.fullBoxes = 0;
    painter.changed(Array.from({ length: 3000 }, (_, i) => `t${i + 10}`));
    vi.runAllTimers();
    expect(surface.fullBoxes).toBe(N - 1);
  });
});

describe('the view outline', () => {
  test('a view reaching past the top or left edge is outlined where it is, not shifted inwards', () => {
    // A view from row -9.7 to 18.5 of the minimap: its outline ends at 18.5, as its fill does.
    const f = viewFrame(20, -9.7, 50, 28.2);
    expect(f.y).toBe(0.75);
    expect(f.y + f.height).toBeCloseTo(18.5, 10);
    const g = viewFrame(-30, 10, 60, 20);
    expect(g.x).toBe(0.75);
    expect(g.x + g.width).toBeCloseTo(30, 10);
    // Inside, it is the view; past the far edges, cut at them.
    expect(viewFrame(10, 10, 20, 20)).toEqual({ x: 10, y: 10, width: 20, height: 20 });
    const h = viewFrame(150, 100, 200, 200);
    expect(h.x + h.width).toBe(MINIMAP_W - 0.75);
    expect(h.y + h.height).toBe(MINIMAP_H - 0.75);
  });
});
