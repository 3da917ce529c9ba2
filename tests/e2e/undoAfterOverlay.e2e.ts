/**
 * Undo and redo keys around the tool panel's menus and dialogs: one that has closed but is still
 * fading out does not swallow them, and a press that does nothing says why.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Session } from './browser';
import { button, clickNode, expectToast, nodeCount, nodeData, openEditor, resetMap } from './editor.helpers';

/* eslint-disable @typescript-eslint/no-explicit-any */

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

const tools = () => page.getByRole('complementary', { name: 'Tools' });
const exportButton = () => button(tools(), 'Export');

/**
 * Presses Ctrl+`key` (with Shift for redo) on `opener` the moment focus comes back to it after
 * `close` closes the menu or dialog it opened, while that one is still fading out. Returns whether
 * the menu or dialog (`fading`) was still in the page at that press.
 */
async function pressAsFocusReturns(opener: Locator, fading: string, key: Key, close: () => Promise<unknown>): Promise<boolean> {
  await opener.evaluate(
    (el, { k, sel }) => {
      (window as any).__fadingAtPress = undefined;
      el.addEventListener(
        'focusin',
        () => {
          (window as any).__fadingAtPress = document.querySelector(sel) !== null;
          el.dispatchEvent(new KeyboardEvent('keydown', { ...k, ctrlKey: true, bubbles: true, cancelable: true }));
        },
        { once: true },
      );
    },
    { k: key, sel: fading },
  );
  await close();
  await page.waitForFunction(() => (window as any).__fadingAtPress !== undefined, undefined, { timeout: 5000 });
  await page.waitForFunction((sel) => document.querySelector(sel) === null, fading, { timeout: 5000 });
  return page.evaluate(() => (window as any).__fadingAtPress as boolean);
}

async function exportJsonThenPress(key: Key): Promise<boolean> {
  await exportButton().click();
  const json = page.getByRole('menuitem', { name: 'JSON' });
  await json.waitFor();
  return pressAsFocusReturns(exportButton(), '[role="menu"]', key, () => Promise.all([page.waitForEvent('download'), json.click()]));
}

interface Key {
  key: string;
  code: string;
  shiftKey: boolean;
}

const UNDO: Key = { key: 'z', code: 'KeyZ', shiftKey: false };
const REDO: Key = { key: 'Z', code: 'KeyZ', shiftKey: true };

describe('undo and redo keys after a menu or dialog', () => {
  it('Ctrl+Z and Ctrl+Shift+Z pressed as the Export menu fades out undo and redo', async () => {
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+n');
    expect(await nodeCount(page)).toBe(4);

    expect(await exportJsonThenPress(UNDO)).toBe(true);
    expect(await nodeCount(page)).toBe(3);
    expect(await exportJsonThenPress(UNDO)).toBe(true);
    expect(await nodeCount(page)).toBe(2);
    expect(await exportJsonThenPress(REDO)).toBe(true);
    expect(await nodeCount(page)).toBe(3);
  });

  it('Ctrl+Z pressed as the Clear Map dialog fades out brings the map back', async () => {
    for (let i = 0; i < 2; i++) await page.keyboard.press('Control+n');
    expect(await nodeCount(page)).toBe(3);
    const clear = button(tools(), 'Clear Map');
    await clear.click();
    const dialog = page.getByRole('dialog', { name: 'Clear the map?' });
    expect(await pressAsFocusReturns(clear, '[aria-modal="true"]', UNDO, () => button(dialog, 'Clear Map').click())).toBe(true);
    expect(await nodeCount(page)).toBe(3);
  });

  it('Ctrl+Z pressed at once after Escape closes a dialog undoes', async () => {
    for (let i = 0; i < 2; i++) await page.keyboard.press('Control+n');
    expect(await nodeCount(page)).toBe(3);
    // A slow machine: focus comes back from the closed dialog many frames later.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    try {
      for (const name of ['Templates', 'Import']) {
        const before = await nodeCount(page);
        await button(tools(), name).click();
        await page.getByRole('dialog').first().waitFor();
        // Focus is in the dialog as Escape closes it, and for a while after.
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+z');
        await page.waitForFunction((n) => (window as any).__mindflow.store.getState().nodes.n === n - 1, before, { timeout: 5000 });
        await page.locator('[aria-modal="true"]').waitFor({ state: 'detached', timeout: 5000 });
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  });

  it('an undo or redo key with nothing to do, or pressed in an open menu, says so', async () => {
    await page.keyboard.press('Control+z');
    await expectToast(page, 'Nothing to undo');
    // Said once, however often the key is pressed while the toast is up.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Control+z');
    await page.waitForTimeout(300);
    expect(await page.locator('.mantine-Notification-root', { hasText: 'Nothing to undo' }).count()).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expectToast(page, 'Nothing to redo');

    await page.keyboard.press('Control+n');
    expect(await nodeCount(page)).toBe(2);
    await exportButton().click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Control+z');
    await expectToast(page, 'Not undone', 'Close the menu first');
    expect(await nodeCount(page)).toBe(2);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached', timeout: 5000 });
    await page.keyboard.press('Control+z');
    expect(await nodeCount(page)).toBe(1);
  });

  it('Ctrl+Z with a dialog open changes nothing behind it and leaves focus in the dialog', async () => {
    // A title saved from the Edit panel: the browser's own undo would go back to that field.
    await clickNode(page, 'root');
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Renamed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Node Updated');
    for (const name of ['Import', 'Clear Map']) {
      await button(tools(), name).click();
      const dialog = page.getByRole('dialog').first();
      await dialog.waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[aria-modal="true"]') != null);
      await page.keyboard.press('Control+z');
      await expectToast(page, 'Not undone', 'Close the dialog first');
      expect((await nodeData(page, 'root')).label).toBe('Renamed');
      expect(await page.evaluate(() => document.activeElement?.closest('[aria-modal="true"]') != null)).toBe(true);
      expect(await title.inputValue()).toBe('Renamed');
      await page.keyboard.press('Escape');
      await page.locator('[aria-modal="true"]').waitFor({ state: 'detached', timeout: 5000 });
    }
    // Nor when the dialog is closed right after the press: the press was made while it was open.
    for (let i = 0; i < 2; i++) await page.keyboard.press('Control+n');
    const count = await nodeCount(page);
    await button(tools(), 'Templates').click();
    await page.getByRole('dialog').first().waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[aria-modal="true"]') != null);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Escape');
    await page.locator('[aria-modal="true"]').waitFor({ state: 'detached', timeout: 5000 });
    await page.waitForTimeout(800);
    expect(await nodeCount(page)).toBe(count);
  });
});
