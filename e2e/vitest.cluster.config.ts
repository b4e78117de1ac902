import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** npm run test:cluster — two server processes behind nginx on PostgreSQL and Redis (e2e/cluster). */
export default defineConfig({
  test: {
    root: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/cluster/**/*.cluster.ts'],
    // generous: the machine is shared, and start-up seeds a fresh database
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    environment: 'node',
    globalSetup: ['e2e/support/build-before.ts'],
  },
});
