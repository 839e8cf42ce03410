// The door's market streams (docs/api-binance.md § "Market streams"): ccxt pro's own `binance` and
// `binanceusdm` keep a book from the REST snapshot and the `@depth` diffs, read trades and marks,
// unchanged but for their URLs; a plain client reads the combined endpoint and Binance's live
// requests; bad requests get Binance's codes and change nothing. One server without the liquidity
// provider, so the books hold only what the test puts there and every change is the test's.
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldOf } from '../../server/db/field-of.ts';
import {
  ccxtProSpot,
  ccxtProUsdm,
  ccxtSpot,
  ccxtUsdm,
  type DoorTrader,
  doorTrader,
} from '../support/door-client.ts';
import { doorStreamServer, markOf, perpetualTrader } from '../support/door-stream-server.ts';

const { server, stream, closing } = doorStreamServer();

/** ccxt's book, as far as the cases read it (its levels are `[price, amount]`). */
interface Book {
  bids: (number | undefined)[][];
  asks: (number | undefined)[][];
  nonce?: number | undefined;
}

/**
 * Watches `symbol`'s book until `done` holds of it. Each watch returns after the next diff, so
 * the book ccxt keeps is looked at first: a diff that came before the watch is not waited for.
 */
async function watchUntil(
  exchange: {
    watchOrderBook(symbol: string): Promise<Book>;
    orderbooks: Record<string, Book | undefined>;
  },
  symbol: string,
  done: (book: Book) => boolean,
): Promise<Book> {
  for (;;) {
    const kept = exchange.orderbooks[symbol];
    if (kept && done(kept)) return kept;
    await exchange.watchOrderBook(symbol);
  }
}

const decimal = expect.stringMatching(/^\d+\.\d{8}$/);

const levelAt = (side: Book['bids'], price: number) => side.find(([at]) => at === price)?.[1];

describe('spot streams', () => {
  let alice: DoorTrader;
  let bob: DoorTrader;

  beforeAll(async () => {
    alice = await doorTrader(server(), { USDT: '10000' });
    bob = await doorTrader(server(), { BTC: '1' });
  }, 60_000);

  it('ccxt pro keeps the book from the depth snapshot and the diffs, to the version REST shows', async () => {
    const watcher = closing(ccxtProSpot(server().url));
    const symbol = 'BTC/USDT';
    await watcher.watchOrderBook(symbol);
    const rest = ccxtSpot(server().url, alice.key);
    const first = await rest.createOrder(symbol, 'limit', 'buy', 0.002, 90000);
    await watchUntil(watcher, symbol, (book) => levelAt(book.bids, 90000) === 0.002);
    const second = await rest.createOrder(symbol, 'limit', 'buy', 0.001, 90000);
    await watchUntil(watcher, symbol, (book) => levelAt(book.bids, 90000) === 0.003);
    await rest.cancelOrder(String(first.id), symbol);
    await rest.cancelOrder(String(second.id), symbol);
    const watched = await watchUntil(
      watcher,
      symbol,
      (book) => levelAt(book.bids, 90000) === undefined,
    );
    // Nothing else moves the book: the watched book is the one the door's depth call reads.
    const snapshot = await rest.fetchOrderBook(symbol);
    expect({ bids: watched.bids, asks: watched.asks, nonce: watched.nonce }).toEqual({
      bids: snapshot.bids,
      asks: snapshot.asks,
      nonce: snapshot.nonce,
    });
  });

  it('sends each trade with the id the trades call gives it, raw and combined', async () => {
    const watcher = closing(ccxtProSpot(server().url));
    const symbol = 'BTC/USDT';
    const combined = stream('/stream?streams=btcusdt@trade/btcusdt@kline_1m');
    await combined.opened;
    const buyer = ccxtSpot(server().url, alice.key);
    const seller = ccxtSpot(server().url, bob.key);
    // ccxt subscribes on its first watch and says nothing when the server has answered: a trade
    // is made until one reaches the watch.
    let watched: Awaited<ReturnType<typeof watcher.watchTrades>> | undefined;
    const watching = watcher.watchTrades(symbol).then((trades) => {
      watched = trades;
    });
    while (watched === undefined) {
      await buyer.createOrder(symbol, 'limit', 'buy', 0.001, 91000);
      await seller.createOrder(symbol, 'market', 'sell', 0.001);
    }
    await watching;
    const [first] = watched;
    const listed = (await ccxtSpot(server().url).fetchTrades(symbol)).find(
      (trade) => trade.id === first?.id,
    );
    expect(listed).toMatchObject({ price: 91000, amount: 0.001, side: 'sell' });
    expect(first).toMatchObject({ id: listed?.id, price: 91000, amount: 0.001, side: 'sell' });

    const trade = await combined.next((frame) => frame.stream === 'btcusdt@trade');
    const ids = (await ccxtSpot(server().url).fetchTrades(symbol)).map((each) => Number(each.id));
    expect(trade.data).toMatchObject({
      e: 'trade',
      s: 'BTCUSDT',
      p: '91000.00000000',
      q: '0.00100000',
      m: true,
    });
    expect(ids).toContain(fieldOf(trade.data, 't'));
    const kline = await combined.next((frame) => frame.stream === 'btcusdt@kline_1m');
    expect(kline.data).toMatchObject({
      e: 'kline',
      s: 'BTCUSDT',
      // A spot candle is the market's price as its named feed prints it (docs/market-data.md).
      k: { i: '1m', s: 'BTCUSDT', c: decimal, v: decimal, x: expect.any(Boolean) },
    });
  });
});

