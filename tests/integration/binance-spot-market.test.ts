// Spot's public market data on the Binance-compatible door (docs/api-binance.md § "Spot market
// data"): ccxt's own `binance` class loads the markets and reads the book, trades, candles and
// tickers unchanged, the markets' rules are the app's own `/spot/markets`, and bad input is refused
// in Binance's words, never with a 5XX.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { ApiClient, randomClientAddress } from '../support/api-client.ts';
import { ccxtSpot, doorTrader } from '../support/door-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

let server: InProcessServer | undefined;
let url = '';

beforeAll(async () => {
  // ccxt signs and reads times with the real clock; two markets keep the start short.
  server = await startInProcessServer(systemClock, { MARKETS: 'BTC,ETH' });
  url = server.url;
});

afterAll(async () => {
  await server?.stop();
});

function running(): InProcessServer {
  if (!server) throw new Error('the server did not start');
  return server;
}

/** A plain GET on the door, from an address of its own so the weights of one case reach no other. */
async function doorGet<T = unknown>(path: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${url}${path}${search ? `?${search}` : ''}`, {
    headers: { 'x-forwarded-for': randomClientAddress() },
  });
  // The shape is what the cases below assert.
  return { status: response.status, body: (await response.json()) as T };
}

/** A decimal without its trailing zeros: the app writes a market's decimals, Binance eight. */
const plain = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

const decimal = expect.stringMatching(/^\d+\.\d+$/);

interface AppRules {
  symbol: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  max_price: string;
  max_quantity: string;
}

describe('exchangeInfo', () => {
  it('ccxt loads the spot markets with the precision and limits of the app’s /spot/markets', async () => {
    const exchange = ccxtSpot(url);
    const markets = await exchange.loadMarkets();
    const rules = await new ApiClient(url).get<{ list: AppRules[] }>('/spot/markets');
    const list = rules.body.data?.list ?? [];
    expect(list.map((rule) => rule.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    for (const rule of list) {
      const market = Object.values(markets).find((candidate) => candidate?.id === rule.symbol);
      expect(market).toMatchObject({
        spot: true,
        active: true,
        base: rule.symbol.replace(/USDT$/, ''),
        quote: 'USDT',
        precision: { price: Number(rule.tick_size), amount: Number(rule.lot_size) },
        limits: {
          amount: { min: Number(rule.lot_size), max: Number(rule.max_quantity) },
          price: { min: Number(rule.tick_size), max: Number(rule.max_price) },
          cost: { min: Number(rule.min_notional) },
        },
      });
    }
    expect(await exchange.fetchTime()).toBeGreaterThan(0);
  });

  it('answers Binance’s shape: rate limits, filters as decimal strings, the price band', async () => {
    const answer = await doorGet('/api/v3/exchangeInfo', { symbol: 'BTCUSDT' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      timezone: 'UTC',
      serverTime: expect.any(Number),
      rateLimits: [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
      ],
      exchangeFilters: [],
      symbols: [
        {
          symbol: 'BTCUSDT',
          status: 'TRADING',
          baseAsset: 'BTC',
          quoteAsset: 'USDT',
          orderTypes: ['LIMIT', 'MARKET'],
          isSpotTradingAllowed: true,
          permissionSets: [['SPOT']],
          filters: [
            {
              filterType: 'PRICE_FILTER',
              minPrice: '0.01000000',
              maxPrice: decimal,
              tickSize: '0.01000000',
            },
            {
              filterType: 'LOT_SIZE',
              minQty: '0.00001000',
              maxQty: decimal,
              stepSize: '0.00001000',
            },
            { filterType: 'NOTIONAL', minNotional: '5.00000000', maxNotional: decimal },
            {
              filterType: 'PERCENT_PRICE_BY_SIDE',
              bidMultiplierUp: '5',
              bidMultiplierDown: '0.2',
              askMultiplierUp: '5',
              askMultiplierDown: '0.2',
            },
          ],
        },
      ],
    });
  });

  it('takes `symbols` as a JSON array, in the order asked', async () => {
    const answer = await doorGet('/api/v3/exchangeInfo', { symbols: '["ETHUSDT","BTCUSDT"]' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ symbols: [{ symbol: 'ETHUSDT' }, { symbol: 'BTCUSDT' }] });
  });

  it('refuses an unknown symbol with -1121 and a malformed one with -1100', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ symbol: 'NOPEUSDT' }, -1121],
      [{ symbols: '["BTCUSDT","NOPEUSDT"]' }, -1121],
      [{ symbol: 'btc/usdt' }, -1100],
      [{ symbols: 'BTCUSDT' }, -1100],
      [{ symbols: '[]' }, -1100],
      [{ symbol: 'BTCUSDT', symbols: '["BTCUSDT"]' }, -1128],
    ];
    for (const [query, code] of cases) {
      const answer = await doorGet('/api/v3/exchangeInfo', query);
      expect({ query, status: answer.status, body: answer.body }).toMatchObject({
        status: 400,
        body: { code, msg: expect.any(String) },
      });
    }
  });
});

/** The app's own recent trades of a market, newest first: price, quantity, taker side, time. */
async function appTrades(symbol: string): Promise<[string, string, string, number][]> {
  const answer = await new ApiClient(url).get<{ trades: [string, string, string, number][] }>(
    '/market/trades',
    { symbol, limit: '200' },
  );
  return answer.body.data?.trades ?? [];
}

interface DoorTrade {
  id: number;
  price: string;
  qty: string;
  time: number;
  isBuyerMaker: boolean;
}

/** A door trade as the app lists it, to compare the two. */
const asAppTrade = (trade: DoorTrade) => [
  plain(trade.price),
  plain(trade.qty),
  trade.isBuyerMaker ? 'sell' : 'buy',
  trade.time,
];

const trimmed = ([price, quantity, side, time]: [string, string, string, number]) => [
  plain(price),
  plain(quantity),
  side,
  time,
];

describe('market data through ccxt', () => {
  beforeAll(async () => {
    // Trades on the exchange's own BTCUSDT book: a limit sell (it takes the liquidity provider's
    // bid when that is higher, or rests), and a market buy that takes the best offer.
    const seller = await doorTrader(running(), { BTC: '1' });
    const buyer = await doorTrader(running(), { USDT: '1000' });
    const place = (token: string, order: Record<string, string>) =>
      new ApiClient(url).post('/spot/order', order, {
        token,
        headers: { 'idempotency-key': randomUUID() },
      });
    const sell = {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '100000',
      quantity: '0.01',
    };
    expect((await place(seller.token, sell)).status).toBe(200);
    const buy = { symbol: 'BTCUSDT', side: 'buy', type: 'market', turnover: '20' };
    expect((await place(buyer.token, buy)).status).toBe(200);
    // The door shows a trade once the market service has published it (every 100 ms): waits
    // until it shows every trade the app lists (one or two, as the sell rested or traded).
    for (;;) {
      const door = await doorGet('/api/v3/trades', { symbol: 'BTCUSDT' });
      const own = await appTrades('BTCUSDT');
      if (Array.isArray(door.body) && own.length > 0 && door.body.length === own.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('lists the trades the app’s /market/trades lists, numbered, oldest first', async () => {
    const { body: trades } = await doorGet<DoorTrade[]>('/api/v3/trades', { symbol: 'BTCUSDT' });
    const own = await appTrades('BTCUSDT');
    expect(trades.map(asAppTrade)).toEqual(own.map(trimmed).reverse());
    const ids = trades.map((trade) => trade.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const newest = trades.at(-1);
    const agg = await doorGet('/api/v3/aggTrades', {
      symbol: 'BTCUSDT',
      fromId: String(newest?.id),
    });
    expect(agg.body).toEqual([
      {
        a: newest?.id,
        p: newest?.price,
        q: newest?.qty,
        f: newest?.id,
        l: newest?.id,
        T: newest?.time,
        m: newest?.isBuyerMaker,
        M: true,
      },
    ]);
  });

  it('reads the book as Binance answers it: lastUpdateId, best prices first', async () => {
    const exchange = ccxtSpot(url);
    await exchange.loadMarkets();
    const book = await exchange.fetchOrderBook('BTC/USDT', 5);
    expect(book.nonce).toEqual(expect.any(Number));
    expect(book.bids.length).toBeLessThanOrEqual(5);
    expect(book.asks.length).toBeLessThanOrEqual(5);
    const bids = book.bids.map(([price]) => Number(price));
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
  });

  it('reads recent trades, candles and tickers', async () => {
    const exchange = ccxtSpot(url);
    await exchange.loadMarkets();
    const trades = await exchange.fetchTrades('BTC/USDT', undefined, 20);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.length).toBeLessThanOrEqual(20);
    for (const trade of trades) {
      expect(trade).toMatchObject({ symbol: 'BTC/USDT', id: expect.any(String) });
      expect(['buy', 'sell']).toContain(trade.side);
    }
    const candles = await exchange.fetchOHLCV('BTC/USDT', '1m', undefined, 10);
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.length).toBeLessThanOrEqual(10);
    for (const [time, open, high, low, close, volume] of candles) {
      expect(time).toEqual(expect.any(Number));
      expect(high).toBeGreaterThanOrEqual(Math.max(Number(open), Number(close), Number(low)));
      expect(volume).toBeGreaterThanOrEqual(0);
    }
    const ticker = await exchange.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ symbol: 'BTC/USDT', last: expect.any(Number) });
    const tickers = await exchange.fetchTickers(['BTC/USDT', 'ETH/USDT']);
    expect(Object.keys(tickers).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    const all = await exchange.fetchTickers();
    expect(Object.keys(all).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    const quotes = await exchange.fetchBidsAsks(['BTC/USDT']);
    expect(quotes['BTC/USDT']).toMatchObject({ symbol: 'BTC/USDT' });
  });

  it('answers the candles the app’s /market/kline answers, in Binance’s rows', async () => {
    const app = await new ApiClient(url).get<{
      candles: [number, string, string, string, string, string][];
    }>('/market/kline', { symbol: 'ETHUSDT', period: '5m', limit: '3' });
    const own = app.body.data?.candles ?? [];
    const door = await doorGet<(string | number)[][]>('/api/v3/klines', {
      symbol: 'ETHUSDT',
      interval: '5m',
      limit: '3',
    });
    expect(door.status).toBe(200);
    const rows = door.body;
    const cells = (row: readonly (string | number)[]) =>
      row.slice(0, 6).map((cell) => (typeof cell === 'string' ? plain(cell) : cell));
    // The newest candle may move between the two calls: the closed ones are the same.
    expect(rows.slice(0, -1).map(cells)).toEqual(own.slice(0, -1).map(cells));
    const oldest = rows[0]?.[0];
    if (typeof oldest !== 'number') throw new Error('no candle');
    const from = await doorGet<number[][]>('/api/v3/klines', {
      symbol: 'ETHUSDT',
      interval: '5m',
      startTime: String(oldest),
      limit: '2',
    });
    expect(from.body.map((row) => row[0])).toEqual([oldest, oldest + 300_000]);
  });
});

describe('raw calls', () => {
  it('writes decimals as strings and times as ms numbers', async () => {
    const depth = await doorGet<{ bids: unknown[]; asks: unknown[] }>('/api/v3/depth', {
      symbol: 'BTCUSDT',
      limit: '10',
    });
    expect(depth).toMatchObject({ status: 200, body: { lastUpdateId: expect.any(Number) } });
    expect(depth.body.asks.length).toBeGreaterThan(0);
    for (const level of [...depth.body.bids, ...depth.body.asks]) {
      expect(level).toEqual([decimal, decimal]);
    }

    const trades = await doorGet<unknown[]>('/api/v3/trades', { symbol: 'BTCUSDT', limit: '5' });
    expect(trades.status).toBe(200);
    expect(trades.body.length).toBeGreaterThan(0);
    for (const trade of trades.body) {
      expect(trade).toEqual({
        id: expect.any(Number),
        price: decimal,
        qty: decimal,
        quoteQty: decimal,
        time: expect.any(Number),
        isBuyerMaker: expect.any(Boolean),
        isBestMatch: true,
      });
    }

    const query = { symbol: 'BTCUSDT', interval: '1h', limit: '2' };
    const candles = await doorGet<unknown[]>('/api/v3/klines', query);
    expect(candles.status).toBe(200);
    const [d, ms] = [decimal, expect.any(Number)];
    for (const row of candles.body) expect(row).toEqual([ms, d, d, d, d, d, ms, d, 0, d, d, '0']);

    const ticker = await doorGet('/api/v3/ticker/24hr', { symbol: 'BTCUSDT' });
    expect(ticker).toMatchObject({
      status: 200,
      body: {
        symbol: 'BTCUSDT',
        priceChange: expect.stringMatching(/^-?\d+\.\d+$/),
        lastPrice: decimal,
        openPrice: decimal,
        highPrice: decimal,
        lowPrice: decimal,
        volume: decimal,
        quoteVolume: decimal,
        bidPrice: decimal,
        askQty: decimal,
        openTime: expect.any(Number),
        closeTime: expect.any(Number),
      },
    });
    const prices = await doorGet('/api/v3/ticker/price');
    expect(prices.body).toEqual([
      { symbol: 'BTCUSDT', price: decimal },
      { symbol: 'ETHUSDT', price: decimal },
    ]);
    const best = await doorGet('/api/v3/ticker/bookTicker', { symbols: '["ETHUSDT"]' });
    expect(best.body).toEqual([
      { symbol: 'ETHUSDT', bidPrice: decimal, bidQty: decimal, askPrice: decimal, askQty: decimal },
    ]);
  });

  it('refuses bad input in Binance’s words, never with a 5XX', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['/api/v3/depth', { symbol: 'NOPEUSDT' }, -1121],
      ['/api/v3/depth', {}, -1102],
      ['/api/v3/depth', { symbol: 'BTCUSDT', limit: '7' }, -1100],
      ['/api/v3/depth', { symbol: 'BTCUSDT', limit: '10000' }, -1100],
      ['/api/v3/trades', { symbol: 'NOPEUSDT' }, -1121],
      ['/api/v3/trades', { symbol: 'BTCUSDT', limit: '0' }, -1100],
      ['/api/v3/trades', { symbol: 'BTCUSDT', limit: '1001' }, -1100],
      ['/api/v3/aggTrades', { symbol: 'BTCUSDT', fromId: 'x' }, -1100],
      ['/api/v3/klines', { symbol: 'BTCUSDT', interval: '3m' }, -1120],
      ['/api/v3/klines', { symbol: 'BTCUSDT', interval: '1w' }, -1120],
      ['/api/v3/klines', { symbol: 'BTCUSDT' }, -1102],
      ['/api/v3/klines', { symbol: 'NOPEUSDT', interval: '1m' }, -1121],
      ['/api/v3/klines', { symbol: 'BTCUSDT', interval: '1m', limit: '1001' }, -1100],
      ['/api/v3/klines', { symbol: 'BTCUSDT', interval: '1m', startTime: '-5' }, -1100],
      ['/api/v3/ticker/24hr', { symbol: 'NOPEUSDT' }, -1121],
      ['/api/v3/ticker/24hr', { symbols: '["BTCUSDT",1]' }, -1100],
      ['/api/v3/ticker/price', { symbols: '["NOPEUSDT"]' }, -1121],
      ['/api/v3/ticker/bookTicker', { symbol: 'btcusdt' }, -1100],
    ];
    for (const [path, query, code] of cases) {
      const answer = await doorGet(path, query);
      expect({ path, query, status: answer.status, body: answer.body }).toMatchObject({
        path,
        status: 400,
        body: { code, msg: expect.any(String) },
      });
    }
  });
});
