// The server as an operator runs it: settings checked at start, clean stop, data kept across
// restarts, and `npm start` passing stop signals on so that nothing is left holding the port.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { goodPassword, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { runServerToExit, startServerProcess } from '../support/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('start-up', () => {
  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://somewhere/db'],
    ['SESSION_MAX_DAYS', '-3'],
  ])('refuses an invalid %s, naming it, and exits non-zero', async (name, value) => {
    const { code, output } = await runServerToExit({ [name]: value });
    expect(code).not.toBe(0);
    expect(output).toContain(name);
    expect(output).not.toContain('listening');
  });
});

describe('the embedded database', () => {
  it('keeps accounts across a clean stop and a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-restart-'));
    try {
      const first = await startServerProcess({}, { dataDir });
      const user = await registerUser(new ApiClient(first.url), dataDir);
      expect(await first.stop()).toBe(0);

      const second = await startServerProcess({}, { dataDir });
      const api = new ApiClient(second.url);
      const info = await api.get('/security/index', {}, { token: user.token });
      expect(info.body).toMatchObject({ code: 200, data: { user_id: user.userId } });
      const login = await api.post('/login/index', {
        account: user.account,
        password: goodPassword,
      });
      expect(login.body.code).toBe(200);
      expect(await second.stop()).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // Two starts on the embedded database, each drawing the markets' recent minutes first.
  }, 180_000);
});

/** `npm start` (or the start script itself) on a fresh data directory, its output read line by line. */
function runStart(command: string, args: string[], dataDir: string) {
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      MARKET_HISTORY_DAYS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const output = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  output.on('line', (line) => lines.push(line));
  child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  /** The server's `listening` line: its address and its process id. */
  const listening = new Promise<{ url: string; pid: number }>((resolve, reject) => {
    output.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as { msg?: string; url?: string; pid?: number };
      if (entry.msg === 'listening' && entry.url && entry.pid) {
        resolve({ url: entry.url, pid: entry.pid });
      }
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${lines.join('\n')}`)));
  });
  return { child, lines, exited, listening };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether this process can listen on the port: nobody holds it any more. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Polls until `done` holds, or fails after a generous deadline naming what it waited for. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends whatever a test left running: the script, then the server it started. */
function cleanUp(child: ChildProcess, serverPid: number | undefined): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (serverPid !== undefined && isRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
}

describe('npm start', () => {
  it.each([
    ['the start script', process.execPath, ['scripts/start.mjs', '--no-build']],
    ['npm start', 'npm', ['start', '--silent', '--', '--no-build']],
  ])(
    '%s stops the server on SIGTERM, frees its port and exits 0',
    async (_, command, args) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-start-'));
      const start = runStart(command, args, dataDir);
      let serverPid: number | undefined;
      try {
        const { url, pid } = await start.listening;
        serverPid = pid;
        expectOk(await new ApiClient(url).get('/index/logo'));
        expect(start.lines.some((line) => line.startsWith('[start] Starting the server'))).toBe(
          true,
        );

        start.child.kill('SIGTERM');
        expect(await start.exited).toBe(0);
        expect(isRunning(pid)).toBe(false);
        expect(start.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
        expect(await portIsFree(Number(new URL(url).port))).toBe(true);
      } finally {
        cleanUp(start.child, serverPid);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('the server stops by itself when the start script is killed outright', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-start-'));
    const start = runStart(process.execPath, ['scripts/start.mjs', '--no-build'], dataDir);
    let serverPid: number | undefined;
    try {
      const { url, pid } = await start.listening;
      serverPid = pid;
      start.child.kill('SIGKILL');
      await until(() => !isRunning(pid), 'the server to stop');
      expect(await portIsFree(Number(new URL(url).port))).toBe(true);
    } finally {
      cleanUp(start.child, serverPid);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('stopping', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'on %s the server closes everything and exits 0',
    async (signal) => {
      const server = await startServerProcess({}, { until: 'listening' });
      try {
        process.kill(server.pid, signal);
        await server.waitForLog('stopped');
        expect(await server.stop()).toBe(0);
      } finally {
        await server.stop();
      }
    },
    120_000,
  );
});
