import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, child, mapOf, openEditor, resetMap, waitForEditor } from './editor.helpers';
import type { Page } from 'playwright-core';
import type { Session } from './browser';
import { pixel } from './pixels';

/* eslint-disable @typescript-eslint/no-explicit-any */

let session: Session;
beforeAll(async () => {
  session = await openEditor();
});
afterAll(async () => {
  await session?.close();
});

/** 500 topics piled on top of each other: root with 20 branches of 24 leaves, all at 0,0. */
function flatOverlappingMap(total = 500) {
  const nodes: any[] = [
    { id: 'root', type: 'root', position: { x: 0, y: 0 }, parentId: null, connectionType: 'standard', data: { label: 'Root', expanded: true, color: '#9b87f5', animation: 'none' } },
  ];
  const edges: any[] = [];
  for (let b = 0; b < 20; b++) {
    const bid = `b${b}`;
    nodes.push({ id: bid, type: 'child', position: { x: 0, y: 0 }, parentId: 'root', connectionType: 'standard', data: { label: `Branch ${b}`, expanded: true, color: '#6366f1', animation: 'none' } });
    edges.push({ id: `e-root-${bid}`, source: 'root', target: bid, style: { stroke: '#6366f1', strokeWidth: 2 }, animated: false });
    for (let l = 0; l < Math.ceil((total - 21) / 20) && nodes.length < total; l++) {
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
    const boxes: { x: number; y: number; w: number; h: number }[] = [];
    for (const n of m.allNodes()) {
      const size = m.sizeOf(n.id);
      boxes.push({ x: n.position.x, y: n.position.y, w: size.width, h: size.height });
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
      let left = 0;
      let right = 0;
      for (const n of (window as any).__mindflow.allNodes()) {
        if (n.parentId !== 'root') continue;
        if (n.position.x < 0) left++;
        else right++;
      }
      return { left, right };
    });
    expect(sides.left).toBeGreaterThan(0);
    expect(sides.right).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await overlappingPairs()).toBeGreaterThan(1000);
  });

  // 25,000: the scene takes every box anew, answered by a scan until the worker's trees are in.
  it.each([
    [3_000, ['b3l100', 'b17l7', 'b19l120']],
    [25_000, ['b3l1000', 'b17l7', 'b19l1200']],
  ])('a Tidy Up moving %i topics draws them at their new places, where a click finds them', async (topics, ids) => {
    const { page } = session;
    await resetMap(page, JSON.stringify(flatOverlappingMap(topics)));
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('menuitem', { name: 'Tidy Up (Balanced)' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.layout === 'balanced');
    await idle(page);
    for (const id of ids) await drawnWhereClickFindsIt(page, id);
  });

  it('an add with Auto Layout on that moves a third of a 6,000-topic map draws the moved topics where a click finds them', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(flatOverlappingMap(6_000)));
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('menuitem', { name: 'Tidy Up (Balanced)' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.layout === 'balanced');
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('switch', { name: 'Auto Layout' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.autoLayout === true);
    await closeMenu(page);
    await idle(page);
    const before = await positions(page);
    await page.evaluate(() => (window as any).__mindflow.store.transact('Select', (d: any) => void (d.selectedNodeId = 'root'), { history: false }));
    await page.keyboard.press('Control+n');
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 6_001);
    await idle(page);
    const after = await positions(page);
    const moved = Object.keys(before).filter((id) => before[id].x !== after[id].x || before[id].y !== after[id].y);
    expect(moved.length * 3).toBeGreaterThan(6_000);
    for (const id of [moved[0], moved[Math.floor(moved.length / 2)], moved[moved.length - 1]]) await drawnWhereClickFindsIt(page, id);
    // Settings outlive a loaded map: the next tests start with Auto Layout off.
    await autoLayoutOff(page);
  });

  it('Auto Layout keeps the map laid out after adding a topic, and persists with the map', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(flatOverlappingMap()));
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('switch', { name: 'Auto Layout' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.autoLayout === true);
    expect(await overlappingPairs()).toBe(0);
    await closeMenu(page);
    const before = await positions(page);
    await page.getByRole('button', { name: 'Add Node' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 501);
    expect(await overlappingPairs()).toBe(0);
    // The layout moved other topics too; once the animation is over the canvas draws them where the map says.
    await idle(page);
    const after = await positions(page);
    const moved = Object.keys(before).filter((id) => before[id].x !== after[id].x || before[id].y !== after[id].y);
    expect(moved.length).toBeGreaterThan(0);
    for (const id of moved.slice(0, 30)) {
      const drawn = await page.evaluate((i) => (window as any).__mindflow.scene.nodeClientRect(i, true), id);
      expect(drawn).toEqual(await rect(page, id));
    }
    // One Undo removes the topic and puts every other one back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 500);
    expect(await positions(page)).toEqual(before);
    await page.getByRole('button', { name: 'Add Node' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 501);
    expect(await overlappingPairs()).toBe(0);
    await page.evaluate(() => (window as any).__mindflow.persistence.flush());
    const laidOut = await positions(page);
    // The stored map and its settings come back after a reload, laid out the same.
    await page.reload();
    await waitForEditor(page);
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().nodes.n === 501);
    expect(await page.evaluate(() => (window as any).__mindflow.store.getState().settings)).toEqual({ layout: 'balanced', autoLayout: true });
    expect(await positions(page)).toEqual(laidOut);
    await page.getByRole('button', { name: 'Layout' }).click();
    expect(await page.getByRole('switch', { name: 'Auto Layout' }).isChecked()).toBe(true);
    await closeMenu(page);
  });
});


