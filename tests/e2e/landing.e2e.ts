/**
 * The marketing landing page at "/" (spec §2 "Landing page", §9): texts, calls to action, the
 * scroll hint, footer links, the inert newsletter form, hover tilt, theme toggle and mobile layout.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { openApp, type OpenOptions, type Session } from './browser';
import { pageFrames } from './waits';

const CTAS = ['Get Started', 'Experience all features', 'Try Demo Now', 'Try Enterprise Features'] as const;
const FEATURE_TITLES = [
  'Interactive Mind Mapping',
  'Smart Connections',
  'Dynamic Layouts',
  'Visual Thinking',
  'Enterprise Templates',
  'AI-Powered Suggestions',
] as const;
const ADVANCED_FEATURES = [
  'Collaborative real-time editing and commenting',
  'Data integration with external sources and APIs',
  'Advanced analytics',
] as const;

let session: Session | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function openLanding(options: OpenOptions = {}): Promise<Session> {
  session = await openApp(options);
  await session.goto('/');
  await session.page.getByRole('heading', { level: 1, name: 'MindFlow' }).waitFor();
  return session;
}

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 5_000 });
  expect(await locator.isVisible()).toBe(true);
}

const scrollHint = (page: Page) => page.getByRole('link', { name: 'Scroll to explore' });

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 1, y);
}

/** The tilt transform of a card as rotation angles (degrees), or zeros when it has no 3D rotation. */
async function tiltOf(card: Locator): Promise<{ x: number; y: number }> {
  return card.evaluate((el) => {
    const t = getComputedStyle(el).transform;
    if (!t || t === 'none') return { x: 0, y: 0 };
    const m = new DOMMatrixReadOnly(t);
    const toDeg = (r: number) => (r * 180) / Math.PI;
    return { x: toDeg(Math.asin(Math.max(-1, Math.min(1, m.m23)))), y: toDeg(Math.asin(Math.max(-1, Math.min(1, m.m31)))) };
  });
}

