/**
 * The editor at /mindmap on a desktop (1280×800): chrome, tool panel, keyboard shortcuts, the Edit
 * Node panel, canvas controls, search, save failures and the stored-map notice. One browser for the
 * file; each test starts from a fresh root-only map.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate reaches the app's window hook */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, type Session } from './browser';
import {
  button,
  child,
  clickNode,
  editPanel,
  expectHidden,
  expectToast,
  expectVisible,
  labels,
  mapOf,
  nodeCount,
  nodeData,
  resetMap,
  searchQuery,
  selectedId,
  waitForEditor,
} from './editor.helpers';
import { pageFrames } from './waits';

let session: Session;
let page: Page;

beforeAll(async () => {
  session = await openApp();
  page = session.page;
  // A corrupt stored map: the editor keeps a backup and says so once.
  await session.goto('/');
  await page.evaluate(() => localStorage.setItem('mind-map-storage', '{"nodes": [oops'));
  await session.goto('/mindmap');
  await waitForEditor(page);
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await resetMap(page);
});

const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const viewportMeta = () => page.evaluate(() => document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? null);

describe('editor chrome', () => {
  it('tells once that an unreadable stored map was kept as a backup', async () => {
    // The file's own page started from a corrupt stored map (beforeAll): a backup was kept.
    const backups = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mind-map-storage:backup-')));
    expect(backups.length).toBe(1);
    // A fresh profile shows the notice at start-up, and not again once the map has moved to the new store.
    const fresh = await openApp();
    try {
      await fresh.goto('/');
      await fresh.page.evaluate(() => localStorage.setItem('mind-map-storage', 'not json at all'));
      await fresh.goto('/mindmap');
      await waitForEditor(fresh.page);
      const note = await expectToast(fresh.page, 'Saved map could not be fully read', 'mind-map-storage:backup-');
      expect(await note.textContent()).toContain('nothing is lost');
      await fresh.page.reload();
      await waitForEditor(fresh.page);
      await fresh.page.waitForFunction(() => (window as any).__mindflow.scene.whenIdle().then(() => true));
      expect(await fresh.page.getByText('Saved map could not be fully read').count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('forces the dark look and locks zoom while open, restoring both on leaving', async () => {
    await session.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const before = await viewportMeta();
    expect(await scheme()).toBe('light');
    await session.goto('/mindmap');
    await waitForEditor(page);
    expect(await scheme()).toBe('dark');
    expect(await viewportMeta()).toContain('user-scalable=no');
    expect(await viewportMeta()).toContain('maximum-scale=1');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');
    expect(await viewportMeta()).toBe(before);
    await page.goBack();
    await waitForEditor(page);
    expect(await scheme()).toBe('dark');
    // A full page load away from the editor keeps the user's scheme too.
    await session.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await scheme()).toBe('light');
    await session.goto('/mindmap');
    await waitForEditor(page);
    // The forced look is the editor's own: a landing page in another tab, or opened now, stays light.
    const other = await page.context().newPage();
    try {
      await other.goto(new URL('/', page.url()).href);
      await other.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await other.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('light');
      await page.reload();
      await waitForEditor(page);
      await other.waitForTimeout(300);
      expect(await other.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('light');
      expect(await scheme()).toBe('dark');
    } finally {
      await other.close();
    }
  });

  it('Tab from the top of the page reaches Back to Home first, as it is first on screen', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Back to Home');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  });

  it('shows the tool panel with every control and a shortcuts list from the registry', async () => {
    const panel = page.getByRole('complementary', { name: 'Tools' });
    await expectVisible(panel.getByRole('heading', { name: 'Mind Map Builder' }));
    expect(await panel.getByPlaceholder('Search nodes...').isVisible()).toBe(true);
    for (const name of ['Add Node', 'Add Task List', 'Export', 'Import', 'Templates', 'Undo', 'Redo', 'Clear Map']) {
      expect(await button(panel, name).isVisible(), name).toBe(true);
    }
    expect(await button(panel, 'Delete Selected').count()).toBe(0);
    expect(await button(panel, 'Undo').isDisabled()).toBe(true);
    expect(await button(panel, 'Redo').isDisabled()).toBe(true);

    const toggle = button(panel, 'Keyboard shortcuts');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const list = panel.getByRole('list', { name: 'Keyboard shortcuts' });
    await expectVisible(list);
    const text = (await list.textContent()) ?? '';
    for (const s of ['Ctrl+N', 'Delete', 'Ctrl+Z', 'Ctrl+Shift+Z', 'Ctrl+Y', 'Tab', 'Enter', 'Ctrl+F', 'Escape', 'F2']) {
      expect(text, s).toContain(s);
    }
    // With the list open the panel scrolls, and its last buttons keep their height.
    for (const name of ['Clear Map', 'Share']) {
      const b = button(panel, name);
      await b.scrollIntoViewIfNeeded();
      expect((await b.boundingBox())!.height, name).toBeGreaterThanOrEqual(28);
    }
    await toggle.click();
    await expectHidden(list);
  });

  it('adds, deletes, adds a task list, undoes and redoes from the panel', async () => {
    const panel = page.getByRole('complementary', { name: 'Tools' });
    await button(panel, 'Add Node').click();
    expect(await nodeCount(page)).toBe(2);
    const first = await selectedId(page);
    expect(first).not.toBe('root');
    await expectVisible(button(panel, 'Delete Selected'));
    await button(panel, 'Delete Selected').click();
    expect(await nodeCount(page)).toBe(1);
    expect(await selectedId(page)).toBeNull();
    await expectHidden(button(panel, 'Delete Selected'));

    await button(panel, 'Add Task List').click();
    expect(await nodeCount(page)).toBe(5);
    expect(await labels(page)).toEqual(['First task', 'Main Topic', 'Second task', 'Task List', 'Third task']);

    await button(panel, 'Undo').click();
    expect(await nodeCount(page)).toBe(1);
    expect(await button(panel, 'Redo').isEnabled()).toBe(true);
    await button(panel, 'Redo').click();
    expect(await nodeCount(page)).toBe(5);

    // The root selected: no "Delete Selected".
    await clickNode(page, 'root');
    expect(await button(panel, 'Delete Selected').count()).toBe(0);
  });

  it('asks before clearing the map, resets to the root, and the clear is undoable', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('a', 'Alpha'), child('b', 'Beta', 'root', 200, 70)])));
    const panel = page.getByRole('complementary', { name: 'Tools' });
    await button(panel, 'Clear Map').click();
    const dialog = page.getByRole('dialog', { name: 'Clear the map?' });
    await expectVisible(dialog);
    await button(dialog, 'Cancel').click();
    await expectHidden(dialog);
    expect(await nodeCount(page)).toBe(3);

    await button(panel, 'Clear Map').click();
    await button(page.getByRole('dialog', { name: 'Clear the map?' }), 'Clear Map').click();
    expect(await nodeCount(page)).toBe(1);
    expect(await labels(page)).toEqual(['Main Topic']);
    await button(panel, 'Undo').click();
    expect(await labels(page)).toEqual(['Alpha', 'Beta', 'Main Topic']);
  });

  it('Enter in the search box selects each match in turn (Shift+Enter goes back), the typed text searched at once', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('a', 'Marketing plan'), child('b', 'Market research', 'root', 200, 70), child('c', 'Budget', 'root', 200, 140)])));
    const search = page.getByPlaceholder('Search nodes...');
    await search.fill('market');
    // Enter right after typing: the search runs now, not after the box's pause.
    await search.press('Enter');
    expect(await selectedId(page)).toBe('a');
    await search.press('Enter');
    expect(await selectedId(page)).toBe('b');
    await search.press('Enter');
    expect(await selectedId(page)).toBe('a');
    await search.press('Shift+Enter');
    expect(await selectedId(page)).toBe('b');
    // Focus stays in the box, for the next Enter.
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.press('Escape');
    expect(await searchQuery(page)).toBe('');
  });

  it('searches with a banner and count; "Clear search" and Escape clear it', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('a', 'Marketing plan'), child('b', 'Market research', 'root', 200, 70), child('c', 'Budget', 'root', 200, 140)])));
    const search = page.getByPlaceholder('Search nodes...');
    await search.fill('market');
    const banner = page.getByRole('status', { name: 'Search results' });
    await expectVisible(banner);
    expect(await banner.textContent()).toContain('Showing results for "market"');
    expect(await banner.textContent()).toContain('2 nodes found');
    await button(banner, 'Clear search').click();
    await expectHidden(banner);
    expect(await searchQuery(page)).toBe('');
    expect(await search.inputValue()).toBe('');
    // The button went with the banner: focus is in the search box, not lost to the page.
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);

    await search.fill('budget');
    await expectVisible(banner);
    expect(await banner.textContent()).toContain('1 node found');
    // Escape in the field clears it…
    await search.press('Escape');
    await expectHidden(banner);
    // …and on the canvas too.
    await search.fill('plan');
    await expectVisible(banner);
    await search.evaluate((el) => (el as HTMLInputElement).blur());
    await page.keyboard.press('Escape');
    await expectHidden(banner);
    expect(await search.inputValue()).toBe('');
  });
});