/** A small map at explicit positions (free layout): root → a, b (→ b1, b2), c. */
function smallMap() {
  const n = (id: string, parentId: string | null, x: number, y: number, color: string) => ({
    id, type: parentId ? 'child' : 'root', position: { x, y }, parentId, connectionType: 'standard',
    data: { label: id.toUpperCase(), expanded: true, color, animation: 'none' },
  });
  const nodes = [
    n('root', null, 0, 0, '#9b87f5'), n('a', 'root', 300, -200, '#ef4444'), n('b', 'root', 300, 0, '#10b981'),
    n('b1', 'b', 600, -40, '#10b981'), n('b2', 'b', 600, 60, '#10b981'), n('c', 'root', 300, 200, '#3b82f6'),
  ];
  const edges = nodes.filter((x) => x.parentId).map((x) => ({
    id: `e-${x.parentId}-${x.id}`, source: x.parentId, target: x.id, style: { stroke: x.data.color, strokeWidth: 3 }, animated: false,
  }));
  return { nodes, edges };
}


const rect = (page: Page, id: string) =>
  page.evaluate((i) => (window as any).__mindflow.scene.nodeClientRect(i), id) as Promise<{ x: number; y: number; width: number; height: number }>;
const parentOf = (page: Page, id: string) =>
  page.evaluate((i) => (window as any).__mindflow.node(i)?.parentId as string | null | undefined, id);
const kidsOf = (page: Page, id: string) =>
  page.evaluate((i) => (window as any).__mindflow.kids(i) as string[], id);
const positionOf = (page: Page, id: string) =>
  page.evaluate((i) => ((window as any).__mindflow.node(i)?.position ?? null) as { x: number; y: number } | null, id);
const idle = (page: Page) => page.evaluate(() => (window as any).__mindflow.scene.whenIdle());
const positions = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(((window as any).__mindflow.allNodes() as { id: string; position: { x: number; y: number } }[]).map((n) => [n.id, n.position])),
  ) as Promise<Record<string, { x: number; y: number }>>;

/** Mouse drag from the centre of topic `from` to a point of topic `to` (fy: 0 top … 1 bottom of its card). */
/** smallMap() with the Right layout and Auto Layout on, fitted, with no history. */
async function smallMapLaidOutRight(page: Page): Promise<void> {
  await resetMap(page, JSON.stringify(smallMap()));
  await page.evaluate(() => {
    const m = (window as any).__mindflow;
    m.store.transact('settings', (d: any) => {
      d.settings.layout = 'right';
      d.settings.autoLayout = true;
    });
    m.store.clearHistory();
  });
  await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.autoLayout === true);
  await page.evaluate(() => (window as any).__mindflow.scene.fitView(0.3, 0));
  await idle(page);
}

