/**
 * Importing other tools' maps (desktop): one corpus file of each format through the Import dialog's
 * file input and by a drop on the canvas, with the topic count and the fidelity report; an XMind
 * file with two sheets (one radio per sheet and "All sheets"); read errors; pasting an indented
 * outline onto a topic (one undo step) and copying a branch. The corpus is read where it lies
 * (../shared/interop-corpus), never copied into the project.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import type { Session } from './browser';
import { button, clickNode, editPanel, expectHidden, expectToast, expectVisible, labels, nodeCount, openEditor, resetMap } from './editor.helpers';
import { pageFrames } from './waits';

/* eslint-disable @typescript-eslint/no-explicit-any */

const CORPUS = fileURLToPath(new URL('../../../shared/interop-corpus/', import.meta.url));

let session: Session;
let page: Page;
let dir: string;

beforeAll(async () => {
  session = await openEditor();
  page = session.page;
  dir = mkdtempSync(join(tmpdir(), 'mf-interop-'));
});

afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  // A dialog left open by a failed test would block the next one.
  if (await page.getByRole('dialog', { name: 'Import Mind Map' }).isVisible()) await page.keyboard.press('Escape');
  await resetMap(page);
});

const openImport = async (): Promise<Locator> => {
  await button(page.getByRole('complementary', { name: 'Tools' }), 'Import').click();
  const dialog = page.getByRole('dialog', { name: 'Import Mind Map' });
  await expectVisible(dialog);
  return dialog;
};

const reportOf = (dialog: Locator) => dialog.getByRole('region', { name: 'Import report' });

/** Waits for the map to hold `count` topics (the import finishes after the worker answers). */
async function waitForCount(count: number): Promise<void> {
  await page
    .waitForFunction((n) => (window as any).__mindflow.store.getState().nodes.n === n, count, { timeout: 20_000 })
    .catch(() => {});
  expect(await nodeCount(page)).toBe(count);
}

/** Topic lines of the wisemapping text export: numbered ("1.2.2.1 …"); the rest are notes and continuations. */
function numberedLines(file: string): number {
  return readFileSync(join(CORPUS, file), 'utf8')
    .split(/\r?\n/)
    .filter((l) => /^\t*\d+(?:\.\d+)*\s/.test(l)).length;
}

async function dropOnCanvas(file: string, name = file.split('/').pop()!, ...others: string[]): Promise<void> {
  const files = [{ base64: readFileSync(join(CORPUS, file)).toString('base64'), name }];
  for (const o of others) files.push({ base64: readFileSync(join(CORPUS, o)).toString('base64'), name: o.split('/').pop()! });
  await page.evaluate(
    ({ files }) => {
      const dt = new DataTransfer();
      for (const { base64, name } of files) dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name));
      const canvas = document.querySelector('[data-testid="mindmap-canvas"] canvas')!;
      const over = new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true });
      canvas.dispatchEvent(over);
      if (!over.defaultPrevented) throw new Error('the canvas does not accept the dragged file');
      canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { files },
  );
}

