import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPgDatabase } from '../../apps/server/test/support/pg-database.ts';
import { type RunningNginx, startNginx } from './nginx.ts';
import { type RunningServer, startServer } from './server.ts';

export const CLUSTER_PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const CLUSTER_REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface Cluster {
  /** the two server processes; `restart` replaces an entry */
  servers: [RunningServer, RunningServer];
  nginx: RunningNginx;
  /** a client of the cluster's own database */
  db: pg.Client;
  redisPrefix: string;
  /** the keys the processes keep in Redis under their prefix */
  redisKeys(): Promise<string[]>;
  /** starts process i again on its port (after a crash), with the same environment */
  restart(i: 0 | 1): Promise<RunningServer>;
  stop(): Promise<void>;
}

/**
 * docs/DEPLOY.md's multi-process deployment on one machine: a fresh PostgreSQL database, two server
 * processes started at the same moment on it (start-up takes turns under the advisory lock) with the
 * shared Redis behind a key prefix of their own, and nginx in front of both. `web: false` serves no
 * web build (the benchmark needs none).
 */
export async function startCluster(opts: { web?: boolean; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Cluster> {
  const made = await createPgDatabase(CLUSTER_PG);
  const redisPrefix = `kc-cluster-${randomBytes(5).toString('hex')}:`;
  const env: Record<string, string> = {
    DATABASE_URL: made.url,
    REDIS_URL: CLUSTER_REDIS,
    REDIS_PREFIX: redisPrefix,
    // nginx connects from loopback: its X-Forwarded-For is believed, nobody else's
    TRUST_PROXY: '127.0.0.1',
    CATALOG_ITEMS: '300',
    CATALOG_PICTURES: 'false',
    DEMO_ORDERS: 'false',
    DEMO_HISTORY: 'false',
    ...(opts.web === false ? { WEB_DIST: '/nonexistent' } : {}),
    ...opts.env,
  };
  const cleanUp: (() => Promise<unknown>)[] = [made.drop, () => deleteKeys(redisPrefix)];
  const stopAll = async () => {
    // in reverse: the proxy, then the processes, then their database and keys
    for (const step of cleanUp.reverse()) await step().catch((e) => console.error('cluster clean-up:', e));
  };
  try {
    const started = await Promise.allSettled([
      startServer({ env, web: opts.web, timeoutMs: opts.timeoutMs }),
      startServer({ env, web: opts.web, timeoutMs: opts.timeoutMs }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') cleanUp.push(s.value.stop);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const servers = started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value) as [RunningServer, RunningServer];
    const nginx = await startNginx(servers.map((s) => s.port));
    cleanUp.push(nginx.stop);
    const db = new pg.Client({ connectionString: made.url });
    await db.connect();
    cleanUp.push(() => db.end());
    return {
      servers,
      nginx,
      db,
      redisPrefix,
      redisKeys: () => scanKeys(redisPrefix, async () => {}),
      async restart(i) {
        const again = await startServer({ env, web: opts.web, port: servers[i].port });
        servers[i] = again;
        // before the keys are deleted and the database dropped (see stopAll)
        cleanUp.splice(2, 0, again.stop);
        return again;
      },
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** Every key under `prefix` in the shared Redis, each batch handed to `each` as it is found. */
async function scanKeys(prefix: string, each: (keys: string[], r: Redis) => Promise<unknown>) {
  const r = new Redis(CLUSTER_REDIS);
  const all: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await each(keys, r);
      all.push(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await r.quit();
  }
  return all;
}

const deleteKeys = (prefix: string) => scanKeys(prefix, (keys, r) => r.del(...keys));
