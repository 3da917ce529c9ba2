/**
 * The test and bench hook: `window.__mindflow` (store, persistence, scene…) exists only in builds
 * made with `--mode test` (`npm run build:test`, which the end-to-end tests and the frame bench
 * use). Vite replaces the mode with a constant, so other builds drop the hook entirely.
 */
export const TEST_HOOK = import.meta.env.MODE === 'test';

export function exposeForTests(fields: Record<string, unknown>): void {
  if (!TEST_HOOK) return;
  const w = window as unknown as { __mindflow?: Record<string, unknown> };
  w.__mindflow = { ...(w.__mindflow ?? {}), ...fields };
}
