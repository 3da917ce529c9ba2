/**
 * Exporting to other tools' formats (desktop): Markdown, OPML, FreeMind, XMind and SVG from the
 * Export menu download mindflow_{date}.{ext} with the success toast, and a second toast where the
 * format has no place for something; each outline file is then imported back through the Import
 * dialog's file input, and its topics come back with their labels in order. The SVG is a vector
 * picture of the map in the current theme.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Session } from './browser';
import { button, child, expectHidden, expectToast, expectVisible, mapOf, openEditor, readDownload, resetMap, today } from './editor.helpers';
import { settled } from './waits';

/* eslint-disable @typescript-eslint/no-explicit-any */

let session: Session;
let page: Page;
let dir: string;
/** A folder to keep screenshots of the menu, the toasts and the SVG in, for a look by eye. */
const shots = process.env.MINDFLOW_SHOTS;

beforeAll(async () => {
  session = await openEditor();
  page = session.page;
  dir = mkdtempSync(join(tmpdir(), 'mf-export-'));
});

afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Root → Alpha (note, link, collapsed) → Alpha one; Beta & <b> → "# not a heading"; Gamma; a connection Gamma → Alpha one. */
function sampleMap() {
  const map = mapOf([
    child('a', 'Alpha', 'root', 200, 0),
    child('a1', 'Alpha one', 'a', 400, 0),
    child('b', 'Beta & <b>', 'root', 200, 90),
    child('b1', '# not a heading', 'b', 400, 90),
    child('g', 'Gamma "quoted"', 'root', 200, 180),
  ]) as any;
  map.nodes[0].data.label = 'Plan';
  Object.assign(map.nodes[1].data, {
    notes: 'First line\n\nSecond *paragraph*',
    attachment: { type: 'link', url: 'https://example.com/a?b=1&c=2', title: 'https://example.com/a?b=1&c=2' },
    expanded: false,
  });
  map.edges.push({ id: 'e-g-a1', source: 'g', target: 'a1', style: { stroke: '#9b87f5', strokeWidth: 2 }, animated: false });
  return map;
}

const LABELS = ['Plan', 'Alpha', 'Alpha one', 'Beta & <b>', '# not a heading', 'Gamma "quoted"'];

beforeEach(async () => {
  if (await page.getByRole('dialog', { name: 'Import Mind Map' }).isVisible()) await page.keyboard.press('Escape');
  await resetMap(page, JSON.stringify(sampleMap()));
});

/** Labels in tree order (pre-order from the root, children in order). */
const treeLabels = (p: Page) =>
  p.evaluate(() => {
    const m = (window as any).__mindflow;
    const out: string[] = [];
    for (const stack = [m.store.getState().rootId as string]; stack.length; ) {
      const n = m.node(stack.pop()!);
      out.push(n.data.label);
      stack.push(...[...(m.kids(n.id) as string[])].reverse());
    }
    return out;
  });