async function dragOnto(page: Page, from: string, to: string, fy = 0.5): Promise<void> {
  const a = await rect(page, from);
  const b = await rect(page, to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * fy, { steps: 10 });
  await idle(page);
  await page.mouse.up();
  await idle(page);
}

describe('smart layouts: edges, drag to reparent, keyboard reorder', () => {
  it('Balanced: a left-side branch is joined from the parent\'s left into the child\'s right side', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(smallMap()));
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('menuitem', { name: 'Tidy Up (Balanced)' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.layout === 'balanced');
    await page.evaluate(() => (window as any).__mindflow.scene.fitView(0.3, 0));
    await idle(page);
    // Which root children went left?
    const root = (await positionOf(page, 'root'))!;
    const left: string[] = [];
    for (const id of ['a', 'b', 'c']) if ((await positionOf(page, id))!.x < root.x) left.push(id);
    expect(left.length).toBeGreaterThan(0);
    const bg = await pixel(page, 640, 790);
    const differs = (p: [number, number, number]) => Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) > 60;
    for (const id of left) {
      const r = await rect(page, id);
      const my = r.y + r.height / 2;
      // The edge from the root comes into the child's RIGHT side (a stroke just right of the card, past its handle).
      expect(differs(await pixel(page, r.x + r.width + 14, my))).toBe(true);
    }
    // Left-side leaves: nothing enters their left side (the old rule drew every edge into the left handle).
    const leaves = [];
    for (const id of ['a', 'b1', 'b2', 'c']) if ((await positionOf(page, id))!.x < root.x) leaves.push(id);
    expect(leaves.length).toBeGreaterThan(0);
    for (const id of leaves) {
      const r = await rect(page, id);
      expect(differs(await pixel(page, r.x + r.width + 14, r.y + r.height / 2))).toBe(true);
      expect(differs(await pixel(page, r.x - 14, r.y + r.height / 2))).toBe(false);
    }
  });

  it('edges take the sides of a layout chosen where no topic moves (another tab, a collaborator)', async () => {
    const { page } = session;
    const setLayout = (layout: string) =>
      page.evaluate(
        (layout) =>
          (window as any).__mindflow.store.transact('Layout', (d: any) => {
            d.settings = { ...d.settings, layout, autoLayout: false };
          }),
        layout,
      );
    // Settings outlive a loaded map: Free with Auto Layout off first, so the map keeps its positions.
    await setLayout('free');
    await resetMap(page, JSON.stringify(smallMap()));
    await page.evaluate(() => (window as any).__mindflow.scene.fitView(0.3, 0));
    await idle(page);
    const bg = await pixel(page, 640, 790);
    const drawn = async (x: number, y: number) => {
      const p = await pixel(page, x, y);
      return Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) > 60;
    };
    let c = await rect(page, 'c');
    // Free layout: into C's left side.
    expect(await drawn(c.x - 14, c.y + c.height / 2)).toBe(true);
    await setLayout('down');
    await idle(page);
    c = await rect(page, 'c');
    // Top-down: C lies below the root, so its edge comes down into its top, and nothing into its left.
    expect(await drawn(c.x + c.width / 2, c.y - 14)).toBe(true);
    expect(await drawn(c.x - 14, c.y + c.height / 2)).toBe(false);
  });

  it('drag a topic onto another: it becomes that topic\'s last child; one Undo restores it', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(smallMap()));
    await idle(page);
    const before = await positionOf(page, 'a');
    await dragOnto(page, 'a', 'c');
    expect(await parentOf(page, 'a')).toBe('c');
    expect(await kidsOf(page, 'c')).toEqual(['a']);
    expect(await kidsOf(page, 'root')).toEqual(['b', 'c']);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await parentOf(page, 'a')).toBe('root');
    expect(await kidsOf(page, 'root')).toEqual(['a', 'b', 'c']);
    expect(await positionOf(page, 'a')).toEqual(before);
    expect(await page.evaluate(() => (window as any).__mindflow.store.canUndo())).toBe(false);
  });

  it('dropping a topic onto its own descendant is refused and changes nothing', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(smallMap()));
    await idle(page);
    const before = await positionOf(page, 'b');
    await dragOnto(page, 'b', 'b2');
    expect(await parentOf(page, 'b')).toBe('root');
    expect(await parentOf(page, 'b2')).toBe('b');
    expect(await positionOf(page, 'b')).toEqual(before);
    expect(await page.evaluate(() => (window as any).__mindflow.store.canUndo())).toBe(false);
  });

  it('dropping a topic onto the parent it is already the last child of changes nothing (it is not left hidden under it)', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(smallMap()));
    await idle(page);
    const before = await positionOf(page, 'c');
    expect((await kidsOf(page, 'root')).at(-1)).toBe('c');
    await dragOnto(page, 'c', 'root');
    expect(await parentOf(page, 'c')).toBe('root');
    expect(await positionOf(page, 'c')).toEqual(before);
    expect(await page.evaluate(() => (window as any).__mindflow.store.canUndo())).toBe(false);
  });

  it('with Auto Layout on, a topic dropped on empty canvas goes back to its place, and Undo still undoes the edit before', async () => {
    const { page } = session;
    await smallMapLaidOutRight(page);
    // An earlier edit: a rename.
    await page.evaluate(() => {
      const m = (window as any).__mindflow;
      m.store.transact('Rename topic', (d: any) => {
        m.editNode(d, 'b').data.label = 'Renamed';
      });
    });
    const before = await positionOf(page, 'c');
    const c = await rect(page, 'c');
    await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
    await page.mouse.down();
    await page.mouse.move(c.x + c.width / 2 + 150, c.y + c.height / 2 + 60, { steps: 10 });
    await idle(page);
    await page.mouse.up();
    await idle(page);
    expect(await positionOf(page, 'c')).toEqual(before);
    expect(await page.evaluate(() => (window as any).__mindflow.store.undoLabel())).toBe('Rename topic');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect((await page.evaluate(() => (window as any).__mindflow.node('b').data.label))).toBe('B');
  });

  it('with Auto Layout on, dropping on the upper third of a sibling reorders; one Undo restores', async () => {
    const { page } = session;
    // Right layout with Auto Layout on (the menu's own switch is covered by the test above).
    await smallMapLaidOutRight(page);
    await dragOnto(page, 'c', 'a', 0.15);
    expect(await kidsOf(page, 'root')).toEqual(['c', 'a', 'b']);
    // Laid out again: c now above a.
    expect((await positionOf(page, 'c'))!.y).toBeLessThan((await positionOf(page, 'a'))!.y);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await kidsOf(page, 'root')).toEqual(['a', 'b', 'c']);
    expect(await page.evaluate(() => (window as any).__mindflow.store.canUndo())).toBe(false);
    await page.evaluate(() => (window as any).__mindflow.store.transact('settings', (d: any) => void (d.settings.autoLayout = false), { history: false }));
  });

  it('Alt+Down / Alt+Up move the selected topic among its siblings', async () => {
    const { page } = session;
    await resetMap(page, JSON.stringify(smallMap()));
    await idle(page);
    const r = await rect(page, 'a');
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().selectedNodeId === 'a');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForFunction(() => (window as any).__mindflow.kids('root')[1] === 'a');
    expect(await kidsOf(page, 'root')).toEqual(['b', 'a', 'c']);
    await page.keyboard.press('Alt+ArrowUp');
    await page.waitForFunction(() => (window as any).__mindflow.kids('root')[0] === 'a');
    expect(await kidsOf(page, 'root')).toEqual(['a', 'b', 'c']);
  });
});

