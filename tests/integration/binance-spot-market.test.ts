// Spot's public market data on the Binance-compatible door (docs/api-binance.md § "Spot market
// data"): ccxt's own `binance` class loads the markets and reads the book, trades, candles and
// tickers unchanged, the markets' rules are the app's own `/spot/markets`, and bad input is refused
// in Binance's words, never with a 5XX.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { ApiClient, randomClientAddress } from '../support/api-client.ts';
import { ccxtSpot } from '../support/door-client.ts';
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

interface DoorAnswer {
  status: number;
  body: unknown;
}

/** A plain GET on the door, from an address of its own so the weights of one case reach no other. */
async function doorGet(path: string, query: Record<string, string> = {}): Promise<DoorAnswer> {
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${url}${path}${search ? `?${search}` : ''}`, {
    headers: { 'x-forwarded-for': randomClientAddress() },
  });
  return { status: response.status, body: await response.json() };
}

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
