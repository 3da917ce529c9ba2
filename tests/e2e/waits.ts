/** Waiting without fixed sleeps: on the page's own animation frames. */
import type { Locator, Page } from 'playwright-core';

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

/**
 * Waits until the element's CSS transitions and animations (a modal opening, a toast sliding in)
 * have finished, so a screenshot shows it at rest.
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.evaluateAll((els) =>
    Promise.all(
      els
        .flatMap((el) => el.getAnimations({ subtree: true }))
        .filter((a) => a.effect?.getTiming().iterations !== Infinity) // a spinner never finishes
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
