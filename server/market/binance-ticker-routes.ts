// The spot markets' tickers on the Binance-compatible door (docs/api-binance.md § "Spot market
// data"): `GET /api/v3/ticker/24hr`, `ticker/price` and `ticker/bookTicker`, for one `symbol`, a
// `symbols` list or every market. The numbers are the market service's 24 h ticker (the one
// `/market/exchange` lists, market-state.ts) and its published book, in Binance's shapes.

import { z } from 'zod';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import type { BinanceRouter, PublicEndpoint } from '../binance/binance-router.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import { doorErrors } from '../binance/errors.ts';
import { chooseMarkets, symbolChoiceParams } from './binance-symbols.ts';
import type { MarketService } from './market-service.ts';
import type { MarketState } from './market-state.ts';

const dayMs = 86_400_000;
const minuteMs = 60_000;
const zero = '0.00000000';

const tickerParams = symbolChoiceParams.extend({
  type: z.enum(['FULL', 'MINI']).optional(),
});

/** Binance's weights: 2 for one symbol; for a list or every market, what `listed` says. */
const endpoint = <S extends typeof symbolChoiceParams>(
  path: string,
  params: S,
  listed: (count: number | undefined) => number,
) =>
  ({
    method: 'GET',
    path,
    weight: 2,
    security: 'NONE',
    params,
    weightOf: ({ symbol, symbols }: z.output<typeof symbolChoiceParams>) =>
      symbol !== undefined ? 2 : listed(symbols?.length),
  }) satisfies PublicEndpoint<S>;

/** The day's tickers weigh by how many are asked for: every market is the most. */
const dayWeight = (count: number | undefined) =>
  count === undefined || count > 100 ? 80 : count > 20 ? 40 : 2;

export const ticker24hrEndpoint = endpoint('/api/v3/ticker/24hr', tickerParams, dayWeight);
export const tickerPriceEndpoint = endpoint('/api/v3/ticker/price', symbolChoiceParams, () => 4);
export const bookTickerEndpoint = endpoint(
  '/api/v3/ticker/bookTicker',
  symbolChoiceParams,
  () => 4,
);

export function bindTickerRoutes(
  router: BinanceRouter,
  service: MarketService,
  now: () => number,
): void {
  /**
   * Each market asked for, answered by `view`: one object for `symbol`, else a list. A market
   * without a price yet is left out of a list; asked for alone, it is a refusal to try again.
   */
  const answer = <V>(
    choice: z.output<typeof symbolChoiceParams>,
    view: (state: MarketState, at: number) => V | null,
  ) => {
    const at = now();
    const { single, markets } = chooseMarkets(
      choice,
      service.markets(),
      (state) => state.spec.symbol,
    );
    const views = markets.flatMap((state) => view(state, at) ?? []);
    if (!single) return views;
    const [only] = views;
    if (only === undefined) throw doorErrors.unavailable();
    return only;
  };

  router.add(ticker24hrEndpoint, async ({ params }) =>
    answer(params, (state, at) => {
      const full = dayTicker(state, at);
      return full && params.type === 'MINI' ? miniOf(full) : full;
    }),
  );

  router.add(tickerPriceEndpoint, async ({ params }) =>
    answer(params, (state) => {
      const last = state.last;
      if (!last) return null;
      const price = binanceDecimal(fromUnits(last.price, state.spec.priceScale));
      return { symbol: state.spec.symbol, price };
    }),
  );

  router.add(bookTickerEndpoint, async ({ params }) =>
    answer(params, (state) => ({ symbol: state.spec.symbol, ...bestOf(state) })),
  );
}

/** The best bid and ask of the published book, zeros for an empty side (as Binance). */
function bestOf(state: MarketState) {
  const { bids, asks } = state.book.snapshot(1);
  const { priceScale, quantityScale } = state.spec;
  const side = (level: readonly [number, number] | undefined) =>
    level
      ? [
          binanceDecimal(fromUnits(level[0], priceScale)),
          binanceDecimal(fromUnits(level[1], quantityScale)),
        ]
      : [zero, zero];
  const [bidPrice, bidQty] = side(bids[0]);
  const [askPrice, askQty] = side(asks[0]);
  return { bidPrice, bidQty, askPrice, askQty };
}

/**
 * Binance's 24 h ticker from the market's own (market-state.ts `ticker`). Without `time`: ccxt
 * tells a spot ticker from a futures one by it.
 */
function dayTicker(state: MarketState, at: number) {
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

type DayTicker = NonNullable<ReturnType<typeof dayTicker>>;

/** Binance's `type=MINI`: the ticker without the book, the change and the averages. */
function miniOf(full: DayTicker) {
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
