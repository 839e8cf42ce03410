// A spot market's day as Binance words it: the 24 h ticker, its `MINI` form and the best bid and
// ask, from the market service's own 24 h ticker (market-state.ts `ticker`) and its published book.
// The door's ticker calls (binance-ticker-routes.ts) and its ticker streams
// (binance-ticker-stream.ts) both answer from here.
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import type { MarketState } from './market-state.ts';

const dayMs = 86_400_000;
const minuteMs = 60_000;
const zero = '0.00000000';

/** The best bid and ask of the published book, zeros for an empty side (as Binance). */
export function bestOf(state: MarketState) {
  const { bid, ask } = state.book.top();
  const { priceScale, quantityScale } = state.spec;
  const side = (level: readonly [number, number] | undefined) =>
    level
      ? [
          binanceDecimal(fromUnits(level[0], priceScale)),
          binanceDecimal(fromUnits(level[1], quantityScale)),
        ]
      : [zero, zero];
  const [bidPrice, bidQty] = side(bid);
  const [askPrice, askQty] = side(ask);
  return { bidPrice, bidQty, askPrice, askQty };
}

/**
 * Binance's 24 h ticker from the market's own (market-state.ts `ticker`). Without `time`: ccxt
 * tells a spot ticker from a futures one by it.
 */
export function dayTicker(state: MarketState, at: number) {
  const ticker = state.ticker(at);
  const last = state.last;
  if (!ticker || !last) return null;
  const { priceScale, quantityScale } = state.spec;
  const price = (units: number | bigint) => binanceDecimal(fromUnits(units, priceScale));
  const open = openOf(state, at, last.price);
  const volume = toUnits(ticker.volume, quantityScale) ?? 0;
  const quoteVolume = toUnits(ticker.quote_volume, priceScale) ?? 0;
  // The volume-weighted price, in ticks, rounded down: quote ticks over lots, at the lot's scale.
  const weighted =
    volume === 0 ? 0n : (BigInt(quoteVolume) * 10n ** BigInt(quantityScale)) / BigInt(volume);
  return {
    symbol: state.spec.symbol,
    priceChange: price(last.price - open),
    priceChangePercent: ticker.change_pct,
    weightedAvgPrice: price(weighted),
    // The price as the window opened: Binance's last price before it.
    prevClosePrice: price(open),
    lastPrice: price(last.price),
    // The last price is the reference market's (the feed's), whose trade sizes the door does not show.
    lastQty: zero,
    ...bestOf(state),
    openPrice: price(open),
    highPrice: binanceDecimal(ticker.high),
    lowPrice: binanceDecimal(ticker.low),
    volume: binanceDecimal(ticker.volume),
    quoteVolume: binanceDecimal(ticker.quote_volume),
    openTime: at - dayMs,
    closeTime: at,
    // The window's trades are not counted (Binance's answer for a window without trades).
    firstId: -1,
    lastId: -1,
    count: 0,
  };
}

export type DayTicker = NonNullable<ReturnType<typeof dayTicker>>;

/** Binance's `type=MINI`: the ticker without the book, the change and the averages. */
export function miniOf(full: DayTicker) {
  const { symbol, openPrice, highPrice, lowPrice, lastPrice, volume, quoteVolume } = full;
  const { openTime, closeTime, firstId, lastId, count } = full;
  return {
    symbol,
    openPrice,
    highPrice,
    lowPrice,
    lastPrice,
    volume,
    quoteVolume,
    openTime,
    closeTime,
    firstId,
    lastId,
    count,
  };
}

/**
 * The price the 24 h window opened at, read as the market's ticker reads it for its change: the
 * open of the first closed minute in the window, else of the minute under way, else the last price.
 */
function openOf(state: MarketState, at: number, last: number): number {
  const minutes = state.candles.series['1m'];
  const minute = Math.floor(at / minuteMs) * minuteMs;
  const from = minute - dayMs + minuteMs;
  const first = minutes.before(1440, minute).find((candle) => candle.t >= from);
  if (first) return first.o;
  const current = minutes.last();
  return current && current.t > at - dayMs ? current.o : last;
}
