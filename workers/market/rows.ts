// The market views as the screen draws them: compact rows, every number already formatted for the
// user's locale by the core's formatter.

import {
  decimalsOf,
  formatCompact,
  formatMarketPrice,
  formatMarketQuantity,
  formatPercent,
  type Precisions,
} from '../../core/figures.ts';
import { compareDecimals } from '../../core/market/units.ts';
import type { BookState } from '../../core/projections/books.ts';
import type { CandleSeriesState } from '../../core/projections/candles.ts';
import type { HomeView } from '../../core/projections/home.ts';
import type { MarketSectionsView } from '../../core/projections/market-sections.ts';
import type { TickersView } from '../../core/projections/tickers.ts';
import type { TradeTuple } from '../../core/projections/trades.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import type { ChartColumns } from './chart-columns.ts';
import type {
  BookRow,
  BookView,
  ChartUpdate,
  FiguresView,
  MarketRow,
  MarketView,
  TradesView,
} from './types.ts';

/** Levels per side the book shows. */
export const bookDepth = 20;

export function marketView(
  tickers: TickersView,
  precisions: Precisions,
  sections: MarketSectionsView,
  locale: string,
): MarketView {
  const rows: MarketRow[] = Object.entries(tickers).map(([symbol, ticker]) => {
    const price = (value: string) => formatMarketPrice(value, symbol, precisions, locale);
    return [
      symbol,
      price(ticker.last),
      price(ticker.high),
      price(ticker.low),
      formatPercent(ticker.changePct, locale, { signed: true }),
      formatCompact(ticker.quoteVolume, locale),
      ticker.trend,
    ];
  });
  const simulated = Object.values(tickers).some((ticker) => ticker.feed === 'simulated');
  return { rows, simulated, sections };
}

interface Writing {
  symbol: string;
  precisions: Precisions;
  locale: string;
}

/** A price and a quantity of one market, at its tick and lot. */
function level(price: string, quantity: string, { symbol, precisions, locale }: Writing) {
  return [
    formatMarketPrice(price, symbol, precisions, locale),
    formatMarketQuantity(quantity, symbol, precisions, locale),
  ] as const;
}

function side(
  levels: ReadonlyMap<string, string>,
  descending: boolean,
  writing: Writing,
): BookRow[] {
  const prices = [...levels.keys()].sort((a, b) =>
    descending ? compareDecimals(b, a) : compareDecimals(a, b),
  );
  let cumulative = 0;
  return prices.slice(0, bookDepth).map((price) => {
    const quantity = levels.get(price) as string;
    // Only the depth bars use this sum: a length on screen, never an amount.
    cumulative += Number(quantity);
    return [...level(price, quantity, writing), cumulative, price, quantity] as const;
  });
}

export function bookView(
  symbol: string,
  book: BookState | undefined,
  precisions: Precisions,
  locale: string,
): BookView {
  if (!book) return { symbol, bids: [], asks: [], version: 0, received: false, resyncing: false };
  const writing = { symbol, precisions, locale };
  return {
    symbol,
    bids: side(book.bids, true, writing),
    asks: side(book.asks, false, writing),
    version: book.version,
    received: true,
    resyncing: book.gap,
  };
}

export function tradesView(
  symbol: string,
  trades: readonly TradeTuple[] | undefined,
  precisions: Precisions,
  locale: string,
): TradesView {
  const writing = { symbol, precisions, locale };
  return {
    symbol,
    rows: (trades ?? []).map(
      ([price, quantity, taker, ts]) => [...level(price, quantity, writing), taker, ts] as const,
    ),
  };
}

export function chartUpdate(
  symbol: string,
  period: KlinePeriod,
  series: CandleSeriesState | undefined,
  precisions: Precisions,
  columns: ChartColumns,
): ChartUpdate {
  const rows = series?.rows ?? [];
  const priceScale = precisions.markets[symbol]?.price ?? decimalsOf(rows.at(-1)?.[4] ?? '0');
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

export function figuresView(home: HomeView, locale: string): FiguresView {
  return {
    received: home.received,
    rows: home.figures.map(
      ({ key, value, source }) => [key, formatCompact(value, locale), source] as const,
    ),
  };
}
