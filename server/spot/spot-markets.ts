// The spot markets that take orders: each listed market's engine rules (tick, lot, minimum value,
// bounds) and fee rates, derived from its precision so every amount is exact in ledger atoms.

import type { MarketRules } from '../../core/market/order-rules.ts';
import { bandView, type PriceBand } from '../../core/market/price-band.ts';
import { fromUnits } from '../../core/market/units.ts';
import { fitsLedger, type MarketScales } from '../../core/market/order-math.ts';
import type { SpotMarketRules } from '../../schemas/api/spot.schema.ts';
import type { MarketSpec } from '../market/catalog.ts';

export interface SpotFeeRates {
  /** Parts per million of what a fill gives the order. */
  makerPpm: number;
  takerPpm: number;
}

export interface SpotMarket extends MarketScales {
  spec: MarketSpec;
  symbol: string;
  base: string;
  quote: string;
  rules: MarketRules;
  fees: SpotFeeRates;
  /** How far from the reference price (the index; a perpetual's mark) a limit price may be. */
  band: PriceBand;
}

/**
 * Binance's spot PERCENT_PRICE_BY_SIDE on BTCUSDT: a buy or a sell between 0.2 and 5 times the
 * reference (SPOT_PRICE_BAND_DOWN / SPOT_PRICE_BAND_UP, docs/operations.md).
 */
export const defaultSpotBand: PriceBand = {
  bidUpPpm: 5_000_000,
  bidDownPpm: 200_000,
  askUpPpm: 5_000_000,
  askDownPpm: 200_000,
};

/** How far above its reference level a price may be entered: far beyond any plausible move. */
const maxPriceOverReference = 100n;

export function spotMarketOf(
  spec: MarketSpec,
  minNotionalQuote: bigint,
  fees: SpotFeeRates,
  band: PriceBand = defaultSpotBand,
): SpotMarket {
  const scales = { priceScale: spec.priceScale, quantityScale: spec.quantityScale };
  if (!fitsLedger(scales)) {
    throw new Error(`${spec.symbol}: price and quantity decimals exceed the ledger's 8`);
  }
  const [whole = '0', fraction = ''] = spec.referencePrice.split('.');
  const reference = BigInt(whole + fraction.padEnd(spec.priceScale, '0'));
  const maxPrice = Number(reference * maxPriceOverReference);
  // Every product of a price and a quantity stays an exact integer (below 2^53).
  const maxQuantity = Math.floor(Number.MAX_SAFE_INTEGER / maxPrice);
  return {
    spec,
    symbol: spec.symbol,
    base: spec.base,
    quote: spec.quote,
    ...scales,
    rules: {
      tickSize: 1,
      lotSize: 1,
      minNotional: Number(minNotionalQuote * 10n ** BigInt(spec.priceScale + spec.quantityScale)),
      maxPrice,
      maxQuantity,
    },
    fees,
    band,
  };
}

/** The market's rules as `/spot/markets` answers them. */
export function rulesView(market: SpotMarket): SpotMarketRules {
  const { priceScale, quantityScale, rules, fees } = market;
  return {
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    price_scale: priceScale,
    quantity_scale: quantityScale,
    tick_size: fromUnits(rules.tickSize, priceScale),
    lot_size: fromUnits(rules.lotSize, quantityScale),
    min_notional: trimZeros(fromUnits(rules.minNotional, priceScale + quantityScale)),
    max_price: fromUnits(rules.maxPrice, priceScale),
    max_quantity: fromUnits(rules.maxQuantity, quantityScale),
    maker_fee: trimZeros(fromUnits(fees.makerPpm, 6)),
    taker_fee: trimZeros(fromUnits(fees.takerPpm, 6)),
    price_band: bandView(market.band),
  };
}

/** `5.000` → `5`, `0.0010` → `0.001`; an integer stays as it is. */
export function trimZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}
