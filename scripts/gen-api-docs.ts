// npm run docs:api — regenerates the route list in docs/API.md from the OpenAPI document,
// so the list can never drift from the zod contracts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-docs-'));
const { app } = await buildApp(
  { ...loadConfig({}), dataDir, databaseUrl: null, redisUrl: null, seedDemo: false, webDist: null, logLevel: 'silent' },
  { logger: false },
);
await app.ready();
const doc = app.swagger() as { paths: Record<string, Record<string, { summary?: string; description?: string; tags?: string[] }>> };
const rows: string[] = ['| 方法 | 路径 | 说明 | 访问控制 |', '|---|---|---|---|'];
for (const [p, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
  for (const [method, op] of Object.entries(ops)) {
    rows.push(`| ${method.toUpperCase()} | \`${p}\` | ${op.summary ?? ''} | ${(op.description ?? '').replace('访问控制：', '')} |`);
  }
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const file = path.resolve(import.meta.dirname, '../docs/API.md');
const text = fs.readFileSync(file, 'utf8');
const begin = '<!-- api:routes -->';
const end = '<!-- /api:routes -->';
const i = text.indexOf(begin);
const j = text.indexOf(end);
if (i < 0 || j < i) throw new Error('docs/API.md 缺少 api:routes 标记');
fs.writeFileSync(file, `${text.slice(0, i + begin.length)}\n${rows.join('\n')}\n${text.slice(j)}`);
console.log(`已写入 ${rows.length - 2} 个接口到 docs/API.md`);
