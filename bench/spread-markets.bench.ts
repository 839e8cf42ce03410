// Perpetual markets spread over two nodes against one node, a core each (`npm run bench --
// spread-markets`): the target "two nodes, each pinned to its own core, against one node pinned to
// one core, for eight markets of crossing orders: ≥ 1.6×". Each setup is a fresh PostgreSQL
// database and server processes with SPREAD_MARKETS=perpetual and LEASE_PLACEMENT=least-loaded
// (without the liquidity provider and options): one node pinned to core 0, holding all eight
// `perp:` leases; then two nodes pinned to cores 0 and 1, holding four each. Traders registered and
// funded through the API (deposit by the operator call, then funding → contract) drive, at
// concurrency 32 (by default) spread evenly over the eight markets, pairs of a resting short and a long that
// crosses it at the same price, so every long fills. Each order goes to the node that owns its
// market, so what is compared is the matching (and its writes) a node does, not the forwarding of
// calls over NATS between nodes. After a warm-up the orders answered in a fixed window are counted,
// with their latency. The load driver runs in this process, unpinned; PostgreSQL and NATS run
// unpinned on the same machine, so with two cores the two-node setup shares its cores with them
// and the driver. Needs PostgreSQL, NATS, two cores and taskset; says so otherwise.
// `SPREAD_SECONDS` (15) and `SPREAD_WARM_UP_SECONDS` (5) change the window and the warm-up,
// `SPREAD_CONCURRENCY` (32, a multiple of 8) the workers;
// `SPREAD_WITHOUT_FEES=1` measures both setups again with the contract fees at zero, so that no fill
// posts to the one `fees` ledger account every market's writer otherwise locks.
import { availableParallelism } from 'node:os';
import { natsAnswers } from '../tests/support/nats.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/postgres.ts';
import { checkLedger } from './orders/measured.ts';
import { fund, registerTrader, type Trader, transfer } from './orders/traders.ts';
import { latencyAt, type PairLoad, pairLoad, type Worker } from './spread/pair-load.ts';
import {
  evenlySpread,
  hasTaskset,
  type Marked,
  markedMarkets,
  type Node,
  perpetualOwners,
  startPinnedNode,
} from './spread/pinned-nodes.ts';
import { type WindowCpu, windowCpu } from './spread/window-cpu.ts';
import { type Column, markdownTable } from './table.ts';

const windowSeconds = Number(process.env.SPREAD_SECONDS ?? 15);
const warmUpSeconds = Number(process.env.SPREAD_WARM_UP_SECONDS ?? 5);
const marketCount = 8;
/** Workers in all, spread evenly over the markets: a multiple of their count. */
const concurrency = Number(process.env.SPREAD_CONCURRENCY ?? 32);
/** USDT per trader: far more margin than a run's positions need at 10×. */
const funding = '1000000';
const withoutFees = process.env.SPREAD_WITHOUT_FEES === '1';
const noFees = { CONTRACT_MAKER_FEE: '0', CONTRACT_TAKER_FEE: '0' };

interface Row {
  setup: string;
  /** The fee rates: the defaults, or zero (`SPREAD_WITHOUT_FEES`). */
  fees: 'default' | 'zero';
  nodes: number;
  load: PairLoad;
  cpu: WindowCpu;
}

/** A decimal string as whole units of 10^-scale (truncated past the scale). */
function unitsOf(decimal: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

/** Whole units of 10^-scale as a decimal string. */
function decimalOf(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const text = units.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** A price on the tick nearest the mark, and a quantity of lots worth about 50 USDT there. */
function orderTerms(market: Marked): Worker['order'] {
  const priceScale = market.price_scale;
  const tick = unitsOf(market.tick_size, priceScale);
  const price = ((unitsOf(market.mark_price, priceScale) + tick / 2n) / tick) * tick;
  const lotScale = (market.lot_size.split('.')[1] ?? '').length;
  const lot = unitsOf(market.lot_size, lotScale);
  // 50 USDT ÷ price, in lot units, rounded up to whole lots.
  const wanted = (50n * 10n ** BigInt(priceScale + lotScale) + price - 1n) / price;
  const quantity = ((wanted + lot - 1n) / lot) * lot;
  return {
    symbol: market.symbol,
    price: decimalOf(price, priceScale),
    quantity: decimalOf(quantity, lotScale),
  };
}

/**
 * Registers a trader, again when the first tries fail: registering several at once, the outbox can
 * be read while the server is still writing another's mail, and its half line does not parse.
 */
async function registered(node: Node): Promise<Trader> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await registerTrader(node.server);
    } catch (error) {
      if (attempt === 3 || !(error instanceof SyntaxError)) throw error;
    }
  }
}

