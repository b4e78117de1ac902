import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (Linux). Throughput
 * on 2 shared cores swings with the neighbours; the CPU a server spends per request does not, so it
 * is the steadier figure for comparing two servers or two versions of one.
 */
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux
export function processCpuMs(pid: number): number | null {
  if (os.platform() !== 'linux') return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may contain spaces) — utime and stime are the 14th and 15th
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * TICK_MS;
  } catch {
    return null;
  }
}
