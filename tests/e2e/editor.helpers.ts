/** Shared steps of the editor e2e tests (editor, dialogs, export, mobile). */
import { expect } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { openApp, type OpenOptions, type Session } from './browser';

/* eslint-disable @typescript-eslint/no-explicit-any */

export async function openEditor(options: OpenOptions = {}): Promise<Session> {
  const session = await openApp(options);
  await session.goto('/mindmap');
  await waitForEditor(session.page);
  return session;
}

export async function waitForEditor(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as any).__mindflow?.scene, undefined, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to Home' }).waitFor();
}

/** Back to a fresh map (root only), no history, no toasts. */
export async function resetMap(page: Page, json?: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  const text = json ?? JSON.stringify(rootOnly());
  await page.evaluate((t) => {
    const m = (window as any).__mindflow;
    m.importText(t);
    m.store.clearHistory();
  }, text);
  await page.evaluate(() => document.querySelectorAll('.mantine-Notification-root button').forEach((b) => (b as HTMLElement).click()));
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, undefined, { timeout: 5000 }).catch(() => {});
}

export function rootOnly(label = 'Main Topic') {
  return {
    nodes: [
      {
        id: 'root',
        type: 'root',
        position: { x: 0, y: 0 },
        parentId: null,
        connectionType: 'standard',
        data: { label, expanded: true, color: '#9b87f5', animation: 'pulse' },
      },
    ],
    edges: [],
  };
}

export function child(id: string, label: string, parentId = 'root', x = 200, y = 0) {
  return {
    id,
    type: 'child',
    position: { x, y },
    parentId,
    connectionType: 'standard',
    data: { label, expanded: true, color: '#9b87f5', animation: 'pulse' },
  };
}

export function mapOf(children: ReturnType<typeof child>[]) {
  const base = rootOnly();
  return {
    nodes: [...base.nodes, ...children],
    edges: children.map((c) => ({ id: `e-${c.parentId}-${c.id}`, source: c.parentId, target: c.id, style: { stroke: '#9b87f5', strokeWidth: 2 }, animated: false })),
  };
}

export const nodeCount = (page: Page) => page.evaluate(() => (window as any).__mindflow.store.getState().nodes.n as number);
export const selectedId = (page: Page) => page.evaluate(() => (window as any).__mindflow.store.getState().selectedNodeId as string | null);
export const searchQuery = (page: Page) => page.evaluate(() => (window as any).__mindflow.store.getState().searchQuery as string);

export async function nodeData(page: Page, id: string): Promise<any> {
  return page.evaluate((i) => (window as any).__mindflow.node(i)?.data ?? null, id);
}

export async function labels(page: Page): Promise<string[]> {
  return page.evaluate(() => ((window as any).__mindflow.allNodes() as { data: { label: string } }[]).map((n) => n.data.label).sort());
}

/** Clicks a topic on the canvas (selects it). */
export async function clickNode(page: Page, id: string): Promise<void> {
  await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
  const r = await page.evaluate((i) => (window as any).__mindflow.scene.nodeClientRect(i), id);
  if (!r) throw new Error(`topic ${id} is not on screen`);
  const at = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  // A dialog still fading out (or a toast) over the topic would take the click.
  await page.waitForFunction(({ x, y }) => document.elementFromPoint(x, y)?.tagName === 'CANVAS', at, { timeout: 5000 });
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction((i) => (window as any).__mindflow.store.getState().selectedNodeId === i, id, { timeout: 5000 });
}

/** A toast with this title (and optionally this text). */
export function toast(page: Page, title: string, text?: string): Locator {
  let l = page.locator('.mantine-Notification-root').filter({ hasText: title });
  if (text) l = l.filter({ hasText: text });
  return l;
}

export async function expectToast(page: Page, title: string, text?: string): Promise<Locator> {
  const l = toast(page, title, text).first();
  await l.waitFor({ state: 'visible', timeout: 10_000 });
  return l;
}

export async function expectVisible(l: Locator): Promise<void> {
  await l.waitFor({ state: 'visible', timeout: 5000 });
  expect(await l.isVisible()).toBe(true);
}

export async function expectHidden(l: Locator): Promise<void> {
  await l.waitFor({ state: 'hidden', timeout: 5000 });
  expect(await l.isVisible()).toBe(false);
}

export async function readDownload(d: Download): Promise<Buffer> {
  const { readFile } = await import('node:fs/promises');
  const path = await d.path();
  if (!path) throw new Error('download failed');
  return readFile(path);
}

export function today(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export const editPanel = (page: Page) => page.getByRole('dialog', { name: 'Edit Node' });
export const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

