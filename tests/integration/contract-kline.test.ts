// A perpetual's chart of its own trades, on both databases: trades on the perpetual come back from
// `/contract/kline` as candles with their exact open, high, low, close and volume, the
// `perpetual-kline.<SYMBOL>.<period>` channel carries the same candle, the fills read back from
// `contract_fills` as a start reads them make the same candles, a perpetual without trades
// answers an empty list, and a bad symbol or period is refused in the caller's language, never
// with a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import type { CandleRow, KlinePeriod } from '../../schemas/api/market.schema.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import type { ContractMarket } from '../../server/contract/contract-markets.ts';
import { PerpetualCandles } from '../../server/contract/perpetual-candles.ts';
import { candleRow } from '../../server/market/market-routes.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase } from '../support/each-database.ts';
import { expectError, ok } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';
import { SocketClient } from '../support/socket-client.ts';

type Kline = { symbol: string; period: string; feed: string; candles: CandleRow[] };

describe.each(await eachDatabase())("a perpetual's candles on %s", (name, database) => {
  const skip = name === 'PostgreSQL' && !database;
  const feed = new ManualFeed();
  let server: InProcessServer | undefined;
  let keepFresh: ReturnType<typeof setInterval> | undefined;
  const client = () => new ApiClient((server as InProcessServer).url);

  beforeAll(async () => {
    if (skip) return;
    feed.print('BTCUSDT', '100000');
    server = await startInProcessServer(
      systemClock,
      { LIQUIDITY_PROVIDER: 'false' },
      database?.url,
      { feeds: [feed] },
    );
    // A fresh index lets orders open; printed throughout, so no step waits on the feed.
    keepFresh = setInterval(() => feed.print('BTCUSDT', '100000'), 250);
  }, 120_000);
  afterAll(async () => {
    clearInterval(keepFresh);
    for (const socket of SocketClient.open) socket.close();
    await server?.stop();
    await database?.drop();
  });

  const order = (trader: SeededTrader, fields: Record<string, string>) =>
    client().post<ContractOrder>(
      '/contract/open',
      { symbol: 'BTCUSDT', leverage: '10', margin_mode: 'cross', ...fields },
      { token: trader.token, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
  const kline = (period: string, symbol = 'BTCUSDT') =>
    client().get<Kline>('/contract/kline', { symbol, period });

  it.skipIf(skip)('folds the trades into candles, on the call and the channel', async () => {
    const before = ok(await kline('1m'));
    expect(before).toMatchObject({ symbol: 'BTCUSDT', period: '1m', feed: 'contract' });
    expect(before.candles).toEqual([]);
    const socket = await SocketClient.connect((server as InProcessServer).url);
    socket.subscribe(['perpetual-kline.BTCUSDT.1d']);

    const [buyer, seller, taker] = await seedTraders(
      (server as InProcessServer).db,
      3,
      10_000n * 100_000_000n,
    );
    if (!buyer || !seller || !taker) throw new Error('no traders');
    for (const price of ['99950', '99900']) {
      ok(await order(buyer, { direction: 'long', type: 'limit', price, quantity: '0.01' }));
    }
    ok(
      await order(seller, { direction: 'short', type: 'limit', price: '100050', quantity: '0.01' }),
    );
    // One batch takes two bids (99950 then 99900), the next takes the ask (100050).
    const sold = ok(await order(taker, { direction: 'short', type: 'market', quantity: '0.015' }));
    expect(sold.status).toBe('filled');
    const bought = ok(await order(taker, { direction: 'long', type: 'market', quantity: '0.004' }));
    expect(bought.status).toBe('filled');

    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const expected: CandleRow = [day, '99950.00', '100050.00', '99900.00', '100050.00', '0.01900'];
    const answered = ok(await kline('1d'));
    expect(answered.candles).toEqual([expected]);
    // The minutes hold the same trades, however the minutes fell.
    const minutes = ok(await kline('1m')).candles;
    expect(minutes.at(-1)?.[4]).toBe('100050.00');
    expect(minutes.reduce((sum, row) => sum + Math.round(Number(row[5]) * 1e5), 0)).toBe(1900);
    expect(Math.max(...minutes.map((row) => Number(row[2])))).toBe(100_050);
    expect(Math.min(...minutes.map((row) => Number(row[3])))).toBe(99_900);

    // The channel's newest frame carries the day's candle as the call answers it.
    await socket.until(
      () =>
        socket.on('perpetual-kline.BTCUSDT.1d').at(-1)?.data?.toString() === expected.toString(),
      "the day's candle on the channel",
    );
    // Read back from `contract_fills` as a start would, the same candles come out.
    const btc = { symbol: 'BTCUSDT', priceScale: 2, quantityScale: 5 } as ContractMarket;
    const reread = new PerpetualCandles(new Map([[btc.symbol, btc]]));
    await reread.seed((server as InProcessServer).db, Date.now());
    const rows = (period: KlinePeriod) =>
      reread.kline(btc.symbol, period, 1000).map((candle) => candleRow(candle, { spec: btc }));
    expect(rows('1d')).toEqual([expected]);
    expect(rows('1m')).toEqual(minutes);

    // Paging back before the first candle finds nothing older.
    const older = ok(
      await client().get<Kline>('/contract/kline', {
        symbol: 'BTCUSDT',
        period: '1d',
        before: String(day),
      }),
    );
    expect(older.candles).toEqual([]);
  });

  it.skipIf(skip)('refuses a bad symbol or period in the caller’s language', async () => {
    const unknown = await client().get(
      '/contract/kline',
      { symbol: 'NOPEUSDT', period: '1m' },
      {
        lang: 'de',
      },
    );
    expectError(unknown, 'market_unknown', 'Diesen Markt gibt es nicht');
    const period = await client().get(
      '/contract/kline',
      { symbol: 'BTCUSDT', period: '2m' },
      {
        lang: 'de',
      },
    );
    expectError(period, 'field_invalid');
    expect(period.body.msg).toContain('ungültig');
    const malformed = await client().get('/contract/kline', { symbol: 'BTC-USDT', period: '1m' });
    expectError(malformed, 'field_invalid');
    for (const answer of [unknown, period, malformed]) expect(answer.status).toBeLessThan(500);
    expect(unknown.body.code).toBe(errorCodes.market_unknown);

    const socket = await SocketClient.connect((server as InProcessServer).url);
    socket.subscribe(['perpetual-kline.NOPEUSDT.1m']);
    socket.subscribe(['perpetual-kline.BTCUSDT.2m']);
    await socket.until((frames) => frames.filter((f) => f.op === 'error').length >= 2, 'refusals');
    expect(socket.errors().map((frame) => frame.channel)).toEqual([
      'perpetual-kline.NOPEUSDT.1m',
      'perpetual-kline.BTCUSDT.2m',
    ]);
  });
});
