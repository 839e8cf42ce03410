// Spot's price band settings (docs/operations.md § Settings): one pair of multipliers applied to
// either side, as Binance's PERCENT_PRICE_BY_SIDE on BTCUSDT has the same pair for bids and asks.
import type { PriceBand } from '../../core/market/price-band.ts';
import { bandDown, bandUp } from '../market-kernel/price-band-settings.ts';

/** The variables, spread into the settings schema of config.ts. */
export const spotBandEnvShape = {
  SPOT_PRICE_BAND_UP: bandUp.prefault('5'),
  SPOT_PRICE_BAND_DOWN: bandDown.prefault('0.2'),
};

export function spotBandOf(env: { SPOT_PRICE_BAND_UP: number; SPOT_PRICE_BAND_DOWN: number }) {
  return {
    bidUpPpm: env.SPOT_PRICE_BAND_UP,
    bidDownPpm: env.SPOT_PRICE_BAND_DOWN,
    askUpPpm: env.SPOT_PRICE_BAND_UP,
    askDownPpm: env.SPOT_PRICE_BAND_DOWN,
  } satisfies PriceBand;
}
