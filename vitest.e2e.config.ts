import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app served by `vite preview`, driven in headless Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // No retries: a test that passes only on its second try is a bug to fix.
    retry: 0,
  },
});
