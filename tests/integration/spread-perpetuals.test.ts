// Three server processes on one PostgreSQL database and NATS with the perpetual markets spread over
// them (SPREAD_MARKETS=perpetual): each of the eight markets has exactly one owner, orders through
// any node fill in every market, and a socket on a node that does not own a market sees its book
// move, from the market's own node. The owner of three markets is killed: they move to the
// other two within 10 s, every order acknowledged before is there once and goes on filling, and the
// other markets take orders all along. Runs where PostgreSQL and NATS answer (skipped otherwise).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContractMarket, ContractOrder } from '../../schemas/api/contract.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { foldDepth } from '../support/depth-book.ts';
import { expectOk, ok } from '../support/expectations.ts';
import { natsAnswers, testNatsUrl } from '../support/nats.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { SocketClient } from '../support/socket-client.ts';

const natsUrl = await natsAnswers();
const postgres = natsUrl ? await createTestDatabase() : undefined;
const missing = !natsUrl ? `NATS at ${testNatsUrl}` : !postgres ? 'PostgreSQL' : undefined;
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  await postgres?.drop();
});

const nodeEnv = (id: string): Record<string, string> => ({
  DATABASE_URL: postgres?.url ?? '',
  NATS_URL: natsUrl ?? '',
  NODE_ID: id,
  SPREAD_MARKETS: 'perpetual',
  LEASE_SECONDS: '3',
  LEASE_PLACEMENT: 'least-loaded',
  LIQUIDITY_PROVIDER: 'false',
  OPTION_TRADING: 'false',
});

interface Lease {
  name: string;
  owner: string;
  held: boolean;
}

/** The perpetual markets' owners as the cluster shows them: symbol to node. */
async function owners(node: ServerProcess): Promise<Map<string, string>> {
  const cluster = await callOperator<{ leases: Lease[] }>(node, 'cluster', {});
  const leases = cluster.body.data.leases.filter((lease) => lease.held);
  return new Map(
    leases
      .filter((lease) => lease.name.startsWith('perp:'))
      .map((lease) => [lease.name.slice('perp:'.length), lease.owner]),
  );
}

async function enginesOwner(node: ServerProcess): Promise<string | undefined> {
  const cluster = await callOperator<{ leases: Lease[] }>(node, 'cluster', {});
  return cluster.body.data.leases.find((lease) => lease.name === 'engines' && lease.held)?.owner;
}

