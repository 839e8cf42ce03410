// The market's live views, each defined once: what part of the fold it is drawn from, which
// channels it holds, what it loads, and its payload (rows.ts formats them).
import * as Comlink from 'comlink';
import { seriesKey } from '../../core/projections/candles.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { channelName } from '../../schemas/channels.ts';
import { defineView } from '../kernel/view.ts';
import { ChartColumns } from './chart-columns.ts';
import { fetchCandles, fetchTrades } from './loaders.ts';
import { bookView, chartView, figuresView, marketView, tradesView } from './rows.ts';
import type { BookView, ChartView, FigureRow, MarketView, TradesView } from './types.ts';

export const marketListView = defineView<MarketView>({
  source: (view) => view.tickers,
  payload: (view, _params, locale) => marketView(view.tickers, locale),
});

export const figuresListView = defineView<{ rows: readonly FigureRow[] }>({
  source: (view) => view.home,
  payload: (view, _params, locale) => figuresView(view.home, locale),
});

type Series = { symbol: string; period: KlinePeriod };

export const chartLiveView = defineView<ChartView, Series, ChartColumns>({
  source: (view, { symbol, period }) => view.candles[seriesKey(symbol, period)],
  // The chart's header shows the market's ticker, whichever list the market came from.
  channels: ({ symbol, period }) => [channelName.kline(symbol, period), channelName.ticker(symbol)],
  load: ({ symbol, period }, context) => void fetchCandles(context, symbol, period, null),
  memo: () => new ChartColumns(),
  payload: (view, { symbol, period }, _locale, columns) =>
    chartView(symbol, period, view.candles[seriesKey(symbol, period)], columns),
  transfer: transferred,
});

export const bookLiveView = defineView<BookView, { symbol: string }>({
  source: (view, { symbol }) => view.books[symbol],
  channels: ({ symbol }) => [channelName.depth(symbol)],
  payload: (view, { symbol }, locale) => bookView(symbol, view.books[symbol], locale),
});

export const tradesLiveView = defineView<TradesView, { symbol: string }>({
  source: (view, { symbol }) => view.trades[symbol],
  channels: ({ symbol }) => [channelName.trades(symbol)],
  load: ({ symbol }, context) => void fetchTrades(context, symbol),
  payload: (view, { symbol }, locale) => tradesView(symbol, view.trades[symbol], locale),
});

/**
 * A chart's columns handed over rather than copied on arrival: copies made here, off the UI
 * thread, whose buffers move to the page (at 50,000 candles a copy costs the page milliseconds).
 */
function transferred(view: ChartView): ChartView {
  const columns = {
    time: view.time.slice(),
    open: view.open.slice(),
    high: view.high.slice(),
    low: view.low.slice(),
    close: view.close.slice(),
    volume: view.volume.slice(),
  };
  const moved = { ...view, ...columns };
  return Comlink.transfer(
    moved,
    Object.values(columns).map((column) => column.buffer),
  );
}
