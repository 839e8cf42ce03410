// The small validators settings are written with, kept once: every area's settings
// (server/<area>/<area>-settings.ts, composed by server/config.ts), the operator's asset file and
// the market feeds read a switch, a count, a fee rate, an amount or a decimal the same way, and
// refuse a bad one with the same words (docs/operations.md § "Settings").
import { z } from 'zod';
import { feeRatePpm } from '../core/market/order-math.ts';

/** A switch: `true` or `1` turns it on, `false` or `0` off. */
export const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A count or a duration above zero. */
export const positiveInt = z.coerce.number().int().positive();

/** A whole number in a range, inclusive at both ends. */
export function intBetween(min: number, max: number) {
  return z.coerce.number().int().min(min).max(max);
}

/** A fee rate as a fraction with at most 6 decimals, below 10 %: `0.001` is 0.1 %. */
export const feeRate = z
  .string()
  .regex(/^0(\.\d{1,6})?$/, {
    message: 'must be a fraction such as 0.001 (0.1 %), at most 6 decimals',
    // The range check below needs a fraction to read: one problem per variable.
    abort: true,
  })
  .refine((value) => (feeRatePpm(value) ?? 1e6) < 100_000, 'must be below 0.1 (10 %)');

/** A whole number of USDT. */
export const wholeAmount = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a whole number')
  .transform((value) => BigInt(value));

/** A whole number of USDT, read as atoms (10^-8 USDT), the unit the ledger posts. */
export const wholeAmountAtoms = wholeAmount.transform((whole) => whole * 100_000_000n);

/**
 * A non-negative decimal written plainly (no sign, no exponent), at most 20 whole digits and
 * `places` decimals, as amounts are written in files and on the wire.
 */
export function decimalText(places: number, message?: string) {
  return z.string().regex(new RegExp(`^\\d{1,20}(\\.\\d{1,${places}})?$`), message);
}