async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function trader(node: ServerProcess) {
  const user = await registerUser(new ApiClient(node.url), node.dataDir);
  const deposit = await callOperator(node, 'deposit', {
    account: user.account,
    asset: 'USDT',
    amount: '100000',
    chain: 'TRC20',
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  expectOk(
    await new ApiClient(node.url).post(
      '/wallet/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: '100000' },
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    ),
  );
  return user;
}
type Trader = Awaited<ReturnType<typeof trader>>;

type Marked = ContractMarket & { mark_price: string };

/** A price `offset` ticks from the mark, and a quantity worth about 50 USDT. */
function terms(market: Marked, offset: number) {
  const scale = market.price_scale;
  const units = BigInt(market.mark_price.replace('.', '')) + BigInt(offset);
  const text = units.toString().padStart(scale + 1, '0');
  const decimals = (market.lot_size.split('.')[1] ?? '').length;
  const quantity = (
    Math.ceil((50 * 10 ** decimals) / Number(market.mark_price)) /
    10 ** decimals
  ).toFixed(decimals);
  return { price: `${text.slice(0, -scale)}.${text.slice(-scale)}`, quantity };
}

function open(
  node: ServerProcess,
  user: Trader,
  market: Marked,
  direction: string,
  offset: number,
) {
  return new ApiClient(node.url).post<ContractOrder>(
    '/contract/open',
    {
      symbol: market.symbol,
      direction,
      type: 'limit',
      ...terms(market, offset),
      leverage: '10',
      margin_mode: 'cross',
    },
    { token: user.token, headers: { 'idempotency-key': randomUUID() } },
  );
}

/** One resting short and a long that takes it, through two different nodes. */
async function cross(
  rest: ServerProcess,
  take: ServerProcess,
  maker: Trader,
  taker: Trader,
  market: Marked,
) {
  const resting = ok(await open(rest, maker, market, 'short', 100));
  expect(resting.status).toBe('open');
  const taking = ok(await open(take, taker, market, 'long', 100));
  expect(taking.status).toBe('filled');
  return { resting, taking };
}

describe.skipIf(missing !== undefined)(
  `perpetual markets spread over three nodes${missing ? ` (skipped: no ${missing} answers)` : ''}`,
  () => {
    it('gives each market one owner, and moves a dead node’s markets with every order kept', async () => {
      const a = await startServerProcess(nodeEnv('node-a'));
      const b = await startServerProcess(nodeEnv('node-b'), { until: 'listening' });
      const c = await startServerProcess(nodeEnv('node-c'), { until: 'listening' });
      const nodes = new Map([
        ['node-a', a],
        ['node-b', b],
        ['node-c', c],
      ]);
      const spread = await until(async () => {
        const found = await owners(a);
        const counts = [...nodes.keys()].map((id) => [...found.values()].filter((o) => o === id));
        return found.size === 8 && counts.every((held) => held.length >= 2) ? found : undefined;
      }, 'eight markets on three nodes');
      const markets = await until(async () => {
        const answer = ok(
          await new ApiClient(b.url).get<{ list: ContractMarket[] }>('/contract/markets'),
        );
        const marked = answer.list.filter((market): market is Marked => market.mark_price !== null);
        return marked.length === 8 ? marked : undefined;
      }, 'a mark for every market');

      const [maker, taker] = [await trader(a), await trader(c)];
      // A socket on C, on the book of a market owned by a node that runs neither C's sockets nor
      // the market data.
      const engines = await enginesOwner(a);
      const watched = markets.find((market) => {
        const owner = spread.get(market.symbol);
        return owner !== 'node-c' && owner !== engines;
      }) as Marked;
      const channel = `contract-depth.${watched.symbol}`;
      const socket = await SocketClient.connect(c.url);
      socket.subscribe([channel]);
      await socket.until(() => socket.on(channel).length > 0, 'the snapshot on C');
      const ask = terms(watched, 300).price;
      ok(await open(a, maker, watched, 'short', 300));
      await socket.until(
        () => foldDepth(socket.on(channel)).asks.has(String(Number(ask))),
        `the ask in ${watched.symbol} on C`,
      );
      // Every market, its resting order through one node and its taker through the next.
      const all = [a, b, c];
      for (const [i, market] of markets.entries()) {
        await cross(
          all[i % 3] as ServerProcess,
          all[(i + 1) % 3] as ServerProcess,
          maker,
          taker,
          market,
        );
      }

      // The owner of the most markets that does not run the market data dies.
      const [victimId] = [...nodes.keys()]
        .filter((id) => id !== engines)
        .sort(
          (x, y) =>
            [...spread.values()].filter((o) => o === y).length -
            [...spread.values()].filter((o) => o === x).length,
        );
      const victim = nodes.get(victimId ?? '') as ServerProcess;
      const survivors = all.filter((node) => node !== victim);
      const moving = markets.filter((market) => spread.get(market.symbol) === victimId);
      const staying = markets.filter((market) => spread.get(market.symbol) !== victimId);
      expect(moving.length).toBeGreaterThanOrEqual(2);
      // A resting order in each of its markets, acknowledged before it dies.
      const acknowledged = new Map<string, ContractOrder>();
      for (const market of moving) {
        acknowledged.set(
          market.symbol,
          ok(await open(survivors[0] as ServerProcess, maker, market, 'short', 200)),
        );
      }
      await victim.kill();
      const killedAt = Date.now();

      // The markets the dead node did not own take orders at once.
      for (const market of staying) {
        await cross(
          survivors[0] as ServerProcess,
          survivors[1] as ServerProcess,
          maker,
          taker,
          market,
        );
      }
      const moved = await until(
        async () => {
          const found = await owners(survivors[0] as ServerProcess);
          return moving.every((market) => {
            const owner = found.get(market.symbol);
            return owner !== undefined && owner !== victimId;
          })
            ? found
            : undefined;
        },
        'the dead node’s markets moved',
        30_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      for (const market of staying)
        expect(moved.get(market.symbol)).toBe(spread.get(market.symbol));

      // Each order acknowledged before the death is there once, and fills on the new owner.
      const open_ = ok(
        await new ApiClient(b === victim ? a.url : b.url).get<{ list: ContractOrder[] }>(
          '/contract/orders',
          { status: 'current', size: '50' },
          { token: maker.token },
        ),
      ).list;
      for (const [symbol, order] of acknowledged) {
        expect(open_.filter((listed) => listed.id === order.id)).toHaveLength(1);
        const market = moving.find((found) => found.symbol === symbol) as Marked;
        const taking = await until(async () => {
          const answer = await open(survivors[1] as ServerProcess, taker, market, 'long', 200);
          return answer.body.code === 200 ? ok(answer) : undefined;
        }, `a fill in ${symbol} after the move`);
        expect(taking.status).toBe('filled');
      }
      expect(
        (await callOperator(survivors[0] as ServerProcess, 'ledger/check', {})).body.data,
      ).toEqual({
        ok: true,
        problems: [],
      });
      for (const node of survivors) await node.stop();
    }, 600_000);
  },
);