describe('keyboard shortcuts', () => {
  it('after Add Node the keyboard goes on from the new topic: F2 edits it', async () => {
    await resetMap(page);
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Add Node').click();
    const added = (await selectedId(page))!;
    await page.waitForFunction((id) => (document.activeElement as HTMLElement | null)?.dataset.id === id, added, { timeout: 5000 });
    await page.keyboard.press('F2');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'label-editor');
    await page.keyboard.type('From the button');
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => (window as any).__mindflow.node(id)?.data.label === 'From the button', added);
  });

  it('Ctrl+N adds to the root or the selection, Delete removes (never the root), undo/redo keys', async () => {
        await page.keyboard.press('Control+n');
    expect(await nodeCount(page)).toBe(2);
    const a = (await selectedId(page))!;
    expect((await nodeData(page, a)).label).toBe('New Topic');
    await page.keyboard.press('Control+n');
    const b = (await selectedId(page))!;
    expect(await page.evaluate((id) => (window as any).__mindflow.node(id)?.parentId, b)).toBe(a);
    await page.keyboard.press('Delete');
    expect(await nodeCount(page)).toBe(2);
    await clickNode(page, 'root');
    await page.keyboard.press('Delete');
    expect(await nodeCount(page)).toBe(2);

    await page.keyboard.press('Control+z');
    expect(await nodeCount(page)).toBe(3);
    await page.keyboard.press('Control+Shift+z');
    expect(await nodeCount(page)).toBe(2);
    await page.keyboard.press('Control+z');
    expect(await nodeCount(page)).toBe(3);
    await page.keyboard.press('Control+y');
    expect(await nodeCount(page)).toBe(2);
  });

  it('Tab adds a child and Enter a sibling, both starting label editing', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('a', 'Alpha')])));
    await clickNode(page, 'a');
    await page.keyboard.press('Tab');
    expect(await nodeCount(page)).toBe(3);
    const c = (await selectedId(page))!;
    const editing = async () => page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && !el.closest('[aria-label="Edit Node"]') && !el.closest('aside') ? el.value : null;
    });
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT' || document.activeElement?.tagName === 'TEXTAREA');
    expect(await editing()).toBe('New Topic');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Child of alpha');
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => (window as any).__mindflow.node(id)?.data.label === 'Child of alpha', c);
    // Typing did not fire shortcuts: still 3 topics.
    expect(await nodeCount(page)).toBe(3);
    // Enter again, straight after the one that committed the title: a sibling, edited at once.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 4);
    const next = (await selectedId(page))!;
    expect(await page.evaluate((id) => (window as any).__mindflow.node(id)?.parentId, next)).toBe('a');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT' || document.activeElement?.tagName === 'TEXTAREA');
    await page.keyboard.type('Second child');
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => (window as any).__mindflow.node(id)?.data.label === 'Second child', next);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 3);

    await clickNode(page, 'a');
    await page.keyboard.press('Enter');
    expect(await nodeCount(page)).toBe(4);
    const sib = (await selectedId(page))!;
    expect(await page.evaluate((id) => (window as any).__mindflow.node(id)?.parentId, sib)).toBe('root');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT' || document.activeElement?.tagName === 'TEXTAREA');
    await page.keyboard.press('Escape');
    // Focus is back on the topic at once: the next shortcut acts on the map, not in the closed field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('treeitem');
    await page.keyboard.press('Control+z');
    expect(await nodeCount(page)).toBe(3);
  });

  it('Tab, Enter and Add Node place a new topic below a cousin that takes its spec place', async () => {
    // Alpha's second child's spec place (70 below Alpha's first) is Beta's child's.
    await resetMap(page, JSON.stringify(mapOf([child('a', 'Alpha'), child('b', 'Beta', 'root', 200, 70), child('a1', 'A one', 'a', 400, 0), child('b1', 'B one', 'b', 400, 70)])));
    const place = (id: string) => page.evaluate((i) => (window as any).__mindflow.node(i)?.position, id);
    const added = async (count: number) => {
      await page.waitForFunction((n) => (window as any).__mindflow.store.getState().nodes.n === n, count);
      return (await selectedId(page))!;
    };
    const stopEditing = async () => {
      await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT' || document.activeElement?.tagName === 'TEXTAREA');
      await page.keyboard.press('Escape');
      // The keys that follow go to the keyboard tree, not to a title editor still closing.
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'treeitem');
    };
    await clickNode(page, 'a');
    await page.keyboard.press('Tab');
    const tabbed = await added(6);
    expect(await place(tabbed)).toEqual({ x: 400, y: 140 });
    await stopEditing();
    // Up the keyboard tree (the Edit panel may cover A one on the canvas): Enter selects, Enter again adds.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().selectedNodeId === 'a1');
    await page.keyboard.press('Enter');
    const entered = await added(7);
    expect(await place(entered)).toEqual({ x: 400, y: 210 });
    await stopEditing();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().selectedNodeId === 'a');
    await page.getByRole('complementary', { name: 'Tools' }).getByRole('button', { name: 'Add Node' }).click();
    expect(await place(await added(8))).toEqual({ x: 400, y: 280 });
  });

  it('keyboard focus follows a topic added from the keyboard: F2 then edits the new topic', async () => {
    await resetMap(page, JSON.stringify(mapOf([child('a', 'Alpha')])));
    await clickNode(page, 'a');
    await page.keyboard.press('F2');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    await page.keyboard.press('End');
    await page.keyboard.type(' plan');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).__mindflow.node('a')?.data.label === 'Alpha plan');
    // Focus is on Alpha's tree item now; Ctrl+N selects a new child of it.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id)).toBe('a');
    await page.keyboard.press('Control+n');
    const added = (await selectedId(page))!;
    expect(added).not.toBe('a');
    await page.waitForFunction((id) => (document.activeElement as HTMLElement | null)?.dataset.id === id, added, { timeout: 5000 });
    await page.keyboard.press('F2');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('New Topic');
    await page.keyboard.press('Escape');
  });

  it('Ctrl+F focuses search; Escape clears search, then selection; nothing fires while typing', async () => {
    await page.keyboard.press('Control+n');
    expect(await nodeCount(page)).toBe(2);
    await page.keyboard.press('Control+f');
    const search = page.getByPlaceholder('Search nodes...');
    await page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === 'Search nodes...');
    // Typing shortcuts into the field does nothing to the map.
    await page.keyboard.type('New');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Control+n');
    await page.keyboard.press('Tab');
    expect(await nodeCount(page)).toBe(2);
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().searchQuery === 'New');
    await search.evaluate((el) => (el as HTMLInputElement).blur());
    await clickNode(page, 'root');
    await page.keyboard.press('Escape');
    expect(await searchQuery(page)).toBe('');
    expect(await selectedId(page)).toBe('root');
    await page.keyboard.press('Escape');
    expect(await selectedId(page)).toBeNull();
  });
});

