// What the markets on the exchange's own books share, whichever product lists them
// (docs/operations.md § Settings): the most commands one writer commits in a transaction, the
// inviters' shares of a trading fee, and the liquidity provider's switch and ladder. config.ts
// reads them once (SPOT_BATCH_MAX, REFERRAL_RATES, LIQUIDITY_PROVIDER, LP_*) and every product
// that trades on a book takes them from there, not from another product's settings.
import type { z } from 'zod';
import { referralRates } from '../referrals/referral-rates.ts';
import { flag, intBetween, wholeAmount } from '../settings-fields.ts';
import type { ProviderSettings } from './liquidity/liquidity-provider.ts';
import { depthRanges, levelGrowth, marketProfiles } from './liquidity/profile-settings.ts';

/** The variables, spread into the settings schema of config.ts. */
export const bookTradingEnvShape = {
  REFERRAL_RATES: referralRates.default([200_000, 100_000, 50_000]),
  SPOT_BATCH_MAX: intBetween(1, 4096).default(512),
  LIQUIDITY_PROVIDER: flag.default(true),
  LP_SPREAD_BPS: intBetween(...depthRanges.spreadBps).default(10),
  LP_STEP_BPS: intBetween(...depthRanges.stepBps).default(5),
  // 20 levels 5 bp apart from 5 bp off the index: the whole ladder lies within 1 % of it.
  LP_LEVELS: intBetween(...depthRanges.levels).default(20),
  // BTCUSDT's nearest level; with 10 % growth its first 19 levels (within 0.95 %) hold
  // 40,000 × (1.1^19 − 1) / 0.1 ≈ 2,046,000 USDT a side, all 20 about 2,290,000.
  LP_LEVEL_USDT: wholeAmount.default(40_000n),
  LP_LEVEL_GROWTH: levelGrowth.prefault('1.1'),
  LP_PROFILES: marketProfiles.prefault(''),
  LP_REFRESH_MS: intBetween(100, 3_600_000).default(1000),
  // Twice what both sides of the default markets' ladders hold (about 5,080,000 USDT a side,
  // server/market-kernel/liquidity/depth-profile.ts), so quotes taken leave enough to requote.
  LP_SEED_USDT: wholeAmount.default(12_000_000n),
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
      growthPermille: env.LP_LEVEL_GROWTH,
      profiles: env.LP_PROFILES,
      refreshMs: env.LP_REFRESH_MS,
      seedQuote: env.LP_SEED_USDT,
    },
  };
}
