// The market calls of the REST API: lists with tickers, candles, book and trades.
import type { Candle } from '../../core/market/candle.ts';
import { fromUnits } from '../../core/market/units.ts';
import {
  type CandleRow,
  depth,
  kline,
  spotMarkets,
  type Ticker,
  trades,
} from '../../schemas/api/market.schema.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { depthSnapshot, type Scales, tradeRows } from './book-rows.ts';
import type { MarketService } from './market-service.ts';
import type { MarketState } from './market-state.ts';

export function tickerOf(state: MarketState, now: number): Ticker | null {
  const data = state.ticker(now);
  const last = state.last;
  if (!data || !last) return null;
  const { spec } = state;
  return {
    symbol: spec.symbol,
    base: spec.base,
    quote: spec.quote,
    ...data,
    ts: last.ts,
    price_scale: spec.priceScale,
    quantity_scale: spec.quantityScale,
  };
}

export function tickersOf(service: MarketService, now: number): Ticker[] {
  return service.markets().flatMap((state) => tickerOf(state, now) ?? []);
}

/** A candle as its row, at the decimals of its market (a spot market's state, or a perpetual's). */
export function candleRow(candle: Candle, state: { spec: Scales }): CandleRow {
  const price = (units: number) => fromUnits(units, state.spec.priceScale);
  return [
    candle.t,
    price(candle.o),
    price(candle.h),
    price(candle.l),
    price(candle.c),
    fromUnits(candle.v, state.spec.quantityScale),
  ];
}

export function marketRoutes(router: Router, service: MarketService, now: () => number): void {
  const marketOf = (symbol: string) => {
    const state = service.market(symbol);
    if (!state) throw new BusinessError('market_unknown');
    return state;
  };
  const list = async () => ({ simulated: service.simulated, list: tickersOf(service, now()) });

  router.add(spotMarkets, list);

  router.add(kline, async ({ symbol, period, limit, before }) => {
    const state = marketOf(symbol);
    const candles = await service.kline(state, period, limit, before);
    return {
      symbol,
      period,
      feed: state.feed,
      simulated: service.simulated,
      candles: candles.map((candle) => candleRow(candle, state)),
    };
  });

  router.add(depth, async ({ symbol, limit }) => {
    const state = marketOf(symbol);
    const { version, data } = depthSnapshot(state.book, state.spec, limit);
    return { symbol, version, ts: now(), bids: data.bids, asks: data.asks };
  });

  router.add(trades, async ({ symbol, limit }) => {
    const state = marketOf(symbol);
    return { symbol, trades: tradeRows(state.recentTrades(limit), state.spec) };
  });
}
