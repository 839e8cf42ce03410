// Three server processes on one PostgreSQL database and NATS with the perpetual and the spot
// markets spread over them (SPREAD_MARKETS=perpetual,spot): each of the eight markets of each kind
// has exactly one owner, each kind spread over all three nodes; orders through any node fill in
// every market; a socket on a node that neither owns a market nor runs the market data sees its
// book move (the spot book relayed over the bus to the market data's node), and so does a Binance
// door stream of the perpetual's book there; a small balance is sold on its market's node. The
// node holding most markets (not the market data's) is killed: its markets of both kinds move to
// the other two within 10 s, every order acknowledged before is there once and goes on filling,
// the market data still shows the moved spot books, and the other markets take orders all along.
// Runs where PostgreSQL and NATS answer (skipped otherwise).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import type { ContractMarket, ContractOrder } from '../../schemas/api/contract.schema.ts';
import type { SpotMarketRules, SpotOrder } from '../../schemas/api/spot.schema.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { DoorStream } from '../support/door-stream.ts';
import { expectOk, ok } from '../support/expectations.ts';
import { natsAnswers, testNatsUrl } from '../support/nats.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import {
  type ServerProcess,
  startServerProcess,
  stopServerProcesses,
} from '../support/server-process.ts';
import { SocketClient } from '../support/socket-client.ts';
import {
  baseFunds,
  convertDust,
  crossSpot,
  holding,
  placement,
  placeSpot,
  spotOrders,
  spotRules,
  spotTerms,
  spotUser,
  watch,
  watchable,
} from '../support/spread-spot.ts';

const natsUrl = await natsAnswers();
const postgres = natsUrl ? await createTestDatabase() : undefined;
const missing = !natsUrl ? `NATS at ${testNatsUrl}` : !postgres ? 'PostgreSQL' : undefined;
let opened: OpenedDatabase | undefined;
const streams: DoorStream[] = [];
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  for (const stream of streams) stream.close();
  // A test that failed half-way never reached its own stops; the database goes only after them.
  await stopServerProcesses();
  await opened?.close();
  await postgres?.drop();
});

const nodeEnv = (id: string): Record<string, string> => ({
  DATABASE_URL: postgres?.url ?? '',
  NATS_URL: natsUrl ?? '',
  NODE_ID: id,
  SPREAD_MARKETS: 'perpetual,spot',
  LEASE_SECONDS: '3',
  LEASE_PLACEMENT: 'least-loaded',
  LIQUIDITY_PROVIDER: 'false',
  OPTION_TRADING: 'false',
});

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