describe("Binance's live requests", () => {
  it('subscribes, lists, unsubscribes and switches to combined frames', async () => {
    const client = stream('/ws/0');
    await client.opened;
    const send = (message: unknown) => client.socket.send(JSON.stringify(message));
    const answer = (id: number) => client.next((frame) => frame.id === id);

    send({ method: 'SUBSCRIBE', params: ['btcusdt@depth@100ms', 'BTCUSDT@trade'], id: 1 });
    expect(await answer(1)).toEqual({ result: null, id: 1 });
    send({ method: 'LIST_SUBSCRIPTIONS', id: 2 });
    expect(await answer(2)).toEqual({ result: ['btcusdt@depth@100ms', 'btcusdt@trade'], id: 2 });
    send({ method: 'UNSUBSCRIBE', params: ['btcusdt@trade'], id: 3 });
    expect(await answer(3)).toEqual({ result: null, id: 3 });
    send({ method: 'SET_PROPERTY', params: ['combined', true], id: 4 });
    expect(await answer(4)).toEqual({ result: null, id: 4 });
    send({ method: 'GET_PROPERTY', params: ['combined'], id: 5 });
    expect(await answer(5)).toEqual({ result: true, id: 5 });
    // Five requests a second are what Binance takes on a spot connection; the next would close it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    send({ method: 'LIST_SUBSCRIPTIONS', id: 6 });
    expect(await answer(6)).toEqual({ result: ['btcusdt@depth@100ms'], id: 6 });
  });

  it("refuses bad requests with Binance's codes, keeping what the connection listens to", async () => {
    // A perpetual connection takes ten requests a second, enough for these seven at once.
    const client = stream('/public/ws/btcusdt@trade');
    await client.opened;
    const send = (text: string) => client.socket.send(text);
    const answer = (id: number) => client.next((frame) => frame.id === id);

    send('{not json');
    expect(await client.next((frame) => 'error' in frame)).toEqual({
      error: { code: 3, msg: 'Invalid JSON' },
      id: null,
    });
    send(
      JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@trade', 'ethusdt@trade'], id: 7 }),
    );
    expect(await answer(7)).toEqual({
      error: { code: 2, msg: 'Invalid request: unknown stream "ethusdt@trade"' },
      id: 7,
    });
    send(JSON.stringify({ method: 'SUBSCRIBE', params: [42], id: 8 }));
    expect(await answer(8)).toMatchObject({ error: { code: 2 }, id: 8 });
    send(JSON.stringify({ method: 'DELETE_EVERYTHING', id: 9 }));
    expect(await answer(9)).toMatchObject({ error: { code: 2 }, id: 9 });
    send(JSON.stringify({ method: 'SET_PROPERTY', params: ['combined', 'yes'], id: 10 }));
    expect(await answer(10)).toEqual({
      error: { code: 1, msg: 'Invalid value type: expected Boolean' },
      id: 10,
    });
    send(JSON.stringify({ method: 'GET_PROPERTY', params: ['speed'], id: 11 }));
    expect(await answer(11)).toEqual({ error: { code: 0, msg: 'Unknown property' }, id: 11 });
    send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 12 }));
    expect(await answer(12)).toEqual({ result: ['btcusdt@trade'], id: 12 });
  });

  it('refuses a path naming a stream no market publishes, before the upgrade', async () => {
    for (const path of [
      '/ws/dogeusdt@trade',
      '/ws/btcusdt@kline_7m',
      '/stream?streams=btcusdt@trade/btcusdt@markPrice',
      '/stream',
      '/public/ws/btcusdt@kline_2h',
    ]) {
      await expect(stream(path).opened).rejects.toThrow('HTTP 400');
    }
  });

  it('closes a client that sends more than Binance allows a second', async () => {
    const client = stream('/ws/0');
    await client.opened;
    for (let id = 1; id <= 20; id++) {
      client.socket.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id }));
    }
    expect(await client.closed).toBe(1008);
  });
});

