import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE, SERVER_ENV_DEFAULTS, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`服务未在 ${timeoutMs} ms 内启动：${url}`);
}

/** Starts the product server on a fresh SQLite data dir (or the DATABASE_URL given). */
export async function startProductServer(
  env: Record<string, string> = {},
  /** a data dir prepared by the bench (a seeded database); a fresh one by default */
  opts: { dataDir?: string; bundle?: string } = {},
): Promise<{ url: string; proc: ChildProcess; dataDir: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-'));
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (npm run bench:profile reads it)
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  // the server as deployed: compiled JavaScript (scripts/build-server.mjs), rebuilt when a source changed
  await buildServer();
  // BENCH_NODE_FLAGS="--flag …": extra Node/V8 flags for an experiment, after the deployed ones
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  // opts.bundle: another build of the server (e.g. an earlier commit's, copied beside dist/server.mjs) to compare in one run
  const proc = spawn(process.execPath, [...profile, ...SERVER_NODE_FLAGS, ...extra, opts.bundle ?? SERVER_BUNDLE], {
    cwd: repoRoot,
    env: {
      ...SERVER_ENV_DEFAULTS,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/version.json`);
  let stopped = false;
  return {
    url,
    proc,
    dataDir,
    /** stops the server; the data dir stays until the process exits so a bench can read it after */
    stop: async () => {
      if (stopped) return;
      stopped = true;
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    },
  };
}

export async function startScript(file: string, env: Record<string, string>) {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return {
    url,
    proc,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}