describe('Edit Node panel', () => {
  it('appears only with a selection, with badge, fields and a root-safe Delete', async () => {
    expect(await editPanel(page).count()).toBe(0);
    await clickNode(page, 'root');
    const panel = editPanel(page);
    await expectVisible(panel);
    expect(await panel.getByText('Root', { exact: true }).isVisible()).toBe(true);
    expect(await button(panel, 'Delete').isDisabled()).toBe(true);
    const box = (await panel.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(280);
    expect(box.width).toBeLessThanOrEqual(300);
    expect(box.x + box.width).toBeGreaterThan(1280 - 60); // top right
    expect(box.y).toBeLessThan(60);
    expect(await panel.getByLabel('Title', { exact: true }).inputValue()).toBe('Main Topic');

    const palette = panel.getByRole('group', { name: 'Color' }).getByRole('button');
    expect(await palette.count()).toBe(15);
    expect(await palette.first().getAttribute('aria-label')).toBe('#9b87f5');
    expect(await button(panel, '#9b87f5').getAttribute('aria-pressed')).toBe('true');
    for (const p of ['None', 'Low', 'Medium', 'High']) expect(await panel.getByRole('radio', { name: p }).count(), p).toBe(1);

    await page.keyboard.press('Control+n');
    await expectVisible(panel.getByText('Topic', { exact: true }));
    expect(await button(panel, 'Delete').isEnabled()).toBe(true);
    await button(panel, 'Delete').click();
    expect(await nodeCount(page)).toBe(1);
    await expectHidden(panel);
  });

  it('saves title, colour, priority, animation, notes, attachment and tags', async () => {
    await page.keyboard.press('Control+n');
    const id = (await selectedId(page))!;
    const panel = editPanel(page);
    await panel.getByLabel('Title', { exact: true }).fill('Launch plan');
    await button(panel, '#ef4444').click();
    expect(await button(panel, '#ef4444').getAttribute('aria-pressed')).toBe('true');
    await panel.getByText('High', { exact: true }).click();

    const advanced = button(panel, 'Advanced Options');
    expect(await advanced.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.getByLabel('Notes').isVisible()).toBe(false);
    await advanced.click();
    expect(await advanced.getAttribute('aria-expanded')).toBe('true');
    await panel.getByLabel('Animation').selectOption('bounce');
    await panel.getByLabel('Notes').fill('Ship by Q3');
    expect(await panel.getByLabel('Attachment Type').locator('option').allTextContents()).toEqual(['link', 'image', 'file']);
    await panel.getByLabel('Attachment Type').selectOption('link');
    await panel.getByLabel('Attachment URL').fill('https://example.com/plan');

    const tagInput = panel.getByRole('textbox', { name: 'Tags' });
    const add = button(panel, 'Add');
    expect(await add.isDisabled()).toBe(true);
    await tagInput.fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await tagInput.fill('  launch  ');
    await add.click();
    await tagInput.fill('q3');
    await tagInput.press('Enter');
    await tagInput.fill('launch');
    await tagInput.press('Enter');
    await tagInput.fill('temp');
    await tagInput.press('Enter');
    const tagList = panel.getByRole('list', { name: 'Tags on this topic' });
    expect(await tagList.getByRole('listitem').allTextContents()).toEqual(['launch', 'q3', 'temp']);
    await button(panel, 'Remove tag temp').click();
    expect(await tagList.getByRole('listitem').allTextContents()).toEqual(['launch', 'q3']);

    await button(panel, 'Save Changes').click();
    await expectToast(page, 'Node Updated', 'Your changes have been saved');
    const data = await nodeData(page, id);
    expect(data).toMatchObject({
      label: 'Launch plan',
      color: '#ef4444',
      priority: 'high',
      animation: 'bounce',
      notes: 'Ship by Q3',
      tags: ['launch', 'q3'],
      attachment: { type: 'link', url: 'https://example.com/plan', title: 'https://example.com/plan' },
    });

    // Saved attachment: opens in a new tab without opener.
    const open = panel.getByRole('link', { name: 'Open attachment' });
    await expectVisible(open);
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('rel')).toContain('noopener');
    expect(await open.getAttribute('href')).toBe('https://example.com/plan');

    // Priority can be cleared; the save is one undo step.
    await panel.getByText('None', { exact: true }).click();
    await button(panel, 'Save Changes').click();
    expect((await nodeData(page, id)).priority).toBeUndefined();
    await page.keyboard.press('Control+z');
    expect((await nodeData(page, id)).priority).toBe('high');
  });

  it('previews image attachments (placeholder on failure) and refuses unsafe URLs', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#3b82f6"/></svg>';
    await page.route('https://images.example.test/**', (route) =>
      route.fulfill(route.request().url().endsWith('ok.svg') ? { contentType: 'image/svg+xml', body: svg } : { contentType: 'image/png', body: 'not an image' }),
    );
    const map = mapOf([child('a', 'Picture')]);
    (map.nodes[1].data as any).attachment = { type: 'image', url: 'https://images.example.test/ok.svg', title: 'Diagram' };
    await resetMap(page, JSON.stringify(map));
    await clickNode(page, 'a');
    const panel = editPanel(page);
    await expectVisible(panel.getByRole('link', { name: 'Open attachment' }));
    const img = panel.getByRole('img', { name: 'Diagram' });
    await expectVisible(img);
    await page.waitForFunction(() => {
      const el = document.querySelector('[aria-label="Edit Node"] img[alt="Diagram"]') as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth > 0;
    });

    await button(panel, 'Advanced Options').click();
    await panel.getByLabel('Attachment URL').fill('https://images.example.test/broken.png');
    await button(panel, 'Save Changes').click();
    await expectVisible(panel.getByRole('img', { name: 'Image preview unavailable' }));

    await panel.getByLabel('Attachment Type').selectOption('link');
    await panel.getByLabel('Attachment URL').fill('javascript:alert(1)');
    await button(panel, 'Save Changes').click();
    // Refused on the field (the same rule a reload applies); the saved attachment stays as it was.
    await expectVisible(panel.getByText('The attachment URL must start with http://, https:// or mailto:'));
    expect((await nodeData(page, 'a')).attachment.url).toBe('https://images.example.test/broken.png');
    expect(await panel.getByRole('link', { name: 'Open attachment' }).getAttribute('href')).toBe('https://images.example.test/broken.png');
    // Closing the panel with that input unsaved asks first.
    await button(panel, 'Close panel').click();
    const ask = page.getByRole('dialog', { name: 'Save your changes?' });
    await expectVisible(ask);
    await button(ask, 'Discard').click();
    await expectHidden(panel);
    await page.unroute('https://images.example.test/**');
  });

  it('is dragged by its header and kept partly on screen', async () => {
    await clickNode(page, 'root');
    const panel = editPanel(page);
    const header = panel.getByRole('heading', { name: 'Edit Node' });
    const start = (await panel.boundingBox())!;
    const h = (await header.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2 - 300, h.y + h.height / 2 + 200, { steps: 5 });
    await page.mouse.up();
    const moved = (await panel.boundingBox())!;
    expect(Math.round(moved.x - start.x)).toBe(-300);
    expect(Math.round(moved.y - start.y)).toBe(200);
    // Far off the right edge: it stays grabbable.
    await page.mouse.move(h.x + h.width / 2 - 300, h.y + h.height / 2 + 200);
    await page.mouse.down();
    await page.mouse.move(5000, 5000, { steps: 3 });
    await page.mouse.up();
    const clamped = (await panel.boundingBox())!;
    expect(clamped.x).toBeLessThanOrEqual(1280 - 80);
    expect(clamped.y).toBeLessThanOrEqual(800 - 44);
    await page.mouse.move(clamped.x + 20, clamped.y + 15);
    await page.mouse.down();
    await page.mouse.move(-5000, -5000, { steps: 3 });
    await page.mouse.up();
    const left = (await panel.boundingBox())!;
    expect(left.x + left.width).toBeGreaterThanOrEqual(80);
    expect(left.y).toBeGreaterThanOrEqual(0);
  });
});

