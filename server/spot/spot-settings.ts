// Settings of spot trading (docs/operations.md § Settings, docs/spot.md): whether the exchange's
// own books take orders, the maker and taker fee rates, the smallest order value and the price
// band. What every book market shares (batch size, referral rates, the liquidity provider) is the
// market kernel's (server/market-kernel/kernel-settings.ts); spot's settings carry it too.
import type { z } from 'zod';
import { feeRatePpm } from '../../core/market/order-math.ts';
import type { PriceBand } from '../../core/market/price-band.ts';
import type { BookTradingSettings } from '../market-kernel/kernel-settings.ts';
import { feeRate, flag, wholeAmount } from '../settings-fields.ts';
import { spotBandEnvShape, spotBandOf } from './spot-band-settings.ts';

/** The variables, spread into the settings schema of config.ts. */
export const spotEnvShape = {
  SPOT_TRADING: flag.default(true),
  SPOT_MAKER_FEE: feeRate.default('0.001'),
  SPOT_TAKER_FEE: feeRate.default('0.001'),
  SPOT_MIN_NOTIONAL: wholeAmount.default(5n),
  ...spotBandEnvShape,
};

/** Spot's own settings, with the book-trading ones it applies to its markets. */
export interface SpotSettings extends BookTradingSettings {
  /** Whether the exchange's own order books take orders (and replace the feed's book and trades). */
  enabled: boolean;
  /** Fee rates in parts per million of what a fill gives the order. */
  makerFeePpm: number;
  takerFeePpm: number;
  /** Smallest order value, whole USDT. */
  minNotional: bigint;
  /** How far from the index a limit order's price may be (docs/spot.md § Price band). */
  priceBand: PriceBand;
}

type SpotEnv = z.output<z.ZodObject<typeof spotEnvShape>>;

export function spotSettingsOf(env: SpotEnv, trading: BookTradingSettings): SpotSettings {
  return {
    enabled: env.SPOT_TRADING,
    makerFeePpm: feeRatePpm(env.SPOT_MAKER_FEE) ?? 0,
    takerFeePpm: feeRatePpm(env.SPOT_TAKER_FEE) ?? 0,
    minNotional: env.SPOT_MIN_NOTIONAL,
    ...trading,
    priceBand: spotBandOf(env),
  };
}
