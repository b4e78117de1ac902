import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { jobsContract } from './jobs-contract.ts';
import { SqliteJobs, type SqliteJobsOptions } from './sqlite-jobs.ts';

const LOCK_TIMEOUT_MS = 500;

describe('SqliteJobs (job_queue table)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-jobs-'));
  let main: Database;
  // a second connection to the same file: the "other process" of the two-runner tests
  let second: Database;
  const options: SqliteJobsOptions = { pollMs: 50, lockTimeoutMs: LOCK_TIMEOUT_MS, onError: () => {} };

  beforeAll(async () => {
    main = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(main.db);
    second = openDatabase({ databaseUrl: null, dataDir: dir });
  });
  afterAll(async () => {
    await second?.close();
    await main?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  jobsContract({
    create: (other) => new SqliteJobs(other ? second.db : main.db, options),
    db: () => main.db,
    simulateDeadRunner: async (name) => {
      const rows = await main.db
        .updateTable('job_queue')
        .set({ status: 'running', attempts: 1, locked_by: 'dead-host:1:gone', locked_at: new Date(Date.now() - 3600_000).toISOString() })
        .where('name', '=', name)
        .where('status', '=', 'pending')
        .returning('id')
        .execute();
      return rows.map((r) => String(r.id));
    },
    firstRetryMs: 300,
  });

  it('keeps a live runner’s long job: its lock is refreshed, so nobody takes it as abandoned', async () => {
    const a = new SqliteJobs(main.db, options);
    const b = new SqliteJobs(second.db, options);
    let runs = 0;
    for (const j of [a, b])
      j.define('long-export', async () => {
        runs++;
        await new Promise((r) => setTimeout(r, LOCK_TIMEOUT_MS * 3));
      });
    await a.start();
    await a.enqueue(main.db, 'long-export', {});
    await new Promise((r) => setTimeout(r, 100));
    await b.start();
    await new Promise((r) => setTimeout(r, LOCK_TIMEOUT_MS * 3 + 300));
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBe(1);
  });

  it('an abandoned job with no attempt left becomes a dead letter instead of running again', async () => {
    const jobs = new SqliteJobs(main.db, options);
    let runs = 0;
    jobs.define('once-only', async () => void runs++, { retryLimit: 0 });
    await jobs.enqueue(main.db, 'once-only', { x: 1 });
    await main.db
      .updateTable('job_queue')
      .set({ status: 'running', attempts: 1, locked_by: 'dead', locked_at: new Date(Date.now() - 3600_000).toISOString() })
      .where('name', '=', 'once-only')
      .execute();
    await jobs.start();
    await new Promise((r) => setTimeout(r, 300));
    const page = await jobs.failed({ current: 1, size: 10 });
    await jobs.stop();
    expect(runs).toBe(0);
    expect(page.records.find((r) => r.name === 'once-only')?.lastError).toContain('运行中断');
  });

  it('a job enqueued before a restart runs after it (the queue is on disk)', async () => {
    const before = new SqliteJobs(main.db, options);
    before.define('survives', async () => {});
    await before.enqueue(main.db, 'survives', { n: 1 });
    const after = new SqliteJobs(second.db, options);
    let ran = false;
    after.define('survives', async () => {
      ran = true;
    });
    await after.start();
    for (let i = 0; i < 100 && !ran; i++) await new Promise((r) => setTimeout(r, 20));
    await after.stop();
    expect(ran).toBe(true);
  });
});
