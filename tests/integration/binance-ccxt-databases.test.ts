// The calls a trader's bot makes, through ccxt's own `binance` and `binanceusdm` classes unchanged
// but for their URLs, on each database the exchange runs on (docs/api-binance.md): markets, book,
// candles and ticker; limit and market orders between two bots, a cancel, open orders, trades and
// balances; and for perpetuals leverage, margin mode, an order, positions and the funding rate.
// The product files test each call in depth on the embedded database; this one shows the set holds
// on PostgreSQL too.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import { ccxtSpot, ccxtUsdm, type DoorServer, doorTrader } from '../support/door-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectOk } from '../support/expectations.ts';

const env = { MARKETS: 'BTC', LIQUIDITY_PROVIDER: 'false', OPTION_TRADING: 'false' };
const opened: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const exchange of opened) await exchange.close();
});

/** A bot with funds and a key of every scope, its ccxt exchange's markets loaded. */
async function spotBot(server: DoorServer, funds: Record<string, string>) {
  const trader = await doorTrader(server, funds);
  const exchange = ccxtSpot(server.url, trader.key);
  opened.push(exchange);
  await exchange.loadMarkets();
  return { trader, exchange };
}

async function futuresBot(server: DoorServer, usdt: string) {
  const trader = await doorTrader(server, { USDT: usdt });
  expectOk(
    await new ApiClient(server.url).post(
      '/wallet/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt },
      { token: trader.token, headers: { 'idempotency-key': randomUUID() } },
    ),
  );
  const exchange = ccxtUsdm(server.url, trader.key);
  opened.push(exchange);
  await exchange.loadMarkets();
  return { trader, exchange };
}

const spot = 'BTC/USDT';
const perpetual = 'BTC/USDT:USDT';

describe.each(await eachDatabase())('ccxt on the door, on %s', (...database) => {
  const { skip, server } = serverOn(database, systemClock, env);

  describe.skipIf(skip)('binance (spot)', () => {
    it('reads the market: book, candles, ticker', async () => {
      const exchange = ccxtSpot(server().url);
      opened.push(exchange);
      const markets = await exchange.loadMarkets();
      expect(markets[spot]).toMatchObject({ id: 'BTCUSDT', spot: true });
      const book = await exchange.fetchOrderBook(spot);
      expect(book.symbol).toBe(spot);
      expect(Array.isArray(await exchange.fetchOHLCV(spot, '1m'))).toBe(true);
      expect((await exchange.fetchTicker(spot)).symbol).toBe(spot);
    });

    it('places, fills and cancels orders, and reads trades and balances', async () => {
      const seller = await spotBot(server(), { BTC: '1' });
      const buyer = await spotBot(server(), { USDT: '1000' });
      const ask = await seller.exchange.createOrder(spot, 'limit', 'sell', 0.002, 97000);
      expect(await seller.exchange.fetchOpenOrders(spot)).toHaveLength(1);
      const bought = await buyer.exchange.createMarketBuyOrderWithCost(spot, 97);
      expect(bought).toMatchObject({ status: 'closed', filled: 0.001 });
      const cancelled = await seller.exchange.cancelOrder(ask.id ?? '', spot);
      expect(cancelled).toMatchObject({ status: 'canceled', filled: 0.001 });
      expect(await seller.exchange.fetchOpenOrders(spot)).toEqual([]);
      const [trade] = await buyer.exchange.fetchMyTrades(spot);
      expect(trade).toMatchObject({ side: 'buy', price: 97000, amount: 0.001 });
      const balance = await buyer.exchange.fetchBalance();
      expect(balance.USDT?.free).toBe(903);
    });
  });

  describe.skipIf(skip)('binanceusdm (perpetuals)', () => {
    it('sets leverage and margin mode, trades, and reads positions and funding', async () => {
      const maker = await futuresBot(server(), '10000');
      const taker = await futuresBot(server(), '10000');
      await taker.exchange.setLeverage(10, perpetual);
      await taker.exchange.setMarginMode('isolated', perpetual);
      // The mark the band is drawn around: the app's own, recorded once a second from its start.
      let rate = await taker.exchange.fetchFundingRate(perpetual);
      while (!(Number(rate.markPrice) > 0)) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        rate = await taker.exchange.fetchFundingRate(perpetual);
      }
      expect(rate.symbol).toBe(perpetual);
      const mark = Number(rate.markPrice);
      const price = Math.round(mark * 100) / 100;
      await maker.exchange.createOrder(perpetual, 'limit', 'sell', 0.002, price);
      const took = await taker.exchange.createOrder(perpetual, 'limit', 'buy', 0.001, price);
      expect(took.status).toBe('closed');
      const [position] = await taker.exchange.fetchPositions([perpetual]);
      expect(position).toMatchObject({
        symbol: perpetual,
        side: 'long',
        contracts: 0.001,
        leverage: 10,
        marginMode: 'isolated',
      });
    });
  });
});
