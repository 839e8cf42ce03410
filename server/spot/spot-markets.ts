// The spot markets that take orders: each listed market on the exchange's own book
// (server/market-kernel/book-market.ts) with spot's fee rates, minimum value and price band, and
// its rules as `/spot/markets` answers them.
import { bandView, type PriceBand } from '../../core/market/price-band.ts';
import { fromUnits } from '../../core/market/units.ts';
import type { SpotMarketRules } from '../../schemas/api/spot.schema.ts';
import type { MarketSpec } from '../market/catalog.ts';
import {
  type BookMarket,
  bookMarketOf,
  type FeeRates,
  feeFields,
  ruleFields,
} from '../market-kernel/book-market.ts';

export type SpotFeeRates = FeeRates;
export type SpotMarket = BookMarket;

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

export function spotMarketOf(
  spec: MarketSpec,
  minNotionalQuote: bigint,
  fees: SpotFeeRates,
  band: PriceBand = defaultSpotBand,
): SpotMarket {
  return bookMarketOf(spec, minNotionalQuote, fees, band);
}

/** The market's rules as `/spot/markets` answers them. */
export function rulesView(market: SpotMarket): SpotMarketRules {
  return {
    ...ruleFields(market),
    max_quantity: fromUnits(market.rules.maxQuantity, market.quantityScale),
    ...feeFields(market),
    price_band: bandView(market.band),
  };
}
