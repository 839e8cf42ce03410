// A process's CPU time and resident memory as Linux accounts them (/proc/<pid>/stat and status),
// read from outside, so processes of different kinds (the nodes, the NATS server) are measured
// the same way. Null where /proc does not have them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User and system CPU time the process used so far, in seconds. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return null;
  }
}

/** Resident memory, bytes. */
export function rssBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The pid of the first process whose command is exactly `name`, if any. */
export function pidOf(name: string): number | null {
  try {
    const first = execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).trim().split('\n')[0];
    return first ? Number(first) : null;
  } catch {
    return null;
  }
}
