import type { Page } from '@kc/contracts/platform/common';
import { Logger, type Runner, run, runMigrations, type Task } from 'graphile-worker';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.ts';
import { type Cron, parseCron } from './cron.ts';
import { cronKey, DEFAULT_RETRY_LIMIT, type DefineOptions, type EnqueueOptions, type FailedJob, type JobHandler, type Jobs } from './jobs.port.ts';

export interface PgJobsOptions {
  connectionString: string;
  /** graphile-worker's schema; default graphile_worker */
  schema?: string;
  /** jobs run at once by this process; default 4 */
  concurrency?: number;
  /** poll for jobs that became due (new jobs arrive through LISTEN/NOTIFY at once); default 2 s */
  pollMs?: number;
  /** how often locks older than 4 hours (a dead process) are released; default 8–10 min */
  resetLockedMs?: [min: number, max: number];
  onError?: (err: unknown) => void;
}

/** A cron occurrence is added only while it is at least this far ahead by the database clock. */
const CRON_GUARD = '1 second';
const CRON_LEAD_MS = 2000;

/**
 * The jobs port on PostgreSQL: graphile-worker. `enqueue` calls its add_job() SQL function inside
 * the caller's Kysely transaction, so the job commits or rolls back with the change; graphile runs
 * each job once across any number of processes (SKIP LOCKED), retries it with exponential backoff
 * and keeps it (attempts = max_attempts) when its attempts are spent. Its own tables live in the
 * graphile_worker schema, which it migrates itself.
 *
 * Cron: graphile's crontab evaluates expressions in UTC and only by the minute; our schedules are
 * in Asia/Shanghai, so each occurrence is added as an ordinary job with job_key
 * cron:<name>:<occurrence> in unsafe_dedupe mode, and only while it is still ahead of the database
 * clock. While the job exists a second add is ignored, and once it may have run no process adds it
 * any more: one run per occurrence. An occurrence missed while every process was down still runs
 * when one comes back (its job was added before), as on SQLite.
 */
