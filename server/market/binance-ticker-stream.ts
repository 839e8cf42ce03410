// Spot's `<symbol>@ticker` and `<symbol>@miniTicker` (docs/api-binance.md § "Market streams"): the
// market's rolling 24 h ticker, pushed once a second as Binance pushes it, for the markets someone
// follows. The numbers are those of `GET /api/v3/ticker/24hr` at the same moment
// (binance-day-ticker.ts), in the stream's one-letter fields.
import { streamChannel } from '../binance/stream-names.ts';
import type { ChannelHub } from '../gateway/channel-hub.ts';
import { type DayTicker, dayTicker } from './binance-day-ticker.ts';
import type { MarketState } from './market-state.ts';

const everyMs = 1000;

export class DayTickerStreams {
  #second = Number.NEGATIVE_INFINITY;

  /** Told every publication tick; lists the markets and publishes on the first of each second. */
  tick(hub: ChannelHub, markets: () => Iterable<MarketState>, now: number): void {
    const second = Math.floor(now / everyMs);
    if (second === this.#second) return;
    this.#second = second;
    for (const state of markets()) publishDayTicker(hub, state, now);
  }
}

function publishDayTicker(hub: ChannelHub, state: MarketState, now: number): void {
  const lower = state.spec.symbol.toLowerCase();
  const full = streamChannel('api', `${lower}@ticker`);
  const mini = streamChannel('api', `${lower}@miniTicker`);
  const wantsFull = hub.has(full);
  const wantsMini = hub.has(mini);
  if (!wantsFull && !wantsMini) return;
  // A market without a price yet has no ticker: nothing is sent, as the call refuses it.
  const ticker = dayTicker(state, now);
  if (!ticker) return;
  if (wantsFull) hub.publish(full, tickerEvent(ticker, now), now);
  if (wantsMini) hub.publish(mini, miniTickerEvent(ticker, now), now);
}

/** The day's prices and volumes, which both tickers carry under the same letters. */
function dayFields(ticker: DayTicker) {
  return {
    c: ticker.lastPrice,
    o: ticker.openPrice,
    h: ticker.highPrice,
    l: ticker.lowPrice,
    v: ticker.volume,
    q: ticker.quoteVolume,
  };
}

/** Binance's `24hrTicker`: the day's prices with the change, averages, book and window. */
function tickerEvent(ticker: DayTicker, now: number) {
  return {
    e: '24hrTicker',
    E: now,
    s: ticker.symbol,
    p: ticker.priceChange,
    P: ticker.priceChangePercent,
    w: ticker.weightedAvgPrice,
    x: ticker.prevClosePrice,
    Q: ticker.lastQty,
    b: ticker.bidPrice,
    B: ticker.bidQty,
    a: ticker.askPrice,
    A: ticker.askQty,
    ...dayFields(ticker),
    O: ticker.openTime,
    C: ticker.closeTime,
    F: ticker.firstId,
    L: ticker.lastId,
    n: ticker.count,
  };
}

/** Binance's `24hrMiniTicker`: the day's prices and volumes, without the book or the change. */
function miniTickerEvent(ticker: DayTicker, now: number) {
  return { e: '24hrMiniTicker', E: now, s: ticker.symbol, ...dayFields(ticker) };
}
