import type { Page } from 'playwright-core';

/** RGB of a screen pixel, read from a real screenshot (the WebGL buffer is not preserved). */
export async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const { data: d } = await screenPixels(page, { x, y, width: 1, height: 1 });
  return [d[0], d[1], d[2]];
}

/** The RGBA bytes of a screen rectangle, read from a real screenshot, with its size. */
export async function screenPixels(page: Page, r: { x: number; y: number; width: number; height: number }): Promise<{ width: number; height: number; data: number[] }> {
  const clip = { x: Math.round(r.x), y: Math.round(r.y), width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) };
  const png = (await page.screenshot({ clip })).toString('base64');
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return { width: c.width, height: c.height, data: Array.from(ctx.getImageData(0, 0, c.width, c.height).data) };
  }, png);
}

/** How many pixels of a screen rectangle are strongly coloured (topic colours, not the grey grid or dark background). */
export async function colourfulPixels(page: Page, r: { x: number; y: number; width: number; height: number }): Promise<number> {
  const { data: d } = await screenPixels(page, r);
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) n++;
  return n;
}