describe('landing page', () => {
  it('shows every section with its texts', async () => {
    const { page, consoleErrors } = await openLanding();

    // Header and hero
    await expectVisible(page.getByRole('button', { name: 'Toggle theme' }));
    await expectVisible(page.getByRole('img', { name: 'MindFlow logo' }));
    await expectVisible(page.getByRole('heading', { level: 1, name: 'MindFlow' }));
    await expectVisible(page.getByText('Create. Connect. Innovate.', { exact: true }));
    await expectVisible(page.getByRole('link', { name: 'Get Started', exact: true }));
    await expectVisible(scrollHint(page));

    // Features
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Powerful Features' }));
    const cards = page.getByTestId('feature-card');
    expect(await cards.count()).toBe(6);
    for (const title of FEATURE_TITLES) {
      await expectVisible(page.getByRole('heading', { level: 3, name: title, exact: true }));
    }
    await expectVisible(page.getByRole('link', { name: 'Experience all features', exact: true }));

    // Demo
    await expectVisible(page.getByRole('heading', { level: 2, name: 'See It In Action' }));
    await expectVisible(page.getByRole('link', { name: 'Try Demo Now', exact: true }));
    await expectVisible(page.getByText('No sign-up required.', { exact: true }));

    // Footer
    const footer = page.getByRole('contentinfo');
    await expectVisible(footer.getByRole('link', { name: 'MindFlow on X' }));
    await expectVisible(footer.getByRole('link', { name: 'MindFlow on GitHub' }));
    await expectVisible(footer.getByRole('heading', { name: 'Product', exact: true }));
    for (const name of ['Features', 'Pricing', 'Enterprise']) {
      await expectVisible(footer.getByRole('link', { name, exact: true }));
    }
    await expectVisible(footer.getByRole('heading', { name: 'Advanced Features', exact: true }));
    for (const text of ADVANCED_FEATURES) {
      await expectVisible(footer.getByText(text, { exact: true }));
    }
    await expectVisible(footer.getByRole('link', { name: 'Try Enterprise Features', exact: true }));
    await expectVisible(footer.getByRole('textbox', { name: 'Name' }));
    await expectVisible(footer.getByRole('textbox', { name: 'Email' }));
    await expectVisible(footer.getByRole('button', { name: 'Subscribe' }));
    await expectVisible(footer.getByText(/©\s*2025/));

    expect(consoleErrors).toEqual([]);
  });

  for (const cta of CTAS) {
    it(`"${cta}" goes to /mindmap`, async () => {
      const { page, baseURL } = await openLanding();
      const link = page.getByRole('link', { name: cta, exact: true });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await page.waitForURL(`${baseURL}/mindmap`, { timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe('/mindmap');
    });
  }

  it('shows the scroll hint only near the top of the page', async () => {
    const { page } = await openLanding();
    const hint = scrollHint(page);
    await expectVisible(hint);

    await scrollTo(page, 99);
    await pageFrames(page, 10);
    expect(await hint.isVisible()).toBe(true);

    await scrollTo(page, 150);
    await hint.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(await hint.isVisible()).toBe(false);

    await scrollTo(page, 0);
    await expectVisible(hint);

    await scrollTo(page, 400);
    await hint.waitFor({ state: 'hidden', timeout: 5_000 });
    await scrollTo(page, 50);
    await expectVisible(hint);
  });

  it('scroll hint takes the reader to the features without changing the URL', async () => {
    const { page, baseURL } = await openLanding();
    await scrollHint(page).click();
    await page.waitForFunction(
      (min) => window.scrollY >= min,
      100,
      { timeout: 5_000 },
    );
    await scrollHint(page).waitFor({ state: 'hidden', timeout: 5_000 });
    expect(page.url()).toBe(`${baseURL}/`);
    const top = await page.getByRole('heading', { level: 2, name: 'Powerful Features' }).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(800);
    // Keyboard focus went along (the hint hides): the next Tab goes on from the features.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('features');
  });

  it('opens the social and code-hosting profiles in a new tab without opener access', async () => {
    const { page } = await openLanding();
    const footer = page.getByRole('contentinfo');
    for (const name of ['MindFlow on X', 'MindFlow on GitHub']) {
      const link = footer.getByRole('link', { name });
      expect(await link.getAttribute('target')).toBe('_blank');
      const rel = ((await link.getAttribute('rel')) ?? '').split(/\s+/);
      expect(rel).toContain('noopener');
      expect(rel).toContain('noreferrer');
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });

  it('keeps the Product links inert', async () => {
    const { page, context, baseURL, consoleErrors } = await openLanding();
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    const before = page.url();
    expect(before).toBe(`${baseURL}/`);
    for (const name of ['Features', 'Pricing', 'Enterprise']) {
      await footer.getByRole('link', { name, exact: true }).click();
      await pageFrames(page, 5);
      expect(page.url()).toBe(before);
      expect(context.pages()).toHaveLength(1);
    }
    await expectVisible(footer.getByRole('heading', { name: 'Product', exact: true }));
    expect(consoleErrors).toEqual([]);
  });

  it('newsletter Subscribe validates nothing and calls nothing', async () => {
    const { page, context, consoleErrors } = await openLanding();
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (req) => requests.push(`${req.method()} ${req.url()}`));

    const footer = page.getByRole('contentinfo');
    const name = footer.getByRole('textbox', { name: 'Name' });
    const email = footer.getByRole('textbox', { name: 'Email' });
    const before = page.url();

    // Empty form first, then arbitrary text that is no email address.
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await name.fill('  <b>anything</b> 123 ');
    await email.fill('definitely not an email');
    expect(await email.evaluate((el) => (el as HTMLInputElement).checkValidity())).toBe(true);
    expect(await name.evaluate((el) => (el as HTMLInputElement).required)).toBe(false);
    expect(await email.evaluate((el) => (el as HTMLInputElement).required)).toBe(false);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await email.press('Enter');
    await pageFrames(page, 10);
    await page.waitForLoadState('networkidle');

    expect(page.url()).toBe(before);
    expect(context.pages()).toHaveLength(1);
    expect(requests).toEqual([]);
    expect(await email.inputValue()).toBe('definitely not an email');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('tilts a feature card toward the pointer and resets on leave', async () => {
    const { page } = await openLanding();
    const card = page.getByTestId('feature-card').nth(1);
    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    expect((await tiltOf(card)).x).toBeCloseTo(0, 3);

    // Pointer near the top-right corner.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.1, { steps: 4 });
    // The card eases toward its tilt (a CSS transition): poll until it is there.
    await expect.poll(async () => Math.min(...Object.values(await tiltOf(card)).map(Math.abs)), { timeout: 5_000, interval: 50 }).toBeGreaterThan(2);
    const tilted = await tiltOf(card);

    // Pointer near the bottom-left corner tilts the other way.
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.9, { steps: 4 });
    await expect
      .poll(async () => {
        const t = await tiltOf(card);
        return [Math.sign(t.x), Math.sign(t.y)];
      }, { timeout: 5_000, interval: 50 })
      .toEqual([-Math.sign(tilted.x), -Math.sign(tilted.y)]);

    // Leaving resets it.
    await page.mouse.move(box.x + box.width / 2, box.y - 40);
    await expect.poll(async () => Math.max(...Object.values(await tiltOf(card)).map(Math.abs)), { timeout: 5_000, interval: 50 }).toBeLessThan(0.005);
  });

  it('does not tilt cards when reduced motion is requested', async () => {
    const { page } = await openLanding();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const card = page.getByTestId('feature-card').first();
    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.1, { steps: 4 });
    await pageFrames(page, 20);
    expect(await card.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  });

  it('secondary text reads at WCAG AA contrast (4.5:1) in both schemes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openLanding({ colorScheme });
      await page.getByRole('button', { name: 'Toggle theme' }).waitFor();
      const current = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
      if (current !== colorScheme) await page.getByRole('button', { name: 'Toggle theme' }).click();
      for (const text of ['No sign-up required.', 'Made for clear thinking.']) {
        const ratio = await page.getByText(text, { exact: true }).evaluate((el) => {
          const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
          const lum = ([r, g, b]: number[]) => {
            const ch = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
            return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
          };
          let bg: number[] | null = null;
          for (let n: Element | null = el; n && !bg; n = n.parentElement) {
            const c = rgb(getComputedStyle(n).backgroundColor);
            if (c.length >= 3 && (c.length === 3 || c[3] === 1)) bg = c;
          }
          const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg ?? [255, 255, 255])].sort((x, y) => y - x);
          return (a + 0.05) / (b + 0.05);
        });
        expect(ratio, `${text} (${colorScheme})`).toBeGreaterThanOrEqual(4.5);
      }
      await session?.close();
      session = undefined;
    }
  });

  it('toggles between light and dark colour schemes', async () => {
    const { page } = await openLanding({ colorScheme: 'dark' });
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    const initial = await scheme();
    expect(['light', 'dark']).toContain(initial);
    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    await toggle.click();
    await page.waitForFunction((prev) => document.documentElement.getAttribute('data-mantine-color-scheme') !== prev, initial);
    const next = await scheme();
    expect(next).toBe(initial === 'dark' ? 'light' : 'dark');
    await toggle.click();
    await page.waitForFunction((prev) => document.documentElement.getAttribute('data-mantine-color-scheme') === prev, initial);
  });

  it('lays the feature cards out in three columns on desktop', async () => {
    const { page } = await openLanding();
    const cards = page.getByTestId('feature-card');
    const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0]);
  });

  it('fits a 390×844 mobile screen without horizontal overflow', async () => {
    const { page, consoleErrors } = await openLanding({ mobile: true, viewport: { width: 390, height: 844 } });
    await expectVisible(page.getByRole('link', { name: 'Get Started', exact: true }));
    await expectVisible(scrollHint(page));
    const widths = async () =>
      page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: window.innerWidth }));
    expect((await widths()).scroll).toBeLessThanOrEqual(390);

    // Cards stack in one column.
    const lefts = await page
      .getByTestId('feature-card')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);

    // Still no overflow after scrolling through the page to the footer.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expectVisible(page.getByRole('button', { name: 'Subscribe' }));
    expect((await widths()).scroll).toBeLessThanOrEqual(390);
    expect(consoleErrors).toEqual([]);
  });

  it('loads no pixi.js and at most 200 KB gzipped of script; pointing at "Get Started" fetches the editor', async () => {
    session = await openApp();
    const { page } = session;
    const scripts = new Map<string, Response>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.set(new URL(res.url()).pathname, res);
    });
    await session.goto('/');
    await page.getByRole('heading', { level: 1, name: 'MindFlow' }).waitFor();
    await page.waitForLoadState('networkidle');
    const landing = new Map(scripts);
    expect(landing.size).toBeGreaterThan(0);
    let gzipped = 0;
    for (const [path, res] of landing) {
      const text = await res.body();
      expect(text.includes('PixiJS'), `${path} holds pixi.js`).toBe(false);
      expect(path).not.toMatch(/EditorPage/);
      gzipped += gzipSync(text).length;
    }
    expect(gzipped).toBeLessThanOrEqual(200 * 1024);

    const editorChunk = page.waitForResponse((res) => /EditorPage-[^/]*\.js$/.test(res.url()));
    await page.getByRole('link', { name: 'Get Started', exact: true }).hover();
    expect((await editorChunk).ok()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