/** A small map far from any tidy shape: a (with a1) and b sit left of the root, above and below it. */
function untidyMap() {
  const n = (id: string, parentId: string | null, x: number, y: number) => ({
    id, type: parentId ? 'child' : 'root', position: { x, y }, parentId, connectionType: 'standard',
    data: { label: id.toUpperCase(), expanded: true, color: '#9b87f5', animation: 'none' },
  });
  const nodes = [n('root', null, 0, 0), n('a', 'root', -400, 250), n('a1', 'a', -200, 250), n('b', 'root', -400, -250)];
  const edges = nodes.filter((x) => x.parentId).map((x) => ({
    id: `e-${x.parentId}-${x.id}`, source: x.parentId, target: x.id, style: { stroke: '#9b87f5', strokeWidth: 2 }, animated: false,
  }));
  return { nodes, edges };
}

/** One animation frame's reading: where topic is drawn (x, y) and where the state puts it (fx, fy), in world units from the root. */
interface Sample {
  t: number;
  x: number;
  y: number;
  fx: number;
  fy: number;
}

/** Starts recording a Sample for topic `id` on every animation frame for `ms` milliseconds. */
async function startSampling(page: Page, id: string, ms: number): Promise<void> {
  await page.evaluate(
    ([i, duration]) => {
      const w = window as any;
      const scene = w.__mindflow.scene;
      const rec = { done: false, samples: [] as Sample[] };
      w.__layoutTweenSamples = rec;
      const end = performance.now() + duration;
      const tick = () => {
        const t = performance.now();
        const root = scene.nodeClientRect('root');
        const drawn = scene.nodeClientRect(i, true);
        const state = scene.nodeClientRect(i);
        const z = scene.getViewport().zoom;
        rec.samples.push({ t, x: (drawn.x - root.x) / z, y: (drawn.y - root.y) / z, fx: (state.x - root.x) / z, fy: (state.y - root.y) / z });
        if (t < end) requestAnimationFrame(tick);
        else rec.done = true;
      };
      requestAnimationFrame(tick);
    },
    [id, ms] as const,
  );
}

