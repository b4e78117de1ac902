import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Page } from '@kc/contracts/platform/common';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB, JobQueueTable } from '../db/schema.ts';
import { type Cron, parseCron } from './cron.ts';
import {
  backoffMs,
  cronKey,
  DEFAULT_BACKOFF_SECONDS,
  DEFAULT_RETRY_LIMIT,
  type DefineOptions,
  type EnqueueOptions,
  errorText,
  type FailedJob,
  type JobHandler,
  type Jobs,
} from './jobs.port.ts';

export interface SqliteJobsOptions {
  /** how often the queue is asked for due jobs; default 1 s (an enqueue in this process wakes it at once) */
  pollMs?: number;
  /** jobs run at once by this process; default 2 (they share the one SQLite connection) */
  concurrency?: number;
  /**
   * a running job whose lock is older than this belongs to a process that died and is taken
   * again; default 60 s. A live runner refreshes its locks every third of it, so a long job is
   * never taken from a process that is still working on it.
   */
  lockTimeoutMs?: number;
  /** done jobs are kept this long (cron occurrence keys must stay taken); default 7 days */
  keepDoneMs?: number;
  /** errors of the runner itself (a handler's error is kept with its job) */
  onError?: (err: unknown) => void;
  /** the clock; tests move it */
  now?: () => Date;
}

/** A cron occurrence is written only while it is at least this far ahead, so it can never have run already. */
const CRON_LEAD_MS = 2000;

type Row = Pick<JobQueueTable, 'name' | 'payload' | 'run_at' | 'max_attempts' | 'last_error' | 'singleton_key' | 'created_at'> & {
  id: number;
  attempts: number;
};

/**
 * The jobs port on SQLite: an in-process runner over the job_queue table (migration 008), so
 * queued work survives a restart. Claiming a job is one UPDATE … RETURNING, atomic in SQLite, so
 * two runners on one database (a test, or a second process during a restart) never take the same
 * job. Cron occurrences are ordinary jobs with a per-occurrence singleton key, which makes each
 * occurrence one row however many runners write it.
 */
export class SqliteJobs implements Jobs {
  private readonly handlers = new Map<string, { handler: JobHandler<any>; maxAttempts: number; backoffSeconds: number }>();
  private readonly schedules: { name: string; cron: Cron; payload: Record<string, unknown>; lastKey: string | null }[] = [];
  private readonly runnerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<number, Promise<void>>();
  private started = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private lastPrune = 0;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly lockTimeoutMs: number;
  private readonly keepDoneMs: number;
  private readonly now: () => Date;
  private readonly onError: (err: unknown) => void;

  constructor(
    private readonly db: Kysely<DB>,
    opts: SqliteJobsOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = opts.concurrency ?? 2;
    this.lockTimeoutMs = opts.lockTimeoutMs ?? 60_000;
    this.keepDoneMs = opts.keepDoneMs ?? 7 * 24 * 3600_000;
    this.now = opts.now ?? (() => new Date());
    this.onError = opts.onError ?? ((err) => console.error('后台任务运行器出错', err));
  }

  define<P>(name: string, handler: JobHandler<P>, opts: DefineOptions = {}): void {
    if (this.started) throw new Error(`任务须在启动前注册：${name}`);
    this.handlers.set(name, {
      handler,
      maxAttempts: (opts.retryLimit ?? DEFAULT_RETRY_LIMIT) + 1,
      backoffSeconds: opts.backoffSeconds ?? DEFAULT_BACKOFF_SECONDS,
    });
  }

  schedule(name: string, cron: string, payload: Record<string, unknown> = {}): void {
    if (this.started) throw new Error(`定时任务须在启动前注册：${name}`);
    this.schedules.push({ name, cron: parseCron(cron), payload, lastKey: null });
  }