describe('perpetual streams', () => {
  const symbol = 'BTC/USDT:USDT';
  let maker: DoorTrader;
  let mark = '';

  beforeAll(async () => {
    maker = await perpetualTrader(server());
    mark = await markOf(server(), 'BTCUSDT');
  }, 60_000);

  it('ccxt pro binanceusdm keeps the book from the snapshot and the diffs, pu linking each', async () => {
    const watcher = closing(ccxtProUsdm(server().url));
    const raw = stream('/public/ws/btcusdt@depth');
    await raw.opened;
    await watcher.watchOrderBook(symbol);
    const rest = ccxtUsdm(server().url, maker.key);
    const price = Math.floor(Number(mark) * 0.99);
    const placed = await rest.createOrder(symbol, 'limit', 'buy', 0.002, price);
    await watchUntil(watcher, symbol, (book) => levelAt(book.bids, price) === 0.002);
    await rest.cancelOrder(String(placed.id), symbol);
    const watched = await watchUntil(
      watcher,
      symbol,
      (book) => levelAt(book.bids, price) === undefined,
    );
    const snapshot = await rest.fetchOrderBook(symbol);
    expect({ bids: watched.bids, nonce: watched.nonce }).toEqual({
      bids: snapshot.bids,
      nonce: snapshot.nonce,
    });
    // Each diff names the one before it, as Binance's perpetual diffs do.
    const diffs = raw.events.filter((event) => event.e === 'depthUpdate');
    expect(diffs.length).toBeGreaterThanOrEqual(2);
    for (const [before, after] of diffs.slice(1).map((diff, at) => [diffs[at], diff])) {
      expect(after?.pu).toBe(before?.u);
      expect(after?.U).toBe(Number(before?.u) + 1);
    }
  });

  it("ccxt pro binanceusdm watches the trader's own orders on its listen key's stream", async () => {
    const watcher = closing(ccxtProUsdm(server().url, maker.key));
    const rest = ccxtUsdm(server().url, maker.key);
    const price = Math.floor(Number(mark) * 0.98);
    // The watch opens its stream itself and says nothing when it is open: an order is placed
    // (and cancelled) until one reaches it.
    let watched: Awaited<ReturnType<typeof watcher.watchOrders>> | undefined;
    const watching = watcher.watchOrders(symbol).then((orders) => {
      watched = orders;
    });
    const placed: (string | undefined)[] = [];
    while (watched === undefined) {
      const order = await rest.createOrder(symbol, 'limit', 'buy', 0.001, price);
      placed.push(order.id);
      await rest.cancelOrder(String(order.id), symbol);
    }
    await watching;
    const [first] = watched;
    expect(placed).toContain(first?.id);
    expect(first).toMatchObject({ symbol, side: 'buy', type: 'limit', price, amount: 0.001 });
  });

  it('sends the mark as markPriceUpdate, on the market path and combined', async () => {
    const watcher = closing(ccxtProUsdm(server().url));
    const watched = await watcher.watchMarkPrice(symbol);
    expect(watched).toMatchObject({ symbol, info: { e: 'markPriceUpdate', s: 'BTCUSDT' } });
    expect(watched.markPrice).toBeGreaterThan(0);
    const combined = stream('/market/stream?streams=btcusdt@markPrice@1s');
    const frame = await combined.next((event) => event.stream === 'btcusdt@markPrice@1s');
    expect(frame.data).toMatchObject({
      e: 'markPriceUpdate',
      s: 'BTCUSDT',
      p: expect.stringMatching(/^\d+\.\d+$/),
      r: expect.stringMatching(/^-?\d+\.\d+$/),
      T: expect.any(Number),
    });
  });
});