describe('Import dialog: every format', () => {
  it.each([
    ['mm/freemind-1.0.1-doc.mm', 482],
    ['opml/drummer-states.opml', 59],
    ['markdown/markmap-gtor.md', 38],
    ['xmind/xmind-2025-vana-features.xmind', 42],
    ['text/wisemapping-export-bug3.txt', numberedLines('text/wisemapping-export-bug3.txt')],
  ] as const)('imports %s (%i topics) with its report, as one undo step', async (file, count) => {
    const dialog = await openImport();
    expect(await dialog.locator('input[type="file"]').getAttribute('accept')).toContain('.xmind');
    await dialog.locator('input[type="file"]').setInputFiles(join(CORPUS, file));
    const report = reportOf(dialog);
    await expectVisible(report);
    await waitForCount(count);
    await expectToast(page, 'Import Successful', `Imported mind map with ${count} nodes`);
    expect(await report.getByTestId('import-summary').textContent()).toMatch(/^[\d,]+ topics/);
    expect(await button(report, 'Download report').isVisible()).toBe(true);
    // Laid out: no two shown topics on one spot (folded branches keep their topics near their parent).
    const { shown, spots } = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const root = m.store.getState().rootId as string;
      const seen = new Set<string>();
      let shown = 0;
      for (const stack = [root]; stack.length; ) {
        const n = m.node(stack.pop()!);
        shown++;
        seen.add(`${Math.round(n.position.x)},${Math.round(n.position.y)}`);
        if (n.data.expanded) stack.push(...(m.kids(n.id) as string[]));
      }
      return { shown, spots: seen.size };
    });
    expect(shown).toBeGreaterThan(1);
    expect(spots).toBe(shown);

    // The report stays until it is closed.
    await pageFrames(page, 20);
    expect(await report.isVisible()).toBe(true);
    await button(dialog, 'Close').click();
    await expectHidden(dialog);

    await page.keyboard.press('Control+z');
    await waitForCount(1);
  });

  it('shows a feature list that opens, and downloads the report as JSON', async () => {
    const dialog = await openImport();
    await dialog.locator('input[type="file"]').setInputFiles(join(CORPUS, 'mm/freemind-1.0.1-doc.mm'));
    const report = reportOf(dialog);
    await expectVisible(report);
    const first = report.locator('.mantine-Accordion-control').first();
    await first.click();
    await expectVisible(report.locator('.mantine-Accordion-panel').first().getByRole('table'));
    const [download] = await Promise.all([page.waitForEvent('download'), button(report, 'Download report').click()]);
    expect(download.suggestedFilename()).toMatch(/^mindflow_import-report_\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const json = JSON.parse(readFileSync(path!, 'utf8'));
    expect(json.topics).toBe(482);
    expect(Array.isArray(json.features)).toBe(true);
    for (const f of json.features) expect(f.kept + f.converted + f.dropped).toBe(f.found);
    await button(dialog, 'Close').click();
  });
});

describe('Dropping a file on the canvas', () => {
  it.each([
    ['mm/wisemapping-export-enc-parsererror.mm', 24],
    ['opml/workflowy-export.opml', 9],
    ['markdown/indent4-mixed-lists-zh.md', 26],
    ['xmind/xmind-2025-vana-features.xmind', 42],
    ['text/markmap-example.txtmap', 10],
  ] as const)('imports %s like a picked file, with the report', async (file, count) => {
    await dropOnCanvas(file);
    const dialog = page.getByRole('dialog', { name: 'Import Mind Map' });
    await expectVisible(reportOf(dialog));
    await waitForCount(count);
    await expectToast(page, 'Import Successful', `Imported mind map with ${count} nodes`);
    await button(dialog, 'Close').click();
    await expectHidden(dialog);
  });

  it('of several files dropped at once imports the first and says the others were not read', async () => {
    await dropOnCanvas('text/markmap-example.txtmap', 'markmap-example.txtmap', 'opml/workflowy-export.opml');
    await expectToast(page, 'One file at a time', 'Importing “markmap-example.txtmap”; the other file was not read.');
    const dialog = page.getByRole('dialog', { name: 'Import Mind Map' });
    await expectVisible(reportOf(dialog));
    await waitForCount(10);
    await button(dialog, 'Close').click();
    await expectHidden(dialog);
  });
});

