// The order load driver (`npm run bench -- orders`): a server process on PGlite (on its own
// thread, and on the event loop as the baseline) and on PostgreSQL when one answers, traders
// registered and funded through the API, then resting and crossing limit orders over real HTTP at
// concurrency 1, 8, 32 and 128 for a fixed time each, beside a trivial call at the same
// concurrency (the ceiling). It prints orders/s, latency percentiles, the ratio to the trivial
// call, the database statements per order and the server's event-loop delay, and checks the
// ledger at the end. `ORDERS_SECONDS` and `ORDERS_CONCURRENCY` (comma-separated) change the run;
// `ORDERS_PROVIDER=1` runs it with the liquidity provider quoting every market, as a live exchange
// does (its requotes share each market's writer with the orders). The resting buys are also placed
// through the Binance-compatible door (`resting, door`: signed `POST /api/v3/order`), beside the
// app's own call, to show what the door's signature and key checks cost: the two run in
// alternating slices (`ORDERS_SLICES`, default 5) on the same server, so a load on the machine
// meanwhile falls on both, and the door's rate is also given as a share of the app's.

import { createTestDatabase } from '../tests/support/postgres.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { quantile } from './orders/closed-loop.ts';
import { type DoorKey, doorKey, doorOrder, placeThroughDoor } from './orders/door-orders.ts';
import { interleaved } from './orders/interleaved.ts';
import { checkLedger, type Measured, measured } from './orders/measured.ts';
import { restingBuy, spotTraders } from './orders/spot-orders.ts';
import { place, type Server, type Trader } from './orders/traders.ts';

const seconds = Number(process.env.ORDERS_SECONDS ?? 5);
const levels = (process.env.ORDERS_CONCURRENCY ?? '1,8,32,128').split(',').map(Number);
const provider = process.env.ORDERS_PROVIDER === '1';
const slices = Number(process.env.ORDERS_SLICES ?? 5);

interface Row extends Measured {
  database: string;
  kind: 'trivial' | 'resting' | 'resting, door' | 'crossing';
  concurrency: number;
}

/** Runs one case and counts the database statements it caused. */
async function measuredRow(
  server: Server,
  database: string,
  kind: Row['kind'],
  concurrency: number,
  request: (worker: number) => Promise<boolean>,
): Promise<Row> {
  return {
    database,
    kind,
    concurrency,
    ...(await measured(server, concurrency, seconds, request)),
  };
}

async function driveOne(database: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServerProcess({
    ...env,
    LIQUIDITY_PROVIDER: provider ? 'true' : 'false',
    MARKET_HISTORY_DAYS: '1',
  });
  try {
    const { resting, crossing, crossingOrder } = await spotTraders(
      server,
      Math.max(...levels),
      provider,
    );
    const logo = resting[0]?.client;
    const keys = await Promise.all(resting.map((trader) => doorKey(server, trader)));
    const onDoor = doorOrder(restingBuy);
    const rows: Row[] = [];
    for (const concurrency of levels) {
      rows.push(
        await measuredRow(server, database, 'trivial', concurrency, async () => {
          const answer = await logo?.get('/index/logo');
          return answer?.body.code === 200;
        }),
      );
      const [app, door] = await interleaved(server, concurrency, seconds, slices, [
        (worker) => place(resting[worker] as Trader, restingBuy),
        (worker) =>
          placeThroughDoor(server, resting[worker] as Trader, keys[worker] as DoorKey, onDoor),
      ]);
      rows.push(
        { database, kind: 'resting', concurrency, ...app },
        { database, kind: 'resting, door', concurrency, ...door },
        await measuredRow(server, database, 'crossing', concurrency, (worker) =>
          place(crossing[worker] as Trader, crossingOrder),
        ),
      );
    }
    await checkLedger(server);
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

/** The door's resting orders as a share of the app's own, per database and concurrency. */
function doorShares(rows: readonly Row[]): string {
  const rate = (row: Row) => row.result.done / row.result.seconds;
  const lines = [
    '| database | concurrency | app /s | door /s | door ÷ app |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const door of rows.filter((row) => row.kind === 'resting, door')) {
    const app = rows.find(
      (row) =>
        row.kind === 'resting' &&
        row.database === door.database &&
        row.concurrency === door.concurrency,
    );
    if (!app) continue;
    lines.push(
      `| ${door.database} | ${door.concurrency} | ${rate(app).toFixed(0)} | ${rate(door).toFixed(0)} | ${(rate(door) / rate(app)).toFixed(2)} |`,
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
    `${seconds} s per case, closed loop over HTTP, the liquidity provider ${provider ? 'quoting' : 'off'}; the ledger check passed on each database.\n\n${table(rows)}\n\nThe door beside the app's own call (resting orders, ${slices} alternating slices each):\n\n${doorShares(rows)}\n`,
  );
}
