// The CPU a spread-markets window used, in cores: the server processes, this process (the load
// driver), the PostgreSQL backends of the setup's database, the NATS server, and the whole machine
// (from /proc/stat), so that what else ran on the machine shows as the rest. Sampled at the
// window's start and end by timers set when the load starts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpuSeconds, pidOf } from '../gateway/process-usage.ts';

export interface WindowCpu {
  servers: number;
  driver: number;
  /** The backends serving the setup's database (not PostgreSQL's own writer processes). */
  postgres: number | null;
  nats: number | null;
  machine: number | null;
}

/** Busy CPU seconds of the whole machine so far: all but idle and iowait. */
function machineSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1);
    if (!fields) return null;
    const ticks = fields.map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    // /proc/stat counts in USER_HZ, 100 on Linux.
    return (ticks.reduce((sum, value) => sum + value, 0) - idle) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds so far of each backend serving `database` (they come and go: kept by pid). */
function backendSeconds(database: string): Map<number, number> {
  const seconds = new Map<number, number>();
  try {
    const pids = execFileSync('pgrep', ['-f', `^postgres: .* ${database} `], { encoding: 'utf8' })
      .trim()
      .split('\n');
    for (const pid of pids.map(Number)) {
      const used = cpuSeconds(pid);
      if (used !== null) seconds.set(pid, used);
    }
  } catch {}
  return seconds;
}

function sample(serverPids: readonly number[], database: string) {
  const driver = process.cpuUsage();
  const natsPid = pidOf('nats-server');
  return {
    at: performance.now(),
    servers: serverPids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0),
    driver: (driver.user + driver.system) / 1e6,
    postgres: backendSeconds(database),
    nats: natsPid === null ? null : cpuSeconds(natsPid),
    machine: machineSeconds(),
  };
}

/** Samples at `startMs` and `endMs` from now; `cores()` answers once both are taken. */
export function windowCpu(
  serverPids: readonly number[],
  database: string,
  startMs: number,
  endMs: number,
) {
  let start: ReturnType<typeof sample> | undefined;
  let end: ReturnType<typeof sample> | undefined;
  const timers = [
    setTimeout(() => {
      start = sample(serverPids, database);
    }, startMs),
    setTimeout(() => {
      end = sample(serverPids, database);
    }, endMs),
  ];
  return {
    cancel(): void {
      for (const timer of timers) clearTimeout(timer);
    },
    cores(): WindowCpu {
      if (!start || !end) throw new Error('the window was not sampled');
      const seconds = (end.at - start.at) / 1000;
      let postgres = 0;
      for (const [pid, used] of end.postgres) postgres += used - (start.postgres.get(pid) ?? 0);
      const per = (a: number | null, b: number | null) =>
        a === null || b === null ? null : (b - a) / seconds;
      return {
        servers: (end.servers - start.servers) / seconds,
        driver: (end.driver - start.driver) / seconds,
        postgres: end.postgres.size > 0 ? postgres / seconds : null,
        nats: per(start.nats, end.nats),
        machine: per(start.machine, end.machine),
      };
    },
  };
}
