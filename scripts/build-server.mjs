#!/usr/bin/env node
// Builds the server as it is deployed: one ES module, apps/server/dist/server.mjs, compiled from
// apps/server/src/server.ts with the workspace's own TypeScript (@kc/contracts) inlined and every
// npm dependency left to node_modules. Running compiled JavaScript instead of `--import tsx`
// spares the process tsx's loader thread and its compile caches: about 65 MB of resident memory
// at idle (docs/BENCHMARKS.md, asynchronous export). `npm start`, the e2e suite and the benches run
// this file; `npm run dev` keeps tsx for editing.
//
//   node scripts/build-server.mjs           build when a source is newer than the bundle
//   node scripts/build-server.mjs --force   build anyway
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// apps/server/dist sits as deep as apps/server/src, so the server's own repo-relative paths hold
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');

/**
 * Environment the server process starts with unless set otherwise. MALLOC_ARENA_MAX=2: glibc gives
 * every thread that allocates (libuv's pool compresses exports, hashes passwords) its own malloc arena
 * and rarely gives their pages back; two arenas keep the resident size about 20 MB lower during a
 * large export at no measurable cost in speed (docs/BENCHMARKS.md).
 */
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2' };

/**
 * Node flags of the server process. --max-semi-space-size=8 (MB; V8's default is 16): a smaller young
 * generation, collected more often. A long export allocates row objects at a steady rate; with the
 * default the process peaks about 30 MB higher for no gain in speed (bench:exports: 100,000 orders
 * 202 → 280 MB instead of 215 → 311 MB, same duration, getUserAllInfo p95 unchanged).
 *
 * --heap-growing-percent=20: after each full collection V8 lets the old generation grow to 1.2 × what
 * survived before the next one (by default up to several times that, decided by its heuristics). The
 * server's live heap is steady (caches, dictionaries, the catalog index); what an export or a burst
 * promotes is garbage, and with the default it piled up for 70–170 MB before V8 collected it, so
 * the peak depended on when V8 chose to collect. Bounded growth keeps a 100,000-order export on
 * PostgreSQL at about 205 MB instead of 273–371 MB, same duration and same p95 of other requests
 * (docs/BENCHMARKS.md); the cost is more frequent, mostly concurrent, marking.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=20'];

const sources = [path.join(root, 'apps/server/src'), path.join(root, 'packages/contracts/src'), path.join(root, 'apps/server/package.json')];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of fs.readdirSync(p)) t = Math.max(t, newest(path.join(p, e)));
  return t;
}

export function serverBundleStale() {
  const built = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
  return Math.max(...sources.map(newest)) > built;
}

export async function buildServer({ force = false } = {}) {
  if (!force && !serverBundleStale()) return false;
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => !n.startsWith('@kc/'));
  await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // stack traces name the TypeScript files (node --enable-source-maps)
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const built = await buildServer({ force: process.argv.includes('--force') });
  console.log(built ? `› 服务端已构建：apps/server/dist/server.mjs（${Date.now() - started} ms）` : '› 服务端构建已是最新');
}
