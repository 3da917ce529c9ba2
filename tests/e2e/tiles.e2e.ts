/* eslint-disable @typescript-eslint/no-explicit-any -- the window.__mindflow debug hook is untyped in the page */
/**
 * Tiles rebuilt in part: a child added to (or taken from) a topic with many children rebuilds only
 * the tiles its own turn and trunk end touch, since the siblings draw the rest of the trunk. What is
 * on screen afterwards must be what a full redraw of every tile gives.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { flatMap } from '../../bench/frameShapes.mjs';
import { closeWithoutErrors, openApp, type Session } from './browser';
import { screenPixels } from './pixels';

/**
 * The edges' column at the far end of the trunk (see the viewport below): the trunk, and each
 * child's turn up to its card. The cards themselves are drawn by topic views, not tiles.
 */
const AREA = { x: 600, y: 100, width: 106, height: 680 };

async function idle(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
}

/** Screen pixels that differ by more than a little in some channel. */
function differing(a: number[], b: number[]): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) > 24 || Math.abs(a[i + 1] - b[i + 1]) > 24 || Math.abs(a[i + 2] - b[i + 2]) > 24) n++;
  }
  return n;
}

/** The view at zoom 0.5 centred between the root and topic `id`, at `id`'s height. */
async function viewBesideTrunk(page: Page, id: string): Promise<void> {
  // The scene takes a whole new map (and fits it) in a frame of its own: the view is set after that.
  await idle(page);
  await page.evaluate((at) => {
    const m = (window as any).__mindflow;
    const root = m.node('root').position;
    const there = m.node(at).position;
    const zoom = 0.5;
    m.scene.setViewport({ x: 640 - ((root.x + there.x) / 2) * zoom, y: 400 - there.y * zoom, zoom }, 0);
  }, id);
  await idle(page);
}

/** Strongly coloured pixels (edges and topic colours, not the grey grid) in a part of a screenshot. */
function colourfulIn(shot: { width: number; height: number; data: number[] }, x0: number, y0: number, w: number, h: number): number {
  let n = 0;
  const d = shot.data;
  for (let y = Math.max(0, y0); y < Math.min(shot.height, y0 + h); y++) {
    for (let x = Math.max(0, x0); x < Math.min(shot.width, x0 + w); x++) {
      const i = (y * shot.width + x) * 4;
      if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) n++;
    }
  }
  return n;
}

/** Every tile drawn afresh (performance mode redraws every edge, and back). */
async function redrawAll(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).__mindflow.scene.setPerformanceMode(true));
  await idle(page);
  await page.evaluate(() => (window as any).__mindflow.scene.setPerformanceMode(false));
  await idle(page);
}

async function shownMatchesFullRedraw(page: Page): Promise<void> {
  const shown = await screenPixels(page, AREA);
  await redrawAll(page);
  const full = await screenPixels(page, AREA);
  expect(differing(shown.data, full.data)).toBeLessThan(20);
}

