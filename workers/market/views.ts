// The market's live views, each defined once: what part of the fold it is drawn from, which
// channels it holds, what it loads, and its payload (rows.ts formats them). A book and its trades
// are drawn alike for a spot market and a perpetual (workers/contract/views.ts).
import * as Comlink from 'comlink';
import type { BooksView } from '../../core/projections/books.ts';
import { seriesKey } from '../../core/projections/candles.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import type { TradesView as TradesState } from '../../core/projections/trades.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { channelName } from '../../schemas/channels.ts';
import type { ChartSource } from '../../schemas/market-names.ts';
import type { DomainContext } from '../kernel/context.ts';
import { defineView, liveEveryMs } from '../kernel/view.ts';
import { ChartColumns, columnBuffers } from './chart-columns.ts';
import { chartChannel, fetchCandles, fetchTrades } from './loaders.ts';
import { bookView, chartUpdate, figuresView, marketView, tradesView } from './rows.ts';
import type { BookView, ChartUpdate, FiguresView, MarketView, TradesView } from './types.ts';

export const marketListView = defineView<MarketView>({
  everyMs: liveEveryMs,
  source: (view) => [view.tickers, view.precisions, view.marketSections],
  payload: (view, _params, locale) =>
    marketView(view.tickers, view.precisions, view.marketSections, locale),
});

export const figuresListView = defineView<FiguresView>({
  source: (view) => view.home,
  payload: (view, _params, locale) => figuresView(view.home, locale),
});

/** A chart: its market, period and which candles (the index's when `source` is absent). */
type Series = { symbol: string; period: KlinePeriod; source?: ChartSource };

/** How often a live chart is sent at most. */
export const chartEveryMs = 100;

export const chartLiveView = defineView<ChartUpdate, Series, ChartColumns>({
  source: (view, { symbol, period, source }) => [
    view.candles[seriesKey(symbol, period, source)],
    view.precisions.markets[symbol],
  ],
  // The chart's header shows the market's ticker, whichever list the market came from.
  channels: ({ symbol, period, source = 'index' }) => [
    chartChannel(symbol, period, source),
    channelName.ticker(symbol),
  ],
  load: ({ symbol, period, source }, context) =>
    void fetchCandles(context, symbol, period, null, source),
  memo: () => new ChartColumns(),
  payload: (view, { symbol, period, source }, _locale, columns) =>
    chartUpdate(
      symbol,
      period,
      view.candles[seriesKey(symbol, period, source)],
      view.precisions,
      columns,
    ),
  // The update's columns are made for this send alone: moved, not copied.
  transfer: (update) => Comlink.transfer(update, columnBuffers(update)),
  // Ten redraws a second follow a live candle as well as sixty, for a sixth of the page's work.
  everyMs: chartEveryMs,
});

/** A live order book, drawn from one part of the fold and held by its channel. */
export function liveBookView(
  books: (view: ClientView) => BooksView,
  channel: (symbol: string) => string,
) {
  return defineView<BookView, { symbol: string }>({
    everyMs: liveEveryMs,
    source: (view, { symbol }) => [books(view)[symbol], view.precisions.markets[symbol]],
    channels: ({ symbol }) => [channel(symbol)],
    payload: (view, { symbol }, locale) =>
      bookView(symbol, books(view)[symbol], view.precisions, locale),
  });
}

/** Live recent trades: loaded over HTTP when first watched, then extended by their channel. */
export function liveTradesView(
  trades: (view: ClientView) => TradesState,
  channel: (symbol: string) => string,
  load: (context: DomainContext, symbol: string) => Promise<void>,
) {
  return defineView<TradesView, { symbol: string }>({
    everyMs: liveEveryMs,
    source: (view, { symbol }) => [trades(view)[symbol], view.precisions.markets[symbol]],
    channels: ({ symbol }) => [channel(symbol)],
    load: ({ symbol }, context) => void load(context, symbol),
    payload: (view, { symbol }, locale) =>
      tradesView(symbol, trades(view)[symbol], view.precisions, locale),
  });
}

/** A spot market's book and trades. */
export const bookLiveView = liveBookView((view) => view.books, channelName.depth);
export const tradesLiveView = liveTradesView(
  (view) => view.trades,
  channelName.trades,
  fetchTrades,
);
