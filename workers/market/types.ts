// The market side of the facade: the lists, a chart, a book and recent trades, each a view of
// compact rows with every number already formatted for the user's locale.
import type { MarketSection } from '../../core/market/events.ts';
import type { MarketSectionsView } from '../../core/projections/market-sections.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import type { ChartSource } from '../../schemas/market-names.ts';
import type { Outcome } from '../kernel/outcome.ts';

export type { MarketSection };

export interface MarketHandlers {
  /**
   * Fetches a section's markets (seeding the `market` view) and keeps their tickers live over the
   * socket; called again by pull-down refresh.
   */
  loadMarkets(section: MarketSection): Promise<Outcome<{ symbols: string[] }>>;
  /** Asks for older candles of a watched chart (dragging to its left edge); the index's by default. */
  loadOlderCandles(symbol: string, period: KlinePeriod, source?: ChartSource): void;
}

/** One market as the lists draw it: a compact row, prices already formatted. */
export type MarketRow = readonly [
  symbol: string,
  last: string,
  high: string,
  low: string,
  /** Signed percent with two decimals, formatted (`+1.25%`). */
  change: string,
  /** 24 h volume in the quote asset, formatted compactly (`1.2B`). */
  quoteVolume: string,
  /** Direction of the last move: 1 up, -1 down, 0 unchanged; colours the price. */
  trend: -1 | 0 | 1,
];

export interface MarketView {
  rows: readonly MarketRow[];
  /** True while any shown price comes from the simulated feed: the "Simulated market" badge. */
  simulated: boolean;
  /** The markets each list named when it last answered, kept from an earlier visit too. */
  sections: MarketSectionsView;
}

/** What a chart shows besides its candles. */
interface ChartHeader {
  symbol: string;
  period: KlinePeriod;
  priceScale: number;
  /** More history exists before the first candle. */
  hasOlder: boolean;
  /** History is being fetched (first load or older candles). */
  loading: boolean;
  /** The feed the candles come from, and whether it is the simulated one. */
  feed: string;
  simulated: boolean;
}

/** Candle columns of equal length, oldest first: numbers for drawing only. */
export interface CandleColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/**
 * A chart's candles as columns of equal length, oldest first: numbers for drawing only (every
 * label is formatted from them by the core's formatter at the market's price scale). The page
 * builds it from `ChartUpdate`s (`src/chart/chart-series.ts`).
 */
export type ChartView = ChartHeader & CandleColumns;

/**
 * What the worker sends a chart: its header, and the candles from `from` on, the series being
 * `length` long; those before `from` are as last sent (`from` is 0 for the first update).
 */
export type ChartUpdate = ChartHeader & CandleColumns & { from: number; length: number };

/**
 * An order book side as rows of formatted price, quantity, cumulative quantity (number, for bars),
 * the price as an exact decimal, which a tap on the level puts into an order form, and the
 * quantity as an exact decimal, which the depth chart sums.
 */
export type BookRow = readonly [
  price: string,
  quantity: string,
  cumulative: number,
  exactPrice: string,
  exactQuantity: string,
];

export interface BookView {
  symbol: string;
  bids: readonly BookRow[];
  asks: readonly BookRow[];
  /** The book's version; a gap in the diffs makes the worker resubscribe for a new snapshot. */
  version: number;
  /** A snapshot has come: until then, no levels means "not known yet", not an empty book. */
  received: boolean;
  /** True between a detected gap and the fresh snapshot. */
  resyncing: boolean;
}

/** Recent trades, newest first: formatted price, quantity, taker side, time (ms). */
export type TradeViewRow = readonly [
  price: string,
  quantity: string,
  side: 'buy' | 'sell',
  ts: number,
];

export interface TradesView {
  symbol: string;
  rows: readonly TradeViewRow[];
}

/** A home-page headline figure: its key, its value formatted, and where it comes from. */
export type FigureRow = readonly [key: string, value: string, source: 'measured' | 'configured'];

export interface FiguresView {
  rows: readonly FigureRow[];
  /** The home answer has come (with no rows, the page shows none rather than waiting for them). */
  received: boolean;
}
