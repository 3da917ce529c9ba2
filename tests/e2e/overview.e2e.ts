/* eslint-disable @typescript-eslint/no-explicit-any -- the window.__mindflow debug hook is untyped in the page */
/**
 * The overview: a map too big to fit at the seed's minimum zoom 0.2 fits whole with "Fit view"
 * (zoom below 0.2, every topic inside the canvas), and so does one this person brings in; a map
 * that fits keeps the 0.2 floor.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { closeWithoutErrors, openApp, type Session } from './browser';
import { colourfulPixels } from './pixels';
import { generateMapText } from '../../bench/mapGenerator.mjs';

async function load(page: Page, text: string): Promise<void> {
  await page.waitForFunction(() => !!(window as any).__mindflow?.scene);
  const ok = await page.evaluate((t) => (window as any).__mindflow.importText(t).ok, text);
  expect(ok).toBe(true);
  await idle(page);
}

async function idle(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
}

async function zoom(page: Page): Promise<number> {
  return page.evaluate(() => (window as any).__mindflow.scene.getViewport().zoom);
}

/** The shown topics' cards in client pixels, as one box, and the canvas's client rectangle. */
async function mapAndCanvas(page: Page) {
  return page.evaluate(() => {
    const mf = (window as any).__mindflow;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const id of mf.visibility.visible as Set<string>) {
      const r = mf.scene.nodeClientRect(id);
      if (!r) continue;
      minX = Math.min(minX, r.x);
      minY = Math.min(minY, r.y);
      maxX = Math.max(maxX, r.x + r.width);
      maxY = Math.max(maxY, r.y + r.height);
    }
    const c = document.querySelector('[aria-label="Mind map canvas"]')!.getBoundingClientRect();
    return { map: { minX, minY, maxX, maxY }, canvas: { minX: c.left, minY: c.top, maxX: c.right, maxY: c.bottom } };
  });
}

async function fitView(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fit view' }).click();
  await idle(page);
}

describe('overview zoom', () => {
  let s: Session;
  let page: Page;

  beforeEach(async () => {
    s = await openApp();
    page = s.page;
    await s.goto('/mindmap');
  });

  afterEach(() => closeWithoutErrors(s));

  test('a map brought in that is too big for 0.2 is shown whole at once, without Fit view', async () => {
    await load(page, generateMapText(5000, { seed: 7 }));
    expect(await zoom(page)).toBeLessThan(0.2);
    const { map, canvas } = await mapAndCanvas(page);
    expect(map.minX).toBeGreaterThanOrEqual(canvas.minX);
    expect(map.minY).toBeGreaterThanOrEqual(canvas.minY);
    expect(map.maxX).toBeLessThanOrEqual(canvas.maxX);
    expect(map.maxY).toBeLessThanOrEqual(canvas.maxY);
  });

  test('a map too big for 0.2 fits whole below 0.2, and zooming out stops there', async () => {
    await load(page, generateMapText(5000, { seed: 7 }));
    await fitView(page);
    const z = await zoom(page);
    expect(z).toBeLessThan(0.2);
    expect(z).toBeGreaterThan(0);
    const { map, canvas } = await mapAndCanvas(page);
    expect(map.minX).toBeGreaterThanOrEqual(canvas.minX);
    expect(map.minY).toBeGreaterThanOrEqual(canvas.minY);
    expect(map.maxX).toBeLessThanOrEqual(canvas.maxX);
    expect(map.maxY).toBeLessThanOrEqual(canvas.maxY);
    // Far out the topics stay aggregated boxes in the tiles: no per-topic views.
    const stats = await page.evaluate(() => (window as any).__mindflow.scene.stats());
    expect(stats.lod).toBe('shape');
    expect(stats.nodeViews).toBe(0);
    // So far out that a topic is under a pixel, tiles draw cells: the map is on screen, and only there.
    expect(stats.tilesByCells).toBe(true);
    const onMap = { x: map.minX, y: map.minY, width: map.maxX - map.minX, height: map.maxY - map.minY };
    expect(await colourfulPixels(page, onMap)).toBeGreaterThan(100);
    expect(await colourfulPixels(page, { x: map.maxX + 40, y: map.minY, width: Math.min(200, canvas.maxX - map.maxX - 40), height: map.maxY - map.minY })).toBe(0);

    // The wheel zooms out further only down to the whole-map fit (with the widest fit padding).
    const box = await page.getByRole('application', { name: 'Mind map canvas' }).boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 300);
    await idle(page);
    const floor = await zoom(page);
    expect(floor).toBeLessThanOrEqual(z);
    expect(floor).toBeGreaterThan(z / 2);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await idle(page);
    // (An animation's last step lands within 1e-5 of its end: compare relatively.)
    expect(Math.abs((await zoom(page)) / floor - 1)).toBeLessThan(1e-3);
  });

  test('a map that fits at 0.2 keeps the 0.2 floor', async () => {
    await load(page, generateMapText(40, { seed: 3 }));
    await fitView(page);
    expect(await zoom(page)).toBeGreaterThanOrEqual(0.2);
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
    await idle(page);
    expect(await zoom(page)).toBeCloseTo(0.2, 4);
    expect(await zoom(page)).toBeGreaterThanOrEqual(0.2 - 1e-5);
  });
});