  async enqueue(db: Kysely<DB>, name: string, payload: unknown = null, opts: EnqueueOptions = {}): Promise<void> {
    const def = this.handlers.get(name);
    if (!def) throw new Error(`未注册的任务：${name}`);
    await this.insert(db, name, payload, (opts.runAt ?? this.now()).toISOString(), opts.maxAttempts ?? def.maxAttempts, opts.singletonKey ?? null);
    // The poll shares the caller's connection, so its claim runs only after the caller's
    // transaction ended: it sees the job exactly when the transaction committed. (With group
    // commit that is when the transaction's savepoint was released; the group's COMMIT follows
    // within milliseconds, and only a failing disk could still undo it.)
    if (this.started && !this.stopping) setTimeout(() => this.wake(), 0);
  }

  private async insert(db: Kysely<DB>, name: string, payload: unknown, runAt: string, maxAttempts: number, singletonKey: string | null) {
    await db
      .insertInto('job_queue')
      .values({
        name,
        payload: JSON.stringify(payload ?? null),
        run_at: runAt,
        attempts: 0,
        max_attempts: Math.max(1, maxAttempts),
        last_error: null,
        locked_at: null,
        locked_by: null,
        status: 'pending',
        singleton_key: singletonKey,
        created_at: this.now().toISOString(),
      })
      .onConflict((oc) => oc.column('singleton_key').doNothing())
      .execute();
  }

