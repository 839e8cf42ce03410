// What a node that does not run the engines adds to an order (`npm run bench -- engine-hop`):
// two server processes on one PostgreSQL database and NATS, one running the engines, and the same
// resting spot order placed one at a time straight at the engines' node and through the other,
// which hands it over the bus (server/cluster/engine-calls.ts). Needs PostgreSQL and NATS; says
// so and measures nothing otherwise. `HOP_ORDERS` changes the count.
import { ApiClient } from '../tests/support/api-client.ts';
import { natsAnswers } from '../tests/support/nats.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { restingBuy } from './orders/spot-orders.ts';
import { fund, place, registerTrader, type Trader } from './orders/traders.ts';
import { type Measurement, markdownTable, measure } from './table.ts';

const count = Number(process.env.HOP_ORDERS ?? 1_000);

const env = (database: string, nats: string, node: string): Record<string, string> => ({
  DATABASE_URL: database,
  NATS_URL: nats,
  NODE_ID: node,
  LIQUIDITY_PROVIDER: 'false',
  CONTRACT_TRADING: 'false',
  OPTION_TRADING: 'false',
  MARKETS: 'BTC',
});

export async function run(): Promise<void> {
  const nats = await natsAnswers();
  const database = nats ? await createTestDatabase() : undefined;
  if (!nats || !database) {
    process.stdout.write('Needs PostgreSQL and NATS: none answered, nothing measured.\n');
    return;
  }
  const engines = await startServerProcess(env(database.url, nats, 'bench-engines'));
  const gateway = await startServerProcess(env(database.url, nats, 'bench-gateway'), {
    until: 'listening',
  });
  try {
    const trader = await registerTrader(engines);
    await fund(engines, trader, 'USDT', '100000000');
    const through = (url: string): Trader => ({ ...trader, client: new ApiClient(url) });
    const order = async (placer: Trader) => {
      if (!(await place(placer, restingBuy))) throw new Error('the order was refused');
    };
    const rows: Measurement[] = [];
    // Alternating rounds, so both ways see the same book and the same machine.
    for (let round = 0; round < 2; round++) {
      rows.push(
        await measure('straight to the engines node', count / 2, () => order(through(engines.url))),
      );
      rows.push(
        await measure('through another node, over NATS', count / 2, () =>
          order(through(gateway.url)),
        ),
      );
    }
    const merged = ['straight to the engines node', 'through another node, over NATS'].map(
      (name) => {
        const mine = rows.filter((row) => row.name === name);
        const mean = (pick: (row: Measurement) => number) =>
          mine.reduce((sum, row) => sum + pick(row), 0) / mine.length;
        return {
          name,
          opsPerSecond: mean((row) => row.opsPerSecond),
          p50Us: mean((row) => row.p50Us),
          p99Us: mean((row) => row.p99Us),
        };
      },
    );
    const [direct, hop] = merged as [Measurement, Measurement];
    process.stdout.write(
      `${count.toLocaleString('en')} resting spot orders, one at a time, over HTTP on loopback.\n\n`,
    );
    const right = { align: 'right' as const };
    process.stdout.write(
      `${markdownTable(
        [
          { title: 'way' },
          { title: 'orders/s', ...right },
          { title: 'p50 ms', ...right },
          { title: 'p99 ms', ...right },
          { title: 'added p50 ms', ...right },
          { title: 'added p99 ms', ...right },
        ],
        merged.map((row) => [
          row.name,
          row.opsPerSecond.toFixed(0),
          (row.p50Us / 1000).toFixed(2),
          (row.p99Us / 1000).toFixed(2),
          row === hop ? ((hop.p50Us - direct.p50Us) / 1000).toFixed(2) : '',
          row === hop ? ((hop.p99Us - direct.p99Us) / 1000).toFixed(2) : '',
        ]),
      )}\n`,
    );
  } finally {
    await gateway.stop();
    await engines.stop();
    await database.drop();
  }
}
