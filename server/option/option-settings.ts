// Settings of the second contract (docs/operations.md § Settings): whether it trades here at all,
// its products (a duration and its published payout rate), the stake bounds, how many contracts a
// user may hold open, the daily loss limit a user may lower, what the pool is seeded with from the
// treasury, how long index prints are kept, and whether it may open on a predictable feed.
import { z } from 'zod';
import { feeRatePpm } from '../../core/market/order-math.ts';
import { flag, wholeAmountAtoms } from '../settings-fields.ts';

export type DurationUnit = 'minute' | 'hour' | 'day';

export interface OptionProduct {
  unit: DurationUnit;
  length: number;
  /** The published payout rate, parts per 10^6. */
  ratePpm: number;
  durationMs: number;
}

const unitMs: Record<DurationUnit, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};
const unitOf: Record<string, DurationUnit> = { m: 'minute', h: 'hour', d: 'day' };

/** `1m:0.80,5m:0.82,1h:0.85,1d:0.88`: each product's length, unit and payout rate. */
function parseProducts(text: string, context: z.RefinementCtx): OptionProduct[] {
  const products: OptionProduct[] = [];
  for (const entry of text.split(',')) {
    const match = /^(\d{1,3})([mhd]):(0\.\d{1,6})$/.exec(entry.trim());
    const unit = match ? unitOf[match[2] as string] : undefined;
    const rate = match ? feeRatePpm(match[3] as string) : null;
    if (!match || !unit || !rate || Number(match[1]) === 0) {
      context.addIssue({ code: 'custom', message: `"${entry}" is not like 5m:0.82` });
      return z.NEVER;
    }
    const length = Number(match[1]);
    if (products.some((product) => product.unit === unit && product.length === length)) {
      context.addIssue({ code: 'custom', message: `"${entry}" is listed twice` });
      return z.NEVER;
    }
    products.push({ unit, length, ratePpm: rate, durationMs: length * unitMs[unit] });
  }
  return products.sort((a, b) => a.durationMs - b.durationMs);
}

const whole = wholeAmountAtoms;

/** The variables, spread into the settings schema of config.ts. */
export const optionEnvShape = {
  OPTION_TRADING: flag.default(true),
  /**
   * Tests and demonstrations only: second contracts open even on a feed whose next print can be
   * computed from public data (a seeded simulation, a replay). Never on where money is real.
   */
  OPTION_PREDICTABLE_FEED: flag.default(false),
  OPTION_PRODUCTS: z
    .string()
    .default('1m:0.80,5m:0.82,15m:0.83,1h:0.85,4h:0.85,1d:0.88')
    .transform(parseProducts),
  OPTION_MIN_STAKE: whole.prefault('10'),
  OPTION_MAX_STAKE: whole.prefault('10000'),
  OPTION_OPEN_LIMIT: z.coerce.number().int().min(1).max(1000).default(20),
  OPTION_DAILY_LOSS_LIMIT: whole.prefault('10000'),
  OPTION_POOL_SEED_USDT: whole.prefault('1000000'),
  PRINT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(48),
};

export interface OptionSettings {
  enabled: boolean;
  /** Contracts open even on a predictable feed (OPTION_PREDICTABLE_FEED): the server warns. */
  openOnPredictableFeed: boolean;
  /** Shortest first. */
  products: readonly OptionProduct[];
  /** USDT atoms. */
  minStake: bigint;
  maxStake: bigint;
  openLimit: number;
  dailyLossLimit: bigint;
  poolSeed: bigint;
  printRetentionMs: number;
}

type OptionEnv = { [K in keyof typeof optionEnvShape]: z.output<(typeof optionEnvShape)[K]> };

export function optionSettingsOf(env: OptionEnv): OptionSettings {
  return {
    enabled: env.OPTION_TRADING,
    openOnPredictableFeed: env.OPTION_PREDICTABLE_FEED,
    products: env.OPTION_PRODUCTS,
    minStake: env.OPTION_MIN_STAKE,
    maxStake: env.OPTION_MAX_STAKE,
    openLimit: env.OPTION_OPEN_LIMIT,
    dailyLossLimit: env.OPTION_DAILY_LOSS_LIMIT,
    poolSeed: env.OPTION_POOL_SEED_USDT,
    printRetentionMs: env.PRINT_RETENTION_HOURS * 3_600_000,
  };
}

/** Why these settings cannot run, or null: prints must outlive the longest product by an hour. */
export function optionSettingsProblem(settings: OptionSettings): string | null {
  const longest = settings.products.at(-1)?.durationMs ?? 0;
  if (settings.printRetentionMs < longest + 3_600_000) {
    return 'PRINT_RETENTION_HOURS must cover the longest OPTION_PRODUCTS duration and an hour more';
  }
  if (settings.minStake <= 0n || settings.minStake > settings.maxStake) {
    return 'OPTION_MIN_STAKE must be above 0 and at most OPTION_MAX_STAKE';
  }
  return null;
}