describe('XMind with two sheets', () => {
  it('offers one radio per sheet and "All sheets", and imports the choice', async () => {
    const file = join(CORPUS, 'xmind/xmind-zen-2019-two-sheets.xmind');
    let dialog = await openImport();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    const sheet1 = dialog.getByRole('radio', { name: 'Map 1' });
    const sheet2 = dialog.getByRole('radio', { name: 'Map 2' });
    const all = dialog.getByRole('radio', { name: 'All sheets' });
    await expectVisible(sheet1);
    expect(await sheet2.isVisible()).toBe(true);
    expect(await all.isVisible()).toBe(true);
    expect(await nodeCount(page)).toBe(1); // nothing imported before the choice
    const topicsOf = async (i: number) =>
      Number(/(\d+) topics/.exec((await dialog.locator('.mantine-Radio-description').nth(i).textContent()) ?? '')?.[1]);
    const [t1, t2] = [await topicsOf(0), await topicsOf(1)];
    expect(t1 + t2).toBe(28);

    await sheet2.check();
    await button(dialog, 'Import').click();
    await expectVisible(reportOf(dialog));
    await waitForCount(t2);
    await button(dialog, 'Close').click();

    dialog = await openImport();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await all.check();
    await button(dialog, 'Import').click();
    await expectVisible(reportOf(dialog));
    // Each sheet's root becomes a main branch under one new root.
    await waitForCount(t1 + t2 + 1);
    expect(await page.evaluate(() => (window as any).__mindflow.kids((window as any).__mindflow.store.getState().rootId).length)).toBe(2);
    await button(dialog, 'Close').click();
  });
});

describe('XMind with an empty sheet', () => {
  it('lists the empty sheet as not choosable, and "All sheets" reads the others', async () => {
    const full = (id: string) => ({ id, title: `Root ${id}`, children: { attached: [{ id: `${id}1`, title: `Child of ${id}` }] } });
    const sheets = [
      { title: 'Empty', rootTopic: { id: 'e' } },
      { title: 'First', rootTopic: full('a') },
      { title: 'Second', rootTopic: full('b') },
    ];
    const file = join(dir, 'with-empty.xmind');
    writeFileSync(file, zipSync({ 'content.json': strToU8(JSON.stringify(sheets)) }));
    const dialog = await openImport();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    const empty = dialog.getByRole('radio', { name: 'Empty' });
    await expectVisible(empty);
    expect(await empty.isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'First' }).isChecked()).toBe(true);
    expect(await dialog.getByText('Empty: nothing to import').isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: 'All sheets' }).check();
    await button(dialog, 'Import').click();
    await expectVisible(reportOf(dialog));
    await waitForCount(5);
    await button(dialog, 'Close').click();
  });
});

describe('Bad files', () => {
  it('names the format and the reason, and changes nothing', async () => {
    const fake = join(dir, 'fake.xmind');
    writeFileSync(fake, 'this is not a zip archive');
    const dialog = await openImport();
    await dialog.locator('input[type="file"]').setInputFiles(fake);
    const alert = dialog.getByRole('alert');
    await expectVisible(alert);
    expect(await alert.textContent()).toMatch(/^Could not read this XMind file: /);
    expect(await nodeCount(page)).toBe(1);
    expect(await page.evaluate(() => (window as any).__mindflow.store.canUndo())).toBe(false);
    await button(dialog, 'Cancel').click();
  });

  it('says "Error reading file" when the file cannot be read', async () => {
    const gone = join(dir, 'gone.opml');
    writeFileSync(gone, readFileSync(join(CORPUS, 'opml/workflowy-export.opml')));
    const dialog = await openImport();
    // Pick the file with a spare input, change it on disk (its snapshot no longer matches, so reading
    // fails), then hand that File to the dialog's input.
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
    await dialog.locator('input[type="file"]').evaluate((el: HTMLInputElement) => {
      const spare = document.getElementById('spare-file') as HTMLInputElement;
      Object.defineProperty(el, 'files', { value: spare.files, configurable: true });
      el.dispatchEvent(new Event('change', { bubbles: true }));
      spare.remove();
    });
    const alert = dialog.getByRole('alert');
    await expectVisible(alert);
    expect(await alert.textContent()).toBe('Error reading file. Please try again.');
    expect(await nodeCount(page)).toBe(1);
    await button(dialog, 'Cancel').click();
  });
});

