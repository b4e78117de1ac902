import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENV_DEFAULTS, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';

/** Repository root (this file lives in e2e/support). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The compiled server (scripts/build-server.mjs), relative to the root: the specs test what is deployed. */
const SERVER_BUNDLE = 'apps/server/dist/server.mjs';

export interface RunningServer {
  baseUrl: string;
  port: number;
  pid: number | undefined;
  dataDir: string;
  /** everything the server printed, for failure reports */
  output: () => string;
  stop: () => Promise<void>;
  /** sends `signal` (SIGKILL: a crash) and waits for the process to be gone; the data directory stays */
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the real server as deployed (`node apps/server/dist/server.mjs`, built by `npm run build`) on a free port with a
 * fresh data directory and the captcha off, and waits until GET /version.json answers 200.
 * WEB_DIST, when set, serves a web build made elsewhere (apps/web/dist stays as it is).
 */
export async function startServer(
  options: {
    timeoutMs?: number;
    env?: Record<string, string>;
    port?: number;
    web?: boolean;
    /** fills the fresh data directory before the server starts (e.g. a bulk-seeded SQLite database) */
    prepare?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<RunningServer> {
  const webDist = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  // web: false (API only, e.g. a benchmark) — the caller's env points WEB_DIST elsewhere
  if (options.web !== false && !existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  }
  // a given port: a process restarted where the proxy expects it
  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kc-e2e-'));
  if (options.prepare) {
    try {
      await options.prepare(dataDir);
    } catch (err) {
      await rm(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const env: NodeJS.ProcessEnv = {
    ...SERVER_ENV_DEFAULTS,
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    DATA_DIR: dataDir,
    // the specs place their own orders and count what they made (a spec turning the demo orders on
    // gets the year of order history only when it asks for it too)
    DEMO_ORDERS: 'false',
    DEMO_HISTORY: 'false',
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...options.env,
  };
  if (!existsSync(path.join(REPO_ROOT, SERVER_BUNDLE))) throw new Error(`缺少 ${SERVER_BUNDLE}：先运行 npm run build`);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });

  child.once('exit', (code, signal) => {
    output += `\n[server exited: ${code ?? signal}]\n`;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited(child);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`server exited early (code ${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/version.json`);
      if (res.status === 200) return { baseUrl, port, pid: child.pid, dataDir, output: () => output, stop, kill };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server did not answer /version.json in time:\n${output}`);
}
