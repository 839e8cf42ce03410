// Settings of perpetual contracts (docs/operations.md § Settings): whether they trade, their fee
// rates, minimum order value, how far from the mark a market order may trade, the mark's basis
// window, the funding rule (interval, interest, clamp, impact margin), and what the liquidity
// provider quotes them with. The funding and mark defaults are Binance's published values
// (docs/contracts.md says which, and why). The mark is computed on every round of index prints,
// once a second.
import { z } from 'zod';
import { defaultFundingRule, type FundingRule } from '../../core/contract/funding.ts';
import { feeRatePpm } from '../../core/market/order-math.ts';
import type { PriceBand } from '../../core/market/price-band.ts';
import { parseAmount } from '../../core/money.ts';
import { bandDown, bandUp } from '../market-kernel/price-band-settings.ts';
import { flag, wholeAmount } from '../settings-fields.ts';
import type { BasisWindowSettings } from './basis-window.ts';

const fraction = z
  .string()
  .regex(/^0(\.\d{1,6})?$/, 'must be a fraction such as 0.0005, at most 6 decimals')
  .transform((value) => feeRatePpm(value) ?? 0);
/** A rate per 8 h as a fraction of at most 8 decimals, in parts per 10^8. */
const eightHourRate = z
  .string()
  .regex(/^0(\.\d{1,8})?$/, 'must be a fraction such as 0.0001, at most 8 decimals')
  .transform((value) => parseAmount(value) ?? 0n);
const whole = wholeAmount;

/** The variables, spread into the settings schema of config.ts. */
export const contractEnvShape = {
  CONTRACT_TRADING: flag.default(true),
  CONTRACT_MAKER_FEE: fraction.prefault('0.0002'),
  CONTRACT_TAKER_FEE: fraction.prefault('0.0005'),
  CONTRACT_MIN_NOTIONAL: whole.default(5n),
  /** A market order trades no further than this from the mark (Binance's price protection). */
  CONTRACT_MARKET_BAND: fraction.prefault('0.05'),
  /** A limit buy at most this × the mark, a limit sell at least that × it (Binance's PERCENT_PRICE). */
  CONTRACT_PRICE_BAND_UP: bandUp.prefault('1.05'),
  CONTRACT_PRICE_BAND_DOWN: bandDown.prefault('0.95'),
  FUNDING_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(8 * 3_600_000),
  FUNDING_SAMPLE_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /** Interest per 8 h, scaled to the interval (Binance: 0.01 %, 0.03 % a day). */
  FUNDING_INTEREST_RATE: eightHourRate.prefault('0.0001'),
  /** The clamp on interest − premium per 8 h, scaled to the interval (Binance: 0.05 %). */
  FUNDING_PREMIUM_CLAMP: eightHourRate.prefault('0.0005'),
  /** USDT of margin whose notional at the market's maximum leverage measures the impact prices. */
  CONTRACT_IMPACT_MARGIN: whole.default(200n),
  /** How long a basis sample counts in the mark's moving average (Binance: 5 minutes). */
  MARK_BASIS_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /** At most one basis sample per this many ms (Binance: one a second). */
  MARK_BASIS_SAMPLE_MS: z.coerce.number().int().min(1000).max(60_000).default(1000),
  LP_CONTRACT_LEVERAGE: z.coerce.number().int().min(1).max(20).default(10),
  // Five times the margin both sides of the default ladders take at 10× (about 1,020,000 USDT).
  LP_CONTRACT_SEED_USDT: whole.default(5_000_000n),
};

export interface ContractSettings {
  enabled: boolean;
  makerFeePpm: number;
  takerFeePpm: number;
  /** Smallest opening order value, whole USDT. */
  minNotional: bigint;
  marketBandPpm: number;
  /** How far from the mark a limit order's price may be (docs/contracts.md § Price band). */
  priceBand: PriceBand;
  fundingIntervalMs: number;
  fundingSampleMs: number;
  /** Interest and clamp per 8 h, the cap, and the interval they are scaled to. */
  fundingRule: FundingRule;
  /** USDT atoms; a market's impact notional is this × its maximum leverage. */
  impactMargin: bigint;
  markBasis: BasisWindowSettings;
  provider: { leverage: number; seedUsdt: bigint };
}

type ContractEnv = { [K in keyof typeof contractEnvShape]: z.output<(typeof contractEnvShape)[K]> };

export function contractSettingsOf(env: ContractEnv): ContractSettings {
  return {
    enabled: env.CONTRACT_TRADING,
    makerFeePpm: env.CONTRACT_MAKER_FEE,
    takerFeePpm: env.CONTRACT_TAKER_FEE,
    minNotional: env.CONTRACT_MIN_NOTIONAL,
    marketBandPpm: env.CONTRACT_MARKET_BAND,
    priceBand: {
      bidUpPpm: env.CONTRACT_PRICE_BAND_UP,
      bidDownPpm: null,
      askUpPpm: null,
      askDownPpm: env.CONTRACT_PRICE_BAND_DOWN,
    },
    fundingIntervalMs: env.FUNDING_INTERVAL_MS,
    fundingSampleMs: env.FUNDING_SAMPLE_MS,
    fundingRule: {
      ...defaultFundingRule,
      interest: env.FUNDING_INTEREST_RATE,
      clamp: env.FUNDING_PREMIUM_CLAMP,
      intervalMs: env.FUNDING_INTERVAL_MS,
    },
    impactMargin: env.CONTRACT_IMPACT_MARGIN * 100_000_000n,
    markBasis: { windowMs: env.MARK_BASIS_WINDOW_MS, sampleMs: env.MARK_BASIS_SAMPLE_MS },
    provider: { leverage: env.LP_CONTRACT_LEVERAGE, seedUsdt: env.LP_CONTRACT_SEED_USDT },
  };
}
