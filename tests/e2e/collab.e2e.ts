/**
 * Live collaboration against the real sync server (server/app.ts serving the built app): two
 * people edit one shared map and converge, see each other's selection, keep editing through a cut
 * connection (routeWebSocket) and merge when it comes back; a view link cannot edit.
 */
import type { Page, WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import { child, mapOf } from './editor.helpers';
import { useSyncServer } from './syncServer';
import { screenPixels } from './pixels';
import { colorOfName } from '../../src/ui/editor/share/identity';
import { COPY_REFUSED } from '../../src/ui/editor/share/connectionLabel';

/* eslint-disable @typescript-eslint/no-explicit-any */

const sync = useSyncServer('mindflow-collab');
let server: RunningServer;
beforeAll(() => {
  server = sync.server();
});
const person = sync.person;

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as any).__mindflow?.scene, undefined, { timeout: 30_000 });
}

/** How many pixels in a screen rectangle are within a small distance of a colour (from a real screenshot). */
async function colourCount(page: Page, clip: { x: number; y: number; width: number; height: number }, hex: string): Promise<number> {
  const { data: d } = await screenPixels(page, clip);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 40) n++;
  return n;
}

const labels = (page: Page) => page.evaluate(() => (window as any).__mindflow.allNodes().map((n: any) => n.data.label).sort());
const waitForLabel = (page: Page, label: string) =>
  page.waitForFunction((l) => !!(window as any).__mindflow?.allNodes().some((n: any) => n.data.label === l), label, { timeout: 20_000 });

