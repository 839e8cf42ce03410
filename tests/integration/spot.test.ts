// Spot trading over real HTTP and the real socket, on a server without the liquidity provider so
// every book holds only what the test put there: orders rest and freeze, cancels release, users
// trade with each other at the maker's price with fees on what each receives, self-trades cancel
// the resting order, bad requests change nothing, retries execute once, private channels reach
// only their owner, and the public book and trades come from the exchange.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { SocketClient } from '../support/socket-client.ts';

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock, { LIQUIDITY_PROVIDER: 'false' });
}, 120_000);
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  await server?.stop();
});

type Funds = Record<string, string>;

async function userWith(funds: Funds) {
  const user = await registerUser(client(), server.dataDir);
  for (const [asset, amount] of Object.entries(funds)) {
    await creditUser(server.db, user.userId, asset, amount);
  }
  return user;
}

type User = Awaited<ReturnType<typeof userWith>>;

const place = (user: User, order: Record<string, string>, key: string = randomUUID()) =>
  client().post<SpotOrder>('/spot/order', order, {
    token: user.token,
    headers: { 'idempotency-key': key },
  });

const limitOrder = (symbol: string, side: 'buy' | 'sell', price: string, quantity: string) => ({
  symbol,
  side,
  type: 'limit',
  price,
  quantity,
});

const cancel = (user: User, orderId: number, key: string = randomUUID()) =>
  client().post<SpotOrder>(
    '/spot/cancel',
    { order_id: String(orderId) },
    { token: user.token, headers: { 'idempotency-key': key } },
  );

function placed(answer: Answer<SpotOrder>): SpotOrder {
  expectOk(answer);
  return answer.body.data;
}

/** `funding:USDT` → "available/frozen" of every funding balance the user has. */
async function balancesOf(user: User): Promise<Funds> {
  const answer = await client().get<{
    balances: { wallet: string; asset: string; available: string; frozen: string }[];
  }>('/wallet/balances', {}, { token: user.token });
  expectOk(answer);
  return Object.fromEntries(
    answer.body.data.balances
      .filter((b) => b.wallet === 'funding' && (b.available !== '0' || b.frozen !== '0'))
      .map((b) => [b.asset, `${b.available}/${b.frozen}`]),
  );
}

async function ordersOf(user: User, status: 'current' | 'deal' | 'history', symbol?: string) {
  const answer = await client().get<{ list: SpotOrder[]; total: number }>(
    '/spot/orders',
    { status, ...(symbol ? { symbol } : {}) },
    { token: user.token },
  );
  expectOk(answer);
  return answer.body.data.list;
}

async function feesCollected(): Promise<Funds> {
  // Summed over the markets' shards of the account.
  const rows = await server.db
    .selectFrom('ledger_accounts')
    .select(['asset', (eb) => eb.fn.sum<string>('available').as('available')])
    .where('system_name', '=', 'fees')
    .groupBy('asset')
    .execute();
  return Object.fromEntries(
    rows.map((row) => [row.asset, String(row.available).replace(/\.?0+$/, '')]),
  );
}

const ledgerProblems = () => auditLedger(server.db);