/** `count` traders with `funding` USDT in the contract wallet: 8 registered at a time. */
async function fundedInContract(node: Node, count: number): Promise<Trader[]> {
  const traders: Trader[] = [];
  for (let i = 0; i < count; i += 8) {
    traders.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, () => registered(node)),
      )),
    );
  }
  for (const trader of traders) {
    await fund(node.server, trader, 'USDT', funding);
    await transfer(trader, { from: 'funding', to: 'contract', asset: 'USDT', amount: funding });
  }
  return traders;
}

/** An error's message with its cause's (fetch's own message says only "fetch failed"). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message} (${describe(error.cause)})`;
}

/** For a failed setup: which nodes had exited, and the last error each logged. */
function nodeStates(nodes: readonly Node[]): string {
  return nodes
    .map((node) => {
      const alive = (() => {
        try {
          process.kill(node.server.pid, 0);
          return true;
        } catch {
          return false;
        }
      })();
      const lastError = node.server
        .log()
        .filter((entry) => typeof entry.level === 'number' && entry.level >= 50)
        .at(-1);
      return `; ${node.id} ${alive ? 'running' : 'exited'}${lastError ? `, last error: ${JSON.stringify(lastError).slice(0, 400)}` : ''}`;
    })
    .join('');
}

/** Runs one setup on a database of its own: its nodes, its traders, its load. */
async function measureSetup(
  setup: string,
  cores: readonly number[],
  natsUrl: string,
  database: TestDatabase,
  extraEnv: Record<string, string>,
): Promise<Row> {
  const env = {
    DATABASE_URL: database.url,
    NATS_URL: natsUrl,
    SPREAD_MARKETS: 'perpetual',
    LEASE_PLACEMENT: 'least-loaded',
    LIQUIDITY_PROVIDER: 'false',
    OPTION_TRADING: 'false',
    ...extraEnv,
  };
  const nodes: Node[] = [];
  try {
    for (const [i, core] of cores.entries()) {
      nodes.push(await startPinnedNode(env, `node-${i}`, core, i === 0));
    }
    const owners = await evenlySpread(nodes, marketCount / nodes.length);
    const markets = await markedMarkets(nodes[0] as Node, marketCount);
    const first = nodes[0] as Node;
    const [makers, takers] = [
      await fundedInContract(first, concurrency),
      await fundedInContract(first, concurrency),
    ];
    const urls = new Map(nodes.map((node) => [node.id, node.server.url]));
    const workers: Worker[] = Array.from({ length: concurrency }, (_, i) => {
      const market = markets[i % markets.length] as Marked;
      const url = urls.get(owners.get(market.symbol) ?? '');
      if (!url) throw new Error(`${market.symbol} has no owner among the nodes`);
      return {
        maker: makers[i] as Trader,
        taker: takers[i] as Trader,
        url,
        order: orderTerms(market),
      };
    });
    const meter = windowCpu(
      nodes.map((node) => node.server.pid),
      new URL(database.url).pathname.slice(1),
      warmUpSeconds * 1000,
      (warmUpSeconds + windowSeconds) * 1000,
    );
    const load = await pairLoad(workers, warmUpSeconds, windowSeconds).finally(meter.cancel);
    const after = await perpetualOwners(first);
    const moved = [...owners].filter(([symbol, owner]) => after.get(symbol) !== owner);
    if (moved.length > 0) {
      throw new Error(`markets changed owner during the run: ${moved.map(([s]) => s).join(', ')}`);
    }
    await checkLedger(first.server);
    const fees = extraEnv === noFees ? 'zero' : 'default';
    return { setup, fees, nodes: nodes.length, load, cpu: meter.cores() };
  } catch (error) {
    throw new Error(`${describe(error)}${nodeStates(nodes)}`);
  } finally {
    await Promise.all(nodes.map((node) => node.server.stop()));
  }
}

