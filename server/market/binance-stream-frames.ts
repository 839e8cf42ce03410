// A market's publication tick as Binance's stream events (docs/api-binance.md § "Market streams"),
// published on the `binance:<family>:<name>` channels that have subscribers: the book's diff
// (`depthUpdate`, numbered as the door's `depth` call numbers its snapshot), each trade (`trade`,
// `aggTrade`, numbered as the door's trade calls number it), the candles that changed (`kline`) and
// the book's best bid and ask when either moved (`bookTicker`).
// Spot's books and the perpetuals' share it; the perpetuals add their mark (contract module).
import type { Candle } from '../../core/market/candle.ts';
import { periodMs } from '../../core/market/periods.ts';
import { fromUnits } from '../../core/market/units.ts';
import type { KlinePeriod } from '../../schemas/market-names.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import {
  type MarketFamily,
  type StreamAddress,
  streamChannel,
  streamNamesOf,
} from '../binance/stream-names.ts';
import type { ChannelHub } from '../gateway/channel-hub.ts';
import type { BookTop, BookTops } from './binance-book-tops.ts';
import type { TradeIds } from './binance-trade-ids.ts';
import type { Scales } from './book-rows.ts';
import type { BookDiff, DepthBook } from './depth-book.ts';
import type { UnitTrade } from './recent-trades.ts';

/** What changed in one market's book and candles on a tick. */
export interface BookTick {
  trades: readonly UnitTrade[];
  depth: BookDiff | null;
  candles: readonly { period: KlinePeriod; candles: readonly Candle[] }[];
}

/** A market's stream channels, worked out once per family and symbol. */
const channelsOf = (() => {
  const known = new Map<string, { channel: string; address: StreamAddress }[]>();
  return (family: MarketFamily, symbol: string) => {
    const key = `${family}:${symbol}`;
    let channels = known.get(key);
    if (!channels) {
      channels = [...streamNamesOf(family, symbol)].map(([name, address]) => ({
        channel: streamChannel(family, name),
        address,
      }));
      known.set(key, channels);
    }
    return channels;
  };
})();

/** The market a tick is of, with what its streams number and read besides the tick. */
export interface StreamMarket {
  family: MarketFamily;
  symbol: string;
  scales: Scales;
  ids: TradeIds;
  /** The published book, whose top the book ticker sends, and what was sent of it last. */
  book: DepthBook | undefined;
  tops: BookTops;
}

export function publishBinanceStreams(
  hub: ChannelHub,
  market: StreamMarket,
  tick: BookTick,
  now: number,
): void {
  const { family, symbol, scales } = market;
  for (const { channel, address } of channelsOf(family, symbol)) {
    if (!hub.has(channel)) continue;
    switch (address.kind) {
      case 'depth':
        if (tick.depth)
          hub.publish(channel, depthEvent(family, symbol, scales, tick.depth, now), now);
        break;
      case 'trade':
      case 'aggTrade':
        for (const trade of tick.trades) {
          const id = market.ids.idOf(trade);
          if (id === undefined) continue;
          hub.publish(channel, tradeEvent(address.kind, market, id, trade, now), now);
        }
        break;
      case 'kline':
        for (const changed of tick.candles) {
          if (changed.period !== address.period) continue;
          for (const candle of changed.candles) {
            const event = klineEvent(market, changed.period, candle, now);
            hub.publish(channel, event, now);
          }
        }
        break;
      case 'bookTicker': {
        const top = tick.depth && market.book && market.tops.changed(symbol, market.book);
        if (top) hub.publish(channel, bookTickerEvent(market, top, now), now);
        break;
      }
      default:
        // A perpetual's mark is published as it is recorded, and spot's day tickers once a
        // second (binance-ticker-stream.ts), not on the book's tick.
        break;
    }
  }
}

/**
 * A decimal as each family writes it: spot with Binance's eight places, the perpetuals at the
 * market's own scale, as their REST answers (`/fapi/v1/depth`) write it.
 */
