// The order load driver (`npm run bench -- orders`): a server process on PGlite (on its own
// thread, and on the event loop as the baseline) and on PostgreSQL when one answers, traders
// registered and funded through the API, then resting and crossing limit orders over real HTTP at
// concurrency 1, 8, 32 and 128 for a fixed time each, beside a trivial call at the same
// concurrency (the ceiling). It prints orders/s, latency percentiles, the ratio to the trivial
// call, the database statements per order and the server's event-loop delay, and checks the
// ledger at the end. `ORDERS_SECONDS` and `ORDERS_CONCURRENCY` (comma-separated) change the run.

import { callOperator } from '../tests/support/operator-api.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { closedLoop, type LoadResult, quantile } from './orders/closed-loop.ts';
import { fund, place, registerTrader, type Server, type Trader } from './orders/traders.ts';

const seconds = Number(process.env.ORDERS_SECONDS ?? 5);
const levels = (process.env.ORDERS_CONCURRENCY ?? '1,8,32,128').split(',').map(Number);
const symbol = 'BTCUSDT';
/** Rests far below any price the book reaches: 10 USDT each, over the 5 USDT minimum. */
const restingBuy = { symbol, side: 'buy', type: 'limit', price: '1000.00', quantity: '0.01000' };
/** Crosses the maker's one large sell: one fill each, 10 USDT. */
const crossingBuy = { symbol, side: 'buy', type: 'limit', price: '50000.00', quantity: '0.00020' };

interface Row {
  database: string;
  kind: 'trivial' | 'resting' | 'crossing';
  concurrency: number;
  result: LoadResult;
  statements: number;
  /** The server's event-loop delay p99 during the case: what a GET or a socket frame waited. */
  loopDelayMs: number;
}

interface Stats {
  statements: number;
  event_loop_delay: { p99_ms: number };
}

async function stats(server: Server): Promise<Stats> {
  return (await callOperator<Stats>(server, 'stats', {})).body.data;
}

/** Runs one case and counts the database statements it caused (each `stats` restarts the delay). */
async function measured(
  server: Server,
  database: string,
  kind: Row['kind'],
  concurrency: number,
  request: (worker: number) => Promise<boolean>,
): Promise<Row> {
  const before = await stats(server);
  const result = await closedLoop(concurrency, seconds, request);
  const after = await stats(server);
  return {
    database,
    kind,
    concurrency,
    result,
    statements: after.statements - before.statements,
    loopDelayMs: after.event_loop_delay.p99_ms,
  };
}

async function traders(server: Server, count: number): Promise<Trader[]> {
  const made: Trader[] = [];
  // A few at a time: each registration hashes a password.
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, () => registerTrader(server)),
    );
    // One at a time: concurrent deposits are not what this measures.
    for (const trader of batch) await fund(server, trader, 'USDT', '10000000');
    made.push(...batch);
  }
  return made;
}

async function driveOne(database: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServerProcess({
    ...env,
    LIQUIDITY_PROVIDER: 'false',
    MARKET_HISTORY_DAYS: '1',
  });
  try {
    const most = Math.max(...levels);
    const [resting, crossing] = [await traders(server, most), await traders(server, most)];
    const maker = await registerTrader(server);
    // Sells the crossing buys take, one fill each: 20 × 50 BTC (an order's most is ~92 BTC).
    await fund(server, maker, 'BTC', '1000');
    const big = { symbol, side: 'sell', type: 'limit', price: '50000.00', quantity: '50.00000' };
    for (let i = 0; i < 20; i++) {
      if (!(await place(maker, big))) throw new Error('the maker’s sell was refused');
    }
    const logo = resting[0]?.client;
    const rows: Row[] = [];
    for (const concurrency of levels) {
      rows.push(
        await measured(server, database, 'trivial', concurrency, async () => {
          const answer = await logo?.get('/index/logo');
          return answer?.body.code === 200;
        }),
        await measured(server, database, 'resting', concurrency, (worker) =>
          place(resting[worker] as Trader, restingBuy),
        ),
        await measured(server, database, 'crossing', concurrency, (worker) =>
          place(crossing[worker] as Trader, crossingBuy),
        ),
      );
    }
    const check = await callOperator<{ ok: boolean; problems: unknown[] }>(
      server,
      'ledger/check',
      {},
    );
    if (!check.body.data.ok) {
      throw new Error(`ledger check failed: ${JSON.stringify(check.body.data.problems)}`);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

function table(rows: readonly Row[]): string {
  const rate = (row: Row) => row.result.done / row.result.seconds;
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
  const lines = [
    '| database | orders | concurrency | per second | p50 ms | p99 ms | p99.9 ms | ÷ trivial | statements each | loop delay p99 ms | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const trivial = rows.find(
      (other) =>
        other.kind === 'trivial' &&
        other.database === row.database &&
        other.concurrency === row.concurrency,
    );
    const ratio = trivial ? `${((100 * rate(row)) / rate(trivial)).toFixed(1)} %` : '–';
    const each = row.result.done ? (row.statements / row.result.done).toFixed(2) : '–';
    lines.push(
      `| ${row.database} | ${row.kind} | ${row.concurrency} | ${rate(row).toFixed(0)} | ${ms(quantile(row.result, 0.5))} | ${ms(quantile(row.result, 0.99))} | ${ms(quantile(row.result, 0.999))} | ${row.kind === 'trivial' ? '100 %' : ratio} | ${each} | ${row.loopDelayMs.toFixed(1)} | ${row.result.failed} |`,
    );
  }
  return lines.join('\n');
}

export async function run(): Promise<void> {
  // PGlite on the server's event loop is the baseline its own thread is measured against.
  const rows = [
    ...(await driveOne('PGlite, event loop', { PGLITE_THREAD: 'false' })),
    ...(await driveOne('PGlite', {})),
  ];
  const postgres = await createTestDatabase();
  if (postgres) {
    try {
      rows.push(...(await driveOne('PostgreSQL', { DATABASE_URL: postgres.url })));
    } finally {
      await postgres.drop();
    }
  }
  process.stdout.write(
    `${seconds} s per case, closed loop over HTTP; the ledger check passed on each database.\n\n${table(rows)}\n`,
  );
}
