// The machine's CPU time by kind from /proc/stat (Linux), to see the kernel's share of a run that
// no process is charged for: TCP delivery over loopback runs largely in softirq.
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  softirq: number;
  total: number;
}

/** All cores together, in clock ticks; null where /proc/stat does not exist. */
export function cpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …
    return { softirq: fields[6] ?? 0, total: fields.reduce((sum, n) => sum + n, 0) };
  } catch {
    return null;
  }
}

/** Softirq time between two readings, in cores (1 = one core busy all along). */
export function softirqCores(
  from: CpuTimes | null,
  to: CpuTimes | null,
  cores: number,
): number | null {
  if (!from || !to || to.total === from.total) return null;
  return ((to.softirq - from.softirq) / (to.total - from.total)) * cores;
}