/**
 * The recorded frames from the moment the state moved the topic: ms since then and progress p
 * (0 at the old place, 1 at the new one, measured along the move).
 */
async function tweenProgress(page: Page): Promise<{ distance: number; frames: { ms: number; p: number; off: number }[] }> {
  await page.waitForFunction(() => (window as any).__layoutTweenSamples?.done === true, undefined, { timeout: 10_000 });
  const samples: Sample[] = await page.evaluate(() => (window as any).__layoutTweenSamples.samples);
  const first = samples[0];
  const last = samples[samples.length - 1];
  const start = samples.findIndex((s) => Math.hypot(s.fx - first.fx, s.fy - first.fy) > 0.5);
  expect(start).toBeGreaterThan(0);
  const ox = first.x;
  const oy = first.y;
  const dx = last.fx - ox;
  const dy = last.fy - oy;
  const distance = Math.hypot(dx, dy);
  const t0 = samples[start].t;
  const frames = samples.slice(start).map((s) => ({
    ms: s.t - t0,
    p: ((s.x - ox) * dx + (s.y - oy) * dy) / (distance * distance),
    // Distance from the straight line between the two places.
    off: Math.abs((s.x - ox) * dy - (s.y - oy) * dx) / distance,
  }));
  return { distance, frames };
}

/** Brings topic `id` to the centre at zoom 1: it is drawn where the map says, and a click there selects it. */
async function drawnWhereClickFindsIt(page: Page, id: string): Promise<void> {
  await page.evaluate((i) => {
    const m = (window as any).__mindflow;
    const p = m.node(i).position;
    m.scene.setViewport({ x: 640 - p.x - 90, y: 400 - p.y - 28, zoom: 1 }, 0);
  }, id);
  await idle(page);
  const r = await rect(page, id);
  expect(await page.evaluate((i) => (window as any).__mindflow.scene.nodeClientRect(i, true), id)).toEqual(r);
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  await page.waitForFunction((i) => (window as any).__mindflow.store.getState().selectedNodeId === i, id);
}

/** Turns Auto Layout off through the menu if it is on (an earlier test may have left it on). */
async function autoLayoutOff(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Layout' }).click();
  const auto = page.getByRole('switch', { name: 'Auto Layout' });
  await auto.waitFor();
  if (await auto.isChecked()) await auto.click();
  expect(await auto.isChecked()).toBe(false);
  await closeMenu(page);
}

/**
 * Escape in the open menu closes it; the tests go on once it is gone. The menu gets focus first:
 * right after a reload the page may still move focus (to the selected topic) after the click that
 * opened it.
 */
