// The contract order load driver (`npm run bench -- contract-orders`): one server process on
// PGlite (its own thread, the default) without the liquidity provider, traders registered and
// funded through the API with their USDT moved to the contract wallet, then BTCUSDT perpetual
// orders over real HTTP at concurrency 1 and 32 for a fixed time each: resting longs far below the
// mark, and crossing longs that each take one fill from a maker's large resting shorts at the
// mark; beside them, as the baseline, the spot resting and crossing buys exactly as
// `npm run bench -- orders` places them, on the same server. It prints orders/s, p50 and p99
// latency, the database statements per order, and the contract ÷ spot orders/s at the same
// concurrency and kind, and checks the ledger at the end. `ORDERS_SECONDS` and
// `ORDERS_CONCURRENCY` (comma-separated) change the run.

import type { ContractMarket } from '../schemas/api/contract.schema.ts';
import { ApiClient } from '../tests/support/api-client.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { quantile } from './orders/closed-loop.ts';
import { checkLedger, type Measured, measured } from './orders/measured.ts';
import { crossingBuy, restingBuy, spotTraders, symbol } from './orders/spot-orders.ts';
import { fundedTraders, place, type Server, type Trader, transfer } from './orders/traders.ts';
import { type Column, markdownTable } from './table.ts';

const seconds = Number(process.env.ORDERS_SECONDS ?? 5);
const levels = (process.env.ORDERS_CONCURRENCY ?? '1,32').split(',').map(Number);
const openPath = '/contract/open';
/** Every contract order of the bench: one leverage and mode, which a user's orders must share. */
const terms = { symbol, type: 'limit', leverage: '10', margin_mode: 'isolated' };
/** The spot resting buy's price and quantity as a long (10 USDT each): far below the mark. */
const restingLong = {
  ...terms,
  direction: 'long',
  price: restingBuy.price,
  quantity: restingBuy.quantity,
};
/** How long the first mark may take: the recorder records one a second once the index is live. */
const markWaitMs = 60_000;

type Market = 'spot' | 'contract';
type Kind = 'resting' | 'crossing';

interface Row extends Measured {
  market: Market;
  kind: Kind;
  concurrency: number;
}

