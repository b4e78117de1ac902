// bench:api — in one run, a bare Fastify hello-world against the signed, authenticated
// getUserAllInfo of the real server (SQLite, demo data). Prints and records req/s, p99 and their ratio.
import autocannon from 'autocannon';
import { processCpuMs } from './support/process-cpu.ts';
import { startProductServer, startScript } from './support/processes.ts';
import { machineLine, writeSection } from './support/report.ts';
import { loginOverHttp, presignedGets } from './support/signed-fetch.ts';

// Many short rounds rather than a few long ones: the 2 shared cores' neighbours change the
// machine's speed within seconds (hello-world alone ranged 22,000–35,000 req/s between 6-second
// rounds), and adjacent short pairs see the same neighbours.
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);

/** One run, with the server's CPU time per request (µs) read from /proc around it. */
async function run(title: string, opts: autocannon.Options, pid: number) {
  const cpu0 = processCpuMs(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const cpu1 = processCpuMs(pid);
  const errors = result.errors + result.non2xx;
  const cpuUs = cpu0 === null || cpu1 === null ? Number.NaN : ((cpu1 - cpu0) * 1000) / result.requests.total;
  console.log(
    `${title}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, 服务端 CPU ${cpuUs.toFixed(0)} µs/请求, 错误 ${errors}`,
  );
  if (errors > 0) throw new Error(`${title} 有 ${errors} 个失败请求`);
  return Object.assign(result, { cpuUs });
}

const hello = await startScript('bench/hello-server.ts', {});
const product = await startProductServer(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  const session = await loginOverHttp(product.url, 'buyer1', 'Demo@2026');
  const target = '/uac/v1/caas-user/getUserAllInfo';
  // Signed before the run (each nonce once, all inside the 5-minute window), as a browser sends it:
  // the answer comes gzipped (cached so per acl version, not compressed per request)
  const apiOptions: autocannon.Options = {
    url: product.url,
    requests: presignedGets(session, target, Math.ceil(ROUNDS * DURATION * 45_000), { 'accept-encoding': 'gzip, deflate, br' }),
  };
  // warm up both (JIT, caches), then alternate: on 2 shared cores a neighbour's burst hits one
  // run, so the figure is the median of the rounds' ratios
  await autocannon({ url: hello.url, connections: 4, duration: 2 });
  await autocannon({ ...apiOptions, connections: 4, duration: 2 });
  const rounds: { base: Awaited<ReturnType<typeof run>>; api: Awaited<ReturnType<typeof run>>; ratio: number }[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const base = await run(`第 ${r} 轮 hello-world`, { url: hello.url }, hello.proc.pid!);
    const api = await run(`第 ${r} 轮 getUserAllInfo（签名+会话）`, apiOptions, product.proc.pid!);
    rounds.push({ base, api, ratio: api.requests.average / base.requests.average });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ofMedians = mid(rounds.map((r) => r.api.requests.average)) / mid(rounds.map((r) => r.base.requests.average));
  // the server's own CPU per request: steady whatever the neighbours do (see support/process-cpu.ts)
  const cpuBase = mid(rounds.map((r) => r.base.cpuUs));
  const cpuApi = mid(rounds.map((r) => r.api.cpuUs));
  console.log(
    `各轮比值：${rounds.map((r) => `${(r.ratio * 100).toFixed(1)}%`).join('、')}；中位数 ${(median.ratio * 100).toFixed(1)}%（目标 ≥ 40%）；吞吐中位数之比 ${(ofMedians * 100).toFixed(1)}%；服务端 CPU 中位数 hello ${cpuBase.toFixed(0)} µs/请求，getUserAllInfo ${cpuApi.toFixed(0)} µs/请求（CPU 比 ${((cpuBase / cpuApi) * 100).toFixed(1)}%）`,
  );
  const row = (r: (typeof rounds)[number], i: number) =>
    `| ${i + 1} | ${r.base.requests.average.toFixed(0)} | ${r.base.latency.p99} | ${r.base.cpuUs.toFixed(0)} | ${r.api.requests.average.toFixed(0)} | ${r.api.latency.p50} | ${r.api.latency.p99} | ${r.api.cpuUs.toFixed(0)} | ${(r.ratio * 100).toFixed(1)}% |`;
  writeSection(
    'api',
    `## bench:api — 签名鉴权接口与 Fastify 空路由对比

${machineLine()} · 引擎：${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'} · autocannon ${CONNECTIONS} 连接 × ${DURATION} s × ${ROUNDS} 轮交替（压测客户端与服务同机；签名在压测前预先生成，每个 nonce 只用一次；两者各预热 2 s）

| 轮次 | hello-world req/s | hello p99 (ms) | hello 服务端 CPU (µs/请求) | getUserAllInfo req/s（签名 + 会话 + 权限数据） | p50 (ms) | p99 (ms) | 服务端 CPU (µs/请求) | 比值 |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rounds.map(row).join('\n')}

比值中位数：**${(median.ratio * 100).toFixed(1)}%**（目标 ≥ 40%）；两者吞吐中位数之比 ${(ofMedians * 100).toFixed(1)}%。服务端每请求 CPU 时间中位数：hello-world ${cpuBase.toFixed(0)} µs，getUserAllInfo ${cpuApi.toFixed(0)} µs（比 ${((cpuBase / cpuApi) * 100).toFixed(1)}%；不受邻居负载影响，比较改动时看它）。
`,
  );
} finally {
  await hello.stop();
  await product.stop();
}
