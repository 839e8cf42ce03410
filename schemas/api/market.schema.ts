// Market data (/market/*, docs/product.md §11): market lists, candles, order book depth, trades.
// Prices and quantities are decimal strings; compact rows are arrays, not objects, because the
// chart and the book receive thousands of them.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { type KlinePeriod, klinePeriods, symbolPattern } from '../market-names.ts';
import { blankAsAbsent, decimalInteger, decimalString } from '../primitives.ts';

/** Symbols are `BTCUSDT` on the wire and `BTC/USDT` on screen. */
export const symbolSchema = z.string().check(z.trim(), z.toUpperCase(), z.regex(symbolPattern));

export { type KlinePeriod, klinePeriods };
export const klinePeriodSchema = z.enum(klinePeriods);

/** The 24 h statistics of a market, as the `ticker.*` socket channel carries them. */
export const tickerDataSchema = z.object({
  last: decimalString,
  /** Change over 24 h in percent, as a decimal string with two decimals. */
  change_pct: decimalString,
  high: decimalString,
  low: decimalString,
  /** 24 h volume in the base asset. */
  volume: decimalString,
  /** 24 h volume in the quote asset. */
  quote_volume: decimalString,
  /** The index price: median of the live sources; `stale` when every source went silent. */
  index: decimalString,
  stale: z.boolean(),
  /** The feed the price comes from (`simulated` is labelled so on screen). */
  feed: z.string(),
});
export type TickerData = z.infer<typeof tickerDataSchema>;

/** A market with its ticker, as the market lists answer it. */
export const tickerSchema = z.extend(tickerDataSchema, {
  symbol: symbolSchema,
  base: z.string(),
  quote: z.string(),
  /** When the last price printed (ms since the epoch). */
  ts: z.int(),
  /** Decimals of the market's price and quantity, for input fields and the chart's axis. */
  price_scale: z.int(),
  quantity_scale: z.int(),
});
export type Ticker = z.infer<typeof tickerSchema>;

const marketList = z.object({
  /** True while prices come from the simulated feed; the UI labels it "Simulated market". */
  simulated: z.boolean(),
  list: z.array(tickerSchema),
});

export const spotMarkets = defineEndpoint({
  method: 'GET',
  path: '/market/exchange',
  summary: 'Spot markets with their 24 h tickers',
  auth: false,
  request: z.object({}),
  response: marketList,
  errors: [],
});

export const contractMarkets = defineEndpoint({
  method: 'GET',
  path: '/market/contract',
  summary:
    'Perpetual contract markets with their 24 h tickers, mark and index price, funding rate and next funding time',
  auth: false,
  request: z.object({}),
  response: z.extend(marketList, {
    list: z.array(
      z.extend(tickerSchema, {
        /** The latest recorded mark and index; null until the first. */
        mark_price: z.nullable(z.string()),
        index_price: z.nullable(z.string()),
        /** The coming round's rate as a fraction, as it would be now, and when it is paid. */
        funding_rate: z.string(),
        next_funding_time: z.iso.datetime({ offset: true }),
      }),
    ),
  }),
  errors: [],
});

export const secondMarkets = defineEndpoint({
  method: 'GET',
  path: '/market/second',
  summary: 'Second-contract markets with their tickers and durations',
  auth: false,
  request: z.object({}),
  response: z.extend(marketList, {
    durations: z.array(
      z.object({
        unit: z.enum(['minute', 'hour', 'day']),
        value: z.int(),
        payout_rate: decimalString,
      }),
    ),
  }),
  errors: [],
});

/** One candle: open time (ms), open, high, low, close, base volume. */
export const candleRowSchema = z.tuple([
  z.int(),
  decimalString,
  decimalString,
  decimalString,
  decimalString,
  decimalString,
]);
export type CandleRow = z.infer<typeof candleRowSchema>;

export const klineLimit = { default: 300, max: 1000 } as const;

export const kline = defineEndpoint({
  method: 'GET',
  path: '/market/kline',
  summary: 'Candles of a market, oldest first; `before` pages back to older history',
  auth: false,
  request: z.object({
    symbol: symbolSchema,
    period: klinePeriodSchema,
    limit: z.pipe(
      blankAsAbsent(decimalInteger(1, klineLimit.max)),
      z.transform((value) => value ?? klineLimit.default),
    ),
    /** Only candles that opened before this time (ms since the epoch). */
    before: blankAsAbsent(decimalInteger(0, 8.64e15)),
  }),
  response: z.object({
    symbol: symbolSchema,
    period: klinePeriodSchema,
    feed: z.string(),
    simulated: z.boolean(),
    candles: z.array(candleRowSchema),
  }),
  errors: ['market_unknown'],
});

/** A price level: price and quantity; quantity `0` in a diff removes the level. */
export const levelSchema = z.tuple([decimalString, decimalString]);
export type Level = z.infer<typeof levelSchema>;

export const depthLimit = { default: 20, max: 100 } as const;

export const depth = defineEndpoint({
  method: 'GET',
  path: '/market/depth',
  summary: "A snapshot of a market's order book, best prices first",
  auth: false,
  request: z.object({
    symbol: symbolSchema,
    limit: z.pipe(
      blankAsAbsent(decimalInteger(1, depthLimit.max)),
      z.transform((value) => value ?? depthLimit.default),
    ),
  }),
  response: z.object({
    symbol: symbolSchema,
    /** The book's version: the `seq` of the diff frame that produced it. */
    version: z.int(),
    ts: z.int(),
    bids: z.array(levelSchema),
    asks: z.array(levelSchema),
  }),
  errors: ['market_unknown'],
});

/** One trade: price, quantity, taker side, time (ms). */
export const tradeRowSchema = z.tuple([
  decimalString,
  decimalString,
  z.enum(['buy', 'sell']),
  z.int(),
]);
export type TradeRow = z.infer<typeof tradeRowSchema>;

export const tradesLimit = { default: 50, max: 200 } as const;

export const trades = defineEndpoint({
  method: 'GET',
  path: '/market/trades',
  summary: 'Recent trades of a market, newest first',
  auth: false,
  request: z.object({
    symbol: symbolSchema,
    limit: z.pipe(
      blankAsAbsent(decimalInteger(1, tradesLimit.max)),
      z.transform((value) => value ?? tradesLimit.default),
    ),
  }),
  response: z.object({ symbol: symbolSchema, trades: z.array(tradeRowSchema) }),
  errors: ['market_unknown'],
});
