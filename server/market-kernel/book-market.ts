// A market on the exchange's own order books, as every product that trades on one has it: its
// symbol and assets, its decimals, the engine's rules (tick, lot, minimum value, bounds), its fee
// rates and its price band, derived from the catalog's precision so every amount is exact in
// ledger atoms. A product's market is one of these, or one with more (a perpetual's brackets).
import { fitsLedger, type MarketScales } from '../../core/market/order-math.ts';
import type { MarketRules } from '../../core/market/order-rules.ts';
import type { PriceBand } from '../../core/market/price-band.ts';
import { fromUnits } from '../../core/market/units.ts';
import type { MarketSpec } from '../market/catalog.ts';

export interface FeeRates {
  /** Parts per million of what a fill gives the order. */
  makerPpm: number;
  takerPpm: number;
}

export interface BookMarket extends MarketScales {
  spec: MarketSpec;
  symbol: string;
  base: string;
  quote: string;
  rules: MarketRules;
  fees: FeeRates;
  /** How far from the reference price (the index; a perpetual's mark) a limit price may be. */
  band: PriceBand;
}

/** How far above its reference level a price may be entered: far beyond any plausible move. */
const maxPriceOverReference = 100n;

export function bookMarketOf(
  spec: MarketSpec,
  minNotionalQuote: bigint,
  fees: FeeRates,
  band: PriceBand,
): BookMarket {
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

/** The market's name and rules as a product's market list answers them, up to its highest price. */
export function ruleFields(market: BookMarket) {
  const { priceScale, quantityScale, rules } = market;
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
  };
}

/** The market's fee rates as fractions (`0.001`), as a product's market list answers them. */
export function feeFields(market: BookMarket) {
  return {
    maker_fee: trimZeros(fromUnits(market.fees.makerPpm, 6)),
    taker_fee: trimZeros(fromUnits(market.fees.takerPpm, 6)),
  };
}

/** `5.000` → `5`, `0.0010` → `0.001`; an integer stays as it is. */
export function trimZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}
