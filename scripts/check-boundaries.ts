/**
 * npm run lint (after Biome): checks the import boundaries of apps/web/src and apps/server/src
 * (rules in boundary-rules.ts). Prints `file:line  imports  specifier  (rule)` per violation and
 * exits 1 if there is any.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brokenRule, importsOf, isPackage } from './boundary-rules.ts';

const root = path.resolve(import.meta.dirname, '..');
const ROOTS = ['apps/web/src', 'apps/server/src'];

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sources(full);
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

const toRepo = (abs: string) => path.relative(root, abs).split(path.sep).join('/');

let violations = 0;
let files = 0;
for (const base of ROOTS) {
  for (const file of sources(path.join(root, base))) {
    files += 1;
    const importer = toRepo(file);
    for (const { specifier, line } of importsOf(fs.readFileSync(file, 'utf8'))) {
      const target = isPackage(specifier) ? null : toRepo(path.resolve(path.dirname(file), specifier));
      const rule = brokenRule(importer, target);
      if (!rule) continue;
      violations += 1;
      console.log(`${importer}:${line}  imports  ${specifier}  (${rule})`);
    }
  }
}

if (violations) {
  console.error(`\n边界检查：${violations} 处违规（共 ${files} 个文件）。规则见 scripts/boundary-rules.ts。`);
  process.exit(1);
}
console.log(`边界检查通过（${files} 个文件）。`);
