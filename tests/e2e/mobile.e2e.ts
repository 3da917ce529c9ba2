/**
 * The editor on a phone (390×844, touch): "Toggle tools", the mobile bar (Fit view, Fullscreen), no
 * zoom buttons, the Edit Node panel as a fixed centred card, and the dialogs fitting the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Session } from './browser';
import { settled } from './waits';
import { button, child, editPanel, expectHidden, expectToast, expectVisible, mapOf, nodeCount, openEditor, resetMap, selectedId } from './editor.helpers';

let session: Session;
let page: Page;

beforeAll(async () => {
  session = await openEditor({ mobile: true });
  page = session.page;
  await resetMap(page);
});

afterAll(async () => {
  await session?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the root is on screen, once the scene is idle. */
async function rootRect(): Promise<Box> {
  await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
  return (await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('root')))!;
}

/** A finger on the middle of a box. */
const tapMiddle = (r: Box) => page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);

/** Taps the root on a fresh map, a double tap's time after any tap before. */
async function tapRootAfresh(): Promise<void> {
  await resetMap(page);
  await page.waitForTimeout(400);
  await tapMiddle(await rootRect());
  await expectVisible(editPanel(page));
}

/** Double-taps the root of a fresh map and waits for its in-place title editor; `between` runs between the taps. */
async function doubleTapRoot(between?: () => Promise<void>): Promise<void> {
  await resetMap(page);
  const at = await rootRect();
  // A tap of the test before, on the same topic, is not the first tap of this double tap.
  await page.waitForTimeout(400);
  await tapMiddle(at);
  await page.waitForTimeout(150);
  await between?.();
  await tapMiddle(at);
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'label-editor', undefined, { timeout: 5000 });
}

const boxesOverlap = (a: Box, b: Box) => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

