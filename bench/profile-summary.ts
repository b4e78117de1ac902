// bench:profile — where a server's CPU time went: reads the newest V8 CPU profile in a directory
// (written by a bench run with BENCH_CPU_PROF=<dir>) and prints self time by function and by
// package, so a change can be aimed at what costs most.
//
//   BENCH_CPU_PROF=/tmp/prof BENCH_ROUNDS=1 npm run bench:api && npm run bench:profile -- /tmp/prof
//   npm run bench:profile -- /tmp/prof --from 20     only samples after the first 20 s (skips the start-up)
//
// Besides self time it prints inclusive time (the function or anything it called), which says what a
// whole step costs (a hook, a handler) once the leaves are spread over many small functions.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const fromArg = process.argv.indexOf('--from');
const fromUs = fromArg > 0 ? Number(process.argv[fromArg + 1]) * 1e6 : 0;
const dir = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--from') ?? process.env.BENCH_CPU_PROF;
if (!dir) throw new Error('用法：npm run bench:profile -- <目录>（bench 运行时以 BENCH_CPU_PROF=<目录> 写出的 .cpuprofile）');
const files = fs
  .readdirSync(dir)
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (tsx's loader runs in another)
  .filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))
  .map((f) => path.join(dir, f))
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
if (files.length === 0) throw new Error(`${dir} 中没有 .cpuprofile 文件`);
const profile = JSON.parse(fs.readFileSync(files[0], 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
  return `${functionName || '(匿名)'} ${where}`.trim();
};
const selfUs = new Map<number, number>();
const inclusive = new Map<string, number>();
let clock = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  clock += dt;
  if (clock < fromUs) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  // each function once per sample, however deep it recurses
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const node = byId.get(n);
    if (!node || node.callFrame.functionName === '(root)') continue;
    const l = label(node);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
  }
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** node_modules/<pkg>, our own source folder, node's internals, or V8 ((idle), (garbage collector), (program)) */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node 内部';
  const src = url.indexOf('/apps/server/src/');
  return src >= 0
    ? `server/${url
        .slice(src + '/apps/server/src/'.length)
        .split('/')
        .slice(0, 2)
        .join('/')}`
    : url;
}

const fnTotals = new Map<string, number>();
const areaTotals = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url } = n.callFrame;
  const fn = label(n);
  fnTotals.set(fn, (fnTotals.get(fn) ?? 0) + us);
  const a = area(url, functionName);
  areaTotals.set(a, (areaTotals.get(a) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1)}%`;
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `  ${pct(us).padStart(6)}  ${k}`)
    .join('\n');
console.log(
  `${path.basename(files[0])}：采样 ${profile.samples.length} 个，共 ${(total / 1e6).toFixed(1)} s\n\n按包 / 目录（自身时间）：\n${top(areaTotals, 20)}\n\n按函数（自身时间）：\n${top(fnTotals, 30)}\n\n按函数（含所调用的，前 40）：\n${top(inclusive, Number(process.env.TOP ?? 40))}`,
);
