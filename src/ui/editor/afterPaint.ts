/**
 * Runs `run` once the next frame has been drawn: in the task after its animation frame. A hidden
 * page draws no frames, so it runs after `fallbackMs` at the latest.
 */
export function afterNextPaint(run: () => void, fallbackMs = 1000): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    window.clearTimeout(fallback);
    run();
  };
  const fallback = window.setTimeout(once, fallbackMs);
  requestAnimationFrame(() => window.setTimeout(once, 0));
}

/** afterNextPaint as a promise. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve));
}
