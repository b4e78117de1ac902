import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/harness.ts';

/**
 * Stopping a process behind a proxy: /readyz turns 503 first, a request already in flight is still
 * answered, and the process exits on its own within the bound. Run on a real process (SIGTERM),
 * since the signal handling lives in server.ts.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

describe('readiness', () => {
  it('answers 200 while serving and 503 once the app drains, without credentials', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
      t.readiness.drain();
      const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect([draining.statusCode, draining.json()]).toEqual([503, { status: 'draining' }]);
    } finally {
      await t.close();
    }
  });
});

describe('SIGTERM', () => {
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-shutdown-'));
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, then exits 0 within the bound', { timeout: 120_000 }, async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CATALOG_ITEMS: '50',
        DEMO_ORDERS: 'false',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        WEB_DIST: '/nonexistent',
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    await until(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200);

    // a request whose body is still arriving when the signal comes
    const body = JSON.stringify({ userName: 'buyer1', password: 'x'.repeat(200) });
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/uac/v1/noauth/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child?.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    const started = Date.now();
    // answered (the route's own refusal, not a dropped connection), and the process leaves cleanly
    expect(await answer).toBeGreaterThanOrEqual(200);
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function until(ok: () => Promise<boolean>, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await ok()) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}
