// What the markets on the exchange's own books share, whichever product lists them
// (docs/operations.md § Settings): the most commands one writer commits in a transaction, the
// inviters' shares of a trading fee, and the liquidity provider's switch and ladder. config.ts
// reads them once (SPOT_BATCH_MAX, REFERRAL_RATES, LIQUIDITY_PROVIDER, LP_*) and every product
// that trades on a book takes them from there, not from another product's settings.
import type { z } from 'zod';
import { referralRates } from '../referrals/referral-rates.ts';
import { flag, intBetween, wholeAmount } from '../settings-fields.ts';
import type { ProviderSettings } from './liquidity/liquidity-provider.ts';

/** The variables, spread into the settings schema of config.ts. */
export const bookTradingEnvShape = {
  REFERRAL_RATES: referralRates.default([200_000, 100_000, 50_000]),
  SPOT_BATCH_MAX: intBetween(1, 4096).default(512),
  LIQUIDITY_PROVIDER: flag.default(true),
  LP_SPREAD_BPS: intBetween(1, 2000).default(10),
  LP_STEP_BPS: intBetween(1, 1000).default(5),
  LP_LEVELS: intBetween(1, 100).default(10),
  LP_LEVEL_USDT: wholeAmount.default(2000n),
  LP_REFRESH_MS: intBetween(100, 3_600_000).default(1000),
  LP_SEED_USDT: wholeAmount.default(1_000_000n),
};

export interface BookTradingSettings {
  /** Most commands a market's writer commits in one transaction. */
  batchMax: number;
  /** Share of a fee paid to the payer's inviters at levels 1–3, parts per million (docs/referrals.md). */
  referralRatesPpm: readonly number[];
  liquidityProvider: ProviderSettings & { enabled: boolean };
}

type BookTradingEnv = z.output<z.ZodObject<typeof bookTradingEnvShape>>;

export function bookTradingSettingsOf(env: BookTradingEnv): BookTradingSettings {
  return {
    referralRatesPpm: env.REFERRAL_RATES,
    batchMax: env.SPOT_BATCH_MAX,
    liquidityProvider: {
      enabled: env.LIQUIDITY_PROVIDER,
      spreadBps: env.LP_SPREAD_BPS,
      stepBps: env.LP_STEP_BPS,
      levels: env.LP_LEVELS,
      levelQuote: env.LP_LEVEL_USDT,
      refreshMs: env.LP_REFRESH_MS,
      seedQuote: env.LP_SEED_USDT,
    },
  };
}
