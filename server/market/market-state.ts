// Everything the exchange knows about one market right now: the index, the last trade, candles of
// every period, recent trades, the book, and the 24 h ticker. Feeds write into it; the socket
// gateway drains what changed every publication tick; the REST calls read it.
import { type Candle, quoteTicks } from '../../core/market/candle.ts';
import { fromUnits, percentOf } from '../../core/market/units.ts';
import type { KlinePeriod, TickerData } from '../../schemas/api/market.schema.ts';
import { CandleAggregator } from './candle-aggregator.ts';
import type { MarketSpec } from './catalog.ts';
import { type BookDiff, DepthBook, type UnitLevel } from './depth-book.ts';
import { IndexPrice, type IndexReading, type IndexRules } from './index-price.ts';
import { RecentTrades, type UnitTrade } from './recent-trades.ts';

export type { UnitTrade };

const dayMs = 86_400_000;
const minuteMs = 60_000;

/** The closed minutes of the 24 h window before `minute`. */
interface ClosedDay {
  minute: number;
  open: number | null;
  high: number;
  low: number;
  v: number;
  q: number;
}

/** What changed since the previous publication tick. */
export interface MarketChanges {
  ticker: TickerData | null;
  trades: UnitTrade[];
  depth: BookDiff | null;
  candles: { period: KlinePeriod; candles: Candle[] }[];
}

export class MarketState {
  readonly spec: MarketSpec;
  readonly candles: CandleAggregator;
  readonly book = new DepthBook();
  readonly #index: IndexPrice;
  readonly #trades = new RecentTrades();
  #last: { price: number; ts: number } | null = null;
  #feed: string;
  /** The closed minutes of the last 24 h, summed once per minute. */
  #day: ClosedDay = { minute: -1, open: null, high: 0, low: 0, v: 0, q: 0 };
  #publishedTicker = '';
  /** Set when the exchange's own order book trades this market: its book and trades are shown. */
  #exchangeBook = false;

  constructor(spec: MarketSpec, feed: string, rules?: IndexRules, maxCandles?: number) {
    this.spec = spec;
    this.#feed = feed;
    this.#index = new IndexPrice(rules);
    this.candles = new CandleAggregator(maxCandles);
  }

  get feed(): string {
    return this.#feed;
  }

  /** The last trade, or the close of the newest candle before any trade. */
  get last(): { price: number; ts: number } | null {
    if (this.#last) return this.#last;
    const candle = this.candles.series['1m'].last();
    return candle ? { price: candle.c, ts: candle.t } : null;
  }

  price(source: string, price: number, ts: number): void {
    this.#index.record(source, price, ts);
  }

  /** The index price at `now`: the median of the live sources, or the last one flagged stale. */
  indexAt(now: number): IndexReading {
    return this.#index.read(now);
  }

  /** One-minute history newer than any kept candle (drawn while the market was not live). */
  addHistory(minutes: readonly Candle[]): void {
    this.candles.history(minutes);
    // The 24 h window summed this minute did not have them.
    this.#day = { ...this.#day, minute: -1 };
  }

  /** Whether the book and trades shown are the exchange's own (else the primary feed's). */
  get exchangeBook(): boolean {
    return this.#exchangeBook;
  }

  /**
   * A trade of the primary feed: it draws the candles, the last price and the 24 h ticker. Its
   * trade list is shown only while the exchange has no book of its own for this market.
   */
  trade(trade: UnitTrade): void {
    const quote = quoteTicks(trade.price, trade.quantity, this.spec.quantityScale);
    this.candles.trade(trade.price, trade.quantity, quote, trade.ts);
    this.#last = { price: trade.price, ts: trade.ts };
    if (!this.#exchangeBook) this.#trades.add(trade);
  }

  /** The primary feed's book, shown until the exchange's own book takes over. */
  depth(kind: 'snapshot' | 'update', bids: readonly UnitLevel[], asks: readonly UnitLevel[]): void {
    if (!this.#exchangeBook) this.book.apply(kind, bids, asks);
  }

  /**
   * From now on the book and the trades are the exchange's order book: the feed's book levels and
   * recent trades are replaced, while candles and the ticker stay the feed's reference market.
   */
  useExchangeBook(): void {
    this.#exchangeBook = true;
    this.#trades.clear();
  }

  exchangeTrade(trade: UnitTrade): void {
    this.#trades.add(trade);
  }

  exchangeDepth(
    kind: 'snapshot' | 'update',
    bids: readonly UnitLevel[],
    asks: readonly UnitLevel[],
  ): void {
    this.book.apply(kind, bids, asks);
  }

  /** Newest first. */
  recentTrades(limit: number): UnitTrade[] {
    return this.#trades.recent(limit);
  }

  /** The 24 h ticker at `now`, as the wire carries it; null before the first price. */
  ticker(now: number): TickerData | null {
    const last = this.last;
    if (!last) return null;
    const day = this.#dayBefore(now);
    const current = this.candles.series['1m'].last();
    const inWindow = current && current.t > now - dayMs ? current : undefined;
    const open = day.open ?? inWindow?.o ?? last.price;
    const high = Math.max(day.open === null ? last.price : day.high, inWindow?.h ?? last.price);
    const low = Math.min(day.open === null ? last.price : day.low, inWindow?.l ?? last.price);
    const index = this.#index.read(now);
    const scale = this.spec.priceScale;
    return {
      last: fromUnits(last.price, scale),
      change_pct: percentOf(BigInt(last.price - open), BigInt(open)),
      high: fromUnits(high, scale),
      low: fromUnits(low, scale),
      volume: fromUnits(day.v + (inWindow?.v ?? 0), this.spec.quantityScale),
      quote_volume: fromUnits(day.q + (inWindow?.q ?? 0), scale),
      index: fromUnits(index.price ?? last.price, scale),
      stale: index.stale,
      feed: this.#feed,
    };
  }

  /** Drains what changed since the last call. */
  changes(now: number, periods: readonly KlinePeriod[]): MarketChanges {
    const ticker = this.ticker(now);
    const key = ticker ? JSON.stringify(ticker) : '';
    const tickerChanged = key !== this.#publishedTicker;
    this.#publishedTicker = key;
    const trades = this.#trades.drain();
    return {
      ticker: tickerChanged ? ticker : null,
      trades,
      depth: this.book.publish(),
      candles: periods
        .map((period) => ({ period, candles: this.candles.takeChanged(period) }))
        .filter((entry) => entry.candles.length > 0),
    };
  }

  /** Sums the closed minutes of the 24 h before the current minute, once per minute. */
  #dayBefore(now: number): ClosedDay {
    const minute = Math.floor(now / minuteMs);
    if (this.#day.minute === minute) return this.#day;
    const closed = this.candles.series['1m'].before(1440, minute * minuteMs);
    const from = minute * minuteMs - dayMs + minuteMs;
    const window = closed.filter((candle) => candle.t >= from);
    const first = window[0];
    this.#day = {
      minute,
      open: first ? first.o : null,
      high: window.reduce((high, candle) => Math.max(high, candle.h), 0),
      low: window.reduce((low, candle) => Math.min(low, candle.l), Number.POSITIVE_INFINITY),
      v: window.reduce((sum, candle) => sum + candle.v, 0),
      q: window.reduce((sum, candle) => sum + candle.q, 0),
    };
    return this.#day;
  }
}
