import type { Page } from '@kc/contracts/platform/common';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Jobs port: queued and scheduled work (reminders, asynchronous exports, bid opening at a deadline,
 * daily digests, statistics rollups). Two adapters with one behaviour (jobs-contract.ts):
 * graphile-worker on PostgreSQL and an in-process runner over the job_queue table on SQLite.
 *
 * The key property: a job is written by `enqueue` in the caller's transaction, so it exists exactly
 * when the change that causes it committed — no job for a rolled-back change, no change without
 * its job. Delivery is at least once: a job whose process died mid-run runs again, so handlers
 * must be idempotent (key their effect on `job.id`, or on the business key they were given).
 */
export interface Jobs {
  /** Registers a handler; before start(). */
  define<P = unknown>(name: string, handler: JobHandler<P>, opts?: DefineOptions): void;
  /**
   * Adds a job inside the caller's transaction (or on the database directly, then it commits at
   * once). The payload must survive JSON (dates become strings). With a singletonKey, enqueueing
   * again while a job with that key waits, runs, awaits a retry or lies failed does nothing: the
   * first one wins. Once it succeeded, PostgreSQL accepts the key again and SQLite only after a
   * week (it keeps done rows): rely on neither — a business key that must be used once belongs in
   * the business table.
   */
  enqueue(db: Kysely<DB>, name: string, payload?: unknown, opts?: EnqueueOptions): Promise<void>;
  /**
   * Runs `name` at every occurrence of a cron expression in Asia/Shanghai: 5 fields
   * (minute hour day-of-month month day-of-week), or 6 with a leading seconds field. Each
   * occurrence runs once however many processes run the schedule. Before start().
   */
  schedule(name: string, cron: string, payload?: Record<string, unknown>): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones, at most `timeoutMs` (default 10 s). */
  stop(timeoutMs?: number): Promise<void>;
  /** Dead letters: jobs that exhausted their attempts, newest first. */
  failed(page: { current: number; size: number }): Promise<Page<FailedJob>>;
  /** Puts a failed job back in the queue with fresh attempts; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
}

export interface JobContext<P = unknown> {
  /** unique per job (not per attempt): the idempotency key of its effect */
  id: string;
  name: string;
  payload: P;
  /** 1 for the first run */
  attempt: number;
  maxAttempts: number;
  /** for scheduled (cron) runs, the occurrence this run is for (ISO, UTC) */
  scheduledFor: string | null;
}

export type JobHandler<P = unknown> = (job: JobContext<P>) => Promise<void>;

export interface DefineOptions {
  /** retries after the first failure; default 4 (five attempts in all) */
  retryLimit?: number;
  /**
   * first retry delay; each further retry doubles it, capped at an hour. Default 10 s.
   * The PostgreSQL adapter keeps graphile-worker's own backoff (e^attempt seconds, capped at e^10).
   */
  backoffSeconds?: number;
}

export interface EnqueueOptions {
  /** not before this time; default now */
  runAt?: Date;
  singletonKey?: string;
  /** overrides the definition's retryLimit + 1 */
  maxAttempts?: number;
}

export interface FailedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  /** when it last ran (ISO) */
  runAt: string;
  createdAt: string;
}

export const DEFAULT_RETRY_LIMIT = 4;
export const DEFAULT_BACKOFF_SECONDS = 10;
export const MAX_BACKOFF_SECONDS = 3600;

/** Delay before attempt `attempt + 1` after attempt `attempt` failed. */
export const backoffMs = (baseSeconds: number, attempt: number) => Math.min(baseSeconds * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_SECONDS) * 1000;

/** The key that makes a cron occurrence a single job: every process computes the same one. */
export const cronKey = (name: string, occurrence: Date) => `cron:${name}:${occurrence.toISOString()}`;

/** Error text kept with a failed attempt (bounded: a stack of a deep failure can be huge). */
export const errorText = (err: unknown) => (err instanceof Error ? err.stack || err.message : String(err)).slice(0, 4000);
