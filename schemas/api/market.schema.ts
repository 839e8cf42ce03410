// Market lists for the spot, contract and second-contract sections (spec §7: /market/*).
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { decimalString } from '../primitives.ts';

/** Symbols are `BTCUSDT` on the wire and `BTC/USDT` on screen. */
export const symbolSchema = z.string().regex(/^[A-Z0-9]{2,12}USDT$/);

export const tickerSchema = z.object({
  symbol: symbolSchema,
  base: z.string(),
  quote: z.string(),
  last: decimalString,
  /** Change over 24 h in percent, as a decimal string. */
  change_pct: decimalString,
  high: decimalString,
  low: decimalString,
  /** 24 h volume in the base asset. */
  volume: decimalString,
  /** 24 h volume in the quote asset. */
  quote_volume: decimalString,
  /** The feed the price comes from, and when it printed (ms since the epoch). */
  feed: z.string(),
  ts: z.number().int(),
});

const marketList = z.object({
  /** True while prices come from the simulated feed. */
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
  summary: 'Perpetual contract markets with their 24 h tickers',
  auth: false,
  request: z.object({}),
  response: marketList,
  errors: [],
});

export const secondMarkets = defineEndpoint({
  method: 'GET',
  path: '/market/second',
  summary: 'Second-contract markets with their tickers and durations',
  auth: false,
  request: z.object({}),
  response: marketList.extend({
    durations: z.array(
      z.object({
        unit: z.enum(['minute', 'hour', 'day']),
        value: z.number().int(),
        payout_rate: decimalString,
      }),
    ),
  }),
  errors: [],
});
