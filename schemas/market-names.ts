// How markets and candle periods are named, without zod: the app's first screen reads them from
// its address before any schema is loaded (`src/market/market-query.ts`).

/** Symbols are `BTCUSDT` on the wire and `BTC/USDT` on screen. */
export const symbolPattern = /^[A-Z0-9]{2,12}USDT$/;

export const klinePeriods = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type KlinePeriod = (typeof klinePeriods)[number];

/**
 * Which candles a chart draws: `index`, the market's (its feed's trades, `/market/kline`), or
 * `last`, a perpetual's own trades (its last price, docs/contracts.md § "The perpetual's chart").
 */
export const chartSources = ['index', 'last'] as const;
export type ChartSource = (typeof chartSources)[number];

/** A symbol as written in a link or a form (any case, spaces around), or null when it is none. */
export function readSymbol(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const symbol = value.trim().toUpperCase();
  return symbolPattern.test(symbol) ? symbol : null;
}
