/**
 * Import and Templates dialogs (desktop): file and paste import with the spec's messages, repairs
 * note, the templates radiogroup, the "No Template Selected" toast and applying a template; on a
 * read-only map, why nothing can be imported, applied or cleared.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate reaches the app's window hook */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, utimesSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { generateMapText } from '../../bench/mapGenerator.mjs';
import type { Session } from './browser';
import { button, child, expectHidden, expectToast, expectVisible, labels, mapOf, nodeCount, openEditor, resetMap, toast } from './editor.helpers';

let session: Session;
let page: Page;
let dir: string;

beforeAll(async () => {
  session = await openEditor();
  page = session.page;
  dir = mkdtempSync(join(tmpdir(), 'mf-import-'));
});

afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetMap(page);
});

const openImport = async () => {
  await button(page.getByRole('complementary', { name: 'Tools' }), 'Import').click();
  const dialog = page.getByRole('dialog', { name: 'Import Mind Map' });
  await expectVisible(dialog);
  return dialog;
};

describe('Import dialog', () => {
  it('imports pasted JSON; Import is disabled while empty; invalid JSON shows the message', async () => {
    const dialog = await openImport();
    // The icon close button has a name for screen readers.
    expect(await button(dialog, 'Close dialog').count()).toBe(1);
    const importBtn = button(dialog, 'Import');
    expect(await importBtn.isDisabled()).toBe(true);
    const paste = dialog.getByLabel('Paste JSON');
    await paste.fill('   ');
    expect(await importBtn.isDisabled()).toBe(true);

    await paste.fill('{"nodes": "nope"}');
    await importBtn.click();
    await expectVisible(dialog.getByText('Invalid JSON data. Please check the format and try again.', { exact: true }));
    await paste.fill('{ not json');
    await importBtn.click();
    await expectVisible(dialog.getByText('Invalid JSON data. Please check the format and try again.', { exact: true }));
    expect(await nodeCount(page)).toBe(1);

    await paste.fill(JSON.stringify(mapOf([child('a', 'Imported A'), child('b', 'Imported B', 'root', 200, 70)])));
    await importBtn.click();
    await expectHidden(dialog);
    const toast = await expectToast(page, 'Import Successful', 'Imported mind map with 3 nodes');
    expect(await button(toast, 'Close notification').count()).toBe(1);
    expect(await labels(page)).toEqual(['Imported A', 'Imported B', 'Main Topic']);
    // One undo step.
    await page.keyboard.press('Control+z');
    expect(await labels(page)).toEqual(['Main Topic']);
  });

  it('says briefly what the importer repaired', async () => {
    const map = mapOf([child('a', 'Orphan', 'missing-parent')]);
    map.edges = [];
    const dialog = await openImport();
    await dialog.getByLabel('Paste JSON').fill(JSON.stringify(map));
    await button(dialog, 'Import').click();
    const t = await expectToast(page, 'Import Successful', 'Imported mind map with');
    expect(await t.textContent()).toContain('Some data was repaired');
  });

  it('imports a selected .json file (among the formats offered), Cancel closes without change', async () => {
    const dialog = await openImport();
    const input = dialog.locator('input[type="file"]');
    expect(await input.getAttribute('accept')).toContain('.json');
    const good = join(dir, 'map.json');
    writeFileSync(good, JSON.stringify(mapOf([child('f', 'From file')])));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button(dialog, 'Select JSON File').click()]);
    await chooser.setFiles(good);
    await expectHidden(dialog);
    await expectToast(page, 'Import Successful', 'Imported mind map with 2 nodes');
    expect(await labels(page)).toEqual(['From file', 'Main Topic']);

    const again = await openImport();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ broken');
    await again.locator('input[type="file"]').setInputFiles(bad);
    await expectVisible(again.getByText('Invalid JSON data. Please check the format and try again.', { exact: true }));
    // A file that cannot be read: picked with a spare input, then changed on disk (its snapshot no
    // longer matches, so reading it fails), then handed to the dialog's input.
    const gone = join(dir, 'gone.json');
    writeFileSync(gone, JSON.stringify(mapOf([child('g', 'Gone')])));
    await page.evaluate(() => {
      const spare = document.createElement('input');
      spare.type = 'file';
      spare.id = 'spare-file';
      spare.style.display = 'none';
      document.body.appendChild(spare);
    });
    await page.locator('#spare-file').setInputFiles(gone);
    // The browser notes the file's size and time when it is picked; wait until it has.
    await page.waitForFunction(() => ((document.getElementById('spare-file') as HTMLInputElement).files?.[0]?.size ?? 0) > 0);
    writeFileSync(gone, 'changed on disk after it was picked, and longer than before');
    utimesSync(gone, new Date(), new Date(Date.now() + 60_000)); // a later time, whatever the clock's grain
    await again.locator('input[type="file"]').evaluate((el: HTMLInputElement) => {
      const spare = document.getElementById('spare-file') as HTMLInputElement;
      Object.defineProperty(el, 'files', { value: spare.files, configurable: true });
      el.dispatchEvent(new Event('change', { bubbles: true }));
      spare.remove();
    });
    await expectVisible(again.getByText('Error reading file. Please try again.', { exact: true }));
    await button(again, 'Cancel').click();
    await expectHidden(again);
    expect(await labels(page)).toEqual(['From file', 'Main Topic']);
  });
});

