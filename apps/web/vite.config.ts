import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:8080';
const proxied = ['/uac', '/mall', '/supplier', '/version.json', '/docs'];

// The server answers /version.json with APP_VERSION or the root package version; the build
// carries the same value so the navigation guard can tell when the server has moved on.
const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const APP_VERSION = process.env.APP_VERSION || rootPackage.version;

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (what the login page loads, bench:web) goes into
          // one chunk: left alone, Rolldown cuts it into ~40 files shared with the lazy pages, which
          // compress worse and cost a request each. The set is closed under static imports, so its
          // dependencies need not be pulled in again (doing so drags lazy-only modules into it).
          // Tiny modules that many lazy pages share (the features' query-key factories; the save and
          // form-rule helpers) go into one chunk per group instead of one per module: every chunk's
          // name and index sit in the entry's preload table, which the login page loads.
          groups: [
            { name: 'index', tags: ['$initial'], includeDependenciesRecursively: false },
            { name: 'query-keys', test: /-query-keys\.ts$/, includeDependenciesRecursively: false },
            { name: 'form-helpers', test: /src[/]lib[/](zod-rule|use-saving)\.ts$/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
});
