// Runs the real server as a child process, the way `npm start` does, on a port of its choosing.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** Sends SIGTERM, waits for the exit and answers its code; removes a data directory it made. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL, as a crash would, and waits for the exit; keeps the data directory. */
  kill(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

export async function startServerProcess(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'meridian-test-')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Two days of simulated history draw in a blink; thirty take seconds per server.
      MARKET_HISTORY_DAYS: '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      output.push(line);
      if (output.length > 200) output.shift();
      const entry = parseJson(line);
      if (entry?.msg === 'listening' && typeof entry.url === 'string') resolve(entry.url);
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output.join('\n')}`)),
    );
  });
  return {
    url,
    dataDir,
    async stop() {
      const code = await stopChild(child);
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGKILL');
      });
    },
  };
}

function parseJson(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/** Runs the server expecting it to refuse to start; answers its exit code and what it printed. */
export function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
