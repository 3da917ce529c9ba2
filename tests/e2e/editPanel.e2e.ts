/**
 * The Edit Node panel keeps unsaved input and saves only what a reload keeps: errors shown on the
 * field, untouched fields following the topic, a question before switching away from unsaved
 * changes or leaving the editor, a notice when the topic is deleted underneath, and nothing to save
 * on a read-only map.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate reaches the app's window hook */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Session } from './browser';
import { button, child, clickNode, editPanel, expectHidden, expectToast, expectVisible, mapOf, nodeData, openEditor, resetMap, selectedId, toast, waitForEditor } from './editor.helpers';
import { pageFrames } from './waits';

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
  // A test that ends with unsaved input: close the panel and let go of the changes first.
  const panel = editPanel(page);
  if (await panel.isVisible()) {
    const discardNotice = button(panel, 'Discard');
    if (await discardNotice.isVisible()) await discardNotice.click();
    else {
      await button(panel, 'Close panel').click();
      await button(page.getByRole('dialog', { name: /your changes\?$/ }), 'Discard')
        .click({ timeout: 2000 })
        .catch(() => {}); // nothing was unsaved
    }
    await expectHidden(panel);
  }
  await resetMap(page, JSON.stringify(mapOf([child('a', 'Alpha', 'root', 220, -60), child('b', 'Beta', 'root', 220, 60)])));
});

const title = (page: Page) => editPanel(page).getByLabel('Title', { exact: true });
const askDialog = (page: Page) => page.getByRole('dialog', { name: 'Save your changes?' });

async function openAdvanced(page: Page) {
  const advanced = button(editPanel(page), 'Advanced Options');
  if ((await advanced.getAttribute('aria-expanded')) === 'false') await advanced.click();
}

/** Puts a long text in a field at once (typing 10,000 characters would take a while). */
async function fillLong(page: Page, label: string, text: string) {
  await editPanel(page).getByLabel(label, { exact: true }).fill(text);
}

describe('beside the minimap', () => {
  it('a panel reaching down over the minimap moves it to the panel\'s left; it goes back as the panel closes', async () => {
    const minimap = page.getByRole('img', { name: 'Minimap' });
    const home = (await minimap.boundingBox())!;
    await clickNode(page, 'a');
    await openAdvanced(page);
    // The selected topic sits where the minimap is about to go.
    await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const r = m.scene.nodeClientRect('a');
      const cam = m.scene.getViewport();
      m.scene.setViewport({ ...cam, x: cam.x + 860 - (r.x + r.width / 2), y: cam.y + 715 - (r.y + r.height / 2) }, 0);
    });
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    // The panel moved down over the minimap's corner (by its grip, with the keyboard).
    await editPanel(page).getByRole('button', { name: 'Move panel (arrow keys)' }).focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowDown');
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
    await expect.poll(async () => overlap((await minimap.boundingBox())!, (await editPanel(page).boundingBox())!)).toBe(false);
    const beside = (await minimap.boundingBox())!;
    expect(beside.y).toBe(home.y);
    // The topic came out from under the minimap's new place.
    await page.waitForTimeout(500);
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    expect(overlap((await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('a')))!, beside)).toBe(false);
    expect(beside.x + beside.width).toBeLessThanOrEqual((await editPanel(page).boundingBox())!.x);
    // Back where it was (the panel keeps its place for the tests after this one).
    const top = (await editPanel(page).boundingBox())!.y;
    for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(async () => (await editPanel(page).boundingBox())!.y).toBeLessThan(top);
    await button(editPanel(page), 'Close panel').click();
    await expectHidden(editPanel(page));
    await expect.poll(async () => (await minimap.boundingBox())!.x).toBe(home.x);
  });
});

