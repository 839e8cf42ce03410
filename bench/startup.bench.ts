// Start-up after a crash (`npm run bench -- startup`): the outage a kill -9 or a deploy costs.
// For PGlite, and PostgreSQL when one answers: the default data is prepared once (a first start
// with the default 30 days of history for the 8 default markets, kept until that history is
// stored, then killed with SIGKILL), then the server is started again and killed again
// `STARTUP_RESTARTS` times (default 3). Each restart is timed from the spawn to the `listening`
// line and to the first answered call (`/api/market/exchange`), and runs a few seconds before
// its kill, as a server does. A second table says where the time went, from the server's own
// start-up log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { type LogEntry, startServerProcess } from '../tests/support/server-process.ts';

const restarts = Number(process.env.STARTUP_RESTARTS ?? 3);
/** The product's defaults, not the tests' two days. */
const defaults = { MARKET_HISTORY_DAYS: '30' };
/** How long each restarted server runs before it is killed. */
const runMs = 5000;

interface Restart {
  listeningMs: number;
  answerMs: number;
  log: readonly LogEntry[];
}

interface Row {
  database: string;
  prepareMs: number;
  runs: Restart[];
}

/** A first start with the default data, kept until its history is stored, then a crash. */
async function prepare(env: Record<string, string>, dataDir: string): Promise<number> {
  const began = performance.now();
  const first = await startServerProcess({ ...defaults, ...env }, { dataDir, until: 'listening' });
  try {
    await first.waitForLog('market history stored');
  } finally {
    await first.kill();
  }
  return performance.now() - began;
}

async function answered(url: string): Promise<void> {
  for (;;) {
    const answer = await fetch(`${url}/api/market/exchange`).catch(() => undefined);
    const body = (await answer?.json().catch(() => undefined)) as { code?: number } | undefined;
    if (body?.code === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function restart(env: Record<string, string>, dataDir: string): Promise<Restart> {
  const began = performance.now();
  const server = await startServerProcess({ ...defaults, ...env }, { dataDir, until: 'listening' });
  try {
    const listeningMs = performance.now() - began;
    await answered(server.url);
    const answerMs = performance.now() - began;
    await new Promise((resolve) => setTimeout(resolve, runMs));
    return { listeningMs, answerMs, log: [...server.log()] };
  } finally {
    await server.kill();
  }
}

async function measure(database: string, env: Record<string, string>): Promise<Row> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-startup-'));
  try {
    const prepareMs = await prepare(env, dataDir);
    const runs: Restart[] = [];
    for (let i = 0; i < restarts; i++) runs.push(await restart(env, dataDir));
    return { database, prepareMs, runs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const seconds = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(2));

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function spread(values: readonly number[]): string {
  return `${seconds(median(values))} (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;
}

function summary(rows: readonly Row[]): string {
  const lines = [
    '| database | first start, history stored, s | restarts | to `listening`, s median (min–max) | to first answer, s median (min–max) |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.database} | ${seconds(row.prepareMs)} | ${row.runs.length} | ${spread(row.runs.map((run) => run.listeningMs))} | ${spread(row.runs.map((run) => run.answerMs))} |`,
    );
  }
  return lines.join('\n');
}

/** A number field of the first line with this message (and module), when the server logs it. */
function logged(
  log: readonly LogEntry[],
  msg: string,
  field: string,
  module?: string,
): number | undefined {
  const entry = log.find((line) => line.msg === msg && (!module || line.module === module));
  const value = entry?.[field];
  return typeof value === 'number' ? value : undefined;
}

function steps(rows: readonly Row[]): string {
  const columns: [string, (log: readonly LogEntry[]) => number | undefined][] = [
    ['database open', (log) => logged(log, 'database open', 'ms')],
    ['migrations', (log) => logged(log, 'database open', 'migrationsMs')],
    ['server loaded (since spawn)', (log) => logged(log, 'server loaded', 'ms')],
    ['market module', (log) => logged(log, 'module started', 'ms', 'market')],
    ['spot module', (log) => logged(log, 'module started', 'ms', 'spot')],
    ['`listening` (since spawn)', (log) => logged(log, 'listening', 'startupMs')],
    ['markets live (after market start)', (log) => logged(log, 'markets live', 'ms')],
  ];
  const lines = [
    `| database | ${columns.map(([name]) => `${name}, s`).join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
  ];
  for (const row of rows) {
    const cells = columns.map(([, read]) => {
      const values = row.runs.map((run) => read(run.log)).filter((v) => v !== undefined);
      return seconds(median(values));
    });
    lines.push(`| ${row.database} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

export async function run(): Promise<void> {
  const rows = [await measure('PGlite', {})];
  const postgres = await createTestDatabase();
  if (postgres) {
    try {
      rows.push(await measure('PostgreSQL', { DATABASE_URL: postgres.url }));
    } finally {
      await postgres.drop();
    }
  }
  process.stdout.write(
    `Restart after SIGKILL with the default data (30 days of history, 8 markets); ${restarts} restarts each.\n\n${summary(rows)}\n\nWhere the time goes (medians, from the server's start-up log; – where it does not log it):\n\n${steps(rows)}\n`,
  );
}