  async start(): Promise<void> {
    if (this.started) return;
    for (const s of this.schedules) if (!this.handlers.has(s.name)) throw new Error(`定时任务没有处理函数：${s.name}`);
    this.started = true;
    this.stopping = false;
    this.heartbeat = setInterval(() => void this.refreshLocks().catch(this.onError), Math.max(50, Math.floor(this.lockTimeoutMs / 3)));
    // the runner alone must not keep a process alive (the HTTP server does, until app.close)
    this.heartbeat.unref();
    this.wake();
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    const all = Promise.allSettled([...this.running.values()]);
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((r) => (bound = setTimeout(r, timeoutMs)))]);
    clearTimeout(bound);
    // jobs still running keep their lock; without a heartbeat it goes stale and another run takes them
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.started = false;
  }

  async failed(page: { current: number; size: number }): Promise<Page<FailedJob>> {
    const size = Math.max(1, page.size);
    const current = Math.max(1, page.current);
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('job_queue')
        .select(['id', 'name', 'payload', 'attempts', 'max_attempts', 'last_error', 'run_at', 'created_at'])
        .where('status', '=', 'failed')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      this.db
        .selectFrom('job_queue')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'failed')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => ({
        id: String(r.id),
        name: r.name,
        payload: JSON.parse(r.payload),
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        lastError: r.last_error,
        runAt: r.run_at,
        createdAt: r.created_at,
      })),
      total: Number(count.n),
      current,
      size,
    };
  }

  async retry(id: string): Promise<boolean> {
    const n = Number(id);
    if (!Number.isSafeInteger(n)) return false;
    const res = await this.db
      .updateTable('job_queue')
      .set({ status: 'pending', attempts: 0, run_at: this.now().toISOString(), locked_at: null, locked_by: null })
      .where('id', '=', n)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    const done = Number(res.numUpdatedRows) > 0;
    if (done && this.started) this.wake();
    return done;
  }

  /** Runs a poll now, or right after the one in progress. */
  private wake() {
    if (!this.started || this.stopping) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ticking = this.tick()
      .catch(this.onError)
      .finally(() => {
        this.ticking = null;
        if (!this.started || this.stopping) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  private async tick() {
    const now = this.now();
    await this.scheduleCron(now);
    await this.failAbandoned(now);
    if (now.getTime() - this.lastPrune > 3600_000) {
      this.lastPrune = now.getTime();
      await this.db
        .deleteFrom('job_queue')
        .where('status', '=', 'done')
        .where('run_at', '<', new Date(now.getTime() - this.keepDoneMs).toISOString())
        .execute();
    }
    while (this.running.size < this.concurrency && !this.stopping) {
      const job = await this.claim(this.now());
      if (!job) break;
      const p = this.run(job).finally(() => {
        this.running.delete(job.id);
        // a slot is free: look for more work at once
        this.wake();
      });
      this.running.set(job.id, p);
    }
  }

  /** Writes each schedule's next occurrence (once per occurrence, whichever runner gets there first). */
  private async scheduleCron(now: Date) {
    for (const s of this.schedules) {
      const at = s.cron.next(new Date(now.getTime() + CRON_LEAD_MS));
      const key = cronKey(s.name, at);
      if (key === s.lastKey) continue;
      await this.insert(this.db, s.name, { ...s.payload, _cron: { ts: at.toISOString() } }, at.toISOString(), this.handlers.get(s.name)!.maxAttempts, key);
      s.lastKey = key;
    }
  }

  /** A job that was running when its process died and has no attempt left is a dead letter. */
  private async failAbandoned(now: Date) {
    const stale = new Date(now.getTime() - this.lockTimeoutMs).toISOString();
    await this.db
      .updateTable('job_queue')
      .set({ status: 'failed', locked_at: null, locked_by: null, last_error: '运行中断（进程退出或超时），且已无剩余重试次数' })
      .where('status', '=', 'running')
      .where('locked_at', '<', stale)
      .whereRef('attempts', '>=', 'max_attempts')
      .execute();
  }

  /** Takes one due job (or one whose runner died) for this runner, atomically. */
  private async claim(now: Date): Promise<Row | null> {
    const iso = now.toISOString();
    const stale = new Date(now.getTime() - this.lockTimeoutMs).toISOString();
    const names = [...this.handlers.keys()];
    if (!names.length) return null;
    const due = (eb: ExpressionBuilder<DB, 'job_queue'>) =>
      eb.and([
        eb('name', 'in', names),
        eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', iso)]), eb.and([eb('status', '=', 'running'), eb('locked_at', '<', stale)])]),
      ]);
    // a read first: an idle poll must not cost a write (and a commit) every second
    const candidate = await this.db.selectFrom('job_queue').select('id').where(due).orderBy('run_at').orderBy('id').limit(1).executeTakeFirst();
    if (!candidate) return null;
    const row = await this.db
      .updateTable('job_queue')
      .set((eb) => ({ status: 'running', locked_at: iso, locked_by: this.runnerId, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', candidate.id)
      // the same condition again: another runner may have taken it between the read and the write
      .where(due)
      .returning(['id', 'name', 'payload', 'run_at', 'attempts', 'max_attempts', 'last_error', 'singleton_key', 'created_at'])
      .executeTakeFirst();
    return row ?? null;
  }

  private async run(job: Row) {
    const def = this.handlers.get(job.name)!;
    let payload: unknown = JSON.parse(job.payload);
    let scheduledFor: string | null = null;
    if (payload && typeof payload === 'object' && '_cron' in payload) {
      const { _cron, ...rest } = payload as { _cron: { ts: string } };
      scheduledFor = _cron.ts;
      payload = rest;
    }
    try {
      await def.handler({ id: String(job.id), name: job.name, payload, attempt: job.attempts, maxAttempts: job.max_attempts, scheduledFor });
    } catch (err) {
      const last = job.attempts >= job.max_attempts;
      await this.db
        .updateTable('job_queue')
        .set({
          status: last ? 'failed' : 'pending',
          run_at: last ? this.now().toISOString() : new Date(this.now().getTime() + backoffMs(def.backoffSeconds, job.attempts)).toISOString(),
          last_error: errorText(err),
          locked_at: null,
          locked_by: null,
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.runnerId)
        .execute()
        .catch(this.onError);
      return;
    }
    await this.db
      .updateTable('job_queue')
      .set({ status: 'done', locked_at: null, locked_by: null })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.runnerId)
      .execute()
      .catch(this.onError);
  }

  /** Keeps this runner's locks fresh while its jobs run, so they are not taken as abandoned. */
  private async refreshLocks() {
    const ids = [...this.running.keys()];
    if (!ids.length) return;
    await this.db
      .updateTable('job_queue')
      .set({ locked_at: this.now().toISOString() })
      .where('id', 'in', ids)
      .where('locked_by', '=', this.runnerId)
      .where('status', '=', 'running')
      .execute();
  }
}
