import { type Kysely, sql } from 'kysely';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import type { JobContext, Jobs } from './jobs.port.ts';

/**
 * The behaviour every jobs adapter must show; run by sqlite-jobs.test.ts and pg-jobs.test.ts
 * (the latter only with DATABASE_URL). Real time with short poll intervals.
 */
export interface JobsHarness {
  /** a new Jobs on the shared database with short test timings; `other` acts as a second process */
  create(other?: boolean): Jobs;
  db(): Kysely<DB>;
  /**
   * Makes every waiting job named `name` look taken, one attempt ago, by a runner that died long
   * ago; answers their ids.
   */
  simulateDeadRunner(name: string): Promise<string[]>;
  /** the longest wait before a first retry (graphile-worker: e^1 s) */
  firstRetryMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition') {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await cond()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function jobsContract(h: JobsHarness) {
  const live: Jobs[] = [];
  let seq = 0;
  const unique = (n: string) => `${n}_${Date.now().toString(36)}_${seq++}`;
  const make = (other = false) => {
    const j = h.create(other);
    live.push(j);
    return j;
  };
  const effects = async (key: string) => {
    const r = await sql<{ n: number }>`select n from job_effect where key = ${key}`.execute(h.db());
    return r.rows[0] ? Number(r.rows[0].n) : 0;
  };
  /** the idempotent effect of a job: one row per key however often it runs */
  const effect = (key: string) => sql`insert into job_effect (key, n) values (${key}, 1) on conflict (key) do nothing`.execute(h.db());

  beforeAll(async () => {
    await sql`create table if not exists job_effect (key text primary key, n integer not null)`.execute(h.db());
  });

  afterEach(async () => {
    await Promise.all(live.splice(0).map((j) => j.stop(2000)));
  });

