// Settings of the Binance-compatible door (docs/api-binance.md § "Request weights").
import type { z } from 'zod';
import { positiveInt } from '../settings-fields.ts';

/** The variables, spread into the settings schema of config.ts. */
export const binanceEnvShape = {
  /** Request weight one client address may use a minute on the door, on each node (Binance: 6000). */
  BINANCE_WEIGHT_PER_MINUTE: positiveInt.default(6000),
};

export interface BinanceSettings {
  weightPerMinute: number;
}

type BinanceEnv = z.output<z.ZodObject<typeof binanceEnvShape>>;

export function binanceSettingsOf(env: BinanceEnv): BinanceSettings {
  return { weightPerMinute: env.BINANCE_WEIGHT_PER_MINUTE };
}
