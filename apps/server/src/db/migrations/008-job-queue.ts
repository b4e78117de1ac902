import type { Kysely } from 'kysely';
import { isPostgres, notNull, withId, zero } from './portable.ts';

/**
 * The queue of the in-process jobs runner (platform/jobs/sqlite-jobs.ts) on SQLite: jobs survive a
 * restart, and a job is written in the same transaction as the change that causes it.
 *
 * Not created on PostgreSQL: there the jobs port is graphile-worker, which keeps its jobs in its own
 * schema (graphile_worker) and migrates that schema itself when it starts.
 *
 * Rows are kept after they are done (pruned after a week): a cron occurrence's singleton key must
 * stay taken after it ran, or a second process could schedule the same occurrence again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // idempotent, like the migrations before it (a test re-runs them from 006 on)
  await withId(db, db.schema.createTable('job_queue').ifNotExists())
    .addColumn('name', 'text', notNull)
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('run_at', 'text', notNull)
    .addColumn('attempts', 'integer', zero)
    .addColumn('max_attempts', 'integer', notNull)
    .addColumn('last_error', 'text')
    .addColumn('locked_at', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    // NULLs never collide in a unique index: the key is unique only when given
    .addColumn('singleton_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', notNull)
    .execute();
  // the poll asks for due pending jobs and for running ones with a stale lock
  await db.schema.createIndex('job_queue_due_idx').ifNotExists().on('job_queue').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.dropTable('job_queue').ifExists().execute();
}