async function exportAs(format: string) {
  await button(page.getByRole('complementary', { name: 'Tools' }), 'Export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format, exact: true }).click()]);
  return download;
}

/** The entries of a zip (stored or deflated), read with node:zlib. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extra = buf.readUInt16LE(p + 30);
    const comment = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : raw);
    p += 46 + nameLen + extra + comment;
  }
  return files;
}

async function importFile(path: string): Promise<void> {
  await button(page.getByRole('complementary', { name: 'Tools' }), 'Import').click();
  const dialog = page.getByRole('dialog', { name: 'Import Mind Map' });
  await expectVisible(dialog);
  await dialog.locator('input[type="file"]').setInputFiles(path);
  await expectVisible(dialog.getByRole('region', { name: 'Import report' }));
  await expectToast(page, 'Import Successful', `Imported mind map with ${LABELS.length} nodes`);
  await button(dialog, 'Close').click();
  await expectHidden(dialog);
}

describe('Export to other formats', () => {
  it('lists the new formats beside JSON, PNG and PDF', async () => {
    await button(page.getByRole('complementary', { name: 'Tools' }), 'Export').click();
    const items = page.getByRole('menuitem');
    await expectVisible(items.first());
    expect(await items.allTextContents()).toEqual(['JSON', 'Markdown', 'OPML', 'FreeMind', 'XMind', 'SVG', 'PNG', 'PDF']);
    if (shots) await page.screenshot({ path: join(shots, 'export-menu.png') });
    await page.keyboard.press('Escape');
  });

  it.each([
    ['Markdown', 'md', (t: string) => t.startsWith('# Plan\n') && t.includes('## \\# not a heading') && t.includes('<!-- markmap: fold -->'), 'Markdown has no place for 1 connection'],
    ['OPML', 'opml', (t: string) => t.includes('<opml version="2.0">') && t.includes('_note="First line&#xa;&#xa;Second *paragraph*"'), 'OPML has no place for 1 connection'],
    ['FreeMind', 'mm', (t: string) => t.startsWith('<map version="1.0.1">') && t.includes('<arrowlink DESTINATION='), null],
    ['XMind', 'xmind', (t: string) => t.includes('"title":"Beta & <b>"') && t.includes('"relationships":[{'), null],
  ] as const)('%s downloads mindflow_{date}.%s that imports back with the same topics in order', async (label, ext, check, lost) => {
    const download = await exportAs(label);
    const name = `mindflow_${today()}.${ext}`;
    expect(download.suggestedFilename()).toBe(name);
    await expectToast(page, 'Export Successful', `Your mind map has been exported as ${name}`);
    if (lost) {
      await expectToast(page, 'Not everything could be exported', lost);
      if (shots) {
        await settled(page.locator('.mantine-Notification-root'));
        await page.screenshot({ path: join(shots, `export-toast-${ext}.png`) });
      }
    }
    else expect(await page.locator('.mantine-Notification-root').filter({ hasText: 'Not everything could be exported' }).count()).toBe(0);

    const bytes = await readDownload(download);
    const text = ext === 'xmind' ? unzip(bytes).get('content.json')!.toString('utf8') : bytes.toString('utf8');
    if (ext === 'xmind') expect([...unzip(bytes).keys()]).toEqual(expect.arrayContaining(['content.json', 'metadata.json', 'manifest.json']));
    expect(check(text)).toBe(true);

    const path = join(dir, name);
    writeFileSync(path, bytes);
    await resetMap(page);
    await importFile(path);
    expect(await treeLabels(page)).toEqual(LABELS);
    const alpha = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      return m.node(m.kids(m.store.getState().rootId)[0]).data;
    });
    expect(alpha.notes).toBe('First line\n\nSecond *paragraph*');
    expect(alpha.attachment?.url).toBe('https://example.com/a?b=1&c=2');
    // Every one of these formats keeps folding (Markdown as markmap's fold comment).
    expect(alpha.expanded).toBe(false);
  });

  it('SVG downloads a vector picture of the map in the current theme', async () => {
    const download = await exportAs('SVG');
    const name = `mindflow_${today()}.svg`;
    expect(download.suggestedFilename()).toBe(name);
    await expectToast(page, 'Export Successful', `Your mind map has been exported as ${name}`);
    const svg = (await readDownload(download)).toString('utf8');
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('fill="#11131c"'); // the dark theme's background
    expect(svg).toContain('>Beta &amp; &lt;b&gt;</text>');
    // Alpha is collapsed: its child is not drawn. Edges: the four tree edges between shown topics.
    expect(svg).not.toContain('>Alpha one</text>');
    expect(svg.split('<path ').length - 1).toBe(4);

    // Chromium draws it: open it on its own and look.
    const view = await session.context.newPage();
    await view.setViewportSize({ width: 900, height: 500 });
    await view.setContent(`<body style="margin:0;background:#888">${svg.replace(/^<\?xml[^>]*>/, '')}</body>`);
    const box = await view.locator('svg').boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    if (shots) await view.screenshot({ path: join(shots, 'export-svg.png') });
    await view.close();
  });
});
