// The price band's settings (docs/operations.md § Settings): how far above and below the reference
// price a limit order's price may be, as multipliers. Spot applies both to either side (Binance's
// PERCENT_PRICE_BY_SIDE on BTCUSDT has the same pair for bids and asks); the perpetuals read their
// own pair in server/contract/contract-settings.ts with the same parsers.
import { z } from 'zod';
import type { PriceBand } from '../../core/market/price-band.ts';

/** A multiplier as typed (`1.05`), at most 4 decimals as Binance's, in parts per million. */
const multiplier = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, {
    message: 'must be a decimal such as 1.05, at most 4 decimals',
    abort: true,
  })
  .transform((value) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  });

/** The upper multiplier: at least 1 (the reference itself is always taken), at most 100. */
export const bandUp = multiplier.refine(
  (ppm) => ppm >= 1_000_000 && ppm <= 100_000_000,
  'must be from 1 to 100',
);

/** The lower multiplier: above 0, at most 1. */
export const bandDown = multiplier.refine(
  (ppm) => ppm > 0 && ppm <= 1_000_000,
  'must be above 0 and at most 1',
);

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
