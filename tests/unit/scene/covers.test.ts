import { describe, expect, it } from 'vitest';
import { cameraToReveal, clampZoom, fitCamera, fitZoom, worldToScreen, type Camera } from '../../../src/scene/camera/camera';
import { clearOfCovers, COVER_GAP, fitArea } from '../../../src/scene/camera/covers';
import type { Rect } from '../../../src/scene/geometry';

const screen = { width: 1280, height: 800 };
const rect = (minX: number, minY: number, maxX: number, maxY: number): Rect => ({ minX, minY, maxX, maxY });
// As the editor lays them out at 1280×800.
const toolPanel = rect(12, 52, 284, 530);
const editPanel = rect(968, 16, 1264, 360);
const minimap = rect(1078, 656, 1268, 788);
const overlaps = (a: Rect, b: Rect) => a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY;

describe('fits leave out a tall side panel', () => {
  it('the tool panel narrows the area; the minimap, too short to matter, does not', () => {
    expect(fitArea(screen, [toolPanel, minimap])).toEqual({ x: 284, width: 996 });
    expect(fitArea(screen, [minimap])).toEqual({ x: 0, width: 1280 });
  });

  it('panels on both sides narrow it from both, where enough is left', () => {
    const wide = { width: 1920, height: 1080 };
    expect(fitArea(wide, [toolPanel, rect(1608, 16, 1904, 500)])).toEqual({ x: 284, width: 1324 });
    // At 1280 the space between them is too narrow (the map would be drawn too small to read): the tool panel alone.
    expect(fitArea(screen, [toolPanel, editPanel])).toEqual({ x: 284, width: 996 });
  });

  it('with the Edit panel open at 1280, a map that stays readable between both panels fits there', () => {
    const zoomFor = (bounds: Rect) => (a: { width: number }) => clampZoom(fitZoom(bounds, { width: a.width, height: screen.height }, 0.2), 0.2, 1);
    // A small map: zoom 1 between the panels as beside the tool panel alone.
    expect(fitArea(screen, [toolPanel, editPanel], zoomFor(rect(0, 0, 400, 200)))).toEqual({ x: 284, width: 684 });
    // A map 1,200 wide: 0.475 between them, labels still drawn.
    expect(fitArea(screen, [toolPanel, editPanel], zoomFor(rect(0, 0, 1200, 300)))).toEqual({ x: 284, width: 684 });
    // A tall map: its height sets the zoom, the same in both strips.
    expect(fitArea(screen, [toolPanel, editPanel], zoomFor(rect(0, 0, 500, 3000)))).toEqual({ x: 284, width: 684 });
    // 2,000 wide: 0.285 there, boxes without labels: the tool panel alone, as before.
    expect(fitArea(screen, [toolPanel, editPanel], zoomFor(rect(0, 0, 2000, 300)))).toEqual({ x: 284, width: 996 });
  });

  it('a panel that leaves too little (a phone) is ignored', () => {
    const phone = { width: 390, height: 844 };
    expect(fitArea(phone, [rect(12, 60, 312, 700)])).toEqual({ x: 0, width: 390 });
  });

  it('fitCamera centres the map in the area', () => {
    const bounds = rect(-100, -50, 100, 50);
    const cam = fitCamera(bounds, screen, 0.2, 0.2, 1, fitArea(screen, [toolPanel]));
    const centre = worldToScreen(cam, 0, 0);
    expect(centre.x).toBeCloseTo(284 + 996 / 2);
    expect(centre.y).toBeCloseTo(400);
    // Without covers: the whole screen, as before.
    expect(worldToScreen(fitCamera(bounds, screen, 0.2, 0.2, 1), 0, 0).x).toBeCloseTo(640);
  });
});

describe('reveals take a topic out from under a cover', () => {
  const cam: Camera = { x: 0, y: 0, zoom: 1 };
  const onScreen = (c: Camera, r: Rect): Rect => {
    const a = worldToScreen(c, r.minX, r.minY);
    const b = worldToScreen(c, r.maxX, r.maxY);
    return rect(a.x, a.y, b.x, b.y);
  };

  it('a card under the tool panel moves just right of it', () => {
    const card = rect(100, 200, 240, 260);
    const to = cameraToReveal(cam, screen, card, 48, [toolPanel, editPanel, minimap]);
    expect(to).not.toBeNull();
    const shown = onScreen(to!, card);
    expect(shown.minX).toBeCloseTo(toolPanel.maxX + COVER_GAP);
    expect(shown.minY).toBe(200);
  });

  it('a card under the Edit panel takes the smaller way out', () => {
    // Just under the panel's lower edge: moving it down 100 beats moving it 240 to the left.
    const card = rect(1000, 300, 1140, 360);
    const shown = onScreen(cameraToReveal(cam, screen, card, 48, [toolPanel, editPanel])!, card);
    for (const c of [toolPanel, editPanel]) expect(overlaps(shown, c)).toBe(false);
    expect(shown.minX).toBe(1000);
    expect(shown.minY).toBeCloseTo(editPanel.maxY + COVER_GAP);
  });

  it('a card clear of every cover does not move', () => {
    expect(cameraToReveal(cam, screen, rect(500, 300, 640, 360), 48, [toolPanel, editPanel, minimap])).toBeNull();
  });

  it('on a crowded phone screen it finds the gap between the card and a toolbar, moving both ways', () => {
    const phone = { width: 390, height: 844 };
    const editCard = rect(50, 242, 340, 602);
    const controls = rect(334, 648, 378, 766);
    const bar = rect(76, 785, 314, 830);
    const openTools = rect(12, 52, 312, 535);
    const card = rect(185, 390, 335, 452);
    const to = cameraToReveal(cam, phone, card, 48, [editCard, controls, bar, openTools]);
    const shown = onScreen(to!, card);
    for (const c of [editCard, controls, bar, openTools]) expect(overlaps(shown, c)).toBe(false);
    expect(shown.minY).toBeGreaterThan(editCard.maxY);
    expect(shown.maxX).toBeLessThanOrEqual(controls.minX);
  });

  it('no way out (a cover over the whole screen): the screen alone decides', () => {
    expect(clearOfCovers(rect(500, 300, 640, 360), 0, 0, screen, 48, [rect(0, 0, 1280, 800)])).toEqual({ dx: 0, dy: 0 });
    expect(cameraToReveal(cam, screen, rect(-200, 300, -60, 360), 48, [rect(0, 0, 1280, 800)])).toEqual({ x: 248, y: 0, zoom: 1 });
  });
});
