// bench:api-ab — two builds of the server, same signed getUserAllInfo load, alternating rounds, to
// tell whether a change to the request path helps. Each server is pinned to core 0 and the load
// generator to core 1 (taskset), so the client's work does not land on the server's core, and the
// figure compared is the server's own CPU time per request (/proc), which a neighbour's load barely
// moves. Prints only; bench:api is the figure of record.
//
//   git stash; npm run build; cp apps/server/dist/server.mjs apps/server/dist/server-a.mjs; git stash pop
//   npm run bench:api-ab                                   A = dist/server-a.mjs, B = the current build
//   npm run bench:api-ab -- --a apps/server/dist/x.mjs --rounds 7
//
// The copy must sit beside dist/server.mjs so that it finds node_modules.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { processCpuMs } from './support/process-cpu.ts';
import { startProductServer } from './support/processes.ts';
import { loginOverHttp, presignedGets } from './support/signed-fetch.ts';

const { values: args } = parseArgs({ options: { a: { type: 'string' }, rounds: { type: 'string' } }, strict: true });
const A_BUNDLE = args.a ?? 'apps/server/dist/server-a.mjs';
const ROUNDS = Number(args.rounds ?? 5);
const SECONDS = 4;
const CONNECTIONS = 20;
const TARGET = '/uac/v1/caas-user/getUserAllInfo';
// more than the fastest build answers in a round (~25,000 req/s here), each nonce used once
const SIGNED_PER_ROUND = 40_000 * SECONDS;

if (!fs.existsSync(`${import.meta.dirname}/../${A_BUNDLE}`)) throw new Error(`找不到对照构建 ${A_BUNDLE}（用法见文件开头）`);
const pin = (pid: number, cpu: number) => {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    console.log('taskset 不可用：不绑核运行（数字波动更大）');
  }
};
pin(process.pid, 1);

async function serve(bundle?: string) {
  const server = await startProductServer({}, { bundle });
  pin(server.proc.pid!, 0);
  const session = await loginOverHttp(server.url, 'buyer1', 'Demo@2026');
  // as a browser sends it: the answer comes gzipped
  const options: autocannon.Options = {
    url: server.url,
    requests: presignedGets(session, TARGET, SIGNED_PER_ROUND * ROUNDS + 20_000, { 'accept-encoding': 'gzip, deflate, br' }),
  };
  await autocannon({ ...options, connections: 4, duration: 2 });
  return { server, options, cpuUs: [] as number[] };
}

const a = await serve(A_BUNDLE);
const b = await serve();
try {
  for (let r = 1; r <= ROUNDS; r++) {
    for (const [name, x] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const pid = x.server.proc.pid!;
      const c0 = processCpuMs(pid);
      const res = await autocannon({ ...x.options, connections: CONNECTIONS, duration: SECONDS });
      const c1 = processCpuMs(pid);
      if (res.errors + res.non2xx > 0) throw new Error(`${name} 有 ${res.errors + res.non2xx} 个失败请求`);
      x.cpuUs.push(c0 === null || c1 === null ? Number.NaN : ((c1 - c0) * 1000) / res.requests.total);
      console.log(`第 ${r} 轮 ${name}: ${res.requests.average.toFixed(0)} req/s, 服务端 CPU ${x.cpuUs.at(-1)!.toFixed(1)} µs/请求`);
    }
  }
  const mid = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
  console.log(
    `服务端 CPU 中位数：A ${mid(a.cpuUs).toFixed(1)} µs/请求，B ${mid(b.cpuUs).toFixed(1)} µs/请求（B/A ${((mid(b.cpuUs) / mid(a.cpuUs)) * 100).toFixed(0)}%）`,
  );
} finally {
  await a.server.stop();
  await b.server.stop();
}
