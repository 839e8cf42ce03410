// Starting the fan-out benchmark's child processes: TypeScript through tsx, an IPC channel,
// optionally pinned to some cores; and the open-file limit they get.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * The open-file limit the children get. Node raises its soft limit to the hard one at start-up,
 * so the hard limit is the one that counts.
 */
export function openFileLimit(): number {
  const text = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text);
}

let taskset: boolean | undefined;
function hasTaskset(): boolean {
  if (taskset === undefined) {
    try {
      execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
      taskset = true;
    } catch {
      taskset = false;
    }
  }
  return taskset;
}

/**
 * Where the clients run: with two or more cores, all on the last one, so that however busy they
 * are they leave the other cores to the server. The server itself is not pinned: on a machine with
 * other work the scheduler can move it to whichever core is free.
 */
export function clientCores(): { cpus: string; note: string } | null {
  const cores = availableParallelism();
  if (cores < 2 || !hasTaskset()) return null;
  const last = String(cores - 1);
  return { cpus: last, note: `clients pinned to core ${last}, server free` };
}

export interface LaunchOptions {
  cpus?: string | undefined;
  env?: Record<string, string>;
}

/** Starts `entry` and resolves with its first IPC message once it sent one. */
export async function launch<Ready>(
  entry: string,
  { cpus, env }: LaunchOptions = {},
): Promise<{ child: ChildProcess; ready: Ready }> {
  const node = [process.execPath, '--import', 'tsx', '--expose-gc', entry];
  const [command = process.execPath, ...args] = cpus ? ['taskset', '-c', cpus, ...node] : node;
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) =>
      reject(new Error(`${entry} exited with ${code} before it was ready`)),
    );
  });
  return { child, ready };
}

/** Ends a child and waits for it to be gone. */
export function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}
