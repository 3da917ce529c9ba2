/**
 * Share links as a person uses them, against the real sync server: a link the server refuses never
 * costs the device the link that works; a new link put into the address bar of the open map is
 * taken; bad and refused links say what is wrong and show no map; the person who shares is asked
 * their name before the "Share map" dialog opens.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { RunningServer } from '../../server/app';
import { createInitialState } from '../../src/state/doc';
import { toDoc } from '../../src/state/ydoc/toDoc';
import { connect, newRoom, until } from '../server/helpers';
import { useSyncServer } from './syncServer';

/* eslint-disable @typescript-eslint/no-explicit-any */

const WENT_BACK = 'This link does not open this map';
const REFUSED = 'This link does not open a map on this server: it may be cut short, or the map may be on another server.';
const INCOMPLETE = 'This link is not a complete MindFlow share link: ask the person who shared it to copy it again.';

const sync = useSyncServer('mindflow-share');
let server: RunningServer;
beforeAll(() => {
  server = sync.server();
});
const device = sync.person;

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as any).__mindflow?.scene, undefined, { timeout: 30_000 });
}

/** A map shared on the server (its root only), and its links. */
async function sharedOnServer(): Promise<{ room: string; edit: string; view: string }> {
  const { room, editToken, viewToken } = await newRoom(server);
  const doc = new Y.Doc();
  toDoc(doc, createInitialState());
  const uploader = connect(server, room, editToken, doc);
  await uploader.synced;
  await until(() => !uploader.provider.hasUnsyncedChanges, 15_000, 'the map on the server');
  uploader.destroy();
  const base = `${server.url}/mindmap/shared/${room}`;
  return { room, edit: `${base}#edit=${editToken}&view=${viewToken}`, view: `${base}#view=${viewToken}` };
}

const rememberedToken = (page: Page, room: string) =>
  page.evaluate((r) => JSON.parse(localStorage.getItem('mindflow-shared-maps') ?? '{}').maps?.[r]?.token ?? null, room);
const readOnly = (page: Page) => page.evaluate(() => (window as any).__mindflow.store.readOnly);
const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' });

const tokenOf = (link: string, access: 'edit' | 'view') => new URL(link).hash.match(new RegExp(`${access}=([^&]+)`))![1];

describe('share links', () => {
  it('asks the person who shares their name first, then shows the links', async () => {
    const dee = await device(null);
    await dee.page.goto(server.url + '/mindmap');
    await ready(dee.page);
    await dee.page.getByRole('button', { name: 'Share' }).click();
    await dee.page.waitForURL(/\/mindmap\/shared\//, { timeout: 30_000 });
    const nameDialog = dee.page.getByRole('dialog', { name: 'Your name in this shared map' });
    await nameDialog.waitFor({ timeout: 30_000 });
    const shareDialog = dee.page.getByRole('dialog', { name: 'Share map' });
    expect(await shareDialog.count()).toBe(0);
    await nameDialog.getByLabel('Your name').fill('Dee');
    await nameDialog.getByRole('button', { name: 'Continue' }).click();
    await shareDialog.waitFor({ timeout: 10_000 });
    await nameDialog.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await dee.page.getByRole('dialog').count()).toBe(1);
    expect(await shareDialog.getByLabel('Edit link').inputValue()).toMatch(/#edit=/);
    expect(dee.errors).toEqual([]);
  });

  it('keeps the link that works when a link of the same map cut short is opened', async () => {
    const links = await sharedOnServer();
    const ada = await device('Ada');
    await ada.page.goto(links.edit);
    await ready(ada.page);
    await ada.page.getByText('Live · 1 person', { exact: true }).waitFor({ timeout: 20_000 });

    await ada.page.goto(`${server.url}/mindmap/shared/${links.room}#edit=${tokenOf(links.edit, 'edit').slice(0, -6)}`);
    await ready(ada.page);
    await ada.page.getByText(WENT_BACK, { exact: true }).waitFor({ timeout: 20_000 });
    await ada.page.getByText('Live · 1 person', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await readOnly(ada.page)).toBeNull();
    expect(await rememberedToken(ada.page, links.room)).toBe(tokenOf(links.edit, 'edit'));

    // Every later visit opens the map with the link that works.
    await ada.page.goto(server.url + '/mindmap');
    await ada.page.waitForURL(new RegExp(`/mindmap/shared/${links.room}$`), { timeout: 30_000 });
    await ready(ada.page);
    await ada.page.getByText('Live · 1 person', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await readOnly(ada.page)).toBeNull();
    expect(ada.errors).toEqual([]);
  });

  it('takes a new link put into the address bar of the open map', async () => {
    const links = await sharedOnServer();
    const bob = await device('Bob');
    await bob.page.goto(links.view);
    await ready(bob.page);
    await bob.page.getByText('Read-only · Live · 1 person').waitFor({ timeout: 20_000 });

    const reloaded = bob.page.waitForEvent('load', { timeout: 30_000 });
    await bob.page.evaluate((hash) => (window.location.hash = hash), new URL(links.edit).hash);
    await reloaded;
    await ready(bob.page);
    await bob.page.getByText('Live · 1 person', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await readOnly(bob.page)).toBeNull();
    expect(await rememberedToken(bob.page, links.room)).toBe(tokenOf(links.edit, 'edit'));
    expect(new URL(bob.page.url()).hash).toBe('');
    expect(bob.errors).toEqual([]);
  });

  it('says "View only" in the save status of a map opened with a view link', async () => {
    const links = await sharedOnServer();
    const eve = await device('Eve');
    await eve.page.goto(links.view);
    await ready(eve.page);
    await eve.page.getByText('Read-only · Live · 1 person').waitFor({ timeout: 20_000 });
    await expect(saveStatus(eve.page).textContent()).resolves.toBe('View only');
  });

  it('shows no map for a link the server refuses or one that is not whole, with a way back', async () => {
    const { room } = await sharedOnServer();
    const cy = await device('Cy');
    await cy.page.goto(`${server.url}/mindmap/shared/${room}#edit=${'A'.repeat(32)}`);
    await cy.page.getByText(REFUSED, { exact: false }).waitFor({ timeout: 30_000 });
    expect(await cy.page.getByRole('treeitem').count()).toBe(0);
    expect(await cy.page.getByText('Saved in this browser').count()).toBe(0);
    expect(await rememberedToken(cy.page, room)).toBeNull();

    await cy.page.goto(`${server.url}/mindmap/shared/abc#edit=${'A'.repeat(32)}`);
    await cy.page.getByText(INCOMPLETE).waitFor({ timeout: 30_000 });
    await cy.page.getByRole('link', { name: 'Open my map' }).click();
    await cy.page.waitForURL(/\/mindmap$/, { timeout: 30_000 });
    await ready(cy.page);
    await expect(saveStatus(cy.page).textContent()).resolves.toBe('Saved in this browser');
    expect(cy.errors).toEqual([]);
  });
});