/** Sends the call again while its market is moving (`engine_unavailable`), until it answers. */
async function onceMoved<T>(
  send: () => Promise<{ body: { code: number; data: T } }>,
  what: string,
): Promise<T> {
  return until(async () => {
    const answer = await send();
    if (answer.body.code === errorCodes.engine_unavailable) return undefined;
    expect(answer.body.code, `${what}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.data;
  }, what);
}

const ids = ['node-a', 'node-b', 'node-c'];

describe.skipIf(missing !== undefined)(
  `perpetual and spot markets spread over three nodes${missing ? ` (skipped: no ${missing} answers)` : ''}`,
  () => {
    it('gives each market one owner, and moves a dead node’s markets with every order kept', async () => {
      const a = await startServerProcess(nodeEnv('node-a'));
      const b = await startServerProcess(nodeEnv('node-b'), { until: 'listening' });
      const c = await startServerProcess(nodeEnv('node-c'), { until: 'listening' });
      const all = [a, b, c];
      const node = (id: string | undefined) => all[ids.indexOf(id ?? '')] as ServerProcess;
      const idOf = (server: ServerProcess) => ids[all.indexOf(server)];
      // Least-loaded placement balances each kind on its own: two or three of each kind's eight
      // markets on every node.
      const ofKind = (owners: ReadonlyMap<string, string>, id: string) =>
        [...owners.values()].filter((owner) => owner === id).length;
      const spread = await until(async () => {
        const found = await placement(a);
        const settled = ids.every(
          (id) => ofKind(found.perp, id) >= 2 && ofKind(found.spot, id) >= 2,
        );
        return found.perp.size === 8 && found.spot.size === 8 && settled ? found : undefined;
      }, 'each kind’s eight markets on three nodes');
      for (const [kind, owners] of [
        ['perp', spread.perp],
        ['spot', spread.spot],
      ] as const) {
        for (const symbol of owners.keys()) expect(spread.holders(`${kind}:${symbol}`)).toBe(1);
        for (const id of ids) expect(ofKind(owners, id)).toBeLessThanOrEqual(3);
      }
      const { engines } = spread;
      const markets = await until(async () => {
        const answer = ok(
          await new ApiClient(b.url).get<{ list: ContractMarket[] }>('/contract/markets'),
        );
        const marked = answer.list.filter((market): market is Marked => market.mark_price !== null);
        return marked.length === 8 ? marked : undefined;
      }, 'a mark for every market');
      const perpNamed = (symbol: string) =>
        markets.find((market) => market.symbol === symbol) as Marked;
      // A spot price is a number of ticks from the perpetual's mark: both follow the index.
      const markOf = (symbol: string) => perpNamed(symbol).mark_price;
      const rules = await spotRules(b);
      expect(rules.map((market) => market.symbol).sort()).toEqual([...spread.spot.keys()].sort());
      const spotNamed = (symbol: string) =>
        rules.find((market) => market.symbol === symbol) as SpotMarketRules;
      const spotAt = (symbol: string, offset: number) => ({
        symbol,
        ...spotTerms(spotNamed(symbol), markOf(symbol), offset),
      });

      const [maker, taker] = [await trader(a), await trader(c)];
      // The wallet's deposit call takes only some of the bases: spot funds are credited as
      // deposits through the ledger.
      opened = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
      const { db } = opened;
      const spotMaker = await spotUser(a, db, baseFunds(rules, markOf));
      const spotTaker = await spotUser(c, db, { USDT: '10000' });

      // A socket on a node that runs neither the market nor the market data, on its book.
      const perpSeen = watchable(ids, spread.perp, engines);
      const perpChannel = `contract-depth.${perpSeen.symbol}`;
      const perpBook = await watch(node(perpSeen.viewer), perpChannel);
      // The same book on the Binance door's stream there, published by the market's own node.
      const perpStream = new DoorStream(
        node(perpSeen.viewer).url,
        `/public/ws/${perpSeen.symbol.toLowerCase()}@depth`,
      );
      streams.push(perpStream);
      await perpStream.opened;
      ok(await open(a, maker, perpNamed(perpSeen.symbol), 'short', 300));
      const highPerpAsk = terms(perpNamed(perpSeen.symbol), 300).price;
      await perpBook.ask(highPerpAsk);
      const perpDiff = await perpStream.next(
        (event) =>
          event.e === 'depthUpdate' && JSON.stringify(event.a).includes(`"${highPerpAsk}"`),
      );
      expect(perpDiff).toMatchObject({ s: perpSeen.symbol, pu: expect.any(Number) });
      const spotSeen = watchable(ids, spread.spot, engines);
      const spotBook = await watch(node(spotSeen.viewer), `depth.${spotSeen.symbol}`);
      const highAsk = spotAt(spotSeen.symbol, 300);
      expect(ok(await placeSpot(a, spotMaker, { ...highAsk, side: 'sell' })).status).toBe('open');
      await spotBook.ask(highAsk.price);

      // Every market, its resting order through one node and its taker through another: for spot,
      // never the market's owner.
      for (const [i, market] of markets.entries()) {
        await cross(
          all[i % 3] as ServerProcess,
          all[(i + 1) % 3] as ServerProcess,
          maker,
          taker,
          market,
        );
      }
      for (const [i, market] of rules.entries()) {
        const rest = all[i % 3] as ServerProcess;
        const take = [all[(i + 1) % 3], all[(i + 2) % 3]].find(
          (candidate) => candidate && idOf(candidate) !== spread.spot.get(market.symbol),
        ) as ServerProcess;
        await crossSpot(
          { rest, take },
          { maker: spotMaker, taker: spotTaker },
          market,
          markOf(market.symbol),
        );
      }

      // A small balance converted through a node that runs neither its market nor the market
      // data: the sale is handed to the market's node, on a book holding a bid.
      const bid = spotAt(spotSeen.symbol, -100);
      expect(ok(await placeSpot(a, spotTaker, { ...bid, side: 'buy' })).status).toBe('open');
      const dust = await convertDust(
        node(spotSeen.viewer),
        db,
        spotNamed(spotSeen.symbol),
        bid.price,
      );
      expect(dust.conversion.list.map((line) => line.symbol)).toEqual([spotSeen.symbol]);
      expect(parseAmount(dust.conversion.total) ?? 0n).toBeGreaterThan(0n);
      expect(
        dust.history.map((order) => [order.symbol, order.type, order.side, order.status]),
      ).toEqual([[spotSeen.symbol, 'market', 'sell', 'filled']]);

      // The owner of the most markets that does not run the market data dies: it holds both
      // kinds, so that both move.
      const [victimId] = ids
        .filter((id) => id !== engines)
        .sort((x, y) => holding(spread, y) - holding(spread, x) || (x < y ? -1 : 1));
      expect(victimId, JSON.stringify([...spread.perp, ...spread.spot])).toBeDefined();
      const victim = node(victimId);
      const survivors = all.filter((server) => server !== victim) as [ServerProcess, ServerProcess];
      const moving = markets.filter((market) => spread.perp.get(market.symbol) === victimId);
      const staying = markets.filter((market) => spread.perp.get(market.symbol) !== victimId);
      const spotMoving = rules.filter((market) => spread.spot.get(market.symbol) === victimId);
      const spotStaying = rules.filter((market) => spread.spot.get(market.symbol) !== victimId);
      // A resting order in each of its markets, acknowledged before it dies.
      const acknowledged = new Map<string, ContractOrder>();
      for (const market of moving) {
        acknowledged.set(market.symbol, ok(await open(survivors[0], maker, market, 'short', 200)));
      }
      const spotAcknowledged = new Map<string, SpotOrder>();
      for (const market of spotMoving) {
        const order = { ...spotAt(market.symbol, 200), side: 'sell' as const };
        spotAcknowledged.set(market.symbol, ok(await placeSpot(survivors[0], spotMaker, order)));
      }
      // The market data's book of a moving spot market, followed from before the death.
      const [followed] = spotMoving;
      if (!followed) throw new Error('no spot market moves');
      const followedAsk = spotAt(followed.symbol, 200).price;
      const enginesBook = await watch(node(engines), `depth.${followed.symbol}`);
      await enginesBook.ask(followedAsk);
      await victim.kill();
      const killedAt = Date.now();

      // The markets the dead node did not own take orders at once.
      for (const market of staying) await cross(survivors[0], survivors[1], maker, taker, market);
      for (const market of spotStaying) {
        const through = { rest: survivors[0], take: survivors[1] };
        await crossSpot(
          through,
          { maker: spotMaker, taker: spotTaker },
          market,
          markOf(market.symbol),
        );
      }
      const moved = await until(
        async () => {
          const found = await placement(survivors[0]);
          const gone = (owner: string | undefined) => owner !== undefined && owner !== victimId;
          return moving.every((market) => gone(found.perp.get(market.symbol))) &&
            spotMoving.every((market) => gone(found.spot.get(market.symbol)))
            ? found
            : undefined;
        },
        'the dead node’s markets moved',
        30_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      for (const market of staying)
        expect(moved.perp.get(market.symbol)).toBe(spread.perp.get(market.symbol));
      for (const market of spotStaying)
        expect(moved.spot.get(market.symbol)).toBe(spread.spot.get(market.symbol));

      // Each order acknowledged before the death is there once, and fills on the new owner.
      const open_ = ok(
        await new ApiClient(survivors[0].url).get<{ list: ContractOrder[] }>(
          '/contract/orders',
          { status: 'current', size: '50' },
          { token: maker.token },
        ),
      ).list;
      for (const [symbol, order] of acknowledged) {
        expect(open_.filter((listed) => listed.id === order.id)).toHaveLength(1);
        const market = perpNamed(symbol);
        const taking = await until(async () => {
          const answer = await open(survivors[1], taker, market, 'long', 200);
          return answer.body.code === 200 ? ok(answer) : undefined;
        }, `a fill in ${symbol} after the move`);
        expect(taking.status).toBe('filled');
      }
      const resting = await spotOrders(survivors[0], spotMaker, 'current');
      // The market data still shows the moved market's book, and follows its new owner.
      await enginesBook.ask(followedAsk);
      for (const [symbol, order] of spotAcknowledged) {
        expect(resting.filter((listed) => listed.id === order.id)).toHaveLength(1);
        const buy = { ...spotAt(symbol, 200), side: 'buy' as const };
        const taking = await onceMoved(
          () => placeSpot(survivors[1], spotTaker, buy),
          `a spot fill in ${symbol} after the move`,
        );
        expect(taking.status).toBe('filled');
      }
      const finished = await spotOrders(survivors[0], spotMaker, 'history');
      for (const order of spotAcknowledged.values()) {
        expect(finished.find((listed) => listed.id === order.id)?.status).toBe('filled');
      }
      await enginesBook.ask(followedAsk, false);
      expect((await callOperator(survivors[0], 'ledger/check', {})).body.data).toEqual({
        ok: true,
        problems: [],
      });
      for (const server of survivors) await server.stop();
    }, 600_000);
  },
);
