// The door's ticker streams (docs/api-binance.md § "Market streams"): `@bookTicker` sends the best
// bid and ask as the book's own calls read them, when they move; spot's `@ticker` and
// `@miniTicker` send the day's ticker once a second; ccxt pro's `watchTicker` and `watchBidsAsks`
// read them unchanged but for their URLs. One server without the liquidity provider, so the books
// hold only what the test puts there.
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldOf } from '../../server/db/field-of.ts';
import {
  ccxtProSpot,
  ccxtSpot,
  ccxtUsdm,
  type DoorTrader,
  doorTrader,
} from '../support/door-client.ts';
import { doorStreamServer, markOf, perpetualTrader } from '../support/door-stream-server.ts';

const { server, stream, closing } = doorStreamServer();

const decimal = expect.stringMatching(/^\d+\.\d{8}$/);
const none = '0.00000000';

describe('spot tickers', () => {
  const symbol = 'BTC/USDT';
  let alice: DoorTrader;

  beforeAll(async () => {
    alice = await doorTrader(server(), { USDT: '100000' });
  }, 60_000);

  it('sends the best bid and ask as the calls read them, and the day tickers with the book', async () => {
    const combined = stream('/stream?streams=btcusdt@bookTicker/btcusdt@ticker/btcusdt@miniTicker');
    await combined.opened;
    const rest = ccxtSpot(server().url, alice.key);
    const placed = await rest.createOrder(symbol, 'limit', 'buy', 0.002, 92000);

    const best = await combined.next(
      (frame) =>
        frame.stream === 'btcusdt@bookTicker' && fieldOf(frame.data, 'b') === '92000.00000000',
    );
    expect(best.data).toEqual({
      u: expect.any(Number),
      s: 'BTCUSDT',
      b: '92000.00000000',
      B: '0.00200000',
      a: none,
      A: none,
    });
    // Nothing else moves the book: the calls read the same top, at the version the event names.
    const called = await rest.publicGetTickerBookTicker({ symbol: 'BTCUSDT' });
    expect(called).toEqual({
      symbol: 'BTCUSDT',
      bidPrice: '92000.00000000',
      bidQty: '0.00200000',
      askPrice: none,
      askQty: none,
    });
    const depth = await rest.publicGetDepth({ symbol: 'BTCUSDT', limit: 5 });
    expect(depth.lastUpdateId).toBe(fieldOf(best.data, 'u'));

    const ticker = await combined.next(
      (frame) => frame.stream === 'btcusdt@ticker' && fieldOf(frame.data, 'b') === '92000.00000000',
    );
    expect(ticker.data).toMatchObject({
      e: '24hrTicker',
      E: expect.any(Number),
      s: 'BTCUSDT',
      c: decimal,
      o: decimal,
      h: decimal,
      l: decimal,
      v: decimal,
      q: decimal,
      B: '0.00200000',
      a: none,
      n: 0,
    });
    const mini = await combined.next((frame) => frame.stream === 'btcusdt@miniTicker');
    expect(Object.keys(Object(mini.data)).sort()).toEqual(
      ['E', 'c', 'e', 'h', 'l', 'o', 'q', 's', 'v'].sort(),
    );
    expect(mini.data).toMatchObject({ e: '24hrMiniTicker', s: 'BTCUSDT', c: decimal });

    await rest.cancelOrder(String(placed.id), symbol);
    const emptied = await combined.next(
      (frame) => frame.stream === 'btcusdt@bookTicker' && fieldOf(frame.data, 'b') === none,
    );
    expect(fieldOf(emptied.data, 'u')).toBeGreaterThan(Number(fieldOf(best.data, 'u')));
  });

  it('ccxt pro watches the day ticker and the best bid and ask', async () => {
    const watcher = closing(ccxtProSpot(server().url));
    // ccxt follows `@miniTicker` unless told the full ticker's name.
    const mini = await watcher.watchTicker(symbol);
    expect(mini).toMatchObject({ symbol, info: { e: '24hrMiniTicker', s: 'BTCUSDT' } });
    expect(mini.last).toBeGreaterThan(0);
    const full = await watcher.watchTicker(symbol, { name: 'ticker' });
    expect(full).toMatchObject({ symbol, info: { e: '24hrTicker', s: 'BTCUSDT' } });
    expect(full.last).toBeGreaterThan(0);
    expect(full.high).toBeGreaterThanOrEqual(Number(full.low));

    // ccxt subscribes on its first watch and says nothing when the server has answered: bids are
    // added until a move of the top reaches the watch.
    const rest = ccxtSpot(server().url, alice.key);
    const placed: string[] = [];
    let quotes: Awaited<ReturnType<typeof watcher.watchBidsAsks>> | undefined;
    const watching = watcher.watchBidsAsks([symbol]).then((answer) => {
      quotes = answer;
    });
    while (quotes === undefined) {
      placed.push(String((await rest.createOrder(symbol, 'limit', 'buy', 0.001, 93000)).id));
    }
    await watching;
    const quote = quotes[symbol];
    expect(quote).toMatchObject({ symbol, bid: 93000 });
    expect(quote?.bidVolume).toBeGreaterThanOrEqual(0.001);
    expect(quote?.bidVolume).toBeLessThanOrEqual(placed.length * 0.001 + 1e-9);
    for (const id of placed) await rest.cancelOrder(id, symbol);
  });
});

describe('perpetual book ticker', () => {
  it("sends a perpetual's best bid with its type and times; a perpetual has no day ticker stream", async () => {
    const maker = await perpetualTrader(server());
    const mark = await markOf(server(), 'BTCUSDT');
    const raw = stream('/public/ws/btcusdt@bookTicker');
    await raw.opened;
    const rest = ccxtUsdm(server().url, maker.key);
    const price = Math.floor(Number(mark) * 0.99);
    const placed = await rest.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.002, price);
    const best = await raw.next((event) => Number(event.b) === price);
    expect(best).toMatchObject({
      e: 'bookTicker',
      E: expect.any(Number),
      T: expect.any(Number),
      u: expect.any(Number),
      s: 'BTCUSDT',
    });
    expect(Number(best.B)).toBe(0.002);
    await rest.cancelOrder(String(placed.id), 'BTC/USDT:USDT');

    await expect(stream('/public/ws/btcusdt@ticker').opened).rejects.toThrow('HTTP 400');
  }, 60_000);
});
