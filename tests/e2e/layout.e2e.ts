import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, resetMap } from './editor.helpers';
import type { Session } from './browser';

/* eslint-disable @typescript-eslint/no-explicit-any */

let session: Session;
beforeAll(async () => {
  session = await openEditor();
});
afterAll(async () => {
  await session?.close();
});

/** 500 topics piled on top of each other: root with 20 branches of 24 leaves, all at 0,0. */
function flatOverlappingMap() {
  const nodes: any[] = [
    { id: 'root', type: 'root', position: { x: 0, y: 0 }, parentId: null, connectionType: 'standard', data: { label: 'Root', expanded: true, color: '#9b87f5', animation: 'none' } },
  ];
  const edges: any[] = [];
  for (let b = 0; b < 20; b++) {
    const bid = `b${b}`;
    nodes.push({ id: bid, type: 'child', position: { x: 0, y: 0 }, parentId: 'root', connectionType: 'standard', data: { label: `Branch ${b}`, expanded: true, color: '#6366f1', animation: 'none' } });
    edges.push({ id: `e-root-${bid}`, source: 'root', target: bid, style: { stroke: '#6366f1', strokeWidth: 2 }, animated: false });
    for (let l = 0; l < 24 && nodes.length < 500; l++) {
      const lid = `${bid}l${l}`;
      nodes.push({ id: lid, type: 'child', position: { x: 0, y: 0 }, parentId: bid, connectionType: 'standard', data: { label: `Leaf ${b}.${l} with a longer title`, expanded: true, color: '#6366f1', animation: 'none' } });
      edges.push({ id: `e-${bid}-${lid}`, source: bid, target: lid, style: { stroke: '#6366f1', strokeWidth: 2 }, animated: false });
    }
  }
  return { nodes, edges };
}

/** Pairs of topics whose cards overlap, read from the persisted positions and the drawn widths. */
async function overlappingPairs(): Promise<number> {
  return session.page.evaluate(() => {
    const m = (window as any).__mindflow;
    const s = m.store.getState();
    const boxes: { x: number; y: number; w: number; h: number }[] = [];
    for (const b of s.nodes.b) {
      for (const id in b) {
        const size = m.sizeOf(id);
        boxes.push({ x: b[id].position.x, y: b[id].position.y, w: size.width, h: size.height });
      }
    }
    let pairs = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const c = boxes[j];
        if (a.x < c.x + c.w && c.x < a.x + a.w && a.y < c.y + c.h && c.y < a.y + a.h) pairs++;
      }
    }
    return pairs;
  });
}

describe('layouts', () => {
  it('Tidy Up (Balanced) untangles a flat, overlapping 500-topic map; undo restores it', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(flatOverlappingMap()));
    expect(await overlappingPairs()).toBeGreaterThan(1000);
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('menuitem', { name: 'Tidy Up (Balanced)' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.layout === 'balanced');
    expect(await overlappingPairs()).toBe(0);
    // Balanced: branches on both sides of the root.
    const sides = await page.evaluate(() => {
      const s = (window as any).__mindflow.store.getState();
      let left = 0;
      let right = 0;
      for (const b of s.nodes.b) for (const id in b) {
        if (b[id].parentId !== 'root') continue;
        if (b[id].position.x < 0) left++;
        else right++;
      }
      return { left, right };
    });
    expect(sides.left).toBeGreaterThan(0);
    expect(sides.right).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await overlappingPairs()).toBeGreaterThan(1000);
  });

  it('Auto Layout keeps the map laid out after adding a topic, and persists with the map', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(flatOverlappingMap()));
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('switch', { name: 'Auto Layout' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.autoLayout === true);
    expect(await overlappingPairs()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Node' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 501);
    expect(await overlappingPairs()).toBe(0);
    await page.evaluate(() => (window as any).__mindflow.persistence.flush());
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('mind-map-storage')!).settings);
    expect(stored).toEqual({ layout: 'balanced', autoLayout: true });
    await page.getByRole('button', { name: 'Layout' }).click();
    expect(await page.getByRole('switch', { name: 'Auto Layout' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
  });
});

