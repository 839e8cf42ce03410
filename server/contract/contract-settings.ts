// Settings of perpetual contracts (docs/operations.md § Settings): whether they trade, their fee
// rates, minimum order value, how far from the mark a market order may trade, the funding
// interval, and what the liquidity provider quotes them with. The mark is computed on every round
// of index prints, once a second.
import { z } from 'zod';
import { feeRatePpm } from '../../core/spot/spot-math.ts';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
const fraction = z
  .string()
  .regex(/^0(\.\d{1,6})?$/, 'must be a fraction such as 0.0005, at most 6 decimals')
  .transform((value) => feeRatePpm(value) ?? 0);
const whole = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a whole number')
  .transform((value) => BigInt(value));

/** The variables, spread into the settings schema of config.ts. */
export const contractEnvShape = {
  CONTRACT_TRADING: flag.default(true),
  CONTRACT_MAKER_FEE: fraction.prefault('0.0002'),
  CONTRACT_TAKER_FEE: fraction.prefault('0.0005'),
  CONTRACT_MIN_NOTIONAL: whole.default(5n),
  /** A market order trades no further than this from the mark (Binance's price protection). */
  CONTRACT_MARKET_BAND: fraction.prefault('0.05'),
  FUNDING_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(8 * 3_600_000),
  FUNDING_SAMPLE_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /** The notional whose average fill price is a premium sample's impact price. */
  CONTRACT_IMPACT_NOTIONAL: whole.default(10_000n),
  LP_CONTRACT_LEVERAGE: z.coerce.number().int().min(1).max(20).default(10),
  LP_CONTRACT_SEED_USDT: whole.default(1_000_000n),
};

export interface ContractSettings {
  enabled: boolean;
  makerFeePpm: number;
  takerFeePpm: number;
  /** Smallest opening order value, whole USDT. */
  minNotional: bigint;
  marketBandPpm: number;
  fundingIntervalMs: number;
  fundingSampleMs: number;
  /** USDT atoms. */
  impactNotional: bigint;
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
    fundingIntervalMs: env.FUNDING_INTERVAL_MS,
    fundingSampleMs: env.FUNDING_SAMPLE_MS,
    impactNotional: env.CONTRACT_IMPACT_NOTIONAL * 100_000_000n,
    provider: { leverage: env.LP_CONTRACT_LEVERAGE, seedUsdt: env.LP_CONTRACT_SEED_USDT },
  };
}
