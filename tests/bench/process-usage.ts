import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process (VmRSS of /proc/<pid>/status) in MB; 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The ids of the direct children of `pid` (the workers of a cluster's primary). */
function childrenOf(pid: number): number[] {
  try {
    const found: number[] = [];
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) found.push(...listed.split(/\s+/).map(Number));
    }
    return found;
  } catch {
    return [];
  }
}

/** RSS of `pid` and its children together, in MB (a cluster's primary and workers). */
export function processTreeRssMb(pid: number): number {
  return rssMb(pid) + childrenOf(pid).reduce((sum, child) => sum + processTreeRssMb(child), 0);
}

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture it runs here. */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) `pid` and its children have used so far, in ms. */
export function processTreeCpuMs(pid: number): number {
  let own: number;
  try {
    // The command name (field 2) may hold spaces; the fields counted from after it are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    own = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
  return own + childrenOf(pid).reduce((sum, child) => sum + processTreeCpuMs(child), 0);
}