/** The machine's busy CPU not accounted for by the setup: other processes, PostgreSQL's own. */
function rest(cpu: WindowCpu): number | null {
  if (cpu.machine === null) return null;
  const rest = cpu.machine - cpu.servers - cpu.driver - (cpu.postgres ?? 0) - (cpu.nats ?? 0);
  // The samples are not taken at the same instant: a rest of about nothing can come out below it.
  return Math.max(0, rest);
}

function table(rows: readonly Row[]): string {
  const rate = (row: Row) => row.load.done / row.load.seconds;
  /** Orders/s against the one node of the same fees. */
  const versusOneNode = (row: Row) => {
    const one = rows.find((other) => other.nodes === 1 && other.fees === row.fees);
    return one && rate(one) > 0 ? `${(rate(row) / rate(one)).toFixed(2)}×` : '–';
  };
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
  const cores = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  const right = (title: string): Column => ({ title, align: 'right' });
  return markdownTable(
    [
      { title: 'setup' },
      right('markets per node'),
      right('orders/s'),
      right('p50 ms'),
      right('p99 ms'),
      right('failed'),
      right('vs one node'),
      right('CPU (cores): servers'),
      right('driver'),
      right('PostgreSQL backends'),
      right('NATS'),
      right('machine'),
      right('rest of machine'),
    ],
    rows.map((row) => [
      row.setup,
      String(marketCount / row.nodes),
      rate(row).toFixed(0),
      ms(latencyAt(row.load, 0.5)),
      ms(latencyAt(row.load, 0.99)),
      String(row.load.failed),
      versusOneNode(row),
      cores(row.cpu.servers),
      cores(row.cpu.driver),
      cores(row.cpu.postgres),
      cores(row.cpu.nats),
      cores(row.cpu.machine),
      cores(rest(row.cpu)),
    ]),
  );
}

export async function run(): Promise<void> {
  const natsUrl = await natsAnswers();
  const probe = natsUrl ? await createTestDatabase() : undefined;
  await probe?.drop();
  const missing = !natsUrl
    ? 'NATS'
    : !probe
      ? 'PostgreSQL'
      : availableParallelism() < 2
        ? 'two cores'
        : !hasTaskset()
          ? 'taskset'
          : undefined;
  if (concurrency % marketCount !== 0 || concurrency <= 0) {
    throw new Error(`SPREAD_CONCURRENCY must be a positive multiple of ${marketCount}`);
  }
  if (missing) {
    process.stdout.write(
      `Needs PostgreSQL, NATS, two cores and taskset: no ${missing}, nothing measured.\n`,
    );
    return;
  }
  const setups: { setup: string; cores: number[]; env: Record<string, string> }[] = [
    { setup: 'one node (core 0)', cores: [0], env: {} },
    { setup: 'two nodes (cores 0, 1)', cores: [0, 1], env: {} },
  ];
  if (withoutFees) {
    setups.push(
      { setup: 'one node (core 0), no fees', cores: [0], env: noFees },
      { setup: 'two nodes (cores 0, 1), no fees', cores: [0, 1], env: noFees },
    );
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const { setup, cores, env } of setups) {
    const database = await createTestDatabase();
    if (!database) throw new Error('PostgreSQL stopped answering');
    try {
      rows.push(await measureSetup(setup, cores, natsUrl as string, database, env));
    } catch (error) {
      notes.push(`${setup}: ${describe(error)}`);
    } finally {
      await database.drop();
    }
  }
  for (const row of rows) {
    if (row.load.firstProblem) notes.push(`${row.setup}, first failure: ${row.load.firstProblem}`);
  }
  const lines = [
    `${availableParallelism()} cores. Server processes pinned with taskset; the load driver (this process), PostgreSQL and NATS run unpinned on the same machine, so the two-node setup shares both its cores with them. The rest of the machine's CPU is whatever else ran (PostgreSQL's own writers, other work).`,
    `Concurrency ${concurrency}, ${concurrency / marketCount} workers in each of the ${marketCount} perpetual markets, each sending a resting short and a long that crosses it (every long fills), each order to the node that owns its market (no forwarding over NATS). ${warmUpSeconds} s of warm-up, then orders answered in a window of ${windowSeconds} s; CPU over the window. The ledger check passed after each setup.`,
    '',
    table(rows),
  ];
  if (notes.length > 0) lines.push('', ...notes);
  process.stdout.write(`${lines.join('\n')}\n`);
}
