// What each view of the worker depends on and what its watchers are sent: the part of the fold a
// view reads (an unchanged part is not sent again), the socket channels it keeps subscribed, and
// its payload, formatted for the user's locale.
import * as Comlink from 'comlink';
import { formatPrice } from '../core/price-format.ts';
import { seriesKey } from '../core/projections/candles.ts';
import type { ClientView } from '../core/projections/client-view.ts';
import type { KlinePeriod } from '../schemas/api/market.schema.ts';
import { ChartColumns } from './chart-columns.ts';
import { supportConversation } from './content-handlers.ts';
import type { ChartView, ScreenView, ViewName, ViewPayloads } from './facade.ts';
import { bookView, chartView, figuresView, marketView, tradesView } from './market-views.ts';
import { spotView } from './spot-views.ts';

export type Params = { symbol?: string; period?: KlinePeriod } | undefined;

/** The part of the fold each view depends on; folds return the same object when nothing changed. */
export const viewSources: { [K in ViewName]: (view: ClientView, params: Params) => unknown } = {
  market: (view) => view.tickers,
  figures: (view) => view.home,
  connection: (view) => view.connection,
  session: (view) => view.session,
  all: (view) => view,
  chart: (view, p) => view.candles[seriesKey(p?.symbol ?? '', p?.period ?? '1m')],
  book: (view, p) => view.books[p?.symbol ?? ''],
  trades: (view, p) => view.trades[p?.symbol ?? ''],
  spot: (view, p) => [
    view.spotRules,
    view.spotOrders.byId,
    view.balances,
    view.tickers[p?.symbol ?? ''],
    view.session,
  ],
  support: (view) => view.support,
};

/** A view's source is one part of the fold, or a few (an array of them): compared part by part. */
export function sameSource(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((part, i) => part === b[i]);
}

/** The socket channels a market view needs. */
export function channelsOf(view: ViewName, params: Params): string[] {
  // Answers to the user's support messages arrive while the conversation is open.
  if (view === 'support') return ['support'];
  if (!params?.symbol) return [];
  // The chart's header shows the market's ticker, whichever list the market came from.
  if (view === 'chart') {
    return [`kline.${params.symbol}.${params.period ?? '1m'}`, `ticker.${params.symbol}`];
  }
  if (view === 'book') return [`depth.${params.symbol}`];
  if (view === 'trades') return [`trades.${params.symbol}`];
  // The trade form checks prices against the market's current (last) price.
  if (view === 'spot') return [`ticker.${params.symbol}`];
  return [];
}

export const unsent = Symbol('unsent');

/**
 * A chart's columns handed over rather than copied on arrival: copies made here, off the UI
 * thread, whose buffers move to the page (at 50,000 candles a copy costs the page milliseconds).
 */
export function transferred(view: ChartView): ChartView {
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

/** What a watcher of `name` is sent for `view`, formatted for `locale`. */
export function viewPayload(
  name: ViewName,
  params: Params,
  view: ClientView,
  locale: string,
  columns: ChartColumns | undefined,
): ViewPayloads[ViewName] {
  const { symbol = '', period = '1m' } = params ?? {};
  switch (name) {
    case 'connection':
      return view.connection;
    case 'session':
      return view.session;
    case 'all':
      return screenView(view, locale);
    case 'market':
      return marketView(view.tickers, locale);
    case 'figures':
      return figuresView(view.home, locale);
    case 'book':
      return bookView(symbol, view.books[symbol], locale);
    case 'trades':
      return tradesView(symbol, view.trades[symbol], locale);
    case 'spot':
      return spotView(view, symbol, locale);
    case 'support':
      return supportConversation(view.support, locale);
    case 'chart':
      return chartView(
        symbol,
        period,
        view.candles[seriesKey(symbol, period)],
        columns ?? new ChartColumns(),
      );
  }
}

function screenView(view: ClientView, locale: string): ScreenView {
  const prices: Record<string, { last: string; high: string; low: string }> = {};
  for (const [symbol, ticker] of Object.entries(view.tickers)) {
    prices[symbol] = {
      last: formatPrice(ticker.last, { locale }),
      high: formatPrice(ticker.high, { locale }),
      low: formatPrice(ticker.low, { locale }),
    };
  }
  return { ...view, prices };
}
