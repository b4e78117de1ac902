import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Paths are relative to the repository root, whichever directory vitest starts in.
    root: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/specs/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    environment: 'node',
    globalSetup: ['e2e/support/build-before.ts'],
  },
});