describe('Importing a map written into the document in parts', () => {
  // 10,000 topics replacing a fresh map (nothing to undo before): drawn first, then written into the
  // document in parts.
  const bigMap = generateMapText(10_000);
  const undoButton = () => button(page.getByRole('complementary', { name: 'Tools' }), 'Undo');
  const whenSaved = () => page.getByRole('status', { name: 'Save status' }).filter({ hasText: 'Saved in this browser' }).waitFor({ timeout: 30_000 });

  it('shows the import working until the map is in, then closes as the toast comes; Undo takes the import back', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, bigMap);
    const dialog = await openImport();
    // What the page shows, as each change of the DOM leaves it: a look from outside can fall
    // between two states.
    await page.evaluate(() => {
      const seen: string[] = ((window as any).__importSeen = []);
      new MutationObserver(() => {
        const d = document.querySelector('[role="dialog"]');
        const working = !!d?.querySelector('[data-loading], [role="progressbar"]');
        const toasted = !!document.querySelector('.mantine-Notification-root');
        const now = `${!d ? 'closed' : working ? 'working' : 'form'}${toasted ? ', toast' : ''}`;
        if (seen[seen.length - 1] !== now) seen.push(now);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await dialog.locator('input[type="file"]').setInputFiles(big);
    await expectToast(page, 'Import Successful', 'Imported mind map with 10000 nodes');
    const seen: string[] = await page.evaluate(() => (window as any).__importSeen);
    const fromStart = seen.slice(seen.indexOf('working'));
    expect(fromStart[0], seen.join(' → ')).toBe('working');
    // Never the empty form while the import runs, and no toast over the dialog.
    expect(fromStart.filter((s) => s !== 'working' && s !== 'closed' && s !== 'closed, toast'), seen.join(' → ')).toEqual([]);
    expect(fromStart[fromStart.length - 1]).toBe('closed, toast');

    await whenSaved();
    expect(await undoButton().isEnabled()).toBe(true);
    expect(await undoButton().getAttribute('title')).toBe('Undo (Ctrl+Z)');
    await undoButton().click();
    expect(await labels(page)).toEqual(['Main Topic']);
  }, 120_000);

  it('enables Undo once the map is in, with nothing else redrawing the tool panel', async () => {
    expect(await undoButton().isEnabled()).toBe(false);
    await page.evaluate((text) => (window as any).__mindflow.importText(text), bigMap);
    await whenSaved();
    expect(await page.evaluate(() => (window as any).__mindflow.binding.writing)).toBe(false);
    expect(await undoButton().isEnabled()).toBe(true);
    await undoButton().click();
    expect(await labels(page)).toEqual(['Main Topic']);
  }, 120_000);
});

describe('Templates dialog', () => {
  it('lists at least eight templates as radios, refuses to apply none, applies the chosen one', async () => {
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Templates').click();
    const dialog = page.getByRole('dialog', { name: 'Templates' });
    await expectVisible(dialog);
    const box = (await dialog.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(800 * 0.6 + 1);

    const group = dialog.getByRole('radiogroup', { name: 'Templates' });
    const radios = group.getByRole('radio');
    expect(await radios.count()).toBeGreaterThanOrEqual(8);
    for (const name of ['SWOT Analysis', 'Quarterly OKRs', 'Product Roadmap', 'Project Plan (Work Breakdown)', 'Business Model Canvas', 'Competitive Analysis', 'Risk Register', 'Meeting Notes']) {
      expect(await group.getByRole('radio', { name }).count(), name).toBe(1);
    }
    const swot = group.getByRole('radio', { name: 'SWOT Analysis' });
    const text = (await swot.textContent()) ?? '';
    expect(text).toMatch(/\d+ nodes/);
    expect(text).toContain('Strategy');
    expect(await swot.locator('img').count()).toBe(1);

    const apply = button(dialog, 'Apply Template');
    expect(await apply.isDisabled()).toBe(true);
    await apply.click({ force: true });
    await expectToast(page, 'No Template Selected', 'Please select a template first');
    expect(await nodeCount(page)).toBe(1);

    await swot.click();
    expect(await swot.getAttribute('aria-checked')).toBe('true');
    // Arrow keys move the choice.
    await swot.press('ArrowRight');
    expect(await group.getByRole('radio', { name: 'Quarterly OKRs' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await swot.getAttribute('aria-checked')).toBe('true');
    expect(await apply.isEnabled()).toBe(true);
    await apply.click();
    await expectHidden(dialog);
    await expectToast(page, 'Template Applied', 'The selected template has been applied to your mind map');
    const all = await labels(page);
    expect(all).toContain('Strengths');
    expect(all).toContain('Threats');
    expect(all.length).toBe(17);
    await page.keyboard.press('Control+z');
    expect(await labels(page)).toEqual(['Main Topic']);
  });

  it('Cancel closes without applying', async () => {
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Templates').click();
    const dialog = page.getByRole('dialog', { name: 'Templates' });
    await dialog.getByRole('radio', { name: 'Risk Register' }).click();
    await button(dialog, 'Cancel').click();
    await expectHidden(dialog);
    expect(await nodeCount(page)).toBe(1);
    expect(session.consoleErrors).toEqual([]);
  });
});

describe('a read-only map', () => {
  const viewOnly = 'This map is view-only: you opened it with a view link';
  const setReadOnly = (reason: string | null) => page.evaluate((r) => (window as any).__mindflow.store.setReadOnly(r), reason);
  const tools = () => page.getByRole('complementary', { name: 'Tools' });

  it('Import, Templates and Clear Map say why and change nothing, with no success toast', async () => {
    await setReadOnly(viewOnly);
    try {
      const dialog = await openImport();
      await expectVisible(dialog.getByText(viewOnly, { exact: true }));
      await dialog.getByLabel('Paste JSON').fill('X\n\tY');
      expect(await button(dialog, 'Import').isDisabled()).toBe(true);
      expect(await button(dialog, 'Select JSON File').isDisabled()).toBe(true);
      expect(await button(dialog, 'Restore previous map').isDisabled()).toBe(true);
      await page.screenshot({ path: '/tmp/dialogs-read-only-import.png' });
      await button(dialog, 'Cancel').click();
      await expectHidden(dialog);

      await button(tools(), 'Templates').click();
      const templates = page.getByRole('dialog', { name: 'Templates' });
      await expectVisible(templates.getByText(viewOnly, { exact: true }));
      const swot = templates.getByRole('radio', { name: 'SWOT Analysis' });
      await swot.click();
      expect(await button(templates, 'Apply Template').isDisabled()).toBe(true);
      await swot.press('Enter'); // Enter on the chosen card applies it on an editable map
      await button(templates, 'Cancel').click();
      await expectHidden(templates);

      await button(tools(), 'Clear Map').click();
      const clear = page.getByRole('dialog', { name: 'Clear the map?' });
      await expectVisible(clear.getByText(viewOnly, { exact: true }));
      expect(await button(clear, 'Clear Map').isDisabled()).toBe(true);
      // Nothing there promises an undo or offers to replace the map.
      expect(await button(clear, 'Restore previous map').isDisabled()).toBe(true);
      expect(await clear.getByText(/Undo brings it back/).count()).toBe(0);
      await button(clear, 'Cancel').click();
      await expectHidden(clear);

      const restore = button(tools(), 'Restore previous map');
      expect(await restore.isDisabled()).toBe(true);
      expect(await restore.getAttribute('title')).toBe(viewOnly);

      expect(await nodeCount(page)).toBe(1);
      for (const title of ['Import Successful', 'Template Applied']) expect(await toast(page, title).count(), title).toBe(0);
    } finally {
      await setReadOnly(null);
    }
  });
});
