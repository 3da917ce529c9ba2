import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    // MINDFLOW_OUT lets a second build/preview run beside another without sharing dist/.
    outDir: process.env.MINDFLOW_OUT ?? 'dist',
    chunkSizeWarningLimit: 2000,
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    // Property tests run hundreds of cases; a 2-core CI machine running files in parallel needs more than the 5 s default.
    testTimeout: 30_000,
  },
});