export class PgJobs implements Jobs {
  private readonly handlers = new Map<string, { handler: JobHandler<any>; maxAttempts: number }>();
  private readonly schedules: { name: string; cron: Cron; payload: Record<string, unknown>; lastKey: string | null }[] = [];
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly onError: (err: unknown) => void;
  private migrated: Promise<void> | null = null;
  private runner: Runner | null = null;
  private cronTimer: NodeJS.Timeout | null = null;
  private cronTick: Promise<void> | null = null;
  private started = false;
  private ended = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: PgJobsOptions,
  ) {
    this.schema = opts.schema ?? 'graphile_worker';
    // its own small pool: graphile holds one connection for LISTEN and must not starve requests
    this.pool = new pg.Pool({ connectionString: opts.connectionString, max: (opts.concurrency ?? 4) + 2 });
    // an idle or checked-out connection dropped by the server must not crash the process
    this.pool.on('error', (err) => this.onError(err));
    this.pool.on('connect', (client) => client.on('error', (err) => this.onError(err)));
    this.onError = opts.onError ?? ((err) => console.error('后台任务运行器出错', err));
  }

  define<P>(name: string, handler: JobHandler<P>, opts: DefineOptions = {}): void {
    if (this.started) throw new Error(`任务须在启动前注册：${name}`);
    this.handlers.set(name, { handler, maxAttempts: (opts.retryLimit ?? DEFAULT_RETRY_LIMIT) + 1 });
  }

  schedule(name: string, cron: string, payload: Record<string, unknown> = {}): void {
    if (this.started) throw new Error(`定时任务须在启动前注册：${name}`);
    this.schedules.push({ name, cron: parseCron(cron), payload, lastKey: null });
  }

  async enqueue(db: Kysely<DB>, name: string, payload: unknown = null, opts: EnqueueOptions = {}): Promise<void> {
    const def = this.handlers.get(name);
    if (!def) throw new Error(`未注册的任务：${name}`);
    // add_job must exist before the first enqueue, which may come before start()
    await this.migrate();
    await sql`select ${this.fn('add_job')}(
        ${name}::text,
        ${JSON.stringify(payload ?? null)}::json,
        run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz,
        max_attempts => ${Math.max(1, opts.maxAttempts ?? def.maxAttempts)}::int,
        job_key => ${opts.singletonKey ?? null}::text,
        job_key_mode => 'unsafe_dedupe'
      )`.execute(db);
  }

  async start(): Promise<void> {
    if (this.started) return;
    for (const s of this.schedules) if (!this.handlers.has(s.name)) throw new Error(`定时任务没有处理函数：${s.name}`);
    this.started = true;
    try {
      await this.launch();
    } catch (err) {
      this.started = false;
      throw err;
    }
  }

  private async launch() {
    await this.migrate();
    const taskList: Record<string, Task> = {};
    for (const [name, def] of this.handlers) {
      taskList[name] = async (raw, helpers) => {
        let payload: unknown = raw;
        let scheduledFor: string | null = null;
        if (payload && typeof payload === 'object' && '_cron' in payload) {
          const { _cron, ...rest } = payload as { _cron: { ts: string } };
          scheduledFor = _cron.ts;
          payload = rest;
        }
        const job = helpers.job;
        await def.handler({ id: String(job.id), name, payload, attempt: job.attempts, maxAttempts: job.max_attempts, scheduledFor });
      };
    }
    const [minReset, maxReset] = this.opts.resetLockedMs ?? [8 * 60_000, 10 * 60_000];
    this.runner = await run({
      pgPool: this.pool,
      schema: this.schema,
      taskList,
      parsedCronItems: [],
      concurrency: this.opts.concurrency ?? 4,
      pollInterval: this.opts.pollMs ?? 2000,
      noHandleSignals: true,
      minResetLockedInterval: minReset,
      maxResetLockedInterval: maxReset,
      logger: this.logger(),
    });
    if (this.schedules.length) {
      const loop = () => {
        this.cronTick = this.scheduleCron()
          .catch(this.onError)
          .finally(() => {
            this.cronTick = null;
            if (this.started) this.cronTimer = setTimeout(loop, Math.min(1000, this.opts.pollMs ?? 1000));
          });
      };
      loop();
    }
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.started) {
      this.started = false;
      if (this.cronTimer) clearTimeout(this.cronTimer);
      await this.cronTick;
      const runner = this.runner;
      this.runner = null;
      if (runner) {
        let bound: NodeJS.Timeout | undefined;
        const graceful = runner.stop().then(() => true);
        const inTime = await Promise.race([graceful, new Promise<false>((r) => (bound = setTimeout(() => r(false), timeoutMs)))]);
        clearTimeout(bound);
        // jobs still running are failed back into the queue (they retry) rather than left locked for hours
        if (!inTime) await runner.kill('停止超时').catch(this.onError);
      }
    }
    if (!this.ended) {
      this.ended = true;
      await this.pool.end().catch(this.onError);
    }
  }

  async failed(page: { current: number; size: number }): Promise<Page<FailedJob>> {
    await this.migrate();
    const size = Math.max(1, page.size);
    const current = Math.max(1, page.current);
    // the public jobs view has no payload; the private tables are graphile's documented storage
    const jobs = this.table('_private_jobs');
    const tasks = this.table('_private_tasks');
    const dead = sql`j.attempts >= j.max_attempts and j.locked_at is null`;
    const [rows, count] = await Promise.all([
      sql<{
        id: string | number;
        name: string;
        payload: unknown;
        attempts: number;
        max_attempts: number;
        last_error: string | null;
        updated_at: Date;
        created_at: Date;
      }>`select j.id, t.identifier as name, j.payload, j.attempts, j.max_attempts, j.last_error, j.updated_at, j.created_at
         from ${jobs} j join ${tasks} t on t.id = j.task_id
         where ${dead} order by j.id desc limit ${size} offset ${(current - 1) * size}`.execute(this.db),
      sql<{ n: number }>`select count(*)::int as n from ${jobs} j where ${dead}`.execute(this.db),
    ]);
    return {
      records: rows.rows.map((r) => ({
        id: String(r.id),
        name: r.name,
        payload: r.payload,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        lastError: r.last_error,
        runAt: new Date(r.updated_at).toISOString(),
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: Number(count.rows[0]?.n ?? 0),
      current,
      size,
    };
  }

  async retry(id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    await this.migrate();
    const res = await sql<{ id: string }>`select id from ${this.fn('reschedule_jobs')}(
        array[${id}::bigint],
        run_at => now(),
        attempts => 0
      ) where exists (select 1 from ${this.table('_private_jobs')} j where j.id = ${id}::bigint and j.attempts >= j.max_attempts)`.execute(this.db);
    return res.rows.length > 0;
  }

  private migrate(): Promise<void> {
    this.migrated ??= runMigrations({ pgPool: this.pool, schema: this.schema, logger: this.logger() }).catch((err) => {
      // let a later call try again (the database may have been briefly unreachable)
      this.migrated = null;
      throw err;
    });
    return this.migrated;
  }

  private async scheduleCron() {
    for (const s of this.schedules) {
      const at = s.cron.next(new Date(Date.now() + CRON_LEAD_MS));
      const key = cronKey(s.name, at);
      if (key === s.lastKey) continue;
      const payload = JSON.stringify({ ...s.payload, _cron: { ts: at.toISOString() } });
      const added = await sql`select ${this.fn('add_job')}(
          ${s.name}::text,
          ${payload}::json,
          run_at => ${at.toISOString()}::timestamptz,
          max_attempts => ${this.handlers.get(s.name)!.maxAttempts}::int,
          job_key => ${key}::text,
          job_key_mode => 'unsafe_dedupe'
        ) where ${at.toISOString()}::timestamptz > now() + ${CRON_GUARD}::interval`.execute(this.db);
      // refused by the guard (this clock behind the database's): try the next occurrence next time
      if (added.rows.length) s.lastKey = key;
    }
  }

  private fn(name: string) {
    return sql.id(this.schema, name);
  }

  private table(name: string) {
    return sql.table(`${this.schema}.${name}`);
  }

  /** graphile's warnings and errors to our error sink; its info and debug chatter dropped */
  private logger() {
    return new Logger(() => (level, message, meta) => {
      if ((level as string) === 'error') this.onError(Object.assign(new Error(message), { meta }));
      else if ((level as string) === 'warning') console.warn(`graphile-worker：${message}`);
    });
  }
}