describe('A big file', () => {
  it('shows progress after a second while a big file is read, parsed and built, and always while a big map is built', async () => {
    // 60,000 topics in four levels of indented text (about 1 MB).
    const lines: string[] = [];
    for (let i = 0; lines.length < 60_000; i++) {
      lines.push(`Branch ${i}`);
      for (let j = 0; j < 30; j++) {
        lines.push(`\tTopic ${i}.${j}`);
        lines.push(`\t\tDetail ${i}.${j}`);
      }
    }
    const big = join(dir, 'big.txt');
    writeFileSync(big, `Big map\n${lines.map((l) => `\t${l}`).join('\n')}\n`);
    const dialog = await openImport();
    // A quiet machine reads this in under a second: slow the page down (CPU throttling) so the
    // import takes long enough for the bar whatever the machine.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    // The stages are recorded as the dialog shows them: once the bar is up they can pass quickly,
    // and a check from outside can land after the build's long task, when the report is there.
    type Seen = { __stages: string[]; __barAt: number | null; __start: number };
    await page.evaluate(() => {
      const w = window as unknown as Seen;
      w.__stages = [];
      w.__barAt = null;
      w.__start = performance.now();
      const d = document.querySelector('[role="dialog"]')!;
      new MutationObserver(() => {
        if (!d.querySelector('[role="progressbar"]')) return;
        w.__barAt ??= performance.now();
        const m = /(Reading the file|Reading topics|Building the map)…/.exec(d.textContent ?? '');
        if (m && !w.__stages.includes(m[1])) w.__stages.push(m[1]);
      }).observe(d, { subtree: true, childList: true, characterData: true });
    });
    try {
      await dialog.locator('input[type="file"]').setInputFiles(big);
      await reportOf(dialog).waitFor({ state: 'visible', timeout: 150_000 });
      const seen = await page.evaluate(() => {
        const w = window as unknown as Seen;
        return { stages: w.__stages, after: w.__barAt === null ? null : w.__barAt - w.__start };
      });
      // The bar came: after a second of reading, or as the building of this big map began (the
      // build holds the page, which could not show it later).
      expect(seen.after).not.toBeNull();
      expect(seen.stages.length).toBeGreaterThan(0);
      if (seen.stages[0] !== 'Building the map') expect(seen.after!).toBeGreaterThanOrEqual(900);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    await waitForCount(lines.length + 1);
    await button(dialog, 'Close').click();
  }, 240_000);
});

describe('Paste box', () => {
  it('imports a pasted indented outline and shows its report', async () => {
    const dialog = await openImport();
    await dialog.getByLabel('Paste JSON, Markdown, OPML or an outline').fill('Plan\n\tGoals\n\t\tG1\n\tRisks');
    await button(dialog, 'Import').click();
    await expectVisible(reportOf(dialog));
    await waitForCount(4);
    expect(await labels(page)).toEqual(['G1', 'Goals', 'Plan', 'Risks']);
    await button(dialog, 'Close').click();
  });

  it('lays out a MindFlow JSON whose topics have no positions, instead of piling them up', async () => {
    const kid = (id: string, parentId: string) => ({ id, type: 'child', parentId, data: { label: id, expanded: true, color: '#9b87f5', animation: 'pulse' } });
    const nodes = [{ ...kid('root', ''), type: 'root', parentId: null }, kid('a', 'root'), kid('b', 'root'), kid('a1', 'a'), kid('a2', 'a')];
    const edges = nodes.filter((n) => n.parentId).map((n) => ({ id: `e-${n.parentId}-${n.id}`, source: n.parentId, target: n.id }));
    const dialog = await openImport();
    await dialog.getByLabel('Paste JSON, Markdown, OPML or an outline').fill(JSON.stringify({ nodes, edges }));
    await button(dialog, 'Import').click();
    await expectVisible(reportOf(dialog));
    await waitForCount(5);
    const spots = await page.evaluate(() => ((window as any).__mindflow.allNodes() as { position: { x: number; y: number } }[]).map((n) => `${n.position.x},${n.position.y}`));
    expect(new Set(spots).size).toBe(5);
    await button(dialog, 'Close').click();
  });
});

describe('MindFlow JSON', () => {
  const topic = (id: string, parentId: string | null, y: number) => ({
    id,
    type: parentId ? 'child' : 'root',
    parentId,
    position: { x: parentId ? 250 : 0, y },
    connectionType: 'standard',
    data: { label: id, expanded: true, color: '#9b87f5', animation: 'pulse' },
  });
  const edge = (source: string, target: string) => ({ id: `e-${source}-${target}`, source, target, style: { stroke: '#9b87f5', strokeWidth: 2 }, animated: false });

  it('closes the dialog for a map that loads as it is, and shows the report where loading dropped something', async () => {
    const nodes = [topic('Root', null, 0), topic('Kept', 'Root', 0), topic('Other', 'Root', 70)];
    const edges = [edge('Root', 'Kept'), edge('Root', 'Other')];
    let dialog = await openImport();
    await dialog.getByLabel('Paste JSON, Markdown, OPML or an outline').fill(JSON.stringify({ nodes, edges }));
    await button(dialog, 'Import').click();
    await expectHidden(dialog);
    await expectToast(page, 'Import Successful', 'Imported mind map with 3 nodes');
    await waitForCount(3);

    // A connection to a topic the file does not hold: dropped, and the dialog says so.
    dialog = await openImport();
    await dialog.getByLabel('Paste JSON, Markdown, OPML or an outline').fill(JSON.stringify({ nodes, edges: [...edges, edge('Kept', 'Gone')] }));
    await button(dialog, 'Import').click();
    const report = reportOf(dialog);
    await expectVisible(report);
    await expectVisible(report.getByText('Repaired while loading: 1 edge to unknown nodes dropped.'));
    await waitForCount(3);
    await button(dialog, 'Close').click();
    await expectHidden(dialog);
  });
});

/** Selects a topic by clicking it, with the whole map in view (a previous import may have moved the view). */
async function selectTopic(id: string): Promise<void> {
  await page.evaluate(() => (window as any).__mindflow.scene.fitView(undefined, 0));
  await clickNode(page, id);
}

/** Dispatches a paste event carrying `text` at the focused element, as Ctrl/Cmd+V does. */
async function pasteText(text: string, type = 'text/plain'): Promise<void> {
  await page.evaluate(
    ({ text, type }) => {
      const dt = new DataTransfer();
      dt.setData(type, text);
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    { text, type },
  );
}

/** Dispatches a copy event and returns what the page put on its clipboard data. */
async function copyEvent(): Promise<{ plain: string; markdown: string; prevented: boolean }> {
  return page.evaluate(() => {
    const dt = new DataTransfer();
    const e = new ClipboardEvent('copy', { clipboardData: dt, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(e);
    return { plain: dt.getData('text/plain'), markdown: dt.getData('text/markdown'), prevented: e.defaultPrevented };
  });
}

describe('Copy and paste of branches', () => {
  it('pastes an indented outline under the selected topic as one undo step', async () => {
    await selectTopic('root');
    await pasteText('Alpha\n\tA1\n\tA2\nBeta\n');
    await waitForCount(5);
    await expectToast(page, 'Topics pasted', 'Pasted 4 topics');
    const tree = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const label = (id: string) => m.node(id).data.label;
      return (m.kids('root') as string[]).map((id) => [label(id), (m.kids(id) as string[]).map(label)]);
    });
    expect(tree).toEqual([
      ['Alpha', ['A1', 'A2']],
      ['Beta', []],
    ]);
    await page.keyboard.press('Control+z');
    await waitForCount(1);
  });

  it('brings pasted topics on screen, clear of the Edit panel', async () => {
    await selectTopic('root');
    const edit = editPanel(page);
    await expectVisible(edit);
    await page.evaluate(() => (window as any).__mindflow.scene.setViewport({ x: 700, y: 300, zoom: 1 }, 0));
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    await pasteText('One\nTwo\nThree\n');
    await waitForCount(4);
    await page.waitForTimeout(700);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const box = (await edit.boundingBox())!;
    const rects = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      return (m.kids('root') as string[]).map((id) => m.scene.nodeClientRect(id));
    });
    expect(rects).toHaveLength(3);
    for (const r of rects) {
      expect(r.x < box.x + box.width && r.x + r.width > box.x && r.y < box.y + box.height && r.y + r.height > box.y).toBe(false);
      expect(r.x + r.width).toBeLessThanOrEqual(1280);
    }
    await page.keyboard.press('Control+z');
    await waitForCount(1);
  });

  it('pastes with the real keyboard and clipboard', async () => {
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseURL });
    await selectTopic('root');
    await page.evaluate(() => navigator.clipboard.writeText('From keyboard\n\tChild'));
    await page.keyboard.press('Control+v');
    await waitForCount(3);
    expect(await labels(page)).toEqual(['Child', 'From keyboard', 'Main Topic']);
  });

  it('refuses bad input with a toast, and does nothing while typing in a field', async () => {
    await selectTopic('root');
    await pasteText('{"nodes": 5}');
    await expectToast(page, 'Nothing pasted', 'not a MindFlow map');
    expect(await nodeCount(page)).toBe(1);
    expect(await page.evaluate(() => (window as any).__mindflow.store.canUndo())).toBe(false);

    const search = page.getByRole('textbox', { name: /search/i }).first();
    await search.focus();
    await pasteText('Should\n\tnot land');
    await pageFrames(page, 5);
    expect(await nodeCount(page)).toBe(1);
  });

  it('copies the selected branch as indented text and Markdown', async () => {
    await selectTopic('root');
    await pasteText('Alpha\n\tA1\n\tA2\nBeta\n');
    await waitForCount(5);
    const alpha = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      return (m.kids('root') as string[]).find((id) => m.node(id).data.label === 'Alpha')!;
    });
    await selectTopic(alpha);
    const copied = await copyEvent();
    expect(copied.prevented).toBe(true);
    expect(copied.plain).toBe('Alpha\n\tA1\n\tA2\n');
    expect(copied.markdown).toMatch(/^# Alpha\n\n## A1\n\n## A2\n?/);

    // The real shortcut puts the same text on the system clipboard.
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseURL });
    await page.keyboard.press('Control+c');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Alpha\n\tA1\n\tA2\n');

    // Pasting the copy back under Beta recreates the branch there.
    const beta = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      return (m.kids('root') as string[]).find((id) => m.node(id).data.label === 'Beta')!;
    });
    await selectTopic(beta);
    await pasteText(copied.markdown, 'text/markdown');
    await waitForCount(8);
    expect(await page.evaluate((b) => (window as any).__mindflow.kids(b).length, beta)).toBe(1);
  });

  it('a copy pasted in MindFlow keeps what Markdown cannot hold (the real keyboard and clipboard)', async () => {
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseURL });
    await selectTopic('root');
    await pasteText('Alpha\n\tA1\nBeta\n');
    await waitForCount(4);
    const [alpha, beta] = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      return m.kids('root') as string[];
    });
    // Alpha gets a colour and a priority in the Edit panel.
    await selectTopic(alpha);
    const panel = editPanel(page);
    await button(panel, '#ef4444').click();
    await panel.getByText('High', { exact: true }).click();
    await button(panel, 'Save Changes').click();
    await page.waitForFunction((id) => (window as any).__mindflow.node(id).data.priority === 'high', alpha);

    await selectTopic(alpha);
    await page.keyboard.press('Control+c');
    await selectTopic(beta);
    await page.keyboard.press('Control+v');
    await waitForCount(6);
    const pasted = await page.evaluate((b) => {
      const m = (window as any).__mindflow;
      const [copy] = m.kids(b) as string[];
      const d = m.node(copy).data;
      return { label: d.label, color: d.color, priority: d.priority, kids: (m.kids(copy) as string[]).map((k) => m.node(k).data.label) };
    }, beta);
    expect(pasted).toEqual({ label: 'Alpha', color: '#ef4444', priority: 'high', kids: ['A1'] });
  });
});
