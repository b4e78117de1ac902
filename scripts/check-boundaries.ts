/**
 * npm run lint (after Biome): checks the import boundaries of apps/web/src and apps/server/src
 * (rules in boundary-rules.ts): each import against the rules (`file:line  imports  specifier
 * (rule)`), then the graph of server modules and of web features for cycles (each cycle with the
 * file:line of every edge in it), and every table write of a server module against its owner
 * (table-owners.ts). Exits 1 if there is any violation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brokenRule, cyclesOf, importsOf, isExempt, isPackage, unitOf } from './boundary-rules.ts';
import { foreignWrite, writesOf } from './table-owners.ts';

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
/** unit → unit it imports → the first file:line of that edge */
const edges = new Map<string, Map<string, string>>();
for (const base of ROOTS) {
  for (const file of sources(path.join(root, base))) {
    files += 1;
    const importer = toRepo(file);
    const source = fs.readFileSync(file, 'utf8');
    const writer = importer.startsWith('apps/server/src/modules/') && !isExempt(importer) ? unitOf(importer) : null;
    for (const { table, line } of writer ? writesOf(source) : []) {
      const rule = foreignWrite(writer!.id, table);
      if (!rule) continue;
      violations += 1;
      console.log(`${importer}:${line}  writes  ${table}  (${rule})`);
    }
    for (const { specifier, line } of importsOf(source)) {
      const target = isPackage(specifier) ? null : toRepo(path.resolve(path.dirname(file), specifier));
      const from = unitOf(importer);
      const to = target ? unitOf(target) : null;
      if (from && to && from.id !== to.id && !isExempt(importer) && !/\.test\.tsx?$/.test(importer)) {
        // server modules and web features share names: one graph each
        const side = importer.startsWith('apps/web/') ? 'web' : 'server';
        const [a, b] = [`${side} ${from.id}`, `${side} ${to.id}`];
        const out = edges.get(a) ?? new Map<string, string>();
        if (!out.has(b)) out.set(b, `${importer}:${line}`);
        edges.set(a, out);
      }
      const rule = brokenRule(importer, target);
      if (!rule) continue;
      violations += 1;
      console.log(`${importer}:${line}  imports  ${specifier}  (${rule})`);
    }
  }
}

const graph = new Map([...edges].map(([from, out]) => [from, new Set(out.keys())]));
for (const cycle of cyclesOf(graph)) {
  violations += 1;
  console.log(`cycle between ${cycle.join(', ')} (modules and features must not import each other in a circle):`);
  for (const from of cycle) {
    for (const [to, where] of edges.get(from) ?? []) if (cycle.includes(to)) console.log(`  ${from} → ${to}  at ${where}`);
  }
}

if (violations) {
  console.error(`\n边界检查：${violations} 处违规（共 ${files} 个文件）。规则见 scripts/boundary-rules.ts。`);
  process.exit(1);
}
console.log(`边界检查通过（${files} 个文件）。`);