/** BTCUSDT's perpetual once its first mark is recorded (polled, not slept for). */
async function marked(server: Server): Promise<ContractMarket & { mark_price: string }> {
  const client = new ApiClient(server.url);
  const deadline = Date.now() + markWaitMs;
  for (;;) {
    const answer = await client.get<{ list: ContractMarket[] }>('/contract/markets');
    const found = answer.body.data?.list.find((market) => market.symbol === symbol);
    if (found?.mark_price) return { ...found, mark_price: found.mark_price };
    if (Date.now() > deadline) throw new Error(`no ${symbol} mark within ${markWaitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The price on the market's tick nearest `price`. */
function onTick(market: ContractMarket, price: number): string {
  const tick = Number(market.tick_size);
  return (Math.round(price / tick) * tick).toFixed(market.price_scale);
}

/** `count` funded traders with their USDT in the contract wallet. */
async function contractTraders(server: Server, count: number): Promise<Trader[]> {
  const traders = await fundedTraders(server, count);
  for (const trader of traders) {
    await transfer(trader, { from: 'funding', to: 'contract', asset: 'USDT', amount: '10000000' });
  }
  return traders;
}

/** How many of the trader's contract orders are resting (`current`) or have traded (`deal`). */
async function contractOrders(trader: Trader, status: 'current' | 'deal'): Promise<number> {
  const answer = await trader.client.get<{ total: number }>(
    '/contract/orders',
    { status, symbol, page: '1', size: '1' },
    { token: trader.token },
  );
  if (answer.body.code !== 200) throw new Error(`orders not listed: ${answer.body.msg}`);
  return answer.body.data.total;
}

/** That the cases measured what they say: no resting long traded, no crossing long rests. */
async function checkKinds(contract: { resting: Trader[]; crossing: Trader[] }): Promise<void> {
  for (const trader of contract.resting) {
    if ((await contractOrders(trader, 'deal')) > 0) throw new Error('a resting long traded');
  }
  for (const trader of contract.crossing) {
    if ((await contractOrders(trader, 'current')) > 0) throw new Error('a crossing long rests');
  }
}

async function drive(): Promise<{ rows: Row[]; mark: string; crossAt: string }> {
  const server = await startServerProcess({
    LIQUIDITY_PROVIDER: 'false',
    MARKET_HISTORY_DAYS: '1',
  });
  try {
    const most = Math.max(...levels);
    const spot = await spotTraders(server, most);
    const contract = {
      resting: await contractTraders(server, most),
      crossing: await contractTraders(server, most),
    };
    const [maker] = await contractTraders(server, 1);
    const market = await marked(server);
    const mark = Number(market.mark_price);
    // Twice the resting price: no walk of a run's length halves the mark, so none of them fills.
    if (mark < 2 * Number(restingLong.price)) {
      throw new Error(
        `the mark ${market.mark_price} is too near the resting longs to leave them resting`,
      );
    }
    // Shorts at the mark that the crossing longs take, one fill each: 20 × 5 BTC, far more than a
    // run takes; each ~0.5 M USDT of notional, well inside the brackets that allow 10×.
    const crossAt = onTick(market, mark);
    const short = { ...terms, direction: 'short', price: crossAt, quantity: '5.00000' };
    for (let i = 0; i < 20; i++) {
      if (!(await place(maker as Trader, short, openPath))) {
        throw new Error('the maker’s short was refused');
      }
    }
    const crossingLong = {
      ...terms,
      direction: 'long',
      price: crossAt,
      quantity: crossingBuy.quantity,
    };
    const rows: Row[] = [];
    for (const concurrency of levels) {
      const cases: [Market, Kind, (worker: number) => Promise<boolean>][] = [
        ['spot', 'resting', (worker) => place(spot.resting[worker] as Trader, restingBuy)],
        [
          'contract',
          'resting',
          (worker) => place(contract.resting[worker] as Trader, restingLong, openPath),
        ],
        ['spot', 'crossing', (worker) => place(spot.crossing[worker] as Trader, crossingBuy)],
        [
          'contract',
          'crossing',
          (worker) => place(contract.crossing[worker] as Trader, crossingLong, openPath),
        ],
      ];
      for (const [book, kind, request] of cases) {
        rows.push({
          market: book,
          kind,
          concurrency,
          ...(await measured(server, concurrency, seconds, request)),
        });
      }
    }
    await checkKinds(contract);
    await checkLedger(server);
    return { rows, mark: market.mark_price, crossAt };
  } finally {
    await server.stop();
  }
}

function table(rows: readonly Row[]): string {
  const rate = (row: Row) => row.result.done / row.result.seconds;
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
  const right = (title: string): Column => ({ title, align: 'right' });
  return markdownTable(
    [
      { title: 'market' },
      { title: 'orders' },
      right('concurrency'),
      right('per second'),
      right('p50 ms'),
      right('p99 ms'),
      right('statements each'),
      right('contract ÷ spot'),
      right('failed'),
    ],
    rows.map((row) => {
      const spot = rows.find(
        (other) =>
          other.market === 'spot' &&
          other.kind === row.kind &&
          other.concurrency === row.concurrency,
      );
      const ratio =
        row.market === 'contract' && spot && rate(spot) > 0
          ? `${(rate(row) / rate(spot)).toFixed(2)}×`
          : '–';
      return [
        row.market,
        row.kind,
        String(row.concurrency),
        rate(row).toFixed(0),
        ms(quantile(row.result, 0.5)),
        ms(quantile(row.result, 0.99)),
        row.result.done ? (row.statements / row.result.done).toFixed(2) : '–',
        ratio,
        String(row.result.failed),
      ];
    }),
  );
}

export async function run(): Promise<void> {
  const { rows, mark, crossAt } = await drive();
  process.stdout.write(
    `${seconds} s per case, closed loop over HTTP on PGlite, one server without the liquidity provider; contract longs at 10× isolated (mark ${mark}, crossing at ${crossAt}); each crossing long filled at once, no resting long traded, and the ledger check passed.\n\n${table(rows)}\n`,
  );
}