describe('spot trading', () => {
  it('lists each market with its tick, lot, minimum value and fees', async () => {
    const answer = await client().get<{ list: Record<string, unknown>[] }>('/spot/markets');
    expectOk(answer);
    expect(answer.body.data.list.find((market) => market.symbol === 'BTCUSDT')).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      tick_size: '0.01',
      lot_size: '0.00001',
      min_notional: '5',
      maker_fee: '0.001',
      taker_fee: '0.001',
    });
  });

  it('rests a limit buy holding price × quantity, and a cancel gives it all back', async () => {
    const user = await userWith({ USDT: '10000' });
    const order = placed(await place(user, limitOrder('ETHUSDT', 'buy', '3000', '0.5')));
    expect(order).toMatchObject({
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '3000.00',
      quantity: '0.5000',
      filled_quantity: '0.0000',
      avg_price: null,
      status: 'open',
    });
    expect(await balancesOf(user)).toEqual({ USDT: '8500/1500' });
    expect((await ordersOf(user, 'current')).map((o) => o.id)).toEqual([order.id]);

    const cancelled = placed(await cancel(user, order.id));
    expect(cancelled).toMatchObject({ id: order.id, status: 'cancelled', cancel_reason: 'user' });
    expect(await balancesOf(user)).toEqual({ USDT: '10000/0' });
    expect(await ordersOf(user, 'current')).toEqual([]);
    expect((await ordersOf(user, 'history')).map((o) => o.id)).toEqual([order.id]);
    expect(await ordersOf(user, 'deal')).toEqual([]);
    expectError(await cancel(user, order.id), 'order_not_open');
    expect(await ledgerProblems()).toEqual([]);
  });

  it('trades users against each other at the maker price, each paying the fee on what it gets', async () => {
    const feesBefore = await feesCollected();
    const seller = await userWith({ BTC: '1', USDT: '10000' });
    const buyer = await userWith({ USDT: '10000' });
    const sell = placed(await place(seller, limitOrder('BTCUSDT', 'sell', '97000', '0.01')));
    expect(await balancesOf(seller)).toEqual({ BTC: '0.99/0.01', USDT: '10000/0' });

    // A limit buy above the ask trades at the ask; the saving is released at once.
    const buy = placed(await place(buyer, limitOrder('BTCUSDT', 'buy', '97500', '0.004')));
    expect(buy).toMatchObject({
      status: 'filled',
      filled_quantity: '0.00400',
      filled_quote: '388',
      avg_price: '97000.00',
      fee: '0.000004',
      fee_asset: 'BTC',
    });
    expect(await balancesOf(buyer)).toEqual({ BTC: '0.003996/0', USDT: '9612/0' });
    expect(await balancesOf(seller)).toEqual({ BTC: '0.99/0.006', USDT: '10387.612/0' });

    // A market buy spends what its turnover buys in whole lots; the dust is released.
    const marketBuy = placed(
      await place(buyer, { symbol: 'BTCUSDT', side: 'buy', type: 'market', turnover: '200' }),
    );
    expect(marketBuy).toMatchObject({
      status: 'filled',
      turnover: '200',
      filled_quantity: '0.00206',
      filled_quote: '199.82',
      avg_price: '97000.00',
      fee: '0.00000206',
    });
    expect(await balancesOf(buyer)).toEqual({ BTC: '0.00605394/0', USDT: '9412.18/0' });
    expect(await balancesOf(seller)).toEqual({ BTC: '0.99/0.00394', USDT: '10587.23218/0' });
    const [resting] = await ordersOf(seller, 'current', 'BTCUSDT');
    expect(resting).toMatchObject({
      id: sell.id,
      status: 'partially_filled',
      filled_quantity: '0.00606',
      fee: '0.58782',
      fee_asset: 'USDT',
    });

    // A market sell takes the bids it finds; what found no bid is released, not left frozen.
    placed(await place(seller, limitOrder('BTCUSDT', 'buy', '96000', '0.005')));
    const marketSell = placed(
      await place(buyer, { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.006' }),
    );
    expect(marketSell).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'unfilled',
      filled_quantity: '0.00500',
      filled_quote: '480',
      fee: '0.48',
      fee_asset: 'USDT',
    });
    expect(await balancesOf(buyer)).toEqual({ BTC: '0.00105394/0', USDT: '9891.7/0' });
    expect(await balancesOf(seller)).toEqual({
      BTC: '0.994995/0.00394',
      USDT: '10107.23218/0',
    });

    const trades = await client().get<{ trades: unknown[] }>('/market/trades', {
      symbol: 'BTCUSDT',
    });
    expect(
      trades.body.data.trades.slice(0, 3).map((row) => (row as unknown[]).slice(0, 3)),
    ).toEqual([
      ['96000.00', '0.00500', 'sell'],
      ['97000.00', '0.00206', 'buy'],
      ['97000.00', '0.00400', 'buy'],
    ]);
    expect(await feesCollected()).toEqual({
      ...feesBefore,
      BTC: sum(feesBefore.BTC, '0.00001106'),
      USDT: sum(feesBefore.USDT, '1.06782'),
    });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("cancels a user's resting order rather than fill another order of the same user with it", async () => {
    const user = await userWith({ LTC: '0.1', USDT: '10000' });
    const sell = placed(await place(user, limitOrder('LTCUSDT', 'sell', '105', '0.1')));
    const buy = placed(await place(user, limitOrder('LTCUSDT', 'buy', '105', '0.1')));
    expect(buy).toMatchObject({ status: 'open', filled_quantity: '0.000' });
    const [sellNow] = (await ordersOf(user, 'history', 'LTCUSDT')).filter((o) => o.id === sell.id);
    expect(sellNow).toMatchObject({ status: 'cancelled', cancel_reason: 'self_trade' });
    expect(await balancesOf(user)).toEqual({ LTC: '0.1/0', USDT: '9989.5/10.5' });
    expect(await ledgerProblems()).toEqual([]);
  });

  it('refuses every bad order or cancel with its reason and changes nothing', async () => {
    const user = await userWith({ USDT: '100' });
    const other = await userWith({ USDT: '1000' });
    const othersOrder = placed(await place(other, limitOrder('ADAUSDT', 'buy', '0.5', '100')));
    const mine = placed(await place(user, limitOrder('ADAUSDT', 'buy', '0.5', '20')));
    placed(await cancel(user, mine.id));
    const before = {
      balances: await balancesOf(user),
      current: await ordersOf(user, 'current'),
      history: await ordersOf(user, 'history'),
      others: await balancesOf(other),
    };
    const limit = { symbol: 'SOLUSDT', side: 'buy', type: 'limit', price: '100', quantity: '0.1' };
    const refusals: [Record<string, string>, ErrorName][] = [
      [{ ...limit, price: '100.001' }, 'price_off_tick'],
      [{ ...limit, quantity: '0.0001' }, 'quantity_off_lot'],
      [{ ...limit, price: '1000000' }, 'price_out_of_range'],
      [{ ...limit, quantity: '100000000' }, 'quantity_too_large'],
      [{ ...limit, quantity: '0.01' }, 'below_min_notional'],
      [{ ...limit, quantity: '2' }, 'balance_insufficient'],
      [{ ...limit, symbol: 'FOOUSDT' }, 'market_unknown'],
      [{ ...limit, price: '' }, 'field_required'],
      [{ ...limit, side: 'hold' }, 'field_invalid'],
      [{ ...limit, price: '-1' }, 'field_invalid'],
      [{ ...limit, price: '1e3' }, 'field_invalid'],
      [{ symbol: 'SOLUSDT', side: 'buy', type: 'market', quantity: '1' }, 'field_required'],
      [{ symbol: 'SOLUSDT', side: 'buy', type: 'market', turnover: '50' }, 'no_liquidity'],
      [{ symbol: 'SOLUSDT', side: 'sell', type: 'market', quantity: '1' }, 'no_liquidity'],
    ];
    for (const [order, reason] of refusals) {
      const answer = await place(user, order);
      expect({ order, code: answer.body.code }).toEqual({ order, code: codeOf(reason) });
      expectError(answer, reason);
    }
    expectError(await cancel(user, othersOrder.id), 'order_not_found');
    expectError(await cancel(user, 987_654_321), 'order_not_found');
    expectError(await cancel(user, mine.id), 'order_not_open');
    const noKey = await client().post('/spot/order', limit, { token: user.token });
    expectError(noKey, 'idempotency_key_required');
    expectError(await client().post('/spot/order', limit), 'session_expired');

    expect({
      balances: await balancesOf(user),
      current: await ordersOf(user, 'current'),
      history: await ordersOf(user, 'history'),
      others: await balancesOf(other),
    }).toEqual(before);
    expect((await ordersOf(other, 'current')).map((o) => o.status)).toEqual(['open']);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('answers a retried order once, and refuses its key with a different order', async () => {
    const user = await userWith({ USDT: '1000' });
    const key = randomUUID();
    const order = limitOrder('XRPUSDT', 'buy', '2', '100');
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(user, order, key)));
    const ids = new Set(answers.map((answer) => placed(answer).id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(user, 'current')).toHaveLength(1);
    expect(await balancesOf(user)).toEqual({ USDT: '800/200' });
    expectError(await place(user, { ...order, quantity: '101' }, key), 'idempotency_key_reused');

    const [id] = [...ids] as [number];
    const cancelKey = randomUUID();
    placed(await cancel(user, id, cancelKey));
    expect(placed(await cancel(user, id, cancelKey))).toMatchObject({ id, status: 'cancelled' });
    expect(await balancesOf(user)).toEqual({ USDT: '1000/0' });
    expect(await ledgerProblems()).toEqual([]);
  });

  it('sends order and balance changes on private channels to their owner only, until logout', async () => {
    const owner = await userWith({ USDT: '1000' });
    const stranger = await userWith({ USDT: '1000' });
    const [mine, theirs, anonymous] = await Promise.all([
      SocketClient.connect(server.url),
      SocketClient.connect(server.url),
      SocketClient.connect(server.url),
    ]);
    mine.send({ op: 'auth', token: owner.token });
    mine.subscribe(['orders', 'balances', 'depth.DOGEUSDT']);
    theirs.send({ op: 'auth', token: stranger.token });
    theirs.subscribe(['orders', 'balances']);
    anonymous.subscribe(['depth.DOGEUSDT']);
    await anonymous.until((frames) => frames.some((f) => f.channel === 'depth.DOGEUSDT'), 'book');

    const order = placed(await place(owner, limitOrder('DOGEUSDT', 'buy', '0.3', '100')));
    await mine.until(
      () => mine.on('orders').length > 0 && mine.on('balances').length > 0,
      'private frames',
    );
    expect(mine.on('orders')[0]?.data).toEqual([order]);
    expect(mine.on('balances')[0]?.data).toEqual([
      { wallet: 'funding', asset: 'USDT', available: '970', frozen: '30' },
    ]);
    // The public book shows the order's level to everyone.
    await anonymous.until(
      () =>
        anonymous
          .on('depth.DOGEUSDT')
          .some((frame) =>
            JSON.stringify((frame.data as { bids: unknown }).bids).includes('"0.30000","100"'),
          ),
      'the new bid in the public book',
    );
    placed(await cancel(owner, order.id));
    await mine.until(() => mine.on('orders').length > 1, 'the cancel');
    expect(mine.on('orders')[1]?.data).toEqual([
      expect.objectContaining({ id: order.id, status: 'cancelled' }),
    ]);
    expect(theirs.on('orders')).toEqual([]);
    expect(theirs.on('balances')).toEqual([]);
    expect(theirs.errors()).toEqual([]);

    // Logging out ends the private channels of a socket opened with that session by the next
    // heartbeat (every 15 s), not only its HTTP calls.
    expectOk(await client().post('/login/logout', {}, { token: owner.token }));
    await mine.until(
      (frames) => frames.some((f) => f.op === 'error' && f.code === codeOf('session_expired')),
      'the session to end on the socket',
      30_000,
    );
    const seen = mine.frames.length;
    mine.subscribe(['orders']);
    await mine.until((frames) => frames.length > seen, 'the refusal');
    expect(mine.errors(seen)).toEqual([
      expect.objectContaining({ code: codeOf('session_expired'), channel: 'orders' }),
    ]);
    expect(theirs.errors()).toEqual([]);
  }, 60_000);

  it('keeps the ledger balanced under concurrent crossing orders of two users', async () => {
    const feesBefore = await feesCollected();
    const a = await userWith({ BNB: '10', USDT: '10000' });
    const b = await userWith({ BNB: '10', USDT: '10000' });
    const orders = Array.from({ length: 40 }, (_, i) => {
      const user = i % 2 === 0 ? a : b;
      const side = i % 4 < 2 ? 'buy' : 'sell';
      return i % 5 === 4
        ? place(user, {
            symbol: 'BNBUSDT',
            side,
            type: 'market',
            ...(side === 'buy' ? { turnover: '65' } : { quantity: '0.1' }),
          })
        : place(user, {
            symbol: 'BNBUSDT',
            side,
            type: 'limit',
            price: String(645 + (i % 7)),
            quantity: '0.2',
          });
    });
    const answers = await Promise.all(orders);
    for (const answer of answers) {
      expect([200, codeOf('no_liquidity')]).toContain(answer.body.code);
    }
    const total = (asset: string, ...funds: Funds[]) =>
      funds
        .flatMap((f) => f[asset]?.split('/') ?? [])
        .reduce((acc, amount) => acc + (parseAmount(amount) ?? 0n), 0n);
    const [fa, fb, fees] = [await balancesOf(a), await balancesOf(b), await feesCollected()];
    const feesTaken = (asset: string) =>
      (parseAmount(fees[asset] ?? '0') ?? 0n) - (parseAmount(feesBefore[asset] ?? '0') ?? 0n);
    // Whatever traded, each asset only moved between the two users and the fee account.
    expect(total('BNB', fa, fb) + feesTaken('BNB')).toBe(parseAmount('20'));
    expect(total('USDT', fa, fb) + feesTaken('USDT')).toBe(parseAmount('20000'));
    expect(await ledgerProblems()).toEqual([]);
  });
});

function codeOf(name: ErrorName): number {
  return errorCodes[name];
}

function sum(a: string | undefined, b: string): string {
  const atoms = (parseAmount(a ?? '0') ?? 0n) + (parseAmount(b) ?? 0n);
  return displayAmount(atoms);
}

describe('spot trading with the liquidity provider', () => {
  let quoting: InProcessServer;
  const api = () => new ApiClient(quoting.url);

  beforeAll(async () => {
    quoting = await startInProcessServer(systemClock, { LP_REFRESH_MS: '200' });
  }, 120_000);
  afterAll(() => quoting?.stop());

  async function quotes(symbol: string) {
    for (;;) {
      const depth = await api().get<{ bids: [string, string][]; asks: [string, string][] }>(
        '/market/depth',
        { symbol },
      );
      if (depth.body.data.bids.length >= 10 && depth.body.data.asks.length >= 10) {
        return depth.body.data;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('quotes both sides around the index, and users trade against its quotes', async () => {
    const book = await quotes('ETHUSDT');
    const [bestBid, bestAsk] = [book.bids[0]?.[0] ?? '', book.asks[0]?.[0] ?? ''];
    expect(Number(bestBid)).toBeLessThan(Number(bestAsk));

    const user = await registerUser(api(), quoting.dataDir);
    await creditUser(quoting.db, user.userId, 'USDT', '1000');
    const bought = await api().post<SpotOrder>(
      '/spot/order',
      { symbol: 'ETHUSDT', side: 'buy', type: 'market', turnover: '500' },
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expectOk(bought);
    expect(bought.body.data).toMatchObject({ status: 'filled', fee_asset: 'ETH' });
    // It bought at the provider's asks, not below the best one.
    expect(Number(bought.body.data.avg_price)).toBeGreaterThanOrEqual(Number(bestAsk) * 0.999);
    expect(parseAmount(bought.body.data.filled_quote) ?? 0n).toBeLessThanOrEqual(
      parseAmount('500') ?? 0n,
    );
    expect(await auditLedger(quoting.db)).toEqual([]);
  });

  it('never trades with itself, however often it requotes', async () => {
    // Let it requote a few times on index moves and on the fill above.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const provider = await quoting.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'liquidity_provider')
      .executeTakeFirstOrThrow();
    const own = await quoting.db
      .selectFrom('spot_trades as t')
      .innerJoin('spot_orders as taker', 'taker.id', 't.taker_order_id')
      .innerJoin('spot_orders as maker', 'maker.id', 't.maker_order_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('taker.user_id', '=', provider.id)
      .where('maker.user_id', '=', provider.id)
      .executeTakeFirstOrThrow();
    expect(Number(own.count)).toBe(0);
    const selfTradeCancels = await quoting.db
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', provider.id)
      .where('cancel_reason', '=', 'self_trade')
      .executeTakeFirstOrThrow();
    expect(Number(selfTradeCancels.count)).toBe(0);
    const placedByProvider = await quoting.db
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', provider.id)
      .executeTakeFirstOrThrow();
    // More than one ladder per market: it did requote.
    expect(Number(placedByProvider.count)).toBeGreaterThan(8 * 20);
    expect(await auditLedger(quoting.db)).toEqual([]);
  });
});
