import type { Database } from '../db/database.ts';
import type { Jobs } from './jobs.port.ts';
import { PgJobs } from './pg-jobs.ts';
import { SqliteJobs } from './sqlite-jobs.ts';

/**
 * graphile-worker when the database is PostgreSQL (any number of processes share the queue),
 * the in-process runner over job_queue on SQLite (one process, the embedded default).
 */
export function openJobs(database: Database, opts: { databaseUrl: string | null; onError?: (err: unknown) => void }): Jobs {
  if (database.engine === 'postgres') {
    if (!opts.databaseUrl) throw new Error('PostgreSQL 任务队列需要 DATABASE_URL');
    return new PgJobs(database.db, { connectionString: opts.databaseUrl, onError: opts.onError });
  }
  return new SqliteJobs(database.db, { onError: opts.onError });
}
