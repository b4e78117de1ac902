import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { jobsContract } from './jobs-contract.ts';
import { PgJobs } from './pg-jobs.ts';

const baseUrl = process.env.DATABASE_URL;

/** Runs against a real PostgreSQL (DATABASE_URL) in a scratch database, dropped afterwards. */
describe.skipIf(!baseUrl)('PgJobs (graphile-worker)', () => {
  const name = `kc_t_jobs_${randomBytes(4).toString('hex')}`;
  let url = '';
  let database: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(baseUrl as string);
    u.pathname = `/${name}`;
    url = u.toString();
    database = openDatabase({ databaseUrl: url, dataDir: '' });
    // migration 008 must pass on PostgreSQL too (it leaves the queue to graphile-worker)
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  jobsContract({
    create: () => new PgJobs(database.db, { connectionString: url, pollMs: 100, concurrency: 2, resetLockedMs: [50, 100], onError: () => {} }),
    db: () => database.db,
    simulateDeadRunner: async (task) => {
      // graphile releases locks older than 4 hours; this one is five hours old
      const r = await sql<{ id: string }>`
        update graphile_worker._private_jobs j
           set locked_at = now() - interval '5 hours', locked_by = 'dead-worker', attempts = 1
          from graphile_worker._private_tasks t
         where t.id = j.task_id and t.identifier = ${task} and j.locked_at is null
        returning j.id`.execute(database.db);
      return r.rows.map((x) => String(x.id));
    },
    // e^1 seconds, plus its poll
    firstRetryMs: 3000,
  });

  it('leaves no job_queue table on PostgreSQL', async () => {
    const r = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'job_queue'`.execute(database.db);
    expect(r.rows[0].n).toBe(0);
  });
});