describe('connections', () => {
  it('lists the topic\'s connections; Remove takes one away in one undo step', async () => {
    const map = mapOf([child('a', 'Alpha', 'root', 220, -60), child('b', 'Beta', 'root', 220, 60)]);
    map.edges.push({ id: 'e-a-b', source: 'a', target: 'b', style: { stroke: '#9b87f5', strokeWidth: 2 }, animated: false });
    await resetMap(page, JSON.stringify(map));
    await clickNode(page, 'a');
    const list = editPanel(page).getByRole('list', { name: 'Connections' });
    await expectVisible(list);
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual(['To “Beta”']);
    // The tree's own edges (root to Alpha) are not connections.
    await button(editPanel(page), 'Remove connection to “Beta”').click();
    await expectHidden(list);
    expect(await page.evaluate(() => (window as any).__mindflow.hasEdge('e-a-b'))).toBe(false);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => (window as any).__mindflow.hasEdge('e-a-b'))).toBe(true);
    await clickNode(page, 'b');
    expect(await editPanel(page).getByRole('list', { name: 'Connections' }).getByRole('listitem').allInnerTexts()).toEqual(['From “Alpha”']);
  });
});

describe('one set of rules', () => {
  it('refuses notes over 10,000 characters on the field, without saving or "Node Updated"', async () => {
    await clickNode(page, 'a');
    const panel = editPanel(page);
    await openAdvanced(page);
    await fillLong(page, 'Notes', 'n'.repeat(10_001));
    const error = panel.getByText('Notes can be at most 10,000 characters', { exact: true });
    await expectVisible(error);
    expect(await panel.getByLabel('Notes').getAttribute('aria-invalid')).toBe('true');
    await button(panel, 'Save Changes').click();
    await pageFrames(page, 5);
    expect(await toast(page, 'Node Updated').count()).toBe(0);
    expect((await nodeData(page, 'a')).notes).toBeUndefined();
    await page.screenshot({ path: '/tmp/store-rules-notes-error.png' });

    await fillLong(page, 'Notes', 'n'.repeat(10_000));
    await expectHidden(error);
    await button(panel, 'Save Changes').click();
    await expectToast(page, 'Node Updated', 'Your changes have been saved');
    expect((await nodeData(page, 'a')).notes).toHaveLength(10_000);
  });

  it('shows a title that is too long or empty, and a tag that cannot be added', async () => {
    await clickNode(page, 'a');
    const panel = editPanel(page);
    await title(page).fill('   ');
    await expectVisible(panel.getByText('The title cannot be empty.'));
    await fillLong(page, 'Title', 't'.repeat(1001));
    await expectVisible(panel.getByText('The title can be at most 1,000 characters'));
    await title(page).fill('Alpha');

    await openAdvanced(page);
    const tagInput = panel.getByRole('textbox', { name: 'Tags' });
    await tagInput.fill('x'.repeat(101));
    await expectVisible(panel.getByText('A tag can be at most 100 characters'));
    expect(await button(panel, 'Add').isDisabled()).toBe(true);
    await tagInput.press('Enter');
    expect(await panel.getByRole('list', { name: 'Tags on this topic' }).count()).toBe(0);
    // Save Changes refuses it too, keeping what was typed (it is not dropped with a "saved").
    await button(panel, 'Save Changes').click();
    await expectVisible(panel.getByText('A tag can be at most 100 characters'));
    expect(await tagInput.inputValue()).toBe('x'.repeat(101));
    expect(await page.getByText('Node Updated').count()).toBe(0);
    await tagInput.fill('ok');
    expect(await button(panel, 'Add').isEnabled()).toBe(true);
  });

  it('completes an address typed without a scheme, visibly, and the restore every load runs keeps it', async () => {
    await clickNode(page, 'a');
    const panel = editPanel(page);
    await openAdvanced(page);
    const url = panel.getByLabel('Attachment URL');
    await url.fill('example.com/plan');
    await url.press('Tab');
    expect(await url.inputValue()).toBe('https://example.com/plan');
    await url.fill('mailto-less@example.com');
    await url.press('Tab');
    expect(await url.inputValue()).toBe('mailto:mailto-less@example.com');
    await url.fill('www.example.com/plan');
    // Saved without leaving the field first: completed all the same.
    await button(panel, 'Save Changes').click();
    await expectToast(page, 'Node Updated');
    expect((await nodeData(page, 'a')).attachment).toEqual({ type: 'link', url: 'https://www.example.com/plan', title: 'https://www.example.com/plan' });
    expect(await url.inputValue()).toBe('https://www.example.com/plan');

    await url.fill('ftp://example.com/file');
    await url.press('Tab');
    await expectVisible(panel.getByText('The attachment URL must start with http://, https:// or mailto:'));
    await url.fill('https://www.example.com/plan');

    // What was saved comes back unchanged through the restore pipeline of every load.
    const again = await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const nodes = m.allNodes();
      const edges = nodes.filter((n: any) => n.parentId).map((n: any) => ({ id: `e-${n.parentId}-${n.id}`, source: n.parentId, target: n.id }));
      m.importText(JSON.stringify({ nodes, edges }));
      return m.node('a').data.attachment;
    });
    expect(again).toEqual({ type: 'link', url: 'https://www.example.com/plan', title: 'https://www.example.com/plan' });
  });
});

