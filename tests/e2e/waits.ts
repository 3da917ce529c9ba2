/** Waiting without fixed sleeps: on the page's own animation frames. */
import type { Page } from 'playwright-core';

/**
 * Lets the page run `n` animation frames. For checks that something does *not* happen (an idle
 * canvas draws nothing, an inert link leaves the URL alone): the window is counted in frames the
 * page actually ran, so a busy machine stretches it instead of cutting it short.
 */
export async function pageFrames(page: Page, n: number): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );
}