async function closeMenu(page: Page): Promise<void> {
  await page.getByRole('menu').focus();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/** An untidy map with Auto Layout off, drawn in detail. */
async function untidyStart(page: Page): Promise<void> {
  await autoLayoutOff(page);
  await resetMap(page, JSON.stringify(untidyMap()));
  await idle(page);
  expect(await page.evaluate(() => (window as any).__mindflow.scene.stats().lod)).not.toBe('shape');
}

async function tidyRightSampling(page: Page, id: string): Promise<void> {
  await page.getByRole('button', { name: 'Layout' }).click();
  const item = page.getByRole('menuitem', { name: 'Tidy Up (Right)' });
  await item.waitFor();
  await startSampling(page, id, 1200);
  await item.click();
}

describe('the view follows a layout', () => {
  /** Root, 3 branches of 3 leaves, all piled at one spot. */
  function pileMap() {
    const n = (id: string, parentId: string | null) => ({
      id, type: parentId ? 'child' : 'root', position: { x: 0, y: 0 }, parentId, connectionType: 'standard',
      data: { label: `Topic ${id.toUpperCase()}`, expanded: true, color: '#9b87f5', animation: 'none' },
    });
    const nodes = [n('root', null)];
    for (const b of ['a', 'b', 'c']) {
      nodes.push(n(b, 'root'));
      for (let l = 1; l <= 3; l++) nodes.push(n(`${b}${l}`, b));
    }
    const edges = nodes.filter((x) => x.parentId).map((x) => ({
      id: `e-${x.parentId}-${x.id}`, source: x.parentId, target: x.id, style: { stroke: '#9b87f5', strokeWidth: 2 }, animated: false,
    }));
    return { nodes, edges };
  }

  /** Every topic's card is on screen, clear of the tool panel. */
  async function allOnScreen(page: Page): Promise<void> {
    await idle(page);
    const tools = (await page.getByRole('complementary', { name: 'Tools' }).boundingBox())!;
    const ids = await page.evaluate(() => ((window as any).__mindflow.allNodes() as { id: string }[]).map((x) => x.id));
    for (const id of ids) {
      const r = await page.evaluate((i) => (window as any).__mindflow.scene.nodeClientRect(i), id);
      expect(r.x, id).toBeGreaterThanOrEqual(tools.x + tools.width);
      expect(r.y, id).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width, id).toBeLessThanOrEqual(1280);
      expect(r.y + r.height, id).toBeLessThanOrEqual(800);
    }
  }

  it('each Tidy Up, and switching Auto Layout on, fits the map where the layout put it', async () => {
    const { page } = session;
    await autoLayoutOff(page);
    await resetMap(page, JSON.stringify(pileMap()));
    for (const label of ['Tidy Up (Right)', 'Tidy Up (Top-down)', 'Tidy Up (Right)']) {
      await page.getByRole('button', { name: 'Layout' }).click();
      await page.getByRole('menuitem', { name: label }).click();
      await allOnScreen(page);
    }
    await resetMap(page, JSON.stringify(pileMap()));
    await page.evaluate(() => (window as any).__mindflow.store.transact('free', (d: any) => void (d.settings = { layout: 'free', autoLayout: false })));
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('switch', { name: 'Auto Layout' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.autoLayout === true);
    await closeMenu(page);
    await allOnScreen(page);
    await autoLayoutOff(page);
  });
});

describe('a fold under Auto Layout', () => {
  it('keeps the folded topic under the pointer that pressed its chevron, as the layout moves it', async () => {
    const { page } = session;
    await autoLayoutOff(page);
    const kids = (parent: string) => Array.from({ length: 20 }, (_, i) => child(`${parent}${i}`, `${parent} leaf ${i}`, parent));
    await resetMap(page, JSON.stringify(mapOf([child('p', 'Parent'), child('a', 'Branch A', 'p'), ...kids('a'), child('c', 'Branch C', 'p'), ...kids('c')])));
    await page.getByRole('button', { name: 'Layout' }).click();
    await page.getByRole('switch', { name: 'Auto Layout' }).click();
    await page.waitForFunction(() => (window as any).__mindflow.store.getState().settings.autoLayout === true);
    await closeMenu(page);
    await page.evaluate(() => {
      const m = (window as any).__mindflow;
      const p = m.node('a').position;
      m.scene.setViewport({ x: 700 - p.x, y: 400 - p.y, zoom: 1 }, 0);
    });
    await idle(page);
    const before = await rect(page, 'a');
    const worldBefore = (await positionOf(page, 'a'))!.y;
    const chevron = (await page.evaluate(() => (window as any).__mindflow.scene.partClientPoint('a', 'chevron')))!;
    await page.mouse.click(chevron.x, chevron.y);
    await page.waitForFunction(() => (window as any).__mindflow.node('a').data.expanded === false);
    await idle(page);
    // The layout moved it by half its branch's height; on screen it is where it was.
    expect(Math.abs((await positionOf(page, 'a'))!.y - worldBefore)).toBeGreaterThan(200);
    const after = await rect(page, 'a');
    expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
    // And the chevron is there to unfold it again.
    await page.mouse.click(chevron.x, chevron.y);
    await page.waitForFunction(() => (window as any).__mindflow.node('a').data.expanded === true);
    await idle(page);
    const back = await rect(page, 'a');
    expect(Math.abs(back.y - before.y)).toBeLessThanOrEqual(1);
    // The undo and redo of a fold keep it there too.
    for (const keys of ['Control+z', 'Control+Shift+z']) {
      await page.keyboard.press(keys);
      await idle(page);
      const now = await rect(page, 'a');
      expect(Math.abs(now.y - before.y), keys).toBeLessThanOrEqual(1);
    }
    await autoLayoutOff(page);
  });
});

describe('layout moves are animated', () => {
  it('Tidy Up moves a topic over about 400 ms: part way at 150–250 ms, at its place after', async () => {
    const { page } = session;
    await untidyStart(page);
    await tidyRightSampling(page, 'a');
    const { distance, frames } = await tweenProgress(page);
    expect(distance).toBeGreaterThan(200);
    // Part way through: neither the old nor the new place. (The sampler sees a frame up to one frame
    // late, and the first frame after a layout is a slow one, hence the windows.)
    expect(frames.some((f) => f.ms >= 100 && f.ms <= 300 && f.p > 0.05 && f.p < 0.95)).toBe(true);
    expect(frames.some((f) => f.ms >= 150 && f.ms <= 300 && f.p > 0.01 && f.p < 0.99)).toBe(true);
    // Not at the new place before about 250 ms; always moving forward, along a straight line.
    for (const f of frames.filter((x) => x.ms < 250)) expect(f.p).toBeLessThan(0.995);
    for (let i = 1; i < frames.length; i++) expect(frames[i].p).toBeGreaterThanOrEqual(frames[i - 1].p - 0.01);
    for (const f of frames) expect(f.off).toBeLessThan(1);
    // At the new place once the 400 ms are over, having moved for a good part of them.
    const moving = frames.find((f) => f.p > 0.001);
    const arrived = frames.find((f) => f.p > 0.999);
    expect(moving).toBeDefined();
    expect(arrived).toBeDefined();
    expect(arrived!.ms).toBeGreaterThanOrEqual(250);
    expect(arrived!.ms).toBeLessThanOrEqual(800);
    expect(arrived!.ms - moving!.ms).toBeGreaterThanOrEqual(150);
    const late = frames.filter((f) => f.ms >= 800);
    expect(late.length).toBeGreaterThan(0);
    for (const f of late) expect(Math.abs(f.p - 1) * distance).toBeLessThan(0.5);
    await idle(page);
  });

  it('in performance mode and with reduced motion, Tidy Up moves topics at once', async () => {
    const { page } = session;
    const jumpsStraight = async () => {
      await untidyStart(page);
      await tidyRightSampling(page, 'a');
      const { distance, frames } = await tweenProgress(page);
      expect(distance).toBeGreaterThan(200);
      // Never anywhere in between: at the old place only until the next frame is drawn, then at the new one.
      for (const f of frames) expect(f.p < 0.001 || f.p > 0.999).toBe(true);
      for (const f of frames.filter((x) => x.p < 0.001)) expect(f.ms).toBeLessThan(150);
      expect(frames[frames.length - 1].p).toBeGreaterThan(0.999);
      await idle(page);
    };
    const perf = button(page, 'Performance mode');
    await perf.click();
    expect(await perf.getAttribute('aria-pressed')).toBe('true');
    try {
      await jumpsStraight();
    } finally {
      await perf.click();
    }
    expect(await perf.getAttribute('aria-pressed')).toBe('false');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await jumpsStraight();
    } finally {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});
