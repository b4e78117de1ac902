/**
 * Counts functions longer than a limit (default 100 lines) in the server and the web sources,
 * tests excluded: `npx tsx scripts/long-functions.ts [limit] [--list]`. Function declarations,
 * methods, arrow functions and function expressions count; a nested function counts on its own
 * (and inside its parent's lines). Not counted: tests, the shared contract suites the adapters'
 * tests run (`*-contract.ts`, vitest `it` blocks inside one function) and migrations (history:
 * an applied migration is never edited). The structure review tracks this figure.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const limit = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100);
const list = process.argv.includes('--list');

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') yield* sources(full);
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$|-contract\.ts$|\.d\.ts$/.test(e.name) && !full.includes(`${path.sep}migrations${path.sep}`))
      yield full;
  }
}

function nameOf(node: ts.Node): string {
  const n = (node as { name?: ts.Node }).name;
  if (n && ts.isIdentifier(n)) return n.text;
  if (ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
  if (ts.isPropertyAssignment(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
  return '(anonymous)';
}

for (const [side, dir] of [
  ['server', 'apps/server/src'],
  ['web', 'apps/web/src'],
] as const) {
  const long: string[] = [];
  for (const file of sources(path.join(root, dir))) {
    const text = fs.readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > limit) long.push(`${path.relative(root, file)}:${start + 1}  ${nameOf(node)}  ${end - start + 1} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  console.log(`${side}: ${long.length} functions over ${limit} lines`);
  if (list) for (const l of long) console.log(`  ${l}`);
}
