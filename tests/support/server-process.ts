// Runs the real server as a child process, the way `npm start` does, on a port of its choosing.
// Every server started here is stopped in every outcome: by its test, else after the test file
// (a test that timed out never reached its own stop: leftovers.ts), else when this process exits;
// and, started over an IPC channel, the server stops by itself when this process is gone.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stopAfterEachFile } from './leftovers.ts';
import { entryArgs } from './server-entry.ts';

/** One line of the server's JSON log. */
export type LogEntry = Record<string, unknown> & { msg?: unknown };

export interface ServerProcess {
  url: string;
  dataDir: string;
  pid: number;
  /** Whether the log has a line with this message yet. */
  logged(msg: string): boolean;
  /** Every log line so far (the newest 2,000). */
  log(): readonly LogEntry[];
  /** Resolves with the first log line with this message (at once if it came already). */
  waitForLog(msg: string): Promise<LogEntry>;
  /** Sends SIGTERM, waits for the exit and answers its code; removes a data directory it made. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL, as a crash would, and waits for the exit; keeps the data directory. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  dataDir?: string;
  /**
   * What the start waits for: `listening` (the server answers calls), or `live` (the default:
   * also every market's history drawn and its feed taken in, which the market tests rely on).
   */
  until?: 'listening' | 'live';
}

const root = path.resolve(import.meta.dirname, '../..');
/** A server that does not stop this long after SIGTERM is killed. */
const stopGraceMs = 60_000;

/** Every server started here and not yet seen to exit, with how to stop it (and clean up). */
const running = new Map<ChildProcess, () => Promise<unknown>>();
process.once('exit', () => {
  // Nothing can be awaited here: SIGTERM still lets each server close its database.
  for (const child of running.keys()) child.kill('SIGTERM');
});

/** Stops every server this process started and has not seen exit. */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}
stopAfterEachFile(stopServerProcesses);

function spawnServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, entryArgs('main'), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      // A fresh data directory starts as a copy of the run's migrated database, when there is one.
      ...(process.env.PGLITE_TEMPLATE ? { PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE } : {}),
      ...env,
    },
    // The IPC channel is how the server notices this process is gone.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The channel alone does not keep this process alive, so the exit handler above still runs.
  child.channel?.unref();
  running.set(child, () => stopChild(child));
  child.once('exit', () => running.delete(child));
  return child;
}

export async function startServerProcess(
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'meridian-test-')));
  const child = spawnServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Two days of simulated history draw in a blink; thirty take seconds per server.
    MARKET_HISTORY_DAYS: '2',
    ...env,
  });
  const log = serverLog(child);
  const stop = async () => {
    const code = await stopChild(child);
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    return code;
  };
  if (running.has(child)) running.set(child, stop);
  try {
    const listening = await log.wait('listening');
    if ((options.until ?? 'live') === 'live') await log.wait('markets live');
    if (typeof listening.url !== 'string') throw new Error('the listening line names no url');
    return {
      url: listening.url,
      dataDir,
      pid: child.pid as number,
      logged: (msg) => log.seen.has(msg),
      log: () => log.entries,
      waitForLog: (msg) => log.wait(msg),
      stop,
      kill: () => killChild(child),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The server's log as it comes: the first line of each message, and waits for one. */
function serverLog(child: ChildProcess) {
  const seen = new Map<string, LogEntry>();
  const entries: LogEntry[] = [];
  const waiting = new Map<string, ((entry: LogEntry) => void)[]>();
  const output: string[] = [];
  let exited: Error | undefined;
  const failures = new Set<(error: Error) => void>();
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    output.push(line);
    if (output.length > 200) output.shift();
    const entry = parseJson(line);
    if (entry) entries.push(entry);
    if (entries.length > 2000) entries.shift();
    if (typeof entry?.msg !== 'string' || seen.has(entry.msg)) return;
    seen.set(entry.msg, entry);
    for (const resolve of waiting.get(entry.msg) ?? []) resolve(entry);
    waiting.delete(entry.msg);
  });
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // `close` comes after the last line of output, which `exit` may precede.
  child.once('close', (code, signal) => {
    exited = new Error(`server exited (${signal ?? code}):\n${output.join('\n')}`);
    for (const fail of failures) fail(exited);
  });
  return {
    seen,
    entries,
    wait(msg: string): Promise<LogEntry> {
      const entry = seen.get(msg);
      if (entry) return Promise.resolve(entry);
      if (exited) return Promise.reject(new Error(`no "${msg}" line: ${exited.message}`));
      return new Promise((resolve, reject) => {
        const fail = (error: Error) => reject(new Error(`no "${msg}" line: ${error.message}`));
        failures.add(fail);
        waiting.set(msg, [
          ...(waiting.get(msg) ?? []),
          (found) => {
            failures.delete(fail);
            resolve(found);
          },
        ]);
      });
    },
  };
}

function parseJson(line: string): LogEntry | undefined {
  try {
    return JSON.parse(line) as LogEntry;
  } catch {
    return undefined;
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (hasExited(child)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const deadline = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
    child.once('exit', (code) => {
      clearTimeout(deadline);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

function killChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Runs the server expecting it to refuse to start; answers its exit code and what it printed. */
export function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(env);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