function decimalOf(family: MarketFamily): (units: number, scale: number) => string {
  return family === 'api'
    ? (units, scale) => binanceDecimal(fromUnits(units, scale))
    : (units, scale) => fromUnits(units, scale);
}

/** Binance's `U`..`u` are the book versions the diff spans; `pu`, the perpetuals', the one before. */
function depthEvent(
  family: MarketFamily,
  symbol: string,
  scales: Scales,
  diff: BookDiff,
  now: number,
) {
  const decimal = decimalOf(family);
  const rows = (levels: BookDiff['bids']) =>
    levels.map(([price, quantity]) => [
      decimal(price, scales.priceScale),
      decimal(quantity, scales.quantityScale),
    ]);
  const span = { U: diff.prev + 1, u: diff.version };
  return family === 'fapi'
    ? {
        e: 'depthUpdate',
        E: now,
        T: now,
        s: symbol,
        ...span,
        pu: diff.prev,
        b: rows(diff.bids),
        a: rows(diff.asks),
      }
    : { e: 'depthUpdate', E: now, s: symbol, ...span, b: rows(diff.bids), a: rows(diff.asks) };
}

/** The best bid and ask, zeros for an empty side; spot's event has no type or time, as Binance's. */
function bookTickerEvent(market: StreamMarket, top: BookTop, now: number) {
  const { family, symbol, scales } = market;
  const decimal = decimalOf(family);
  const side = (level: BookTop['bid']) => [
    decimal(level?.[0] ?? 0, scales.priceScale),
    decimal(level?.[1] ?? 0, scales.quantityScale),
  ];
  const [b, B] = side(top.bid);
  const [a, A] = side(top.ask);
  const fields = { u: top.version, s: symbol, b, B, a, A };
  return family === 'fapi' ? { e: 'bookTicker', E: now, T: now, ...fields } : fields;
}

/** Each trade is its own aggregate, as the door's `aggTrades` answers (§ "Differences"). */
function tradeEvent(
  kind: 'trade' | 'aggTrade',
  market: { family: MarketFamily; symbol: string; scales: Scales },
  id: number,
  trade: UnitTrade,
  now: number,
) {
  const { scales } = market;
  const decimal = decimalOf(market.family);
  const p = decimal(trade.price, scales.priceScale);
  const q = decimal(trade.quantity, scales.quantityScale);
  // The taker sold: the buyer's order was the resting one.
  const m = trade.side === 'sell';
  const head = { e: kind, E: now, s: market.symbol };
  if (kind === 'trade') return { ...head, t: id, p, q, T: trade.ts, m, M: true };
  const aggregate = { ...head, a: id, p, q, f: id, l: id, T: trade.ts, m };
  return market.family === 'api' ? { ...aggregate, M: true } : aggregate;
}

/** A candle as Binance's kline event; closed once its period is over. Trade counts are not kept. */
function klineEvent(
  market: { family: MarketFamily; symbol: string; scales: Scales },
  period: KlinePeriod,
  candle: Candle,
  now: number,
) {
  const { symbol, scales } = market;
  const decimal = decimalOf(market.family);
  const price = (units: number) => decimal(units, scales.priceScale);
  const closeTime = candle.t + periodMs[period] - 1;
  return {
    e: 'kline',
    E: now,
    s: symbol,
    k: {
      t: candle.t,
      T: closeTime,
      s: symbol,
      i: period,
      f: -1,
      L: -1,
      o: price(candle.o),
      c: price(candle.c),
      h: price(candle.h),
      l: price(candle.l),
      v: decimal(candle.v, scales.quantityScale),
      n: 0,
      x: now > closeTime,
      q: price(candle.q),
      V: decimal(0, scales.quantityScale),
      Q: decimal(0, scales.priceScale),
      B: '0',
    },
  };
}
