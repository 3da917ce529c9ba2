/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate reaches the app's window hook */
import { afterEach, describe, expect, it } from 'vitest';
import { generateMapText } from '../../bench/mapGenerator.mjs';
import { openApp, type Session } from './browser';

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('routes', () => {
  it('/ serves the landing page', async () => {
    session = await openApp();
    await session.goto('/');
    await session.page.getByRole('heading', { name: 'MindFlow', level: 1 }).waitFor();
    expect(session.consoleErrors).toEqual([]);
  });

  it('/mindmap opens the editor with the root topic', async () => {
    session = await openApp();
    await session.goto('/mindmap');
    await session.page.getByRole('treeitem', { name: 'Main Topic' }).waitFor({ state: 'attached' });
    await session.page.getByRole('application', { name: 'Mind map canvas' }).waitFor();
    expect(session.consoleErrors).toEqual([]);
  });

  it('a share link opened where the app is served as static files says at once that no sync server runs there', async () => {
    // The app served as static files: /api answers with the app's page, no sync socket.
    session = await openApp();
    const link = '/mindmap/shared/AbCdEfGhIjKlMnOpQrStU#edit=aaaaaaaaaaaaaaaaaaaaaa&view=bbbbbbbbbbbbbbbbbbbbbb';
    await session.goto(link);
    const page = session.page;
    // Well before the 8 s after which a server that does not answer is reported.
    await page.getByText('No MindFlow sync server runs at', { exact: false }).waitFor({ timeout: 4_000 });
    expect(await page.getByText('The sync server has not answered yet', { exact: false }).count()).toBe(0);
    expect(await page.getByText('Opening the shared map…').count()).toBe(0);
    await page.getByRole('link', { name: 'Open my map' }).click();
    await page.waitForURL(/\/mindmap$/);
    await page.getByRole('treeitem', { name: 'Main Topic' }).waitFor({ state: 'attached', timeout: 30_000 });
  });

  it('a share link no sync server answers says so after a while, and offers this device\'s map', async () => {
    // A server that is down: nothing answers at all, which may change, so the page waits first.
    session = await openApp();
    const page = session.page;
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await session.goto('/mindmap/shared/AbCdEfGhIjKlMnOpQrStU#edit=aaaaaaaaaaaaaaaaaaaaaa&view=bbbbbbbbbbbbbbbbbbbbbb');
    await page.getByText('Opening the shared map…').waitFor();
    await page.getByText('The sync server has not answered yet', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('No MindFlow sync server runs at', { exact: false }).count()).toBe(0);
    await page.getByRole('link', { name: 'Open my map' }).click();
    await page.waitForURL(/\/mindmap$/);
    await page.getByRole('treeitem', { name: 'Main Topic' }).waitFor({ state: 'attached', timeout: 30_000 });
  });

  it('a reload without a network opens the editor on the map stored in this browser', async () => {
    session = await openApp();
    const { page, context } = session;
    await session.goto('/mindmap');
    await page.getByRole('treeitem', { name: 'Main Topic' }).waitFor({ state: 'attached' });
    await page.evaluate(() => (window as any).__mindflow.addChild(null, 'Kept offline'));
    await page.getByText('Saved in this browser').waitFor({ timeout: 20_000 });
    // The offline shell holds the page and every file the page loaded.
    const missing = () =>
      page.evaluate(async () => {
        const cache = await caches.open('mindflow-shell-v1');
        const want = ['/', ...performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(location.origin + '/assets/'))];
        const out: string[] = [];
        for (const url of want) if (!(await cache.match(url, { ignoreVary: true }))) out.push(url);
        return out;
      });
    for (let i = 0; i < 80 && (await missing()).length > 0; i++) await page.waitForTimeout(250);
    expect(await missing()).toEqual([]);
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('treeitem', { name: 'Kept offline' }).waitFor({ state: 'attached', timeout: 30_000 });
      await page.getByRole('application', { name: 'Mind map canvas' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('each screen names itself in the tab title, and paths are matched as written', async () => {
    session = await openApp();
    const { page } = session;
    await session.goto('/');
    await page.getByRole('heading', { name: 'MindFlow', level: 1 }).waitFor();
    expect(await page.title()).toBe('MindFlow — Create. Connect. Innovate.');
    await page.getByRole('button', { name: 'Get Started' }).or(page.getByRole('link', { name: 'Get Started' })).first().click();
    await page.getByRole('application', { name: 'Mind map canvas' }).waitFor();
    expect(await page.title()).toBe('Mind map editor — MindFlow');
    // A toast of the editor's (an export's) does not follow to the landing page.
    await page.getByRole('complementary', { name: 'Tools' }).getByRole('button', { name: 'Export' }).click();
    await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'JSON' }).click()]);
    await page.getByText('Export Successful').waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'MindFlow', level: 1 }).waitFor();
    expect(await page.title()).toBe('MindFlow — Create. Connect. Innovate.');
    await expect.poll(() => page.getByText('Export Successful').count(), { timeout: 2000 }).toBe(0);
    await session.goto('/MindMap');
    await page.getByText('Oops! Page not found').waitFor();
    expect(await page.title()).toBe('Page not found — MindFlow');
  });

  it('an unknown path shows the 404 page, logs the path and links home', async () => {
    session = await openApp();
    await session.goto('/nope/deeper');
    const { page } = session;
    await page.getByText('Oops! Page not found').waitFor();
    expect(session.consoleErrors.some((e) => e.includes('/nope/deeper'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Get Started' }).or(page.getByRole('link', { name: 'Get Started' })).first().waitFor();
  });
});

describe('persistence', () => {
  it('the root label survives a reload', async () => {
    session = await openApp();
    const { page } = session;
    await session.goto('/mindmap');
    // Select the root as a keyboard user would: focus it in the canvas's topic tree, press Enter.
    await page.getByRole('treeitem', { name: 'Main Topic' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Edit Node' });
    await panel.getByLabel('Title', { exact: true }).fill('Quarterly plan');
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('treeitem', { name: 'Quarterly plan' }).waitFor({ state: 'attached' });
    // Each edit is written to IndexedDB at once.
    await page.reload();
    await page.getByRole('treeitem', { name: 'Quarterly plan' }).waitFor({ state: 'attached' });
  });

  it('a big map is kept in IndexedDB and survives a reload with its latest edit', async () => {
    session = await openApp();
    const { page } = session;
    await session.goto('/mindmap');
    await page.waitForFunction(() => !!(window as any).__mindflow?.scene);
    // About 6 MB of JSON: over the 5 MB kept in localStorage.
    const text = generateMapText(14_000, { seed: 5 });
    expect(text.length).toBeGreaterThan(5_000_000);
    const imported = await page.evaluate((t) => (window as any).__mindflow.importText(t), text);
    expect(imported.ok).toBe(true);
    await page.evaluate(() => {
      const m = (window as any).__mindflow;
      m.store.transact('Rename', (d: any) => {
        m.editNode(d, d.rootId).data.label = 'Big map root';
      });
      return m.persistence.flush();
    });
    expect(await page.evaluate(() => (window as any).__mindflow.persistence.getStatus())).toMatchObject({ location: 'indexeddb', error: null });
    // Nothing goes to localStorage any more.
    expect(await page.evaluate(() => localStorage.getItem('mind-map-storage'))).toBeNull();

    await page.reload();
    await page.waitForFunction(() => (window as any).__mindflow?.store.getState().nodes.n === 14_000, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => {
      const m = (window as any).__mindflow;
      return m.node(m.store.getState().rootId).data.label;
    })).toBe('Big map root');
    expect(session.consoleErrors).toEqual([]);
  }, 90_000);
});
