/**
 * bench:web — the gzip size of the JavaScript the login page loads (the entry script and every
 * module it preloads) and of the largest chunk, against the goals of issue 3: at most 250 KB for
 * the login page, no chunk over 500 KB. Builds apps/web first unless --no-build is given.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './support/processes.ts';
import { machineLine, writeSection } from './support/report.ts';

const LOGIN_GOAL_KB = 250;
const CHUNK_GOAL_KB = 500;

const dist = path.join(repoRoot, 'apps/web/dist');
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

// What index.html makes the browser fetch before the login page can render: the entry and its modulepreloads.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const loginFiles = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
const login = loginFiles.map((f) => ({ file: f, gzip: gz(f) })).sort((a, b) => b.gzip - a.gzip);
const loginTotal = login.reduce((s, f) => s + f.gzip, 0);

const chunks = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, gzip: gz(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);
const largest = chunks[0];

const ok = (v: boolean) => (v ? '✅' : '❌');
const markdown = `## bench:web — 前端包体积（gzip -9）

${machineLine()} · 统计 apps/web/dist：登录页的入口脚本及其全部 modulepreload，另列最大的单个分块

| 指标 | 大小 | 目标 |
|---|---:|---|
| 登录页加载的 JavaScript（${login.length} 个文件） | ${kb(loginTotal)} KB | ≤ ${LOGIN_GOAL_KB} KB ${ok(loginTotal <= LOGIN_GOAL_KB * 1024)} |
| 最大分块 \`${path.basename(largest.file).replace(/-[\w-]{8}\.js$/, '.js')}\` | ${kb(largest.gzip)} KB | ≤ ${CHUNK_GOAL_KB} KB ${ok(largest.gzip <= CHUNK_GOAL_KB * 1024)} |
| 全部分块（${chunks.length} 个） | ${kb(chunks.reduce((s, c) => s + c.gzip, 0))} KB | — |

登录页最大的 5 个文件：${login
  .slice(0, 5)
  .map((f) => `\`${path.basename(f.file).replace(/-[\w-]{8}\.js$/, '.js')}\` ${kb(f.gzip)} KB`)
  .join('，')}。
`;

console.log(markdown);
writeSection('web', markdown);
console.log('已写入 docs/BENCHMARKS.md');