/** Shares this person's local map: one topic added to it, or the given map (JSON) imported. */
async function shareFromLocal(page: Page, map?: string): Promise<{ edit: string; view: string }> {
  await page.goto(server.url + '/mindmap');
  await ready(page);
  if (map) expect(await page.evaluate((t) => (window as any).__mindflow.importText(t).ok, map)).toBe(true);
  else await page.evaluate(() => (window as any).__mindflow.addChild(null, 'Before sharing'));
  await page.getByRole('button', { name: 'Share' }).click();
  await page.waitForURL(/\/mindmap\/shared\//, { timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Share map' });
  await dialog.waitFor({ timeout: 30_000 });
  const edit = await dialog.getByLabel('Edit link').inputValue();
  const view = await dialog.getByLabel('View link').inputValue();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await ready(page);
  return { edit, view };
}

describe('live collaboration', () => {
  it('shares a map; two people edit at once, converge and see each other', async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page);
    expect(links.edit).toMatch(/\/mindmap\/shared\/[A-Za-z0-9_-]{21,}#edit=/);

    const bob = await person(null);
    // Bob's device has never held this map: it starts from the server's snapshot (document and built map).
    const snapshot = bob.page.waitForResponse((r) => /\/api\/rooms\/[^/]+\/snapshot$/.test(new URL(r.url()).pathname), { timeout: 30_000 });
    await bob.page.goto(links.edit);
    await bob.page.getByLabel('Your name').fill('Bob');
    await bob.page.getByRole('button', { name: 'Join' }).click();
    await ready(bob.page);
    expect((await snapshot).status()).toBe(200);
    await waitForLabel(bob.page, 'Before sharing');
    await bob.page.getByText('Live · 2 people').waitFor({ timeout: 20_000 });
    await ada.page.getByText('Live · 2 people').waitFor({ timeout: 20_000 });

    // Both add under the root at the same moment.
    await Promise.all([
      ada.page.evaluate(() => (window as any).__mindflow.addChild(null, 'From Ada')),
      bob.page.evaluate(() => (window as any).__mindflow.addChild(null, 'From Bob')),
    ]);
    await waitForLabel(ada.page, 'From Bob');
    await waitForLabel(bob.page, 'From Ada');
    expect(await labels(ada.page)).toEqual(await labels(bob.page));

    // Bob's selection (his new topic) is what Ada's page shows for him.
    const bobSelection = await bob.page.evaluate(() => (window as any).__mindflow.store.getState().selectedNodeId);
    await ada.page.waitForFunction(
      (id) => (window as any).__mindflow.shared.getStatus().people.some((p: any) => p.name === 'Bob' && p.selection === id),
      bobSelection,
      { timeout: 20_000 },
    );
    await ada.page.getByLabel('People in this map').getByText('Bob').waitFor({ timeout: 10_000 });

    // Undo is per person: Ada's undo removes her topic, never Bob's.
    await ada.page.evaluate(() => (window as any).__mindflow.store.undo());
    await bob.page.waitForFunction(() => !(window as any).__mindflow.allNodes().some((n: any) => n.data.label === 'From Ada'), undefined, { timeout: 20_000 });
    expect(await labels(bob.page)).toContain('From Bob');

    // A second tab of Ada's is still Ada: two people, each listed once.
    const adaAgain = await ada.ctx.newPage();
    await adaAgain.goto(server.url + '/mindmap');
    await ready(adaAgain);
    await bob.page.waitForFunction(() => (window as any).__mindflow.shared.getStatus().people.length === 2, undefined, { timeout: 20_000 });
    await adaAgain.getByText('Live · 2 people').waitFor({ timeout: 20_000 });
    expect(await bob.page.getByText('Live · 2 people').count()).toBe(1);
    expect(await bob.page.getByLabel('People in this map').getByText('Ada').count()).toBe(1);
    expect(await adaAgain.getByLabel('People in this map').getByText('Ada').count()).toBe(0);
    expect(ada.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });

  it('another tab of the map that was just shared stops taking edits and offers the shared map', async () => {
    const ada = await person('Ada');
    await ada.page.goto(server.url + '/mindmap');
    await ready(ada.page);
    const other = await ada.ctx.newPage();
    await other.goto(server.url + '/mindmap');
    await ready(other);
    // A title typed in this tab's Edit panel, not saved, when the map gets shared from the first tab.
    const root = await other.evaluate(() => (window as any).__mindflow.scene.nodeClientRect((window as any).__mindflow.store.getState().rootId));
    await other.mouse.click(root.x + root.width / 2, root.y + root.height / 2);
    await other.getByRole('dialog', { name: 'Edit Node' }).getByLabel('Title', { exact: true }).fill('Typed before sharing');
    await shareFromLocal(ada.page);
    await other.getByText('This map is now shared').waitFor({ timeout: 20_000 });
    // An edit here would go into a local map /mindmap no longer opens: refused, with the reason.
    expect(await other.evaluate(() => (window as any).__mindflow.addChild(null, 'Lost here'))).toBeFalsy();
    await other.getByText('Read-only', { exact: true }).first().waitFor({ timeout: 10_000 });
    // Share here would make a second room of the local map: disabled, and says why.
    const share = other.getByRole('button', { name: 'Share', exact: true });
    expect(await share.isDisabled()).toBe(true);
    expect(await share.getAttribute('title')).toContain('shared from another tab');
    await other.getByRole('button', { name: 'Open the shared map' }).click();
    // The typed title cannot be saved into a map that takes no edits: Keep editing or Discard, no Save.
    const ask = other.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.waitFor({ timeout: 10_000 });
    expect(await ask.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await ask.getByRole('button', { name: 'Discard' }).click();
    await other.waitForURL(/\/mindmap\/shared\//, { timeout: 30_000 });
    // The same page opens the shared map's session in place of the local one.
    await other.waitForFunction(() => !!(window as any).__mindflow?.shared, undefined, { timeout: 30_000 });
    await ready(other);
    await waitForLabel(other, 'Before sharing');
    expect(await other.evaluate(() => (window as any).__mindflow.addChild(null, 'From the other tab'))).toBeTruthy();
    await waitForLabel(ada.page, 'From the other tab');
    expect(ada.errors).toEqual([]);
  });

  it("a link to someone else's map followed in another tab leaves this tab's own map as it is; leaving it opens that map again", async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page);
    const bob = await person('Bob');
    await bob.page.goto(server.url + '/mindmap');
    await ready(bob.page);
    await bob.page.evaluate(() => (window as any).__mindflow.addChild(null, 'Bob private'));
    const joined = await bob.ctx.newPage();
    await joined.goto(links.edit);
    await ready(joined);
    await waitForLabel(joined, 'Before sharing');
    // Bob's own map, open in the first tab, stays his and editable.
    await bob.page.waitForTimeout(1500);
    expect(await bob.page.getByText('This map is now shared').count()).toBe(0);
    expect(await bob.page.evaluate(() => (window as any).__mindflow.addChild(null, 'Still mine'))).toBeTruthy();
    await bob.page.evaluate(() => (window as any).__mindflow.persistence.flush());

    // Leaving Ada's map opens Bob's own map, with everything in it; Ada's map is kept as a copy.
    await joined.getByRole('button', { name: 'Share', exact: true }).click();
    await joined.getByRole('dialog', { name: 'Share map' }).getByRole('button', { name: 'Leave shared map' }).click();
    await joined.waitForURL(/\/mindmap$/, { timeout: 30_000 });
    await ready(joined);
    await joined.getByText('Your own map is open again', { exact: false }).waitFor({ timeout: 20_000 });
    await waitForLabel(joined, 'Still mine');
    expect(await labels(joined)).toEqual(['Bob private', 'Main Topic', 'Still mine']);
    await joined.getByRole('button', { name: 'Restore previous map' }).click();
    await joined.getByText('Left shared map', { exact: false }).first().waitFor({ timeout: 20_000 });
    expect(bob.errors).toEqual([]);
  });

  it('keeps edits made while the connection is cut and merges them both ways', async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page);
    const bob = await person('Bob');
    let offline = false;
    const open = new Set<WebSocketRoute>();
    await bob.ctx.routeWebSocket(/\/sync$/, (ws) => {
      if (offline) {
        ws.close({ code: 1006, reason: 'cut' });
        return;
      }
      ws.connectToServer();
      open.add(ws);
    });
    await bob.page.goto(links.edit);
    await ready(bob.page);
    await bob.page.getByText('Live · 2 people').waitFor({ timeout: 20_000 });

    offline = true;
    for (const ws of open) await ws.close({ code: 1006, reason: 'cut' });
    open.clear();
    await bob.page.getByText('Offline: changes kept on this device').waitFor({ timeout: 20_000 });
    await bob.page.evaluate(() => (window as any).__mindflow.addChild(null, 'Offline Bob'));
    await ada.page.evaluate(() => (window as any).__mindflow.addChild(null, 'Online Ada'));
    // The same topic changed on both sides: its title by Bob, its colour and priority by Ada.
    const shared = await ada.page.evaluate(() => (window as any).__mindflow.allNodes().find((n: any) => n.data.label === 'Before sharing').id as string);
    const change = (page: Page, fields: Record<string, unknown>) =>
      page.evaluate(
        ({ id, fields }) => {
          const m = (window as any).__mindflow;
          m.store.transact('Edit', (d: any) => void Object.assign(m.editNode(d, id).data, fields));
        },
        { id: shared, fields },
      );
    // Notes changed on both: one side's stay, and the side whose notes went is told.
    await change(bob.page, { label: 'Title by Bob', notes: 'Notes by Bob' });
    await change(ada.page, { color: '#ef4444', priority: 'high', notes: 'Notes by Ada' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await labels(ada.page)).not.toContain('Offline Bob');

    offline = false;
    await bob.page.getByText('Live · 2 people').waitFor({ timeout: 30_000 });
    await waitForLabel(ada.page, 'Offline Bob');
    await waitForLabel(bob.page, 'Online Ada');
    expect(await labels(ada.page)).toEqual(await labels(bob.page));
    // Neither change to the shared topic is lost, on either side.
    const merged = (page: Page) =>
      page.waitForFunction(
        (id) => {
          const n = (window as any).__mindflow.node(id);
          return n?.data.label === 'Title by Bob' && n.data.color === '#ef4444' && n.data.priority === 'high';
        },
        shared,
        { timeout: 20_000 },
      );
    await merged(ada.page);
    await merged(bob.page);
    const notes = (page: Page) => page.evaluate((id) => (window as any).__mindflow.node(id).data.notes as string, shared);
    const kept = await notes(ada.page);
    expect(await notes(bob.page)).toBe(kept);
    const loser = kept === 'Notes by Ada' ? bob.page : ada.page;
    await loser
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Changed at the same time' })
      .filter({ hasText: 'Someone else changed the notes of “Title by Bob” at the same moment as you' })
      .waitFor({ timeout: 10_000 });
    const winner = loser === ada.page ? bob.page : ada.page;
    expect(await winner.locator('.mantine-Notification-root').filter({ hasText: 'Changed at the same time' }).count()).toBe(0);
  });

  it("a map replaced by someone else is kept on this device too, and this person is told", async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page, JSON.stringify(mapOf([child('p1', 'Plan one'), child('p2', 'Plan two', 'root', 200, 70)])));
    const bob = await person('Bob');
    await bob.page.goto(links.edit);
    await ready(bob.page);
    await waitForLabel(bob.page, 'Plan two');
    // Ada's Import dialog says whom it reaches.
    await ada.page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = ada.page.getByRole('dialog', { name: 'Import Mind Map' });
    await dialog.getByText('This map is shared: everyone in it gets the new map at once.', { exact: false }).waitFor();
    await ada.page.keyboard.press('Escape');
    expect(await ada.page.evaluate((t) => (window as any).__mindflow.importText(t).ok, JSON.stringify(mapOf([child('n1', 'New one')])))).toBe(true);
    await waitForLabel(bob.page, 'New one');
    await bob.page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'The shared map was replaced' })
      .waitFor({ timeout: 10_000 });
    await bob.page.getByRole('button', { name: 'Restore previous map' }).first().click();
    const restore = bob.page.getByRole('dialog', { name: 'Restore previous map' });
    await restore.getByText('3 topics · replaced by Someone else', { exact: false }).waitFor({ timeout: 10_000 });
    await restore.getByRole('button', { name: /^Restore ".*" replaced by Someone else$/ }).click();
    await waitForLabel(ada.page, 'Plan two');
    expect(await labels(ada.page)).toEqual(await labels(bob.page));
  });

  it('"Copy edit link" puts the link on the clipboard, and says so when the browser refuses', async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page);
    await ada.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await ada.page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = ada.page.getByRole('dialog', { name: 'Share map' });
    await dialog.getByRole('button', { name: 'Copy edit link' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await ada.page.evaluate(() => navigator.clipboard.readText())).toBe(links.edit);
    await ada.page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await dialog.getByRole('button', { name: 'Copy view link' }).click();
    await dialog.getByText(COPY_REFUSED).waitFor();
  });

  it('a browser that goes offline says so at once, keeps edits, and is live again once back online', async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page);
    const bob = await person('Bob');
    await bob.page.goto(links.edit);
    await ready(bob.page);
    await bob.page.getByText('Live · 2 people').waitFor({ timeout: 20_000 });
    await bob.ctx.setOffline(true);
    // Not after the socket's own time-out (about 30 s).
    await bob.page.getByText('Offline: changes kept on this device').waitFor({ timeout: 3000 });
    await bob.page.evaluate(() => (window as any).__mindflow.addChild(null, 'Bob on the train'));
    await bob.ctx.setOffline(false);
    await bob.page.getByText('Live · 2 people').waitFor({ timeout: 30_000 });
    await waitForLabel(ada.page, 'Bob on the train');
  });

  it("someone else's adds, moves and deletes never move this person's camera", async () => {
    // A branch of 5,200 topics: deleting it changes more topics than the document binding patches
    // one by one (5,000), so it reaches the other page as a rebuilt map.
    const topics = [child('keep', 'Keep', 'root', 300, -200), child('k1', 'K1', 'keep', 600, -260), child('big', 'Big', 'root', 300, 200)];
    for (let i = 0; i < 5200; i++) topics.push(child(`b${i}`, `B${i}`, 'big', 600 + (i % 40) * 240, 200 + Math.floor(i / 40) * 60));
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page, JSON.stringify(mapOf(topics)));
    const bob = await person('Bob');
    await bob.page.goto(links.edit);
    await ready(bob.page);
    await bob.page.getByText('Live · 2 people').waitFor({ timeout: 30_000 });
    await bob.page.waitForFunction(() => !!(window as any).__mindflow.node('b5199'), undefined, { timeout: 30_000 });

    const inAda = (fn: string, arg?: unknown) => ada.page.evaluate(({ fn, arg }) => new Function('m', 'arg', fn)((window as any).__mindflow, arg), { fn, arg });
    const inBob = (fn: string, arg?: unknown) => bob.page.evaluate(({ fn, arg }) => new Function('m', 'arg', fn)((window as any).__mindflow, arg), { fn, arg });
    const select = (id: string) => `m.store.transact('Select', (d) => { d.selectedNodeId = ${JSON.stringify(id)}; }, { history: false });`;
    /** Where Ada leaves her camera; it must still be exactly there after each of Bob's edits. */
    const placeCamera = async (cam: { x: number; y: number; zoom: number }) => {
      await inAda('m.scene.setViewport(arg, 0); return m.scene.whenIdle();', cam);
      return (await inAda('return m.scene.getViewport();')) as { x: number; y: number; zoom: number };
    };
    const cameraAfter = async (arrived: string) => {
      await ada.page.waitForFunction(arrived, undefined, { timeout: 30_000 });
      await inAda('return m.scene.whenIdle();');
      return inAda('return m.scene.getViewport();');
    };

    // Ada selects K1 and looks at it.
    await inAda(select('k1'));
    let cam = await placeCamera({ x: 200, y: 500, zoom: 0.9 });
    await inBob(`m.addChild('k1', 'Under K1 by Bob');`);
    expect(await cameraAfter(`window.__mindflow.allNodes().some((n) => n.data.label === 'Under K1 by Bob')`)).toEqual(cam);
    await inBob(`m.store.transact('Move', (d) => { const n = m.editNode(d, 'k1'); n.position = { x: n.position.x + 400, y: n.position.y + 300 }; });`);
    expect(await cameraAfter(`window.__mindflow.node('k1').position.x === 1000`)).toEqual(cam);

    // Ada pans far away from everything; Bob moves, adds and deletes, her selected topic too.
    cam = await placeCamera({ x: 9000, y: -7000, zoom: 0.6 });
    await inBob(`m.store.transact('Move', (d) => { const n = m.editNode(d, 'keep'); n.position = { x: -900, y: -900 }; });`);
    expect(await cameraAfter(`window.__mindflow.node('keep').position.x === -900`)).toEqual(cam);
    await inBob(`m.addChild(null, 'Far from Ada');`);
    expect(await cameraAfter(`window.__mindflow.allNodes().some((n) => n.data.label === 'Far from Ada')`)).toEqual(cam);
    await inBob(select('k1'));
    await bob.page.keyboard.press('Delete');
    expect(await cameraAfter(`!window.__mindflow.node('k1')`)).toEqual(cam);
    expect(await inAda('return m.store.getState().selectedNodeId;')).toBeNull();
    await inBob(select('big'));
    await bob.page.keyboard.press('Delete');
    expect(await cameraAfter(`!window.__mindflow.node('b0') && !window.__mindflow.node('big')`)).toEqual(cam);
    expect(await inAda('return m.store.getState().nodes.n;')).toBe(await inBob('return m.store.getState().nodes.n;'));
    expect(ada.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  }, 180_000);

  it('someone whose connection dies without a close leaves the people list and the canvas within 30 s', async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page);
    const bob = await person('Bob');
    let cut = false;
    await bob.ctx.routeWebSocket(/\/sync$/, (ws) => {
      // After the cut a new socket opens into nothing: no server, no bytes, no close.
      if (cut) return;
      const server = ws.connectToServer();
      ws.onMessage((m) => {
        if (!cut) server.send(m);
      });
      server.onMessage((m) => {
        if (!cut) ws.send(m);
      });
      // Closes are not passed on either way: the server never hears that Bob went.
      ws.onClose(() => {});
      server.onClose(() => {});
    });
    await bob.page.goto(links.edit);
    await ready(bob.page);
    await ada.page.getByText('Live · 2 people').waitFor({ timeout: 20_000 });

    // Bob selects the topic Ada has on screen: his ring and name are drawn on her canvas.
    const id = await ada.page.evaluate(() => (window as any).__mindflow.allNodes().find((n: any) => n.data.label === 'Before sharing').id as string);
    await bob.page.evaluate((i) => (window as any).__mindflow.store.transact('Select', (d: any) => void (d.selectedNodeId = i), { history: false }), id);
    await ada.page.waitForFunction((i) => (window as any).__mindflow.shared.getStatus().people.some((p: any) => p.name === 'Bob' && p.selection === i), id, { timeout: 20_000 });
    await ada.page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const box = (await ada.page.evaluate((i) => (window as any).__mindflow.scene.nodeClientRect(i), id)) as { x: number; y: number; width: number; height: number };
    const around = { x: box.x - 16, y: box.y - 30, width: box.width + 32, height: box.height + 46 };
    const bobsColour = colorOfName('Bob');
    expect(await colourCount(ada.page, around, bobsColour)).toBeGreaterThan(30);

    cut = true;
    const t0 = Date.now();
    await ada.page.getByText('Live · 1 person').waitFor({ timeout: 30_000 });
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(await ada.page.getByLabel('People in this map').count()).toBe(0);
    await ada.page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    expect(await colourCount(ada.page, around, bobsColour)).toBe(0);
    expect(ada.errors).toEqual([]);
  }, 120_000);

  it('a view link shows the map live but cannot edit it', async () => {
    const ada = await person('Ada');
    const links = await shareFromLocal(ada.page);
    const cy = await person('Cy');
    await cy.page.goto(links.view);
    await ready(cy.page);
    await waitForLabel(cy.page, 'Before sharing');
    await cy.page.getByText('Read-only · Live · 2 people').waitFor({ timeout: 20_000 });
    const before = await labels(cy.page);
    // Its editing buttons are disabled; the shortcut is refused with the reason.
    expect(await cy.page.getByRole('button', { name: 'Add Node' }).isDisabled()).toBe(true);
    await cy.page.keyboard.press('Control+n');
    await cy.page.getByText('This map is view-only', { exact: false }).first().waitFor({ timeout: 10_000 });
    expect(await labels(cy.page)).toEqual(before);
    // Edits by others still arrive.
    await ada.page.evaluate(() => (window as any).__mindflow.addChild(null, 'Seen by Cy'));
    await waitForLabel(cy.page, 'Seen by Cy');
    // The server holds nothing from the viewer.
    expect(await labels(ada.page)).not.toContain('New Topic');
  });

  it('says so when no sync server answers', async () => {
    const solo = await person('Solo');
    // The static app without the server: /api/rooms is not there.
    await solo.ctx.route('**/api/rooms', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html>' }));
    await solo.page.goto(server.url + '/mindmap');
    await ready(solo.page);
    await solo.page.getByRole('button', { name: 'Share' }).click();
    await solo.page.getByText('Sharing needs the MindFlow server').waitFor({ timeout: 10_000 });
    expect(solo.page.url()).toMatch(/\/mindmap$/);
  });
});