describe('tiles after a change in a wide family', () => {
  let s: Session;
  let page: Page;

  beforeEach(async () => {
    s = await openApp();
    page = s.page;
    await s.goto('/mindmap');
    await page.waitForFunction(() => !!(window as any).__mindflow?.scene);
  });

  afterEach(() => closeWithoutErrors(s));

  test('adding a last child and undoing it leave what a full redraw draws', async () => {
    const ok = await page.evaluate((t) => (window as any).__mindflow.importText(t).ok, JSON.stringify(flatMap(400)));
    expect(ok).toBe(true);
    // Look at the far end of the trunk, close enough for several tiles along it.
    await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const root = m.node('root').position;
      const last = m.node('f399').position;
      const zoom = 0.5;
      m.scene.setViewport({ x: 640 - ((root.x + last.x) / 2) * zoom, y: 150 - last.y * zoom, zoom }, 0);
    });
    await idle(page);
    const before = await screenPixels(page, AREA);

    // A child added well below the last one (the trunk grows across a tile's edge: tiles are 1,024
    // units), in line with its siblings, and the selection cleared, in one task: the scene draws the
    // new edge in the tiles, and rebuilds only those its own part touches.
    await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const last = m.node('f399').position;
            const id = m.addChild(null, 'Added last');
      m.store.transact('Place', (d: any) => {
        m.editNode(d, id).position = { x: last.x, y: last.y + 1100 };
        d.selectedNodeId = null;
      });
    });
    await idle(page);
    const added = await screenPixels(page, AREA);
    expect(differing(before.data, added.data)).toBeGreaterThan(30); // the trunk goes on to the new child
    await shownMatchesFullRedraw(page);

    // Both steps undone in one task: the edge goes from where the siblings' trunk leads.
    await page.evaluate(() => {
      const m = (window as any).__mindflow;
      m.store.undo();
      m.store.undo();
    });
    await idle(page);
    expect(await page.evaluate(() => (window as any).__mindflow.kids('root').length)).toBe(400);
    const undone = await screenPixels(page, AREA);
    expect(differing(before.data, undone.data)).toBeLessThan(20);
    await shownMatchesFullRedraw(page);
  });

  test('after dragging a topic with hundreds of children, its edges are drawn from where it was dropped', async () => {
    // Over DRAG_EDGES_LATE edges: their boxes are brought up to date when the drag ends, not per move.
    const ok = await page.evaluate((t) => (window as any).__mindflow.importText(t).ok, JSON.stringify(flatMap(400)));
    expect(ok).toBe(true);
    await idle(page);
    await page.evaluate(() => (window as any).__mindflow.scene.setViewport({ x: 900, y: 400, zoom: 0.5 }, 0));
    await idle(page);
    const from = await page.evaluate(() => (window as any).__mindflow.scene.partClientPoint('root', 'body'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // Far enough (1,000 units) that its edges reach tiles their boxes before the drag did not.
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x - i * 50, from.y + i * 8);
    await page.mouse.up();
    await page.evaluate(() => (window as any).__mindflow.store.transact('Deselect', (d: any) => void (d.selectedNodeId = null), { history: false }));
    await idle(page);
    const moved = await page.evaluate(() => (window as any).__mindflow.node('root').position);
    expect(moved.x).toBeLessThan(-900);
    // Between the root's card and its children's: edges only (tiles), none of them dynamic now.
    const area = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const root = m.scene.nodeClientRect('root');
      const child = m.scene.nodeClientRect('f200');
      return { x: Math.round(root.x + root.width + 4), y: 40, width: Math.round(child.x - root.x - root.width - 8), height: 720 };
    });
    expect(area.width).toBeGreaterThan(40);
    const shown = await screenPixels(page, area);
    expect(colourfulIn(shown, 0, 0, area.width, area.height)).toBeGreaterThan(100);
    await redrawAll(page);
    const full = await screenPixels(page, area);
    expect(differing(shown.data, full.data)).toBeLessThan(20);
  });

  test('where a search hides the child reaching farthest, the trunk still runs to the farthest one shown', async () => {
    // The tiles find a big family's trunk through its farthest edge only (edgeFans.ts). " 1" shows
    // f1, f10–f19 and f100–f199 above the root and hides f0, the farthest: the trunk must still
    // run from the root past f10 up to f1.
    const ok = await page.evaluate((t) => (window as any).__mindflow.importText(t).ok, JSON.stringify(flatMap(400)));
    expect(ok).toBe(true);
    await page.evaluate(() => (window as any).__mindflow.store.transact('Search', (d: any) => void (d.searchQuery = ' 1')));
    await viewBesideTrunk(page, 'f5');
    const { rootRight, childLeft, top, bottom } = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const r = m.scene.nodeClientRect('root');
      const f1 = m.scene.nodeClientRect('f1');
      const f10 = m.scene.nodeClientRect('f10');
      return { rootRight: r.x + r.width, childLeft: f1.x, top: f1.y + f1.height / 2, bottom: f10.y + f10.height / 2 };
    });
    expect(bottom - top).toBeGreaterThan(200);
    const trunkX = Math.round((rootRight + childLeft) / 2);
    const area = { x: trunkX - 6, y: Math.round(top) + 4, width: 13, height: Math.round(bottom - top) - 8 };
    const shot = await screenPixels(page, area);
    for (let y0 = 0; y0 + 8 <= shot.height; y0 += 8) expect(colourfulIn(shot, 0, y0, shot.width, 8), `trunk at ${area.y + y0}`).toBeGreaterThan(0);
  });

  test('straight edges (performance mode) are drawn whole across the tiles between a topic and its children', async () => {
    // Straight edges share no trunk: the edge tree must hold each one whole (edgeFans.ts), or the
    // tiles between the root and these children would miss the lines passing through them.
    const ok = await page.evaluate((t) => (window as any).__mindflow.importText(t).ok, JSON.stringify(flatMap(400)));
    expect(ok).toBe(true);
    await page.evaluate(() => (window as any).__mindflow.scene.setPerformanceMode(true));
    await viewBesideTrunk(page, 'f100');
    const childLeft = await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('f100').x as number);
    // Just left of the children's cards, over the whole height: the lines to the children above
    // and below cross every row there.
    const area = { x: Math.round(childLeft) - 30, y: 60, width: 20, height: 680 };
    const shot = await screenPixels(page, area);
    let empty = 0;
    for (let y = 0; y < shot.height; y++) if (colourfulIn(shot, 0, y, shot.width, 1) === 0) empty++;
    expect(empty).toBeLessThan(10);
  });

  test("a selected topic with hundreds of children draws the trunk and every child's turn in view", async () => {
    // 400 children: more dynamic edges than the overlay walks, so it draws only those that show
    // something of their own in view (dynFan.ts). The selection's edges are drawn highlighted, in
    // colour, where the tiles draw edges in grey: what is coloured here comes from the overlay.
    const ok = await page.evaluate((t) => (window as any).__mindflow.importText(t).ok, JSON.stringify(flatMap(400)));
    expect(ok).toBe(true);
    await page.evaluate(() =>
      (window as any).__mindflow.store.transact('Select', (d: any) => {
        d.selectedNodeId = 'root';
      }),
    );
    for (const at of ['f200', 'f399', 'f3']) {
      await viewBesideTrunk(page, at);
      const { rootRight, kids } = await page.evaluate(() => {
        const m = (window as any).__mindflow;
        const r = m.scene.nodeClientRect('root');
        const kids = (m.kids('root') as string[])
          .map((id) => m.scene.nodeClientRect(id))
          .filter((k: any) => k && k.y > 40 && k.y + k.height < 760)
          .map((k: any) => ({ left: k.x, mid: k.y + k.height / 2 }));
        return { rootRight: r.x + r.width, kids };
      });
      expect(kids.length, `children in view around ${at}`).toBeGreaterThan(8);
      const trunkX = Math.round((rootRight + kids[0].left) / 2);
      const area = { x: trunkX - 6, y: 40, width: kids[0].left - trunkX + 6, height: 720 };
      const shot = await screenPixels(page, area);
      const colourful = (x0: number, y0: number, w: number, h: number) => colourfulIn(shot, x0, y0, w, h);
      // The trunk, from the highest child in view to the lowest (dashed: every window of 16 rows
      // holds a dash).
      const top = Math.min(...kids.map((k) => k.mid)) - area.y;
      const bottom = Math.max(...kids.map((k) => k.mid)) - area.y;
      for (let y = Math.max(0, Math.round(top)); y + 16 <= Math.min(shot.height, bottom); y += 16) expect(colourful(0, y, 13, 16), `trunk at ${y + area.y} around ${at}`).toBeGreaterThan(0);
      // Each child's turn and run to its card.
      for (const k of kids) {
        const y = Math.round(k.mid - area.y);
        expect(colourful(12, y - 2, Math.round(k.left - area.x) - 14, 5), `turn to the child at ${Math.round(k.mid)} around ${at}`).toBeGreaterThan(2);
      }
    }
  });
});
