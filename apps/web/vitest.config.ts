import { defineConfig } from 'vitest/config';

export default defineConfig({
  // the build's version constant (vite.config.ts defines the real one)
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    // Pure unit tests of the web client (no DOM needed); run from any working directory.
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
