import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { KeyValueStore } from '../../src/platform/kv/kv.port.ts';
import { createPgDatabase } from './pg-database.ts';

export { createPgDatabase };

/**
 * Test harness: a real app on a fresh database. SQLite by default (a temp file); when
 * DATABASE_URL is set, a fresh PostgreSQL database per app, dropped on close. Logging in and
 * signed requests are in ./sessions.ts.
 */
export interface TestApp extends BuiltApp {
  close(): Promise<void>;
  config: Config;
}

export async function createTestApp(
  opts: {
    captcha?: boolean;
    seed?: boolean;
    kv?: KeyValueStore;
    databaseUrl?: string;
    dataDir?: string;
    trustProxy?: false | string;
    singleSession?: boolean;
    /** place the demo orders (test/demo-orders.test.ts) */
    demoOrders?: boolean;
    /** with the demo orders, the year of order history (test/demo-history.test.ts) */
    demoHistory?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kc-test-'));
  let databaseUrl = opts.databaseUrl ?? null;
  let dropDb: (() => Promise<void>) | null = null;
  if (!databaseUrl && process.env.DATABASE_URL) {
    const made = await createPgDatabase(process.env.DATABASE_URL);
    databaseUrl = made.url;
    dropDb = made.drop;
  }
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    redisUrl: opts.kv ? null : null,
    captchaEnabled: opts.captcha ?? false,
    seedDemo: opts.seed ?? true,
    // a small demo catalog keeps every test app's start fast
    catalogItems: 300,
    // drawing every structure takes seconds; the pictures test draws them, the rest draw on demand
    catalogPictures: false,
    // the tests place their own orders; test/demo-orders.test.ts turns the demo's on
    demoOrders: opts.demoOrders ?? false,
    demoHistory: opts.demoHistory ?? false,
    webDist: null,
    logLevel: 'silent',
    trustProxy: opts.trustProxy ?? false,
    singleSession: opts.singleSession ?? false,
    // as a deployment picks it: files in PostgreSQL when the data is there, so the PostgreSQL run covers that store
    fileStore: databaseUrl ? { kind: 'postgres' } : { kind: 'disk' },
  };
  const built = await buildApp(config, { kv: opts.kv, logger: false });
  return {
    ...built,
    config,
    close: async () => {
      await built.app.close();
      if (dropDb) await dropDb();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
