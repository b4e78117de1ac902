#!/usr/bin/env node
// One command from a fresh clone to a running product: install what is missing, build the web app
// when its sources changed, then start the server (SQLite under ./data and demo data by default).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);
const newest = (dir) => {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : mtime(p));
  }
  return t;
};

const installed = path.join(root, 'node_modules/.package-lock.json');
if (mtime(installed) < mtime(path.join(root, 'package-lock.json'))) {
  console.log('› 安装依赖（npm ci）…');
  run('npm', ['ci']);
}

const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = Math.max(newest(path.join(root, 'apps/web/src')), newest(path.join(root, 'packages/contracts/src')));
if (mtime(webIndex) < webSources) {
  console.log('› 构建前端…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}

// the server runs as compiled JavaScript, as deployed (scripts/build-server.mjs; rebuilt when a source changed)
const { buildServer, SERVER_BUNDLE, SERVER_ENV_DEFAULTS, SERVER_NODE_FLAGS } = await import('./build-server.mjs');
if (await buildServer()) console.log('› 服务端已构建');
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV_DEFAULTS, ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
