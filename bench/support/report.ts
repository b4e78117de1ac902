import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './processes.ts';

/** Replaces the section between `<!-- bench:NAME -->` markers in docs/BENCHMARKS.md (appends it when absent). */
export function writeSection(name: string, markdown: string) {
  const file = path.join(repoRoot, 'docs/BENCHMARKS.md');
  const begin = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# 性能基准\n';
  const i = text.indexOf(begin);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, text);
}

export const machineLine = () =>
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} · 共享机器，只比较同一次运行内的比值`;