describe('canvas controls and saving', () => {
  it('zooms, fits, toggles snap/performance (aria-pressed) and the theme', async () => {
    const zoom = () => page.evaluate(() => (window as any).__mindflow.scene.getViewport().zoom as number);
    const z0 = await zoom();
    await button(page, 'Zoom in').click();
    await page.waitForFunction((z) => (window as any).__mindflow.scene.getViewport().zoom > z, z0);
    const z1 = await zoom();
    await button(page, 'Zoom out').click();
    await page.waitForFunction((z) => (window as any).__mindflow.scene.getViewport().zoom < z, z1);
    await button(page, 'Fit view').click();
    expect(await button(page, 'Fit view').isVisible()).toBe(true);

    for (const name of ['Snap to grid', 'Performance mode']) {
      const b = button(page, name);
      expect(await b.getAttribute('aria-pressed'), name).toBe('false');
      await b.click();
      expect(await b.getAttribute('aria-pressed'), name).toBe('true');
      await b.click();
      expect(await b.getAttribute('aria-pressed'), name).toBe('false');
    }
    // Both are kept across a reload, then turned off again.
    for (const name of ['Snap to grid', 'Performance mode']) await button(page, name).click();
    await page.reload();
    await waitForEditor(page);
    for (const name of ['Snap to grid', 'Performance mode']) {
      const b = button(page, name);
      expect(await b.getAttribute('aria-pressed'), `${name} after a reload`).toBe('true');
      await b.click();
      expect(await b.getAttribute('aria-pressed'), name).toBe('false');
    }
    expect(await scheme()).toBe('dark');
    await button(page, 'Toggle theme').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');
    await button(page, 'Toggle theme').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    // Switching themes with topics off screen once crashed the renderer.
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    expect(session.consoleErrors).toEqual([]);
  });

  it('fits the map beside the tool panel, and brings a focused topic out from under it', async () => {
    const left = Array.from({ length: 8 }, (_, i) => child(`L${i}`, `Left ${i}`, 'root', -600, (i - 4) * 70));
    const right = Array.from({ length: 8 }, (_, i) => child(`R${i}`, `Right ${i}`, 'root', 600, (i - 4) * 70));
    await resetMap(page, JSON.stringify(mapOf([...left, ...right])));
    const panel = await page.getByRole('complementary', { name: 'Tools' }).boundingBox();
    const rectOf = (id: string) => page.evaluate((i) => (window as any).__mindflow.scene.nodeClientRect(i), id);
    const underPanel = (r: { x: number; y: number; width: number; height: number }) =>
      r.x < panel!.x + panel!.width && r.x + r.width > panel!.x && r.y < panel!.y + panel!.height && r.y + r.height > panel!.y;
    await button(page, 'Fit view').click();
    await page.waitForTimeout(1000);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    for (const id of ['root', ...left.map((c) => c.id), ...right.map((c) => c.id)]) expect(underPanel(await rectOf(id)), id).toBe(false);

    // Closer in, the left topics sit under the panel; focusing one (the keyboard tree) pans it out.
    await page.mouse.move(640, 400);
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
    await page.waitForTimeout(600);
    expect(underPanel(await rectOf('L0'))).toBe(true);
    await page.evaluate(() => (window as any).__mindflow.scene.focusNode('L0'));
    await page.waitForTimeout(600);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    expect(underPanel(await rectOf('L0'))).toBe(false);

    // So does the minimap (bottom right): a topic moved under it is brought out when focused.
    const minimap = (await page.getByRole('img', { name: 'Minimap' }).boundingBox())!;
    const r7 = await rectOf('R7');
    await page.evaluate(
      ({ dx, dy }) => {
        const scene = (window as any).__mindflow.scene;
        const cam = scene.getViewport();
        scene.setViewport({ ...cam, x: cam.x + dx, y: cam.y + dy }, 0);
      },
      { dx: minimap.x + minimap.width / 2 - (r7.x + r7.width / 2), dy: minimap.y + minimap.height / 2 - (r7.y + r7.height / 2) },
    );
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const underMinimap = (r: { x: number; y: number; width: number; height: number }) =>
      r.x < minimap.x + minimap.width && r.x + r.width > minimap.x && r.y < minimap.y + minimap.height && r.y + r.height > minimap.y;
    expect(underMinimap(await rectOf('R7'))).toBe(true);
    await page.evaluate(() => (window as any).__mindflow.scene.focusNode('R7'));
    await page.waitForTimeout(600);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    expect(underMinimap(await rectOf('R7'))).toBe(false);
  });

  it('a new task list comes on screen with its tasks, clear of the Edit panel', async () => {
    await resetMap(page);
    await clickNode(page, 'root');
    const edit = editPanel(page);
    await expectVisible(edit);
    // The root right of the middle: the list's tasks (400 px further right) would open under the panel.
    await page.evaluate(() => (window as any).__mindflow.scene.setViewport({ x: 700, y: 300, zoom: 1 }, 0));
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Add Task List').click();
    await page.waitForTimeout(700);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const box = (await edit.boundingBox())!;
    const tasks = await page.evaluate(() => {
      const w = window as any;
      const s = w.__mindflow.store.getState();
      return w.__mindflow.kids(s.selectedNodeId).map((id: string) => w.__mindflow.scene.nodeClientRect(id));
    });
    expect(tasks).toHaveLength(3);
    for (const r of tasks) {
      const under = r.x < box.x + box.width && r.x + r.width > box.x && r.y < box.y + box.height && r.y + r.height > box.y;
      expect(under).toBe(false);
      expect(r.x + r.width).toBeLessThanOrEqual(1280);
      expect(r.y + r.height).toBeLessThanOrEqual(800);
    }
  });

  it('warns lastingly when saving fails and offers "Download JSON"', async () => {
    // The map an earlier test's import replaced is written first (it would fail below, and say so).
    await page.evaluate(() => (window as any).__mindflow.kept.whenIdle());
    await page.evaluate(() => {
      const w = window as any;
      w.__realSetItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      w.__realPut = IDBObjectStore.prototype.put;
      w.__realAdd = IDBObjectStore.prototype.add;
      IDBObjectStore.prototype.put = IDBObjectStore.prototype.add = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    try {
      await page.keyboard.press('Control+n');
      const warning = page.getByRole('alert').filter({ hasText: 'Changes not saved' });
      await expectVisible(warning);
      expect(await warning.textContent()).toContain('storage is full');
      expect(await page.getByRole('status', { name: 'Save status' }).textContent()).toContain('Not saved');
      const [download] = await Promise.all([page.waitForEvent('download'), button(warning, 'Download JSON').click()]);
      expect(download.suggestedFilename()).toMatch(/^mindflow_\d{4}-\d{2}-\d{2}\.json$/);
      await pageFrames(page, 90);
      expect(await warning.isVisible()).toBe(true); // lasting
    } finally {
      await page.evaluate(() => {
        const w = window as any;
        Storage.prototype.setItem = w.__realSetItem;
        IDBObjectStore.prototype.put = w.__realPut;
        IDBObjectStore.prototype.add = w.__realAdd;
      });
    }
    await page.keyboard.press('Control+n');
    await expectHidden(page.getByRole('alert').filter({ hasText: 'Changes not saved' }));
    expect(session.consoleErrors).toEqual([]);
  });
});