describe('editor on mobile', () => {
  it('hides the tool panel behind "Toggle tools" and shows the mobile bar instead of zoom buttons', async () => {
    const panel = page.getByRole('complementary', { name: 'Tools' });
    const toggle = button(page, 'Toggle tools');
    await expectVisible(toggle);
    expect(await panel.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.tap();
    await expectVisible(panel.getByRole('heading', { name: 'Mind Map Builder' }));
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    for (const name of ['Zoom in', 'Zoom out']) expect(await button(page, name).count(), name).toBe(0);
    const bar = page.getByRole('toolbar', { name: 'View' });
    await expectVisible(button(bar, 'Fit view'));
    await expectVisible(button(bar, 'Fullscreen'));
    expect(await button(page, 'Fit view').count()).toBe(1); // only the bar's
    for (const name of ['Snap to grid', 'Performance mode', 'Toggle theme']) await expectVisible(button(page, name));
    await button(bar, 'Fit view').tap();

    await toggle.tap();
    await expectHidden(panel);
  });

  it('edits a topic in a fixed, centred card', async () => {
    await button(page, 'Toggle tools').tap();
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Add Node').tap();
    expect(await nodeCount(page)).toBe(2);
    await button(page, 'Toggle tools').tap();
    const panel = editPanel(page);
    await expectVisible(panel);
    const box = (await panel.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(280);
    expect(box.width).toBeLessThanOrEqual(300);
    expect(Math.abs(box.x + box.width / 2 - 195)).toBeLessThanOrEqual(2);
    expect(Math.abs(box.y + box.height / 2 - 422)).toBeLessThanOrEqual(2);
    expect(await panel.getByRole('button', { name: 'Move panel (arrow keys)' }).count()).toBe(0);
    await panel.getByLabel('Title', { exact: true }).fill('Phone topic');
    await button(panel, 'Save Changes').tap();
    await expectToast(page, 'Node Updated', 'Your changes have been saved');
    await button(panel, 'Delete').tap();
    await expectHidden(panel);
    expect(await nodeCount(page)).toBe(1);
  });

  it('toasts open below the header buttons, and a tap on one closes it', async () => {
    await tapRootAfresh();
    const panel = editPanel(page);
    await panel.getByLabel('Title', { exact: true }).fill('Toast topic');
    await button(panel, 'Save Changes').tap();
    const shown = await expectToast(page, 'Node Updated', 'Your changes have been saved');
    await settled(shown);
    const toastBox = (await shown.boundingBox())!;
    expect(boxesOverlap(toastBox, (await button(page, 'Toggle tools').boundingBox())!)).toBe(false);
    expect(boxesOverlap(toastBox, (await page.getByRole('link', { name: 'Back to Home' }).boundingBox())!)).toBe(false);
    // A tap leaves the page's mouse over the toast, which held it open for good: the tap closes it.
    await page.touchscreen.tap(toastBox.x + toastBox.width / 2, toastBox.y + toastBox.height / 2);
    await expectHidden(shown);
    await page.keyboard.press('Escape');
  });

  it('"Restore previous map" keeps each row\'s Restore button whole', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('a', 'A topic with a fairly long title for a phone screen')])));
    const toggle = button(page, 'Toggle tools');
    await toggle.tap();
    const tools = page.getByRole('complementary', { name: 'Tools' });
    await button(tools, 'Clear Map').tap();
    await button(page.getByRole('dialog', { name: 'Clear the map?' }), 'Clear Map').tap();
    await expect.poll(() => nodeCount(page)).toBe(1);
    if (!(await tools.isVisible())) await toggle.tap();
    await button(tools, 'Restore previous map').tap();
    const dialog = page.getByRole('dialog', { name: 'Restore previous map' });
    const restore = dialog.getByRole('button', { name: /^Restore "/ }).first();
    await expectVisible(restore);
    expect(await restore.evaluate((b) => [...b.querySelectorAll('*')].every((el) => el.scrollWidth <= el.clientWidth + 1))).toBe(true);
    expect(await restore.innerText()).toBe('Restore');
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    if (await tools.isVisible()) await toggle.tap();
  });

  it('brings a topic added from the tool panel on screen', async () => {
    await resetMap(page);
    const toggle = button(page, 'Toggle tools');
    await toggle.tap();
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Add Node').tap();
    await toggle.tap();
    const added = (await page.evaluate(() => (window as any).__mindflow.store.getState().selectedNodeId)) as string;
    // Placed 200 right of the root, past a phone's right edge; the view follows it.
    await page.waitForTimeout(600);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const r = (await page.evaluate((id) => (window as any).__mindflow.scene.nodeClientRect(id), added))!;
    expect(r.x).toBeGreaterThanOrEqual(0);
    expect(r.x + r.width).toBeLessThanOrEqual(390);
    expect(r.y).toBeGreaterThanOrEqual(0);
    expect(r.y + r.height).toBeLessThanOrEqual(844);
    // The Edit card, hidden while the tool panel was open over it, is back and not over the topic.
    const card = (await editPanel(page).boundingBox())!;
    expect(boxesOverlap(r, card)).toBe(false);
  });

  it('brings a tapped topic out from under the Edit card once a double tap can no longer follow', async () => {
    await resetMap(page);
    await page.waitForTimeout(400);
    const r = await rootRect();
    await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
    await expectVisible(editPanel(page));
    await page.waitForTimeout(900);
    const now = await rootRect();
    const card = (await editPanel(page).boundingBox())!;
    expect(boxesOverlap(now, card)).toBe(false);
    await page.keyboard.press('Escape');
  });

  it('hides the Edit card while the tool panel is open over it', async () => {
    await resetMap(page);
    const r = await rootRect();
    await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
    await expectVisible(editPanel(page));
    const toggle = button(page, 'Toggle tools');
    await toggle.tap();
    await expectHidden(editPanel(page));
    await expectVisible(button(page.getByRole('complementary', { name: 'Tools' }), 'Clear Map'));
    await toggle.tap();
    await expectVisible(editPanel(page));
    await page.keyboard.press('Escape');
  });

  it('a double tap edits the title in place; the card that appears lets that second tap through', async () => {
    await doubleTapRoot(async () => {
      // The centred card appears over the topic before the second tap of the double tap (350 ms).
      expect(await editPanel(page).isVisible()).toBe(true);
    });
    // In the upper half, above where the on-screen keyboard opens; the card steps aside meanwhile.
    const editor = await page.evaluate(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return { y: r.y, height: r.height };
    });
    expect(editor.y + editor.height).toBeLessThanOrEqual(844 / 2);
    await expectHidden(editPanel(page));
    expect(await nodeCount(page)).toBe(1);
    expect(await page.evaluate(() => (window as any).__mindflow.node('root').data.color)).toBe('#9b87f5');
    await page.keyboard.press('Escape');
  });

  it('while a title is edited in place the Edit card steps aside, and the on-screen keyboard keeps the view', async () => {
    await doubleTapRoot();
    await expectHidden(editPanel(page));
    const view = () => page.evaluate(() => (window as any).__mindflow.scene.getViewport());
    const before = await view();
    try {
      // The keyboard opens: the page gets shorter.
      await page.setViewportSize({ width: 390, height: 470 });
      await page.waitForTimeout(700);
      expect(await view()).toEqual(before);
      const onTop = await page.evaluate(() => {
        const r = document.activeElement!.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === document.activeElement && r.bottom <= innerHeight;
      });
      expect(onTop).toBe(true);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Typed above the keyboard');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => (window as any).__mindflow.node('root').data.label)).toBe('Typed above the keyboard');
      await expectVisible(editPanel(page));
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    await page.waitForTimeout(700);
    expect(await view()).toEqual(before);
    await page.keyboard.press('Escape');
  });

  it('a keyboard that leaves less than the upper half: the title being edited is brought above it', async () => {
    // A topic below the middle of the screen: its editor opens low in the upper half.
    await resetMap(page, JSON.stringify(mapOf([child('low', 'Low topic', 'root', 0, 900)])));
    // At zoom 1, the topic in the lower half of the screen (screen = world × zoom + camera).
    await page.evaluate(() => (window as any).__mindflow.scene.setViewport({ x: 100, y: -250, zoom: 1 }));
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const at = (await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('low')))!;
    await page.waitForTimeout(400);
    await tapMiddle(at);
    await page.waitForTimeout(150);
    await tapMiddle(at);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'label-editor', undefined, { timeout: 5000 });
    const bottom = await page.evaluate(() => document.activeElement!.getBoundingClientRect().bottom);
    // A keyboard taller than the guess: the screen left above it ends 20 px above the editor's bottom.
    const height = Math.round(bottom) - 20;
    expect(height).toBeGreaterThan(150);
    try {
      await page.setViewportSize({ width: 390, height });
      await page.waitForFunction(() => document.activeElement!.getBoundingClientRect().bottom <= innerHeight, undefined, { timeout: 5000 });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('label-editor');
      expect(await page.evaluate(() => document.activeElement!.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
    await page.keyboard.press('Escape');
  });

  it('a tap on another topic while a title is typed in place keeps the title and shows that topic\'s card', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('b', 'Beta', 'root', 0, 200)])));
    const at = await rootRect();
    await page.waitForTimeout(400);
    await tapMiddle(at);
    await page.waitForTimeout(150);
    await tapMiddle(at);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'label-editor', undefined, { timeout: 5000 });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Typed in place');
    await page.waitForTimeout(400);
    await tapMiddle((await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('b')))!);
    await expect.poll(() => page.evaluate(() => (window as any).__mindflow.node('root').data.label)).toBe('Typed in place');
    await expect.poll(() => selectedId(page)).toBe('b');
    await expectVisible(editPanel(page));
    await page.keyboard.press('Escape');
  });

  it('a tap on a topic near its side selects it (it does not start a connection)', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('b', 'Beta', 'root', 0, 200)])));
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    await page.waitForTimeout(400);
    const r = await rootRect();
    await page.touchscreen.tap(r.x + r.width - 7, r.y + r.height / 2);
    await expect.poll(() => selectedId(page)).toBe('root');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    await tapMiddle((await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('b')))!);
    await expect.poll(() => selectedId(page)).toBe('b');
    expect(await page.evaluate(() => (window as any).__mindflow.store.getState().edges.n)).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('the Edit card takes a tap once a double tap can no longer follow', async () => {
    await tapRootAfresh();
    await page.waitForTimeout(500);
    const title = editPanel(page).getByLabel('Title', { exact: true });
    await tapMiddle((await title.boundingBox())!);
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await selectedId(page)).toBe('root');
    await page.keyboard.press('Escape');
  });

  it('a tapped topic shows its "+" (as under a mouse pointer), which adds a middle child', async () => {
    await tapRootAfresh();
    await page.waitForTimeout(1200); // the topic comes out from under the card
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const plus = (await page.evaluate(() => (window as any).__mindflow.scene.partClientPoint('root', 'plus')))!;
    await page.touchscreen.tap(plus.x, plus.y);
    await expect.poll(() => nodeCount(page)).toBe(2);
    // The new topic is selected: the root's "+" went with the selection, so a second tap there adds nothing.
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    await page.waitForTimeout(400);
    const again = (await page.evaluate(() => (window as any).__mindflow.scene.partClientPoint('root', 'plus')))!;
    await page.touchscreen.tap(again.x, again.y);
    await page.waitForTimeout(400);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    expect(await nodeCount(page)).toBe(2);
    await page.keyboard.press('Escape');
  });

  it('a pinch that starts on a topic zooms and leaves the topic where it was', async () => {
    await resetMap(page);
    const r = await rootRect();
    const y = r.y + r.height / 2;
    const cx = r.x + r.width / 2;
    const zoom = () => page.evaluate(() => (window as any).__mindflow.scene.getViewport().zoom as number);
    const before = await zoom();
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
    // One finger lands on the topic, the second a moment later, then they spread.
    await touch('touchStart', [{ x: cx - 20, y }]);
    await page.waitForTimeout(150);
    await touch('touchStart', [{ x: cx - 20, y }, { x: cx + 20, y }]);
    for (let k = 1; k <= 8; k++) {
      await touch('touchMove', [{ x: cx - 20 - k * 10, y }, { x: cx + 20 + k * 10, y }]);
      await page.waitForTimeout(30);
    }
    await touch('touchEnd', []);
    await cdp.detach();
    await page.waitForTimeout(300);
    expect(await zoom()).toBeGreaterThan(before * 1.5);
    expect(await page.evaluate(() => (window as any).__mindflow.node('root').position)).toEqual({ x: 0, y: 0 });
  });

  it('shows the whole search banner: the query and an uncut "Clear search"', async () => {
    await resetMap(page);
    const toggle = button(page, 'Toggle tools');
    await toggle.tap();
    await page.getByPlaceholder('Search nodes...').fill('Main');
    await toggle.tap();
    const banner = page.getByRole('status', { name: 'Search results' });
    await expectVisible(banner);
    const cut = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    expect(await banner.getByText('Showing results for').evaluate(cut)).toBe(false);
    expect(await button(banner, 'Clear search').evaluate(cut)).toBe(false);
    await button(banner, 'Clear search').tap();
    await expectHidden(banner);
  });

  it('turned to landscape, the Edit panel goes to the top right corner', async () => {
    await resetMap(page);
    const r = await rootRect();
    await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
    await expectVisible(editPanel(page));
    try {
      await page.setViewportSize({ width: 844, height: 390 });
      await expect.poll(async () => (await editPanel(page).boundingBox())?.x, { timeout: 5000 }).toBe(844 - 290 - 16);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.keyboard.press('Escape');
      await expectHidden(editPanel(page));
    }
  });

  it('turned to landscape, the Templates dialog still shows whole template cards', async () => {
    await resetMap(page);
    try {
      await page.setViewportSize({ width: 844, height: 390 });
      const tools = page.getByRole('complementary', { name: 'Tools' });
      await expectVisible(button(tools, 'Templates'));
      await button(tools, 'Templates').tap();
      const dialog = page.getByRole('dialog', { name: 'Templates' });
      await expectVisible(dialog);
      expect((await dialog.boundingBox())!.height).toBeLessThanOrEqual(390 * 0.6 + 1);
      // A whole card (its name, node count and words) fits in the dialog's list.
      const first = dialog.getByRole('radio').first();
      await first.scrollIntoViewIfNeeded();
      const card = (await first.boundingBox())!;
      const box = (await dialog.boundingBox())!;
      expect(card.y).toBeGreaterThanOrEqual(box.y);
      expect(card.y + card.height).toBeLessThanOrEqual(box.y + box.height);
    } finally {
      await page.keyboard.press('Escape');
      await expectHidden(page.getByRole('dialog', { name: 'Templates' }));
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it("under a finger a tag's remove button and the landing page's footer links are 40 px", async () => {
    const tagged = child('a', 'Tagged');
    await resetMap(page, JSON.stringify(mapOf([{ ...tagged, data: { ...tagged.data, tags: ['one', 'two'] } as typeof tagged.data }])));
    await page.waitForTimeout(400);
    const at = (await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('a')))!;
    await tapMiddle(at);
    await expectVisible(editPanel(page));
    await button(editPanel(page), 'Advanced Options').tap();
    const remove = editPanel(page).getByRole('button', { name: 'Remove tag one' });
    await expectVisible(remove);
    const box = (await remove.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(40);
    expect(box.width).toBeGreaterThanOrEqual(40);
    await session.goto('/');
    try {
      for (const name of ['Features', 'Pricing', 'Enterprise']) {
        const link = page.getByRole('contentinfo').getByRole('link', { name, exact: true });
        await link.scrollIntoViewIfNeeded();
        expect((await link.boundingBox())!.height, name).toBeGreaterThanOrEqual(40);
      }
    } finally {
      await session.goto('/mindmap');
      await page.getByRole('treeitem', { name: 'Tagged' }).waitFor({ state: 'attached', timeout: 30_000 });
    }
  });

  it('fits the dialogs on screen and toggles fullscreen from the bar', async () => {
    await button(page, 'Toggle tools').tap();
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Templates').tap();
    const dialog = page.getByRole('dialog', { name: 'Templates' });
    await expectVisible(dialog);
    const box = (await dialog.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 * 0.6 + 1);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await button(dialog, 'Cancel').tap();
    await expectHidden(dialog);
    await button(page, 'Toggle tools').tap();

    const full = button(page.getByRole('toolbar', { name: 'View' }), 'Fullscreen');
    await full.tap();
    await page.waitForFunction(() => !!document.fullscreenElement, undefined, { timeout: 5000 }).catch(() => {});
    const entered = await page.evaluate(() => !!document.fullscreenElement);
    // The button follows the fullscreenchange event on its next render.
    await expect.poll(() => full.getAttribute('aria-pressed'), { timeout: 5000 }).toBe(String(entered));
    if (entered) {
      await full.tap();
      await page.waitForFunction(() => !document.fullscreenElement);
    }
    expect(session.consoleErrors).toEqual([]);
  });
});
