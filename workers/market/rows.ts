// The market views as the screen draws them: compact rows, every number already formatted for the
// user's locale by the core's formatter.

import { compareDecimals } from '../../core/market/units.ts';
import { formatPrice } from '../../core/price-format.ts';
import type { BookState } from '../../core/projections/books.ts';
import type { CandleSeriesState } from '../../core/projections/candles.ts';
import type { HomeView } from '../../core/projections/home.ts';
import type { TickersView } from '../../core/projections/tickers.ts';
import type { TradeTuple } from '../../core/projections/trades.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import type { ChartColumns } from './chart-columns.ts';
import type {
  BookRow,
  BookView,
  ChartUpdate,
  FigureRow,
  MarketRow,
  MarketView,
  TradesView,
} from './types.ts';

/** Levels per side the book shows. */
export const bookDepth = 20;

const decimalsOf = (value: string) => {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
};

/** A decimal shown with exactly the decimals it came with. */
const exact = (value: string, locale: string) =>
  formatPrice(value, { locale, precision: decimalsOf(value) });

const compactFormats = new Map<string, Intl.NumberFormat>();

function compact(value: string, locale: string): string {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    compactFormats.set(locale, format);
  }
  return format.format(value as `${number}`);
}

function signedPercent(value: string, locale: string): string {
  const negative = value.startsWith('-');
  const magnitude = negative ? value.slice(1) : value;
  const sign = negative ? '-' : compareDecimals(magnitude, '0') > 0 ? '+' : '';
  return `${sign}${formatPrice(magnitude, { locale, precision: 2 })}%`;
}

export function marketView(tickers: TickersView, locale: string): MarketView {
  const rows: MarketRow[] = Object.entries(tickers).map(([symbol, ticker]) => [
    symbol,
    exact(ticker.last, locale),
    exact(ticker.high, locale),
    exact(ticker.low, locale),
    signedPercent(ticker.changePct, locale),
    compact(ticker.quoteVolume, locale),
    ticker.trend,
  ]);
  const simulated = Object.values(tickers).some((ticker) => ticker.feed === 'simulated');
  return { rows, simulated };
}

function side(levels: ReadonlyMap<string, string>, descending: boolean, locale: string): BookRow[] {
  const prices = [...levels.keys()].sort((a, b) =>
    descending ? compareDecimals(b, a) : compareDecimals(a, b),
  );
  let cumulative = 0;
  return prices.slice(0, bookDepth).map((price) => {
    const quantity = levels.get(price) as string;
    // Only the depth bars use this sum: a length on screen, never an amount.
    cumulative += Number(quantity);
    return [exact(price, locale), exact(quantity, locale), cumulative, price] as const;
  });
}

export function bookView(symbol: string, book: BookState | undefined, locale: string): BookView {
  if (!book) return { symbol, bids: [], asks: [], version: 0, resyncing: false };
  return {
    symbol,
    bids: side(book.bids, true, locale),
    asks: side(book.asks, false, locale),
    version: book.version,
    resyncing: book.gap,
  };
}

export function tradesView(
  symbol: string,
  trades: readonly TradeTuple[] | undefined,
  locale: string,
): TradesView {
  return {
    symbol,
    rows: (trades ?? []).map(
      ([price, quantity, taker, ts]) =>
        [exact(price, locale), exact(quantity, locale), taker, ts] as const,
    ),
  };
}

export function chartUpdate(
  symbol: string,
  period: KlinePeriod,
  series: CandleSeriesState | undefined,
  columns: ChartColumns,
): ChartUpdate {
  const rows = series?.rows ?? [];
  const priceScale = decimalsOf(rows.at(-1)?.[4] ?? '0');
  return {
    symbol,
    period,
    priceScale,
    ...columns.update(rows),
    hasOlder: series?.hasOlder ?? true,
    loading: series?.loading ?? true,
    feed: series?.feed ?? '',
    simulated: series?.simulated ?? false,
  };
}

export function figuresView(home: HomeView, locale: string): { rows: readonly FigureRow[] } {
  return {
    rows: home.figures.map(
      ({ key, value, source }) => [key, compact(value, locale), source] as const,
    ),
  };
}