  it('a job enqueued in a committed transaction runs once, with its payload', async () => {
    const jobs = make();
    const name = unique('committed');
    const runs: JobContext[] = [];
    jobs.define(name, async (j) => {
      runs.push(j);
    });
    await jobs.start();
    await h
      .db()
      .transaction()
      .execute(async (trx) => {
        await sql`insert into job_effect (key, n) values (${name}, 7)`.execute(trx);
        await jobs.enqueue(trx, name, { orderId: 42, note: '提醒' });
      });
    await until(() => runs.length === 1, 5000, 'the job');
    await sleep(300);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ name, payload: { orderId: 42, note: '提醒' }, attempt: 1, scheduledFor: null });
    expect(runs[0].id).toMatch(/^\d+$/);
  });

  it('a job enqueued in a rolled-back transaction never runs', async () => {
    const jobs = make();
    const name = unique('rolledback');
    const seen: unknown[] = [];
    jobs.define(name, async (j) => {
      seen.push(j.payload);
    });
    await jobs.start();
    await expect(
      h
        .db()
        .transaction()
        .execute(async (trx) => {
          await jobs.enqueue(trx, name, { which: 'rolled back' });
          throw new Error('业务校验失败');
        }),
    ).rejects.toThrow('业务校验失败');
    // a later job of the same name runs: had the first one existed, it would have run before it
    await jobs.enqueue(h.db(), name, { which: 'committed' });
    await until(() => seen.length >= 1, 5000, 'the committed job');
    await sleep(300);
    expect(seen).toEqual([{ which: 'committed' }]);
  });

  it('refuses a job name nobody defined', async () => {
    const jobs = make();
    await expect(jobs.enqueue(h.db(), unique('nobody'), {})).rejects.toThrow('未注册的任务');
  });

  it('a failing job is retried after a backoff, then succeeds', async () => {
    const jobs = make();
    const name = unique('retry');
    const attempts: { attempt: number; at: number; id: string }[] = [];
    jobs.define(
      name,
      async (j) => {
        attempts.push({ attempt: j.attempt, at: Date.now(), id: j.id });
        if (j.attempt === 1) throw new Error('供应商接口暂不可用');
      },
      { retryLimit: 3, backoffSeconds: 0.3 },
    );
    await jobs.start();
    await jobs.enqueue(h.db(), name, {});
    await until(() => attempts.length === 2, h.firstRetryMs + 5000, 'the retry');
    await sleep(300);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    expect(attempts[1].id).toBe(attempts[0].id);
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(250);
    expect((await jobs.failed({ current: 1, size: 50 })).records.filter((r) => r.name === name)).toEqual([]);
  });

  it('a job that exhausts its attempts is a dead letter until retried', async () => {
    const jobs = make();
    const name = unique('dead');
    let healthy = false;
    let runs = 0;
    jobs.define(
      name,
      async () => {
        runs++;
        if (!healthy) throw new Error('模板缺失');
      },
      { retryLimit: 0 },
    );
    await jobs.start();
    await jobs.enqueue(h.db(), name, { exportId: 9 });
    const mine = async () => (await jobs.failed({ current: 1, size: 50 })).records.filter((r) => r.name === name);
    await until(async () => (await mine()).length === 1, 5000, 'the dead letter');
    const [dead] = await mine();
    expect(dead).toMatchObject({ name, payload: { exportId: 9 }, attempts: 1, maxAttempts: 1 });
    expect(dead.lastError).toContain('模板缺失');
    expect(Number.isNaN(Date.parse(dead.runAt))).toBe(false);
    const page = await jobs.failed({ current: 1, size: 1 });
    expect(page.records).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect([page.current, page.size]).toEqual([1, 1]);
    await sleep(200);
    expect(runs).toBe(1);

    healthy = true;
    expect(await jobs.retry(dead.id)).toBe(true);
    await until(() => runs === 2, 5000, 'the retried job');
    await until(async () => (await mine()).length === 0, 5000, 'the dead letter to go');
    expect(await jobs.retry(dead.id)).toBe(false);
    expect(await jobs.retry('999999999')).toBe(false);
    expect(await jobs.retry('not-an-id')).toBe(false);
  });

  it('a job with runAt in the future waits for it', async () => {
    const jobs = make();
    const name = unique('later');
    let ranAt = 0;
    jobs.define(name, async () => {
      ranAt = Date.now();
    });
    await jobs.start();
    const runAt = new Date(Date.now() + 800);
    await jobs.enqueue(h.db(), name, {}, { runAt });
    await sleep(400);
    expect(ranAt).toBe(0);
    await until(() => ranAt > 0, 5000, 'the delayed job');
    // the database clock may differ from ours by a little
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime() - 100);
  });

  it('a singleton key admits one waiting job', async () => {
    const jobs = make();
    const name = unique('single');
    const seen: unknown[] = [];
    jobs.define(name, async (j) => {
      seen.push(j.payload);
    });
    const key = unique('contract-7-expiry');
    await jobs.enqueue(h.db(), name, { n: 1 }, { singletonKey: key });
    await h
      .db()
      .transaction()
      .execute((trx) => jobs.enqueue(trx, name, { n: 2 }, { singletonKey: key }));
    await jobs.enqueue(h.db(), name, { n: 3 });
    await jobs.start();
    await until(() => seen.length === 2, 5000, 'the jobs');
    await sleep(300);
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 3 }]));
    expect(seen).toHaveLength(2);
  });

  it('a job whose runner died runs again, and its idempotent effect happens once', async () => {
    const jobs = make();
    const name = unique('crashed');
    let calls = 0;
    jobs.define(name, async (j) => {
      calls++;
      await effect(`${name}:${j.id}`);
    });
    await jobs.enqueue(h.db(), name, {});
    const [id] = await h.simulateDeadRunner(name);
    expect(id).toBeDefined();
    // the dead runner had done the work but died before it could record the job as done
    await effect(`${name}:${id}`);
    await jobs.start();
    await until(() => calls === 1, 8000, 'the abandoned job to be taken again');
    await sleep(300);
    expect(calls).toBe(1);
    expect(await effects(`${name}:${id}`)).toBe(1);
  });

  it('stop waits for running jobs, but only so long', async () => {
    const jobs = make();
    const name = unique('graceful');
    const state = { started: 0, finished: 0 };
    jobs.define(name, async () => {
      state.started++;
      await sleep(400);
      state.finished++;
    });
    await jobs.start();
    await jobs.enqueue(h.db(), name, {});
    await until(() => state.started === 1, 5000, 'the job to start');
    await jobs.stop(5000);
    expect(state.finished).toBe(1);

    const other = make();
    other.define(name, async () => {
      state.started++;
      // never settles: the runner must give up waiting (the job is left to a later run)
      await new Promise<void>(() => {});
    });
    await other.start();
    await other.enqueue(h.db(), name, {});
    await until(() => state.started === 2, 5000, 'the hanging job to start');
    const t0 = Date.now();
    await other.stop(300);
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('a cron schedule runs once per occurrence with two runners on one database', async () => {
    const name = unique('cron');
    const runs: { by: string; scheduledFor: string; payload: unknown; at: number }[] = [];
    const a = make();
    const b = make(true);
    for (const [by, jobs] of [
      ['a', a],
      ['b', b],
    ] as const) {
      jobs.define(name, async (j) => {
        runs.push({ by, scheduledFor: j.scheduledFor as string, payload: j.payload, at: Date.now() });
        await effect(`${name}:${j.scheduledFor}`);
      });
      // every second (the 6-field form) keeps the test short; production schedules use 5 fields
      jobs.schedule(name, '* * * * * *', { digest: 'daily' });
    }
    await Promise.all([a.start(), b.start()]);
    await until(() => runs.length >= 2, 9000, 'two occurrences');
    await Promise.all([a.stop(2000), b.stop(2000)]);
    const occurrences = runs.map((r) => r.scheduledFor);
    expect(new Set(occurrences).size).toBe(occurrences.length);
    for (const r of runs) {
      expect(r.scheduledFor).toMatch(/\.000Z$/);
      expect(r.payload).toEqual({ digest: 'daily' });
      expect(r.at).toBeGreaterThanOrEqual(Date.parse(r.scheduledFor) - 100);
      expect(await effects(`${name}:${r.scheduledFor}`)).toBe(1);
    }
  });

  it('refuses define and schedule after start, and an unknown cron expression', async () => {
    const jobs = make();
    expect(() => jobs.schedule(unique('bad'), '61 * * * *')).toThrow('无效的 cron 表达式');
    await jobs.start();
    expect(() => jobs.define(unique('late'), async () => {})).toThrow('启动前');
    expect(() => jobs.schedule(unique('late'), '* * * * *')).toThrow('启动前');
  });
}
