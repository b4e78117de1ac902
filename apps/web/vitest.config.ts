import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure unit tests of the web client (no DOM needed); run from any working directory.
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
