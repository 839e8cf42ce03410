// The price chart's address: `/pages/kline/index?symbol=BTCUSDT&period=15m`. A missing or malformed
// value falls back to a default rather than an error page, since the link may be typed or shared.
import { type KlinePeriod, klinePeriods, readSymbol } from '../../schemas/market-names.ts';

export const defaultSymbol = 'BTCUSDT';
/** Fifteen-minute candles show about a trading day on a phone-wide chart. */
export const defaultPeriod: KlinePeriod = '15m';

export interface KlineQuery {
  symbol: string;
  period: KlinePeriod;
}

export function isKlinePeriod(value: unknown): value is KlinePeriod {
  return (klinePeriods as readonly unknown[]).includes(value);
}

/** A page's market from its search (`?symbol=BTCUSDT`); the default market when it names none. */
export function parseSymbol(search: Readonly<Record<string, unknown>>): string {
  return readSymbol(search.symbol) ?? defaultSymbol;
}

/** Reads the router's parsed search, whose values may be any JSON type. */
export function parseKlineQuery(search: Readonly<Record<string, unknown>>): KlineQuery {
  return {
    symbol: parseSymbol(search),
    period: isKlinePeriod(search.period) ? search.period : defaultPeriod,
  };
}

/** The search of a link to the chart: the period only when one was chosen. */
export function klineSearch(
  symbol: string,
  period?: KlinePeriod,
): { symbol: string; period?: KlinePeriod } {
  return period === undefined ? { symbol } : { symbol, period };
}
