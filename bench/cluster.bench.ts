// bench:cluster — in one run, the signed getUserAllInfo load of bench:api against one server process
// directly and through nginx over two processes (docs/DEPLOY.md's deployment: PostgreSQL, Redis,
// nginx; e2e/support/cluster.ts starts it as npm run test:cluster does). Records req/s, latency and
// the servers' CPU per request in docs/BENCHMARKS.md.
import autocannon from 'autocannon';
import { type Cluster, startCluster } from '../e2e/support/cluster.ts';
import { processCpuMs } from './support/process-cpu.ts';
import { machineLine, writeSection } from './support/report.ts';
import { loginOverHttp, presignedGets } from './support/signed-fetch.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET = '/uac/v1/caas-user/getUserAllInfo';

/** CPU (ms) the server processes have used so far, together. */
function serversCpuMs(cluster: Cluster) {
  let sum = 0;
  for (const s of cluster.servers) {
    const ms = s.pid === undefined ? null : processCpuMs(s.pid);
    if (ms === null) return Number.NaN;
    sum += ms;
  }
  return sum;
}

const cluster = await startCluster({ web: false });
try {
  const [a] = cluster.servers;
  const session = await loginOverHttp(a.baseUrl, 'buyer1', 'Demo@2026');
  // each nonce once: the processes share the nonce store, so one sequence serves both setups
  const requests = presignedGets(session, TARGET, 2 * ROUNDS * DURATION * 12_000);
  const load = (url: string): autocannon.Options => ({ url, connections: CONNECTIONS, duration: DURATION, requests });
  const run = async (title: string, url: string) => {
    const cpu0 = serversCpuMs(cluster);
    const r = await autocannon(load(url));
    const cpuUs = ((serversCpuMs(cluster) - cpu0) * 1000) / r.requests.total;
    const errors = r.errors + r.non2xx;
    console.log(
      `${title}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, 服务端 CPU ${cpuUs.toFixed(0)} µs/请求, 错误 ${errors}`,
    );
    // counted and shown rather than fatal: a failed request through the proxy is a finding to record
    if (errors > 0) {
      const log = cluster.nginx
        .accessLog()
        .split('\n')
        .filter((l) => l && !/" (200|499) /.test(l));
      console.log(
        `${title} 失败请求：状态 ${JSON.stringify(r.statusCodeStats)}，连接错误 ${r.errors}，超时 ${r.timeouts}\n${log.slice(-10).join('\n')}\n${cluster.nginx.output().slice(-2000)}`,
      );
    }
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs, errors };
  };
  // warm both paths (JIT, caches, nginx's keepalive connections), then alternate
  await autocannon({ ...load(a.baseUrl), connections: 4, duration: 2 });
  await autocannon({ ...load(cluster.nginx.baseUrl), connections: 4, duration: 2 });
  const rounds: { one: Awaited<ReturnType<typeof run>>; two: Awaited<ReturnType<typeof run>> }[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const one = await run(`第 ${i} 轮 单进程直连`, a.baseUrl);
    const two = await run(`第 ${i} 轮 nginx + 两进程`, cluster.nginx.baseUrl);
    rounds.push({ one, two });
  }
  const mid = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const ratio = mid(rounds.map((r) => r.two.rps / r.one.rps));
  const row = (r: (typeof rounds)[number], i: number) =>
    `| ${i + 1} | ${r.one.rps.toFixed(0)} | ${r.one.p50} | ${r.one.p99} | ${r.one.cpuUs.toFixed(0)} | ${r.two.rps.toFixed(0)} | ${r.two.p50} | ${r.two.p99} | ${r.two.cpuUs.toFixed(0)} | ${r.one.errors} / ${r.two.errors} | ${((r.two.rps / r.one.rps) * 100).toFixed(0)}% |`;
  writeSection(
    'cluster',
    `## bench:cluster — 单进程直连与 nginx 后的两进程

${machineLine()} · PostgreSQL + Redis（两进程共享）· nginx（1 个 worker，docs/DEPLOY.md 的负载均衡配置）· autocannon ${CONNECTIONS} 连接 × ${DURATION} s × ${ROUNDS} 轮交替 · 签名后的 getUserAllInfo（同 bench:api）

| 轮次 | 单进程 req/s | p50 (ms) | p99 (ms) | 服务端 CPU (µs/请求) | nginx + 两进程 req/s | p50 (ms) | p99 (ms) | 两进程 CPU 合计 (µs/请求) | 失败请求（单 / 两） | 两进程 / 单进程 |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rounds.map(row).join('\n')}

两进程 / 单进程吞吐比中位数：**${(ratio * 100).toFixed(0)}%**。失败请求（非 2xx 或客户端一侧的连接错误）合计：单进程 ${rounds.reduce((n, r) => n + r.one.errors, 0)}，nginx + 两进程 ${rounds.reduce((n, r) => n + r.two.errors, 0)}。

注意：本机只有 2 个与其他任务共享的核，压测客户端、nginx、两个服务进程、PostgreSQL 与 Redis 同在其上，两个进程不可能跑过一个（多出的是 nginx 转发与进程间争用的开销）。此数字用于与更大机器上的同一测量比较：核数足够时，两进程的吞吐应接近单进程的两倍。
`,
  );
} finally {
  await cluster.stop();
}