describe('the fields follow the selection', () => {
  it("shows each topic's own values in every field, whichever single field differs from the topic before", async () => {
    // Each topic differs from the one before in one field only, so a field that failed to follow
    // the selection would keep the value before.
    const first = { label: 'T0', color: '#f97316', priority: 'high', animation: 'bounce', notes: 'Notes 0', tags: ['plan', 'q3'], type: 'image', url: 'https://example.com/a.png', urlTitle: 'Picture' };
    const steps: Array<Partial<typeof first>> = [
      {},
      { color: '#3b82f6' },
      { priority: 'low' },
      { animation: 'glow' },
      { notes: 'Notes 4' },
      { tags: ['plan'] },
      { type: 'file' },
      { url: 'https://example.com/b.pdf' },
      { urlTitle: 'Document' },
      { priority: '', notes: '', tags: [], url: '', urlTitle: '' },
    ];
    const topics: (typeof first)[] = [];
    for (const [i, step] of steps.entries()) topics.push({ ...(topics[i - 1] ?? first), ...step, label: `T${i}` });
    const nodes = topics.map((t, i) => {
      const node = child(`t${i}`, t.label, 'root', 220, -300 + 60 * i);
      return {
        ...node,
        data: {
          ...node.data,
          color: t.color,
          animation: t.animation,
          ...(t.priority ? { priority: t.priority } : {}),
          ...(t.notes ? { notes: t.notes } : {}),
          ...(t.tags.length > 0 ? { tags: t.tags } : {}),
          ...(t.url ? { attachment: { type: t.type, url: t.url, title: t.urlTitle } } : {}),
        },
      };
    });
    await resetMap(page, JSON.stringify(mapOf(nodes as ReturnType<typeof child>[])));
    const panel = editPanel(page);
    // Read with Advanced Options closed, as a new selection leaves them: closed fields must follow too
    // (opened later, they would show another topic's values). Mantine's select and segmented control
    // take a new value a commit after the title: each read waits for the whole form to settle.
    const fieldsShown = async () => ({
      label: await title(page).inputValue(),
      pressed: await panel.locator('[aria-pressed="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      priority: await panel.locator('input[type="radio"]:checked').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      animation: await panel.getByLabel('Animation', { exact: true }).inputValue(),
      notes: await panel.getByLabel('Notes', { exact: true }).inputValue(),
      type: await panel.getByLabel('Attachment Type', { exact: true }).inputValue(),
      url: await panel.getByLabel('Attachment URL', { exact: true }).inputValue(),
      urlTitle: await panel.getByLabel('Attachment Title', { exact: true }).inputValue(),
      tags: (await panel.locator('ul[aria-label="Tags on this topic"] li').allTextContents()).map((x) => x.trim()),
    });
    const expectFields = async (t: typeof first) => {
      const want = {
        label: t.label,
        pressed: [t.color],
        priority: [t.priority],
        animation: t.animation,
        notes: t.notes,
        // A topic without an attachment shows the form's defaults.
        type: t.url ? t.type : 'link',
        url: t.url,
        urlTitle: t.url ? t.urlTitle : '',
        tags: t.tags,
      };
      await expect.poll(fieldsShown, { timeout: 2000 }).toEqual(want);
    };
    for (const [i, t] of topics.entries()) {
      await clickNode(page, `t${i}`);
      await expectFields(t);
    }
    // And back, every field changing at once; then opened, showing the same.
    await clickNode(page, 't0');
    await expectFields(topics[0]);
    await openAdvanced(page);
    await expectVisible(panel.getByRole('list', { name: 'Tags on this topic' }));
    expect(await panel.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('Notes 0');
    await pageFrames(page, 30); // the Collapse's opening transition
    await page.screenshot({ path: '/tmp/edit-panel-follows-selection.png' });
  });
});

describe('unsaved input is never dropped silently', () => {
  it('untouched fields follow the topic; touched fields stay', async () => {
    await clickNode(page, 'a');
    const panel = editPanel(page);
    await openAdvanced(page);
    await panel.getByLabel('Notes').fill('typed, not saved');
    // Renamed in place on the canvas (double-click), then collapsed and moved: the title follows,
    // the notes stay as typed.
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const r = await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('a'));
    await page.mouse.dblclick(r.x + r.width / 2, r.y + r.height / 2);
    const editor = page.getByTestId('label-editor');
    await expectVisible(editor);
    expect(await editor.getAttribute('maxlength')).toBe('1000');
    await editor.fill('Alpha renamed');
    await editor.press('Enter');
    await page.waitForFunction(() => (window as any).__mindflow.node('a').data.label === 'Alpha renamed');
    expect(await title(page).inputValue()).toBe('Alpha renamed');
    expect(await panel.getByLabel('Notes').inputValue()).toBe('typed, not saved');

    // Undo (the rename) comes back into the untouched title too.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.waitForFunction(() => (window as any).__mindflow.node('a').data.label === 'Alpha');
    expect(await title(page).inputValue()).toBe('Alpha');
    expect(await panel.getByLabel('Notes').inputValue()).toBe('typed, not saved');
    expect(await selectedId(page)).toBe('a');
  });

  it('switching topics with unsaved changes asks: Keep editing, Save, Discard', async () => {
    await clickNode(page, 'a');
    await title(page).fill('Alpha edited');
    await clickNode(page, 'b');
    const ask = askDialog(page);
    await expectVisible(ask);
    expect(await ask.getByText('“Alpha edited” has changes', { exact: false }).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/store-rules-ask.png' });

    await button(ask, 'Keep editing').click();
    await expectHidden(ask);
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().selectedNodeId === 'a');
    expect(await title(page).inputValue()).toBe('Alpha edited');
    expect((await nodeData(page, 'a')).label).toBe('Alpha');
    // Focus is back in the field that was being edited.
    await page.waitForTimeout(300);
    expect(await title(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await clickNode(page, 'b');
    await button(askDialog(page), 'Save').click();
    await expectHidden(askDialog(page)); // its overlay takes clicks until it has faded out
    await expectToast(page, 'Node Updated');
    expect((await nodeData(page, 'a')).label).toBe('Alpha edited');
    expect(await selectedId(page)).toBe('b');
    expect(await title(page).inputValue()).toBe('Beta');

    // A click on the empty canvas is a switch too; Discard drops the change.
    await title(page).fill('Beta edited');
    await page.mouse.click(640, 760);
    await button(askDialog(page), 'Discard').click();
    await expectHidden(editPanel(page));
    expect((await nodeData(page, 'b')).label).toBe('Beta');

    // Without unsaved changes, no question.
    await clickNode(page, 'a');
    await clickNode(page, 'b');
    expect(await askDialog(page).count()).toBe(0);
    expect(await title(page).inputValue()).toBe('Beta');
  });

  it('Save in the question refuses invalid input and goes back to the topic with its error', async () => {
    await clickNode(page, 'a');
    await title(page).fill('   ');
    await clickNode(page, 'b');
    await button(askDialog(page), 'Save').click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().selectedNodeId === 'a');
    await expectVisible(editPanel(page).getByText('The title cannot be empty.'));
    expect((await nodeData(page, 'a')).label).toBe('Alpha');
    expect(await toast(page, 'Node Updated').count()).toBe(0);
  });

  it('a topic deleted underneath keeps the unsaved changes on screen until Undo or Discard', async () => {
    await clickNode(page, 'a');
    const panel = editPanel(page);
    await title(page).fill('Alpha kept');
    await page.getByRole('button', { name: 'Delete Selected', exact: true }).click();
    await expectVisible(panel.getByText('This topic was deleted'));
    expect(await title(page).inputValue()).toBe('Alpha kept');
    expect(await button(panel, 'Save Changes').isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/store-rules-deleted.png' });

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expectHidden(panel.getByText('This topic was deleted'));
    expect(await title(page).inputValue()).toBe('Alpha kept');
    await button(panel, 'Save Changes').click();
    await expectToast(page, 'Node Updated');
    expect((await nodeData(page, 'a')).label).toBe('Alpha kept');

    // Deleted again with changes, then another topic is selected: asked, and Discard lets go.
    await title(page).fill('Alpha again');
    await page.getByRole('button', { name: 'Delete Selected', exact: true }).click();
    await expectVisible(panel.getByText('This topic was deleted'));
    await clickNode(page, 'b');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expectVisible(ask);
    expect(await button(ask, 'Save').count()).toBe(0);
    await button(ask, 'Discard').click();
    await expectHidden(ask);
    expect(await title(page).inputValue()).toBe('Beta');
  });

  it('unsaved changes to the root stay with the old map when Clear Map replaces it (the new root shares its id)', async () => {
    await clickNode(page, 'root');
    const panel = editPanel(page);
    await title(page).fill('Q3 plan');
    await page.getByRole('complementary', { name: 'Tools' }).getByRole('button', { name: 'Clear Map' }).click();
    await page.getByRole('dialog', { name: 'Clear the map?' }).getByRole('button', { name: 'Clear Map' }).click();
    await expectVisible(panel.getByText('This topic was deleted'));
    expect(await title(page).inputValue()).toBe('Q3 plan');
    expect(await button(panel, 'Save Changes').isDisabled()).toBe(true);
    expect((await nodeData(page, 'root')).label).toBe('Main Topic');
    // Cleared again (the cleared map is the same): one Undo still brings the old map back.
    await page.getByRole('complementary', { name: 'Tools' }).getByRole('button', { name: 'Clear Map' }).click();
    await page.getByRole('dialog', { name: 'Clear the map?' }).getByRole('button', { name: 'Clear Map' }).click();
    await expectHidden(page.getByRole('dialog', { name: 'Clear the map?' }));

    // Undo brings the old map back, and the changes with it.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expectHidden(panel.getByText('This topic was deleted'));
    expect(await title(page).inputValue()).toBe('Q3 plan');
    await button(panel, 'Save Changes').click();
    await expectToast(page, 'Node Updated');
    expect((await nodeData(page, 'root')).label).toBe('Q3 plan');
    expect(await nodeData(page, 'a')).not.toBeNull();
  });

  it('Escape closes the panel as a dialog does; with unsaved input it asks first', async () => {
    await clickNode(page, 'a');
    await title(page).focus();
    await page.keyboard.press('Escape');
    await expectHidden(editPanel(page));
    expect(await selectedId(page)).toBeNull();
    // Focus goes to the topic in the canvas's tree, not to the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('treeitem');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Alpha');
    await clickNode(page, 'a');
    await button(editPanel(page), 'Close panel').click();
    await expectHidden(editPanel(page));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Alpha');
    await clickNode(page, 'a');
    await title(page).fill('Typed, not saved');
    await page.keyboard.press('Escape');
    await expectVisible(askDialog(page));
    await button(askDialog(page), 'Keep editing').click();
    await expectHidden(askDialog(page));
    expect(await title(page).inputValue()).toBe('Typed, not saved');
  });

  it('the panel\'s own Delete deletes without asking', async () => {
    await clickNode(page, 'a');
    await title(page).fill('Going away');
    await button(editPanel(page), 'Delete').click();
    await expectHidden(editPanel(page));
    expect(await nodeData(page, 'a')).toBeNull();
    // The keyboard goes on from the deleted topic's parent, not from the page's start.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'treeitem');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Main Topic');
  });
});

describe('a topic deleted in another tab', () => {
  it('says so and does not promise Undo', async () => {
    const other = await session.context.newPage();
    try {
      await other.goto(session.baseURL + '/mindmap');
      await waitForEditor(other);
      await other.waitForFunction(() => (window as any).__mindflow.node('a')?.data.label === 'Alpha', undefined, { timeout: 10_000 });

      await clickNode(page, 'a');
      const panel = editPanel(page);
      await title(page).fill('Alpha typed here');
      await clickNode(other, 'a');
      await other.getByRole('button', { name: 'Delete Selected', exact: true }).click();
      await page.waitForFunction(() => (window as any).__mindflow.node('a') === null, undefined, { timeout: 10_000 });

      await expectVisible(panel.getByText('This topic was deleted in another tab or by someone else', { exact: true }));
      await expectVisible(panel.getByText('Your unsaved changes to it are still below: copy what you need; Discard closes the panel.', { exact: true }));
      expect(await panel.getByText('Undo brings the topic back', { exact: false }).count()).toBe(0);
      expect(await title(page).inputValue()).toBe('Alpha typed here');
      await page.screenshot({ path: '/tmp/edit-panel-deleted-elsewhere.png' });
    } finally {
      await other.close();
    }
  });
});

describe('a read-only map', () => {
  const viewOnly = 'This map is view-only: you opened it with a view link';
  const setReadOnly = (page: Page, reason: string | null) => page.evaluate((r) => (window as any).__mindflow.store.setReadOnly(r), reason);

  it('disables the fields, Save Changes and Delete, says why, and announces no save', async () => {
    await setReadOnly(page, viewOnly);
    try {
      await clickNode(page, 'a');
      const panel = editPanel(page);
      await expectVisible(panel.getByText(viewOnly, { exact: true }));
      expect(await button(panel, 'Save Changes').isDisabled()).toBe(true);
      expect(await button(panel, 'Delete').isDisabled()).toBe(true);
      expect(await title(page).getAttribute('readonly')).not.toBeNull();
      // The tool panel's editing buttons too, with the reason as their tooltip.
      expect(await button(page, 'Add Node').isDisabled()).toBe(true);
      expect(await button(page, 'Add Node').getAttribute('title')).toBe(viewOnly);
      await title(page).press('Enter');
      await pageFrames(page, 5);
      expect(await toast(page, 'Node Updated').count()).toBe(0);
    } finally {
      await setReadOnly(page, null);
    }
    await page.waitForFunction(() => !(document.querySelector('button[title^="Add Node"]') as HTMLButtonElement | null)?.disabled);
  });

  it('input typed before the map became read-only is kept: the question offers no Save and says why', async () => {
    await clickNode(page, 'a');
    await title(page).fill('Alpha typed');
    await setReadOnly(page, viewOnly);
    try {
      await clickNode(page, 'b');
      const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
      await expectVisible(ask);
      expect(await button(ask, 'Save').count()).toBe(0);
      expect(await ask.textContent()).toContain(viewOnly);
      await button(ask, 'Keep editing').click();
      await expectHidden(ask);
      await page.waitForFunction(() => (window as any).__mindflow.store.getState().selectedNodeId === 'a');
      expect(await title(page).inputValue()).toBe('Alpha typed');
      expect(await toast(page, 'Node Updated').count()).toBe(0);
      expect((await nodeData(page, 'a')).label).toBe('Alpha');
      // Nor does the in-place title editor open: it would take a title the map refuses.
      await page.evaluate(() => (window as any).__mindflow.scene.editLabel('b'));
      await pageFrames(page, 3);
      expect(await page.getByLabel('Edit topic title').isVisible()).toBe(false);
    } finally {
      await setReadOnly(page, null);
    }
  });
});

// These leave the editor and reload the page: they run last.
describe('leaving the editor with unsaved input', () => {
  const backToHome = (page: Page) => page.getByRole('link', { name: 'Back to Home' });
  const onEditor = () => new URL(page.url()).pathname === '/mindmap';
  const onHome = async () => {
    await page.waitForURL((url) => url.pathname === '/');
    await expectHidden(backToHome(page));
  };

  async function backToEditor() {
    await page.goBack();
    await waitForEditor(page);
    await page.waitForFunction(() => (window as any).__mindflow.scene.nodeClientRect('a') !== null, undefined, { timeout: 10_000 });
  }

  it('Back to Home and the browser\'s Back ask first: Keep editing stays, Save saves and leaves, Discard leaves', async () => {
    await clickNode(page, 'a');
    await title(page).fill('Alpha unsaved');
    await backToHome(page).click();
    const ask = askDialog(page);
    await expectVisible(ask);
    expect(await ask.getByText('“Alpha unsaved” has changes', { exact: false }).isVisible()).toBe(true);
    expect(onEditor()).toBe(true);
    await button(ask, 'Keep editing').click();
    await expectHidden(ask);
    expect(onEditor()).toBe(true);
    expect(await title(page).inputValue()).toBe('Alpha unsaved');

    await backToHome(page).click();
    await button(askDialog(page), 'Save').click();
    await onHome();
    expect((await nodeData(page, 'a')).label).toBe('Alpha unsaved');

    await backToEditor();
    await clickNode(page, 'b');
    await title(page).fill('Beta unsaved');
    await backToHome(page).click();
    await button(askDialog(page), 'Discard').click();
    await onHome();
    expect((await nodeData(page, 'b')).label).toBe('Beta');

    // The browser's Back asks too (the editor opened from the landing page's Get Started); Keep
    // editing stays on the editor with the input.
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    await waitForEditor(page);
    await page.waitForFunction(() => (window as any).__mindflow.scene.nodeClientRect('a') !== null, undefined, { timeout: 10_000 });
    await clickNode(page, 'b');
    await title(page).fill('Beta by back');
    await page.goBack();
    await expectVisible(askDialog(page));
    await button(askDialog(page), 'Keep editing').click();
    await expectHidden(askDialog(page));
    expect(onEditor()).toBe(true);
    expect(await title(page).inputValue()).toBe('Beta by back');
    await page.goBack();
    await button(askDialog(page), 'Discard').click();
    await onHome();
    expect((await nodeData(page, 'b')).label).toBe('Beta');

    // Nothing unsaved: no question.
    await backToEditor();
    await clickNode(page, 'b');
    await backToHome(page).click();
    await onHome();
    await backToEditor();
  });

  it("a reload with unsaved input in the panel or the label editor gets the browser's question; without, none", async () => {
    const reloadAsks = async () => {
      const dialog = page.waitForEvent('dialog', { timeout: 5000 }).catch(() => null);
      await page.evaluate(() => void setTimeout(() => location.reload(), 0));
      const asked = await dialog;
      if (!asked) return null;
      const type = asked.type();
      await asked.dismiss(); // stay
      return type;
    };

    await clickNode(page, 'a');
    await title(page).fill('Alpha unsaved');
    expect(await reloadAsks()).toBe('beforeunload');
    expect(onEditor()).toBe(true);
    expect(await title(page).inputValue()).toBe('Alpha unsaved');
    await button(editPanel(page), 'Close panel').click();
    await button(askDialog(page), 'Discard').click();
    await expectHidden(editPanel(page));

    // A title typed in place on the canvas, not yet committed.
    await page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
    const r = await page.evaluate(() => (window as any).__mindflow.scene.nodeClientRect('b'));
    await page.mouse.dblclick(r.x + r.width / 2, r.y + r.height / 2);
    const editor = page.getByTestId('label-editor');
    await expectVisible(editor);
    await editor.fill('Beta typed in place');
    expect(await reloadAsks()).toBe('beforeunload');
    expect(await editor.inputValue()).toBe('Beta typed in place');
    await editor.press('Escape');
    await expectHidden(editor);
    expect((await nodeData(page, 'b')).label).toBe('Beta');

    // Nothing unsaved: the page reloads without a question.
    let asked = false;
    const onDialog = () => void (asked = true);
    page.on('dialog', onDialog);
    await page.reload();
    await waitForEditor(page);
    page.off('dialog', onDialog);
    expect(asked).toBe(false);
  });
});
