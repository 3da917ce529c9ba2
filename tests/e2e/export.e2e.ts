/**
 * Export (desktop): JSON downloads and round-trips through Import; PNG and PDF are real renders of the
 * whole map at 2× in the current theme; maps too large for one canvas are scaled down with a note.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Session } from './browser';
import { NODE_HEIGHT } from '../../src/scene/constants';
import { NODE_MIN_WIDTH } from '../../src/state/model';
import { EXPORT_MARGIN } from '../../src/ui/editor/export/rasterPlan';
import { button, child, expectHidden, expectToast, labels, mapOf, nodeData, openEditor, readDownload, resetMap, today } from './editor.helpers';

let session: Session;
let page: Page;

beforeAll(async () => {
  session = await openEditor();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await resetMap(page);
});

async function exportAs(format: 'JSON' | 'PNG' | 'PDF') {
  await button(page.getByRole('complementary', { name: 'Tools' }), 'Export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
  return download;
}

function pngInfo(buf: Buffer) {
  expect(buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  // First pixel: concatenate IDAT chunks, inflate; row 0 = filter byte + RGBA (raw for every filter on row 0).
  const idat: Buffer[] = [];
  for (let off = 8; off < buf.length; ) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    if (type === 'IDAT') idat.push(buf.subarray(off + 8, off + 8 + len));
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, firstPixel: [raw[1], raw[2], raw[3]] };
}

describe('Export', () => {
  it('JSON downloads mindflow_{date}.json with a toast and round-trips through Import', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('a', 'Alpha'), child('b', 'Beta', 'a', 400, 0)])));
    const download = await exportAs('JSON');
    const name = `mindflow_${today()}.json`;
    expect(download.suggestedFilename()).toBe(name);
    await expectToast(page, 'Export Successful', `Your mind map has been exported as ${name}`);
    const text = (await readDownload(download)).toString('utf8');
    const file = JSON.parse(text);
    expect(file.meta.version).toBe('1.0');
    expect(new Date(file.meta.exportedAt).toString()).not.toBe('Invalid Date');
    expect(file.nodes).toHaveLength(3);
    expect(file.edges).toHaveLength(2);

    await resetMap(page);
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Import').click();
    const dialog = page.getByRole('dialog', { name: 'Import Mind Map' });
    await dialog.getByLabel('Paste JSON').fill(text);
    await button(dialog, 'Import').click();
    await expectHidden(dialog);
    await expectToast(page, 'Import Successful', 'Imported mind map with 3 nodes');
    expect(await labels(page)).toEqual(['Alpha', 'Beta', 'Main Topic']);
    expect((await nodeData(page, 'b')).label).toBe('Beta');
  });

  it('after an export from the keyboard, focus is back on the Export button', async () => {
    const exportButton = button(page.getByRole('complementary', { name: 'Tools' }), 'Export');
    await exportButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'PNG' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        for (let i = 0; i < 8 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'PNG'; i++) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      })(),
    ]);
    expect(download.suggestedFilename()).toBe(`mindflow_${today()}.png`);
    await expectToast(page, 'Export Successful');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Export');
  });

  it('PNG is the whole map at 2× in the current theme', async () => {
    // One topic of minimum width (140 × card height) plus the margin each side, in world units.
    const w = NODE_MIN_WIDTH + 2 * EXPORT_MARGIN;
    const h = NODE_HEIGHT + 2 * EXPORT_MARGIN;
    const download = await exportAs('PNG');
    const name = `mindflow_${today()}.png`;
    expect(download.suggestedFilename()).toBe(name);
    await expectToast(page, 'Export Successful', `Your mind map has been exported as ${name}`);
    const dark = pngInfo(await readDownload(download));
    expect([dark.width, dark.height]).toEqual([w * 2, h * 2]);
    expect(dark.firstPixel).toEqual([0x11, 0x13, 0x1c]);

    // A wider map (far beyond the viewport) and the light theme.
    await resetMap(page, JSON.stringify(mapOf([child('far', 'Far away', 'root', 3000, 900)])));
    await button(page, 'Toggle theme').click();
    const light = pngInfo(await readDownload(await exportAs('PNG')));
    expect(light.width).toBe((3000 + w) * 2);
    expect(light.height).toBe((900 + h) * 2);
    expect(light.firstPixel).toEqual([0xf7, 0xf8, 0xfb]);
    await button(page, 'Toggle theme').click();
  });

  it('PDF has one page sized to the map', async () => {
    const download = await exportAs('PDF');
    const name = `mindflow_${today()}.pdf`;
    expect(download.suggestedFilename()).toBe(name);
    await expectToast(page, 'Export Successful', `Your mind map has been exported as ${name}`);
    const pdf = (await readDownload(download)).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(1);
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
    expect(box).not.toBeNull();
    // The map's size in CSS px (topic plus margins) at 0.75 pt per px.
    expect(Number(box![1])).toBeCloseTo((NODE_MIN_WIDTH + 2 * EXPORT_MARGIN) * 0.75, 0);
    expect(Number(box![2])).toBeCloseTo((NODE_HEIGHT + 2 * EXPORT_MARGIN) * 0.75, 0);
    expect(pdf).toContain('/Subtype /Image');
  });

  it('scales a map too large for one canvas down and says so', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('far', 'Very far', 'root', 30000, 0)])));
    const download = await exportAs('PNG');
    const t = await expectToast(page, 'Export Successful', 'scaled to');
    expect(await t.textContent()).toContain('too large for one image');
    const info = pngInfo(await readDownload(download));
    expect(info.width).toBeLessThanOrEqual(8192);
    expect(info.width).toBeGreaterThan(8000);
    expect(session.consoleErrors).toEqual([]);
  });
});
