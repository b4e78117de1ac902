// bench:dict-propagation — the time from a dictionary change committed on one server process to its
// visibility on another (two processes on one PostgreSQL database, as docs/DEPLOY.md deploys them),
// with REDIS_URL set (the version key in Redis) and unset (each process polls the version row).
// Target (docs/domains/shared.md#dictionaries): p95 under 5 s. Records the figures in docs/BENCHMARKS.md.
import { type Cluster, startCluster } from '../e2e/support/cluster.ts';
import { machineLine, writeSection } from './support/report.ts';
import { loginOverHttp, signHeaders } from './support/signed-fetch.ts';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const POLL_MS = 50;
const GIVE_UP_MS = 15_000;

type Session = { base: string; token: string; signKey: string };
async function call<T>(s: Session, method: string, target: string, json?: unknown): Promise<T> {
  const body = json === undefined ? '' : JSON.stringify(json);
  const r = await fetch(s.base + target, {
    method,
    headers: { authorization: `Bearer ${s.token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...signHeaders(method, target, body, s.signKey) },
    body: body || undefined,
  });
  const j = (await r.json()) as { code: number; message: string; data: T };
  if (j.code !== 200) throw new Error(`${method} ${target}: ${j.code} ${j.message}`);
  return j.data;
}
const session = async (base: string, user: string, password: string): Promise<Session> => ({ base, ...(await loginOverHttp(base, user, password)) });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** Renames one item on process A CHANGES times; after each commit, polls process B until it shows the new label. */
async function measure(redis: boolean) {
  const cluster: Cluster = await startCluster({ web: false, env: redis ? {} : { REDIS_URL: '' }, timeoutMs: 600_000 });
  try {
    const [a, b] = cluster.servers;
    const admin = await session(a.baseUrl, 'admin', 'Admin@2026');
    const buyer = await session(b.baseUrl, 'buyer1', 'Demo@2026');
    const types = await call<{ records: { code: string; items: { id: number; value: string; sort: number }[] }[] }>(
      admin,
      'GET',
      '/mall/v1/dict/getDict?keyword=order_flag&size=10',
    );
    const item = types.records.find((t) => t.code === 'order_flag')!.items[0];
    const seen = async (label: string) => {
      const c = await call<{ dicts: Record<string, { value: string; label: string }[]> }>(buyer, 'GET', `/uac/v1/dict/queryConfig?t=${Date.now()}`);
      return c.dicts.order_flag?.some((e) => e.label === label) ?? false;
    };
    const times: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const label = `加急-${redis ? 'r' : 'd'}${i}`;
      // B asks first, so its cache is warm and the change has to reach it
      await seen('');
      await call(admin, 'PUT', '/mall/v1/dict/update', { kind: 'item', id: item.id, label, sort: item.sort, status: 1 });
      const t0 = performance.now();
      while (!(await seen(label))) {
        if (performance.now() - t0 > GIVE_UP_MS) throw new Error(`第 ${i + 1} 次修改 ${GIVE_UP_MS} ms 后另一进程仍未看到`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      times.push(performance.now() - t0);
      // spread the changes over the version-check interval
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 1500));
    }
    const r = { p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times) };
    console.log(`${redis ? '设置 REDIS_URL' : '未设置 REDIS_URL'}：p50 ${r.p50.toFixed(0)} ms，p95 ${r.p95.toFixed(0)} ms，最大 ${r.max.toFixed(0)} ms`);
    return r;
  } finally {
    await cluster.stop();
  }
}

const withRedis = await measure(true);
const withoutRedis = await measure(false);
const row = (name: string, r: typeof withRedis) =>
  `| ${name} | ${CHANGES} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.max.toFixed(0)} | ${r.p95 < 5000 ? '是' : '否'} |`;
writeSection(
  'dict-propagation',
  `## bench:dict-propagation — 字典修改传到另一进程的时间

${machineLine()} · PostgreSQL 上两个服务进程：进程 A 上由平台管理员修改字典项名称（提交即返回），从返回起每 ${POLL_MS} ms 在进程 B 上以采购人身份读 queryConfig，直到看到新名称。每个进程至多每 2 s（VERSION_CHECK_MS）读一次字典版本：设置 REDIS_URL 时读 Redis 中的版本键（写入方提交后设置），未设置时读数据库的版本行。目标 p95 < 5 s。

| 配置 | 修改次数 | p50 (ms) | p95 (ms) | 最大 (ms) | p95 < 5 s |
|---|---:|---:|---:|---:|---|
${row('设置 REDIS_URL', withRedis)}
${row('未设置 REDIS_URL', withoutRedis)}

上限由版本检查间隔决定（约 2 s 加一次重建），与是否有 Redis 无关；Redis 省下的是每个进程每 2 s 一次的数据库读。`,
);
